// Command snakecube enumerates, solves and analyses snake-cube puzzles.
//
// Usage:
//
//	snakecube <command> [flags] [arguments]
//
// "snakecube -h" lists the commands and "snakecube <command> -h" tells
// a command's flags: the texts are those of the folder help.
//
// Exit status: 0 on success, 1 on failure, 2 for a usage error, 130 when
// interrupted.
package main

import "github.com/snakecube/snakecube/internal/cli"

func main() {
	cli.Main(run)
}
