#!/usr/bin/env bash
# Builds the image of Containerfile with make image (under a tag of its
# own, removed at the end) and checks it: it runs snakecube -h as the host
# binary does, as user 65532, and holds nothing but the static binary and
# /bin/sh; then the commands of deploy/kubernetes run in it, one container
# per pod (kubernetes.sh with ENGINE_RUN). Needs podman, or buildah to
# build only; as root it installs podman, runc and busybox-static when
# missing. Where no engine can build or run here, it says what it skipped.
# TEST_CONTAINER=0 skips it all.
source "$(dirname "$0")/lib.sh"

[ "${TEST_CONTAINER:-1}" != 0 ] || skip "TEST_CONTAINER=0"
BUSYBOX=${BUSYBOX:-/bin/busybox}

engine() {
	command -v podman >/dev/null && { echo podman; return; }
	command -v buildah >/dev/null && { echo buildah; return; }
	return 1
}

if ! engine >/dev/null || [ ! -x "$BUSYBOX" ]; then
	need podman:podman runc:runc "$BUSYBOX":busybox-static || skip "no podman or buildah, or no $BUSYBOX: image not built"
fi
ENGINE=$(engine)
# A dynamic busybox would not run in an image without libc.
if ldd "$BUSYBOX" >/dev/null 2>&1; then
	skip "$BUSYBOX is linked dynamically (the image needs Debian's busybox-static): image not built"
fi
timeout 120 "$ENGINE" info >/dev/null 2>"$TEST_WORK/engine-info.err" ||
	skip "$ENGINE cannot run here: $(tail -n 1 "$TEST_WORK/engine-info.err")"

IMAGE=localhost/snakecube:cluster-test-$$
export IMAGE
at_exit '$ENGINE rmi -f "$IMAGE" >/dev/null 2>&1'
build() { make -s -C "$REPO" image IMAGE="$IMAGE" ENGINE="$ENGINE" BUSYBOX="$BUSYBOX" >"$TEST_WORK/image-build.log" 2>&1 || {
	tail -n 20 "$TEST_WORK/image-build.log" >&2
	die "make image failed"
}; }
timed "make image with $ENGINE" build
say "built $IMAGE with $ENGINE: $($ENGINE image inspect --format '{{.Size}}' "$IMAGE") bytes"
[ "$ENGINE" = podman ] || skip "$ENGINE builds but does not run containers like a pod: skipped running the image"

# A container runtime may need help in a machine that is itself a
# container or a small VM: open-file and process limits it may not raise
# (crun and runc set them), or cgroups crun does not handle (runc does).
RUN=
probe() {
	local opts
	for opts in "" "--ulimit nofile=1024:1024 --ulimit nproc=1024:1024" \
		"--runtime runc" "--runtime runc --ulimit nofile=1024:1024 --ulimit nproc=1024:1024"; do
		# shellcheck disable=SC2086 # opts is words
		if podman run --rm --network=none $opts "$IMAGE" -h >/dev/null 2>"$TEST_WORK/run.err"; then
			RUN="podman run --rm --network=none $opts"
			return 0
		fi
	done
	return 1
}
if ! probe && ! command -v runc >/dev/null && need runc:runc; then
	probe || true
fi
[ -n "$RUN" ] || skip "podman built the image but cannot run it here: $(tail -n 1 "$TEST_WORK/run.err")"
say "running containers with: $RUN"

image_checks() {
	local want got user files
	want=$(snakecube -h)
	got=$($RUN "$IMAGE" -h) || die "snakecube -h in the image failed"
	[ "$got" = "$want" ] || die "snakecube -h in the image differs from the host binary's"
	user=$(podman image inspect --format '{{.Config.User}}' "$IMAGE")
	[ "$user" = 65532:65532 ] || die "the image runs as $user, not 65532:65532"
	[ "$($RUN --entrypoint /bin/sh "$IMAGE" -c 'id -u')" = 65532 ] || die "the container does not run as uid 65532"
	files=$(podman create "$IMAGE" -h)
	got=$(podman export "$files" | tar -t | grep -v '/$' | sort | paste -sd' ')
	podman rm "$files" >/dev/null
	[ "$got" = "bin/sh usr/local/bin/snakecube" ] || die "the image holds more than bin/sh and snakecube: $got"
	say "snakecube -h in the image prints what the host binary does; user 65532; files: $got"
}
timed "snakecube -h in the image, user and files checked" image_checks
ENGINE_RUN=$RUN bash "$(dirname "$0")/kubernetes.sh"
say "ok"
