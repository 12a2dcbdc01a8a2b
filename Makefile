# snakecube: make run writes the 3x3x3 catalogue, make test runs every check.
GO ?= go
BOX ?= 3

IMAGE ?= snakecube:latest
ENGINE ?= $(shell command -v podman || command -v buildah)
BUSYBOX ?= /bin/busybox

.PHONY: all build run test lint bench compare fuzz clean static image cluster-test census census-check calibration calibration-run oeis results-commit estimate-validate rate-people scales estimate-noise estimate-design estimate-truth site site-bench

all: build

# The x86-64 level of this machine's processor (GOAMD64), as gcc
# -march=native compiles ref.c for it (make compare): from v3 on, the
# search's bit scans are single instructions (TZCNT, not BSF and a test),
# 2 to 4% of a count or a solve. A binary so built runs only on processors
# of that level or later (Go says so and stops, elsewhere); make static,
# whose image runs on other machines, keeps Go's default, v1. Empty, so
# the default, where /proc/cpuinfo says nothing of x86-64 features.
NATIVE_GOAMD64 := $(shell f=" $$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2) "; \
	has() { for x; do case "$$f" in (*" $$x "*) ;; (*) return 1 ;; esac; done; }; \
	if has cx16 lahf_lm popcnt pni sse4_1 sse4_2 ssse3; then \
		if has avx avx2 bmi1 bmi2 f16c fma abm movbe xsave; then echo v3; else echo v2; fi; fi)

# Without cgo, as make static: serve's net package would otherwise link
# the C library's resolver, and every run pays for the dynamic loader and
# a C thread at start (docs/SPEED.md).
build:
	CGO_ENABLED=0 GOAMD64=$(NATIVE_GOAMD64) $(GO) build -o . ./cmd/snakecube

# The main job: every snake of the box and all its solutions.
run: build
	./snakecube enumerate -size $(BOX) -o solutions.json

# Chromium, for the tests that drive a web page, or "none". It is passed
# to the tests in SNAKECUBE_CHROMIUM, so that go test's cache of a run
# that skipped them does not outlive Chromium's installation.
CHROMIUM := $(or $(shell command -v chromium || command -v chromium-browser),none)

# DuckDB, through its Node API, for internal/analysis's tests of
# docs/ANALYSIS.md: "yes" when node and the npm package are installed.
DUCKDB := $(if $(and $(shell command -v node),$(wildcard internal/analysis/duckdb/node_modules/@duckdb/node-api)),yes,none)

# What CI runs: formatting, vet, every test under the race detector, then
# every test again without it, the long ones included (whole 3x3x4
# censuses, brute force of 2x3x4: ten times slower under -race), then the
# cluster recipes (cluster-test). Without Chromium the browser tests are
# skipped, and it says so at the end; a cluster part that cannot run here
# says SKIPPED; without DuckDB the tests of docs/ANALYSIS.md are skipped
# and it says so at the start and at the end. The timeout is go test's
# guard against a hung test, per package: cmd/snakecube's scenarios under
# -race take minutes, more on a machine shared with long runs.
test:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt -l:"; echo "$$out"; exit 1; fi
	@if [ "$(DUCKDB)" = none ]; then \
	  echo "*** DuckDB is not installed: internal/analysis's tests of docs/ANALYSIS.md will be SKIPPED. ***"; fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./internal/site/wasm
	SNAKECUBE_CHROMIUM=$(CHROMIUM) $(GO) test -race -short -timeout 30m ./...
	SNAKECUBE_CHROMIUM=$(CHROMIUM) $(GO) test -timeout 30m ./...
	$(MAKE) --no-print-directory cluster-test
	@if [ "$(CHROMIUM)" = none ]; then \
	  echo; echo "*** THE BROWSER TESTS WERE SKIPPED: no Chromium on this machine. ***"; \
	  echo "*** Install it (apt-get install chromium, as .ci/run does) and run make test again. ***"; fi
	@if [ "$(DUCKDB)" = none ]; then \
	  echo; echo "*** THE DUCKDB TESTS OF docs/ANALYSIS.md WERE SKIPPED: no node, or no @duckdb/node-api. ***"; \
	  echo "*** Install them (apt-get install nodejs npm; npm ci --prefix internal/analysis/duckdb, as .ci/run does) and run make test again. ***"; fi

lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt -l:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) tool staticcheck ./...
	$(GO) mod tidy -diff

# A static binary (no cgo): the one in the container image and the one
# the cluster tests run.
static:
	CGO_ENABLED=0 $(GO) build -trimpath -o build/ ./cmd/snakecube

# The image of Containerfile, for deploy/kubernetes: the static binary and
# a static busybox as /bin/sh, built with podman or buildah.
image: static
	@[ -n "$(ENGINE)" ] || { echo "make image: needs podman or buildah"; exit 1; }
	rm -rf build/image && mkdir -p build/image
	cp build/snakecube build/image/snakecube
	cp $(BUSYBOX) build/image/sh
	$(ENGINE) build -t $(IMAGE) -f Containerfile build/image

# The scale-out recipes run for real on this machine, at small sizes:
# deploy/slurm on a Slurm of its own, docs/CLUSTER.md's GNU parallel lines, the
# commands of deploy/kubernetes, the container image (deploy/test/*.sh).
# As root it installs the Debian packages it needs; else it skips parts.
cluster-test: static
	deploy/test/cluster-test.sh

# Benchmarks, six runs each, summarised by benchstat (medians, spread).
bench:
	GOAMD64=$(NATIVE_GOAMD64) $(GO) test -run '^$$' -bench . -benchmem -count 6 ./... | tee bench.txt
	$(GO) tool benchstat bench.txt
	@! grep -E '^(--- )?FAIL' bench.txt || { echo 'make bench: a benchmark failed (the lines above, in bench.txt)' >&2; exit 1; }

# Side by side with the C reference, ref.c, built here with gcc; with the
# snakecube of commit or tag PREV, built here the same way, on the main
# job, the counts, a solve, a millisecond's job and stats; and stats with
# DuckDB on the same Parquet file: the median ratio of paired runs for
# each job, 1 and 2 threads. The C reference is skipped without gcc or
# ref.c, DuckDB without node or @duckdb/node-api (npm ci --prefix
# internal/analysis/duckdb), each saying so; not part of make
# test. REF defaults to the shared copy beside the repository, or beside
# its worktrees. PREV is the last commit before the speed of the main
# job and the start-up were restored; a release tag, once there is one.
REF ?= $(firstword $(wildcard ../shared/ref/ref.c ../../shared/ref/ref.c) ../shared/ref/ref.c)
PREV ?= c604296
compare: build
	GOAMD64=$(NATIVE_GOAMD64) $(GO) run ./internal/cmd/compare -src $(REF) -ours ./snakecube -old $(PREV) -duckdb internal/analysis/duckdb

# A short round of every fuzz target, FUZZTIME each, found by go test
# -list so that a new one is never left out (-fuzz takes one target).
FUZZTIME ?= 30s
fuzz:
	for p in $$($(GO) list ./...); do \
		for f in $$($(GO) test -list '^Fuzz' $$p | grep '^Fuzz'); do \
			echo "$$p $$f"; \
			$(GO) test -run '^$$' -fuzz "^$$f\$$" -fuzztime $(FUZZTIME) $$p || exit 1; \
		done; \
	done

clean:
	rm -rf snakecube solutions.json bench.txt build site

# The static site: site/, the page and the engine compiled to
# WebAssembly, which any static host serves (see the README). Only the
# Go toolchain is needed.
site:
	$(GO) run ./internal/site/build -o site

# The site's speed and size, measured in headless Chromium: load to
# ready, the classic snake solved and shown, the 4x4x4 shop snake in the
# page against native solve -j 1, paired; not part of make test.
site-bench:
	$(GO) test -run '^$$' -bench . -benchtime 10x -timeout 30m ./internal/site

# The census of every box of at most 50 cells and of 2x2x13 to 2x2x16
# (results/census/plan.tsv),
# at the lowest priority, resumable: run it again to go on. Commit the
# files under results/census at the end of every session. Started in a
# session of its own (setsid, nohup), lower that session too: echo 19 >
# /proc/PID/autogroup (docs/BOXES.md, priority).
census: build
	SNAKECUBE=$(CURDIR)/snakecube results/census/run.sh

