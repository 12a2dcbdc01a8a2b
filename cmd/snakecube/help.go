package main

import _ "embed"

// The usage texts, one a command, that -h prints.

//go:embed help/snakecube.txt
var usage string

//go:embed help/census.txt
var censusUsage string

//go:embed help/convert.txt
var convertUsage string

//go:embed help/design.txt
var designUsage string

//go:embed help/enumerate.txt
var enumerateUsage string

//go:embed help/estimate.txt
var estimateUsage string

//go:embed help/kit.txt
var kitUsage string

//go:embed help/merge.txt
var mergeUsage string

//go:embed help/paths.txt
var pathsUsage string

//go:embed help/rate.txt
var rateUsage string

//go:embed help/serve.txt
var serveUsage string

//go:embed help/solve.txt
var solveUsage string

//go:embed help/stats.txt
var statsUsage string

//go:embed help/verify.txt
var verifyUsage string
