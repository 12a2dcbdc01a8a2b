package encoding

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// The block layout AppendDeltaBinaryPacked writes, the one the format
// recommends and every reader handles.
const (
	deltaBlockSize     = 128
	deltaMiniblocks    = 4
	deltaMiniblockSize = deltaBlockSize / deltaMiniblocks
)

// AppendDeltaBinaryPacked appends values in the DELTA_BINARY_PACKED encoding,
// in blocks of 128 values split into 4 miniblocks of 32. Deltas wrap around
// as int64 arithmetic does, so any values round-trip. INT32 columns use
// AppendDeltaBinaryPackedInt32 instead, whose deltas readers of INT32 expect
// to fit 32 bits.
func AppendDeltaBinaryPacked(dst []byte, values []int64) []byte {
	return appendDelta(dst, values, math.MaxUint64)
}

// AppendDeltaBinaryPackedInt32 appends values of an INT32 column in the
// DELTA_BINARY_PACKED encoding, with deltas wrapping around at 32 bits, as
// readers of INT32 columns expect: widened to int64, the deltas of two int32
// values can take 33 bits, which those readers refuse.
func AppendDeltaBinaryPackedInt32(dst []byte, values []int32) []byte {
	return appendDelta(dst, values, math.MaxUint32)
}

// appendDelta encodes values whose type is mask's width, so that the deltas
// wrap around at that width.
func appendDelta[T int32 | int64](dst []byte, values []T, mask uint64) []byte {
	dst = binary.AppendUvarint(dst, deltaBlockSize)
	dst = binary.AppendUvarint(dst, deltaMiniblocks)
	dst = binary.AppendUvarint(dst, uint64(len(values)))
	var first T
	if len(values) > 0 {
		first = values[0]
	}
	dst = binary.AppendVarint(dst, int64(first)) // zigzag, as the format wants
	var deltas [deltaBlockSize]uint64
	for i := 1; i < len(values); i += deltaBlockSize {
		block := values[i-1 : min(i+deltaBlockSize, len(values))]
		k := len(block) - 1
		minDelta := block[1] - block[0]
		for j := 1; j < len(block); j++ {
			minDelta = min(minDelta, block[j]-block[j-1])
		}
		for j := 1; j < len(block); j++ {
			deltas[j-1] = uint64(block[j]-block[j-1]-minDelta) & mask
		}
		clear(deltas[k:])
		dst = binary.AppendVarint(dst, int64(minDelta))
		widths := len(dst)
		dst = append(dst, make([]byte, deltaMiniblocks)...)
		// Miniblocks past the last value keep width 0 and take no bytes.
		for m := 0; m*deltaMiniblockSize < k; m++ {
			mb := (*[deltaMiniblockSize]uint64)(deltas[m*deltaMiniblockSize:])
			var or uint64
			for _, d := range mb {
				or |= d
			}
			w := bits.Len64(or)
			dst[widths+m] = byte(w)
			dst = pack32(dst, mb, w)
		}
	}
	return dst
}

// pack32 appends 32 values of bitWidth bits each, least significant bit
// first: 4*bitWidth bytes.
func pack32(dst []byte, values *[32]uint64, bitWidth int) []byte {
	var acc uint64
	nb := 0
	for _, v := range values {
		acc |= v << nb
		if nb+bitWidth >= 64 {
			dst = binary.LittleEndian.AppendUint64(dst, acc)
			acc = v >> (64 - nb) // 0 when nb is 0: Go's shifts by 64 clear
			nb += bitWidth - 64
		} else {
			nb += bitWidth
		}
	}
	for ; nb > 0; nb -= 8 {
		dst = append(dst, byte(acc))
		acc >>= 8
	}
	return dst
}

// unpack32 decodes 32 values of bitWidth (1..64) bits from src, which must
// hold at least 4*bitWidth bytes.
func unpack32(out *[32]uint64, src []byte, bitWidth int) {
	n := 4 * bitWidth
	// Loads read 8 bytes, one more for wide values, past a value's first
	// byte: near the end of src they read from a padded copy.
	var pad [4*64 + 9]byte
	b := src
	if len(b) < n+9 {
		copy(pad[:], src[:n])
		b = pad[:]
	}
	mask := uint64(1)<<bitWidth - 1 // all ones for 64, as Go's shifts by 64 clear
	if bitWidth <= 56 {
		for k := range out {
			bit := k * bitWidth
			out[k] = binary.LittleEndian.Uint64(b[bit>>3:]) >> (bit & 7) & mask
		}
		return
	}
	for k := range out {
		bit := k * bitWidth
		i, s := bit>>3, uint(bit&7)
		v := binary.LittleEndian.Uint64(b[i:]) >> s
		if s > 0 {
			v |= uint64(b[i+8]) << (64 - s)
		}
		out[k] = v & mask
	}
}

