# docs/CLUSTER.md's recipes as commands, for the scripts that run them as
# printed: the cluster tests (parallel.sh) and the rehearsal's runner
# (results/rehearsal/run.sh). Sourced, never run; REPO is the
# repository's top folder.

# readme_commands WORD prints the commands ("$ " lines, continuations
# joined) of each docs/CLUSTER.md code block that holds a command with WORD, one
# a line.
readme_commands() {
	awk -v word="$1" '
		/^```/ { if (inblock && hit) printf "%s", block; inblock = !inblock; block = ""; hit = 0; next }
		!inblock { next }
		cont { line = line " " substr($0, match($0, /[^ ]/)) }
		!cont && /^\$ / { line = substr($0, 3) }
		!cont && !/^\$ / { next }
		{ cont = sub(/ *\\$/, "", line) }
		!cont { block = block line "\n"; if (index(line, word)) hit = 1 }
	' "$REPO/docs/CLUSTER.md"
}
