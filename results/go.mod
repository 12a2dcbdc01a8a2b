// The research results: census, estimate, paths and check files and the
// scripts that make them. A module of their own, holding no Go code, so
// that the snakecube module's zip (go install, go get) leaves them out;
// the repository's tests and docs still read and link them here.
module github.com/snakecube/snakecube/results

go 1.26.8