// DecodeDeltaBinaryPacked appends the values of one DELTA_BINARY_PACKED run
// in src to dst and returns dst and the bytes the run takes. It refuses a run
// stating more than max values before allocating anything.
//
// It accepts any block size that is a multiple of 128 split into miniblocks
// of a multiple of 32 values, as the format allows, and ignores the bit
// widths of miniblocks past the last value, which the format leaves
// arbitrary. Arithmetic wraps around as int64's does; an INT32 column
// truncates each value to int32, which gives the 32-bit wrap-around.
func DecodeDeltaBinaryPacked(dst []int64, src []byte, max int) ([]int64, int, error) {
	start := len(dst)
	pos := 0
	header := [3]uint64{}
	for i, what := range [3]string{"block size", "miniblock count", "value count"} {
		v, k := binary.Uvarint(src[pos:])
		if k <= 0 {
			return dst, pos, fmt.Errorf("delta binary packed: a malformed or missing %s", what)
		}
		header[i] = v
		pos += k
	}
	blockSize, miniblocks, total := header[0], header[1], header[2]
	first, k := binary.Varint(src[pos:])
	if k <= 0 {
		return dst, pos, fmt.Errorf("delta binary packed: a malformed or missing first value")
	}
	pos += k
	if blockSize == 0 || blockSize%128 != 0 {
		return dst, pos, fmt.Errorf("delta binary packed: block size %d, not a multiple of 128", blockSize)
	}
	if miniblocks == 0 || blockSize%miniblocks != 0 || blockSize/miniblocks%32 != 0 {
		return dst, pos, fmt.Errorf("delta binary packed: %d miniblocks, which do not split a block of %d into multiples of 32", miniblocks, blockSize)
	}
	if max < 0 || total > uint64(max) {
		return dst, pos, fmt.Errorf("delta binary packed: %d values, more than the %d the page holds", total, max)
	}
	if total == 0 {
		return dst, pos, nil
	}
	n := int(total)
	miniblockSize := blockSize / miniblocks
	dst = slices.Grow(dst, n)[:start+n]
	out := dst[start:]
	out[0] = first
	prev := first
	got := 1
	var buf [32]uint64
	for got < n {
		minDelta, k := binary.Varint(src[pos:])
		if k <= 0 {
			return dst[:start], pos, fmt.Errorf("delta binary packed: a malformed or missing minimum delta after %d of %d values", got, n)
		}
		pos += k
		if miniblocks > uint64(len(src)-pos) {
			return dst[:start], pos, fmt.Errorf("delta binary packed: input ends in miniblock bit widths after %d of %d values", got, n)
		}
		widths := src[pos : pos+int(miniblocks)]
		pos += len(widths)
		for _, w := range widths {
			if got == n {
				break
			}
			if w > 64 {
				return dst[:start], pos, fmt.Errorf("delta binary packed: a miniblock of bit width %d", w)
			}
			bitWidth := int(w)
			// A miniblock takes its full size in bytes even when the values
			// end inside it.
			if bitWidth > 0 && miniblockSize > uint64(len(src)-pos)*8/uint64(bitWidth) {
				return dst[:start], pos, fmt.Errorf("delta binary packed: input ends in a miniblock after %d of %d values", got, n)
			}
			take := n - got
			if miniblockSize < uint64(take) {
				take = int(miniblockSize)
			}
			mb := out[got : got+take]
			if bitWidth == 0 {
				for i := range mb {
					prev += minDelta
					mb[i] = prev
				}
			} else {
				body := src[pos:]
				for c := 0; c < len(mb); c += 32 {
					unpack32(&buf, body[c/32*4*bitWidth:], bitWidth)
					part := mb[c:min(c+32, len(mb))]
					for i := range part {
						prev += minDelta + int64(buf[i])
						part[i] = prev
					}
				}
				pos += int(miniblockSize) * bitWidth / 8
			}
			got += take
		}
	}
	return dst, pos, nil
}
