package encoding

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// maxHybridRun caps the values one run header states: some readers hold a
// run header in 32 bits, so a header must stay below 1<<32 after the
// one-bit shift, and a split run costs a few bytes at most.
const maxHybridRun = 1 << 30

// AppendHybrid appends values in the RLE / bit-packing hybrid encoding with
// the given bit width, without the 4-byte length prefix that data pages v1
// put before levels (the caller adds it where the format wants it).
//
// Runs of 8 or more equal values become RLE runs; the rest are bit-packed
// in groups of 8, the last group padded with zeros. Values must lie in
// 0..1<<bitWidth-1; bits above the width are dropped. The output depends only
// on the input. AppendHybrid panics if bitWidth is outside 0..32, which is a
// programming error rather than a property of data.
func AppendHybrid(dst []byte, values []int32, bitWidth int) []byte {
	if bitWidth < 0 || bitWidth > 32 {
		panic(fmt.Sprintf("encoding: hybrid bit width %d outside 0..32", bitWidth))
	}
	mask := uint32(uint64(1)<<bitWidth - 1)
	lit := 0 // start of the values waiting to be bit-packed
	for i := 0; i < len(values); {
		v := uint32(values[i]) & mask
		j := i + 1
		for j < len(values) && uint32(values[j])&mask == v {
			j++
		}
		// Only the last bit-packed run may be padded, so a run that
		// interrupts bit-packed values first lends them enough of its own
		// values to fill their last group.
		pad := (8 - (i-lit)%8) % 8
		if j-i-pad >= 8 || (lit == i && j == len(values)) {
			if i+pad > lit {
				dst = appendBitPacked(dst, values[lit:i+pad], bitWidth, mask)
			}
			dst = appendRepeated(dst, v, j-i-pad, bitWidth)
			lit = j
		}
		i = j
	}
	if lit < len(values) {
		dst = appendBitPacked(dst, values[lit:], bitWidth, mask)
	}
	return dst
}

// appendRepeated appends RLE runs of count copies of v.
func appendRepeated(dst []byte, v uint32, count, bitWidth int) []byte {
	for count > 0 {
		c := min(count, maxHybridRun)
		count -= c
		dst = binary.AppendUvarint(dst, uint64(c)<<1)
		for b := 0; b < (bitWidth+7)/8; b++ {
			dst = append(dst, byte(v>>(8*b)))
		}
	}
	return dst
}

// appendBitPacked appends values as bit-packed runs, padding the last group
// of 8 with zeros.
func appendBitPacked(dst []byte, values []int32, bitWidth int, mask uint32) []byte {
	for len(values) > 0 {
		run := values[:min(len(values), maxHybridRun)]
		values = values[len(run):]
		groups := (len(run) + 7) / 8
		dst = binary.AppendUvarint(dst, uint64(groups)<<1|1)
		dst = slices.Grow(dst, groups*bitWidth)
		var acc uint64
		var nb int
		for g := 0; g < groups; g++ {
			for k := g * 8; k < g*8+8; k++ {
				var v uint32
				if k < len(run) {
					v = uint32(run[k]) & mask
				}
				acc |= uint64(v) << nb
				nb += bitWidth
				if nb >= 32 {
					dst = binary.LittleEndian.AppendUint32(dst, uint32(acc))
					acc >>= 32
					nb -= 32
				}
			}
			// A group is bitWidth whole bytes, so nb is a multiple of 8 here.
			for ; nb > 0; nb -= 8 {
				dst = append(dst, byte(acc))
				acc >>= 8
			}
		}
	}
	return dst
}

