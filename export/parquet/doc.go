// Package parquet writes and reads Parquet files, the part of the format
// a catalogue needs: a Writer of required columns of booleans, 32-bit
// integers, strings and lists of small integers, compressed with zstd;
// and a File that reads the leaf columns of any flat or nested schema a
// page at a time, from any row.
//
// A Writer cuts pages and row groups by rows, so the bytes depend only on
// the rows. It writes a dictionary, deltas or plain values as each
// column asks; the least and greatest value of each row group's columns
// of integers and strings; and an offset index of each column chunk's
// pages, by which a File seeks a row without decoding the pages before.
//
// A File reads data pages of both versions, uncompressed or compressed
// with Snappy, gzip or zstd, their values plain, in a dictionary, as
// deltas or split by bytes, their levels in the RLE hybrid: what DuckDB,
// pyarrow, polars and parquet-go write by default. It reads only the
// columns asked for. What a file states is checked before it is
// used: a damaged file gives an [*Error], never a panic, and the
// memory a page takes is bounded whatever its header says.
//
// The values and levels are encoded and decoded by the package
// [github.com/snakecube/snakecube/export/parquet/encoding], Snappy by
// [github.com/snakecube/snakecube/export/parquet/snappy], zstd by
// github.com/klauspost/compress/zstd, and the metadata, in Thrift's
// compact protocol, here. parquet-go, a general Parquet library, is the
// tests' independent reader and writer: it is not linked into snakecube,
// whose start-up would pay for its initialisers.
package parquet
