// Package analysis holds the tests of docs/ANALYSIS.md: its SQL examples
// run through DuckDB itself, the consumer snakecube's Parquet catalogues
// and tables of snakes are written for, on files the engine writes for
// small boxes, and what they return is compared with the figures package
// stats computes from the same catalogues.
//
// DuckDB runs through its Node API (@duckdb/node-api), from the small
// Node program in the folder duckdb, installed there by "npm ci --prefix
// internal/analysis/duckdb" (.ci/run does it), so that the Go module does
// not depend on it; go.mod's ignore directive keeps the go command out of
// its node_modules. Without
// node or the package, the tests skip, saying so; under CI (CI=true),
// where .ci/run installs both, they fail instead.
package analysis
