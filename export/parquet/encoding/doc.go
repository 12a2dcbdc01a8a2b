// Package encoding holds Parquet's encodings of values and levels, as its
// pages hold them: the RLE / bit-packing hybrid (levels, dictionary indices
// and RLE booleans), PLAIN, DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY and
// DELTA_BYTE_ARRAY, each as an append-style encoder and a decoder, written
// from the Parquet format's Encodings.md.
//
// Encoders append to a caller's buffer and trust their input. Decoders read
// data from files that may be damaged: they never panic, return an error
// saying what is wrong instead, and allocate no more than the value count
// the caller allows and the input's length bound. On error a decoder leaves
// its destination holding what it held before the call.
package encoding

import "math/bits"

// BitWidth returns the bits needed for values 0..max (0 for max 0), the
// width the hybrid encoding packs levels and dictionary indices in.
func BitWidth(max uint64) int {
	return bits.Len64(max)
}
