package encoding

import (
	"encoding/binary"
	"fmt"
	"slices"
)

// AppendPlainInt32 appends v in the PLAIN encoding: 4 bytes little-endian
// each.
func AppendPlainInt32(dst []byte, v []int32) []byte {
	dst = slices.Grow(dst, 4*len(v))
	for _, x := range v {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(x))
	}
	return dst
}

// AppendPlainInt64 appends v in the PLAIN encoding: 8 bytes little-endian
// each.
func AppendPlainInt64(dst []byte, v []int64) []byte {
	dst = slices.Grow(dst, 8*len(v))
	for _, x := range v {
		dst = binary.LittleEndian.AppendUint64(dst, uint64(x))
	}
	return dst
}

// AppendPlainBool appends v in the PLAIN encoding: one bit each, least
// significant bit first, the last byte padded with zeros.
func AppendPlainBool(dst []byte, v []bool) []byte {
	for i := 0; i < len(v); i += 8 {
		var b byte
		for k, x := range v[i:min(i+8, len(v))] {
			if x {
				b |= 1 << k
			}
		}
		dst = append(dst, b)
	}
	return dst
}

// DecodePlainInt32 appends n PLAIN INT32 values read from src to dst and
// returns dst and the bytes consumed.
func DecodePlainInt32(dst []int32, src []byte, n int) ([]int32, int, error) {
	if n < 0 || n > len(src)/4 {
		return dst, 0, fmt.Errorf("plain: %d int32 values in %d bytes", n, len(src))
	}
	src = src[:4*n]
	start := len(dst)
	dst = slices.Grow(dst, n)[:start+n]
	out := dst[start:]
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(src))
		src = src[4:]
	}
	return dst, 4 * n, nil
}

// DecodePlainInt64 appends n PLAIN INT64 values read from src to dst and
// returns dst and the bytes consumed.
func DecodePlainInt64(dst []int64, src []byte, n int) ([]int64, int, error) {
	if n < 0 || n > len(src)/8 {
		return dst, 0, fmt.Errorf("plain: %d int64 values in %d bytes", n, len(src))
	}
	src = src[:8*n]
	start := len(dst)
	dst = slices.Grow(dst, n)[:start+n]
	out := dst[start:]
	for i := range out {
		out[i] = int64(binary.LittleEndian.Uint64(src[8*i:]))
	}
	return dst, 8 * n, nil
}

// DecodePlainBool appends n PLAIN BOOLEAN values read from src to dst and
// returns dst and the bytes consumed, the last one counted whole.
func DecodePlainBool(dst []bool, src []byte, n int) ([]bool, int, error) {
	if n < 0 || n > len(src)*8 {
		return dst, 0, fmt.Errorf("plain: %d booleans in %d bytes", n, len(src))
	}
	start := len(dst)
	dst = slices.Grow(dst, n)[:start+n]
	out := dst[start:]
	for i := range out {
		out[i] = src[i>>3]>>(i&7)&1 != 0
	}
	return dst, (n + 7) / 8, nil
}