// DecodeHybrid appends exactly n values decoded from src, which holds the RLE
// / bit-packing hybrid encoding of the given bit width without a length
// prefix, to dst. It returns dst and the bytes of src consumed, which cover
// every run it read from in full (a bit-packed run cut short by the end of src
// counts as far as src goes once the values needed are present).
//
// A run may hold more values than n needs, as bit-packed groups are padded
// to 8: only the values needed are taken. DecodeHybrid returns an error if
// src ends before n values, a run header is malformed, bitWidth is outside
// 0..32, or a repeated value does not fit in bitWidth bits, with one
// exception: at bit width 1 it reads a repeated byte 0xFF as 1, because
// parquet-go, which wrote this project's earlier files, writes runs of true
// booleans that way.
func DecodeHybrid(dst []int32, src []byte, bitWidth, n int) ([]int32, int, error) {
	if bitWidth < 0 || bitWidth > 32 {
		return dst, 0, fmt.Errorf("rle: a run of bit width %d", bitWidth)
	}
	if n < 0 {
		return dst, 0, fmt.Errorf("rle: %d values asked for", n)
	}
	start := len(dst)
	dst = slices.Grow(dst, n)[:start+n]
	out := dst[start:]
	valueBytes := (bitWidth + 7) / 8
	maxValue := uint64(1)<<bitWidth - 1
	pos, got := 0, 0
	for got < n {
		h, k := binary.Uvarint(src[pos:])
		if k <= 0 {
			if k == 0 {
				return dst[:start], pos, fmt.Errorf("rle: input ends after %d of %d values", got, n)
			}
			return dst[:start], pos, errors.New("rle: a run header beyond 64 bits")
		}
		pos += k
		count := h >> 1
		need := n - got
		if h&1 == 0 {
			if len(src)-pos < valueBytes {
				return dst[:start], pos, fmt.Errorf("rle: input ends in a repeated value after %d of %d values", got, n)
			}
			var v uint64
			for b := range valueBytes {
				v |= uint64(src[pos+b]) << (8 * b)
			}
			pos += valueBytes
			if v > maxValue && (bitWidth != 1 || v != 0xFF) {
				return dst[:start], pos, fmt.Errorf("rle: repeated value %d does not fit in %d bits", v, bitWidth)
			}
			v &= maxValue
			take := need
			if count < uint64(take) {
				take = int(count)
			}
			run := out[got : got+take]
			for i := range run {
				run[i] = int32(uint32(v))
			}
			got += take
			continue
		}
		// A bit-packed run: count groups of 8 values, bitWidth bytes each.
		take := need
		if count < uint64(need+7)/8 {
			take = int(count) * 8
		}
		groups := (take + 7) / 8
		if len(src)-pos < groups*bitWidth {
			return dst[:start], pos, fmt.Errorf("rle: input ends in a bit-packed run after %d of %d values", got, n)
		}
		whole := take / 8
		unpackGroups(out[got:got+whole*8], src[pos:], bitWidth)
		if take%8 != 0 {
			var last [8]int32
			unpackGroups(last[:], src[pos+whole*bitWidth:], bitWidth)
			copy(out[got+whole*8:got+take], last[:])
		}
		got += take
		if bitWidth > 0 {
			if count > uint64(len(src)-pos)/uint64(bitWidth) {
				pos = len(src)
			} else {
				pos += int(count) * bitWidth
			}
		}
	}
	return dst, pos, nil
}

// unpackGroups decodes len(out)/8 bit-packed groups of 8 values from src,
// which must hold at least len(out)/8*bitWidth bytes.
func unpackGroups(out []int32, src []byte, bitWidth int) {
	switch {
	case bitWidth == 0:
		clear(out)
	case bitWidth <= 8:
		unpackGroupsSmall(out, src, bitWidth)
	default:
		unpackGroupsWide(out, src, bitWidth)
	}
}

// unpackGroupsSmall decodes groups of widths 1..8, where a group fits one
// 64-bit word, so each group costs one load and eight shifts.
func unpackGroupsSmall(out []int32, src []byte, bitWidth int) {
	mask := uint64(1)<<bitWidth - 1
	s := uint(bitWidth)
	for g := 0; g+8 <= len(out); g += 8 {
		p := g / 8 * bitWidth
		var w uint64
		if len(src)-p >= 8 {
			w = binary.LittleEndian.Uint64(src[p:])
		} else {
			var b [8]byte
			copy(b[:], src[p:p+bitWidth])
			w = binary.LittleEndian.Uint64(b[:])
		}
		o := out[g : g+8 : g+8]
		o[0] = int32(w & mask)
		o[1] = int32(w >> s & mask)
		o[2] = int32(w >> (2 * s) & mask)
		o[3] = int32(w >> (3 * s) & mask)
		o[4] = int32(w >> (4 * s) & mask)
		o[5] = int32(w >> (5 * s) & mask)
		o[6] = int32(w >> (6 * s) & mask)
		o[7] = int32(w >> (7 * s) & mask)
	}
}

// unpackGroupsWide decodes groups of widths 9..32: each value is read from
// the 64-bit word at its first byte, which holds all of its bits.
func unpackGroupsWide(out []int32, src []byte, bitWidth int) {
	mask := uint64(1)<<bitWidth - 1
	var pad [40]byte
	for g := 0; g+8 <= len(out); g += 8 {
		b := src[g/8*bitWidth:]
		if len(b) < 40 {
			copy(pad[:], b[:bitWidth])
			b = pad[:]
		}
		o := out[g : g+8 : g+8]
		for k := range o {
			bit := k * bitWidth
			o[k] = int32(binary.LittleEndian.Uint64(b[bit>>3:]) >> (bit & 7) & mask)
		}
	}
}