# Commits what the long runs (census, estimates, paths) have written so
# far, with docs/BOXES.md's table made anew from what is committed.
results-commit: build
	SNAKECUBE=$(CURDIR)/snakecube results/commit.sh "results: the long runs as they stand"

# The calibration of estimate -snakes on boxes a census counts whole:
# calibration-run draws the descents of results/calibration/plan.tsv (at
# the lowest priority, resumable: run it again to go on; commit the files
# at the end of every session; its own session's priority as for census),
# and calibration sets them, with the
# descents of results/estimate of such boxes, against the censuses in
# results/calibration.csv (docs/RESEARCH.md, Calibration).
calibration: build
	./snakecube census table -format calibration results > results/calibration.csv.tmp
	mv results/calibration.csv.tmp results/calibration.csv

calibration-run: build
	SNAKECUBE=$(CURDIR)/snakecube results/calibration/run.sh -j 1

# The b-files of results/oeis: the families 2x2xn, 2x3xn, 2x4xn and 3x3xn
# of snakes, solutions and one-solution snakes, from the whole censuses.
oeis: build
	SNAKECUBE=$(CURDIR)/snakecube results/oeis/make.sh

# Recounts 200 sections of a box's census, drawn by seed 1, by the route
# of enumerate -prefix | stats (every solution written and read back), and
# fails on any disagreement: make census-check BOX=3x4x4 (3.5 CPU-hours
# and 18 GB at most for 3x4x4; see docs/RESEARCH.md).
census-check: build
	nice -n 10 ./snakecube census check -sample 200 -seed 1 results/census/$(BOX)

# The long validation of estimate -snakes: many seeded runs on boxes whose
# truth an exact count gives; prints the validation table of docs/RESEARCH.md.
estimate-validate:
	$(GO) test -count=1 -run TestValidate -v -timeout 0 ./internal/estimate -args -validate

# The check of a person's difficulty against models of people folding by
# hand (internal/rate/people_test.go, folk_test.go): Spearman's rank
# correlation on 200 3x3x3 snakes, and each model's median placements by
# level; fails under 0.7 (docs/RESEARCH.md). make test runs it too; this
# also reports four machine-like models and a second sample of 200
# snakes. Some core-minutes.
rate-people:
	nice -n 10 $(GO) test -count=1 -run TestPeople -v -timeout 0 ./internal/rate -args -people

# The scales of a person's difficulty of the boxes whose scale takes long
# to make (internal/rate/boxscale_table.go, which TestBoxScaleTable checks):
# the whole 3x3x3 catalogue and 100 4x4x4 snakes drawn at random. Some
# core-minutes.
scales:
	cd internal/rate && nice -n 10 $(GO) run ./calibrate -box 3x3x3 -box 4x4x4 -o boxscale_table.go

# The experiment behind the width of the 4x4x4 descents: the noise the
# masses add to a descent's log weight, at widths 1,024, 4,096 and 16,384,
# along four descents' paths. Some two core-minutes. NOISE passes other
# flags: another box, its paths and designs (docs/RESEARCH.md).
estimate-noise:
	$(GO) test -count=1 -run TestNoise -v -timeout 0 ./internal/estimate -args -noise $(NOISE)

# The floor and power of the estimate's design weighed on whole censuses:
# what they add to a descent's spread with exact choices (TestDesignOnCensus,
# which make test runs quietly). DESIGN_CENSUS names other boxes.
DESIGN_CENSUS ?= 2x3x8 2x4x6 3x4x4 3x3x5 2x2x14
estimate-design:
	$(GO) test -count=1 -run TestDesignOnCensus -v ./internal/estimate -args -design-census "$(DESIGN_CENSUS)"

# The exact counts of the boxes the estimate's short tests check against,
# cached because they take seconds; TestTruthFiles checks them.
estimate-truth: build
	for b in 2x4x4 3x3x4; do ./snakecube enumerate -quiet -size $$b -count > internal/estimate/testdata/count-$$b.txt || exit 1; done
