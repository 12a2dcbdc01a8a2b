package encoding

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
)

// ByteArrays is a column of byte strings held in one buffer: value i is
// Data[Offsets[i]:Offsets[i+1]]. When it holds values, len(Offsets) is the
// number of values plus one and Offsets[0] is 0; an empty ByteArrays has no
// offsets and no data. Offsets are int32 because no Parquet page holds 2 GiB,
// so Data stays below that.
type ByteArrays struct {
	Data    []byte
	Offsets []int32
}

// Len returns the number of values.
func (b *ByteArrays) Len() int {
	return max(len(b.Offsets)-1, 0)
}

// At returns value i, which shares memory with b.Data and has no spare
// capacity, so appending to it copies.
func (b *ByteArrays) At(i int) []byte {
	return b.Data[b.Offsets[i]:b.Offsets[i+1]:b.Offsets[i+1]]
}

// Reset empties b, keeping its buffers for reuse.
func (b *ByteArrays) Reset() {
	b.Data = b.Data[:0]
	b.Offsets = b.Offsets[:0]
}

// Append adds v as the last value. It panics if Data would reach 2 GiB,
// which int32 offsets cannot address.
func (b *ByteArrays) Append(v []byte) {
	b.begin()
	if len(v) > math.MaxInt32-len(b.Data) {
		panic("encoding: byte arrays beyond 2 GiB")
	}
	b.Data = append(b.Data, v...)
	b.Offsets = append(b.Offsets, int32(len(b.Data)))
}

// begin gives b its leading offset before a decoder appends values.
func (b *ByteArrays) begin() {
	if len(b.Offsets) == 0 {
		b.Offsets = append(b.Offsets, int32(len(b.Data)))
	}
}

// room returns the bytes Data may still grow by.
func (b *ByteArrays) room() int {
	return math.MaxInt32 - len(b.Data)
}

// AppendPlainByteArray appends the values of v in the PLAIN encoding: each
// value's length in 4 bytes little-endian, then its bytes.
func AppendPlainByteArray(dst []byte, v *ByteArrays) []byte {
	dst = slices.Grow(dst, 4*v.Len()+len(v.Data))
	for i := range v.Len() {
		x := v.At(i)
		dst = binary.LittleEndian.AppendUint32(dst, uint32(len(x)))
		dst = append(dst, x...)
	}
	return dst
}

// DecodePlainByteArray appends n PLAIN BYTE_ARRAY values read from src to
// dst and returns the bytes consumed.
func DecodePlainByteArray(dst *ByteArrays, src []byte, n int) (int, error) {
	if n < 0 || n > len(src)/4 {
		return 0, fmt.Errorf("plain: %d byte arrays in %d bytes", n, len(src))
	}
	// Lengths first, so that a damaged length fails before any copying and
	// the data grows once.
	pos, total := 0, 0
	for i := range n {
		if len(src)-pos < 4 {
			return pos, fmt.Errorf("plain: input ends in the length of byte array %d of %d", i, n)
		}
		l := binary.LittleEndian.Uint32(src[pos:])
		pos += 4
		if uint64(l) > uint64(len(src)-pos) {
			return pos, fmt.Errorf("plain: byte array %d of %d is %d bytes, beyond the %d left", i, n, l, len(src)-pos)
		}
		pos += int(l)
		total += int(l)
	}
	if total > dst.room() {
		return pos, fmt.Errorf("plain: %d bytes of byte arrays, beyond 2 GiB", total)
	}
	dst.begin()
	dst.Data = slices.Grow(dst.Data, total)
	dst.Offsets = slices.Grow(dst.Offsets, n)
	pos = 0
	for range n {
		l := int(binary.LittleEndian.Uint32(src[pos:]))
		pos += 4
		dst.Data = append(dst.Data, src[pos:pos+l]...)
		dst.Offsets = append(dst.Offsets, int32(len(dst.Data)))
		pos += l
	}
	return pos, nil
}

// lengths returns the lengths of v's values as int64, which the delta
// encodings write.
func lengths(v *ByteArrays) []int64 {
	out := make([]int64, v.Len())
	for i := range out {
		out[i] = int64(v.Offsets[i+1] - v.Offsets[i])
	}
	return out
}

// AppendDeltaLengthByteArray appends the values of v in the
// DELTA_LENGTH_BYTE_ARRAY encoding: their lengths DELTA_BINARY_PACKED, then
// their bytes one after another.
func AppendDeltaLengthByteArray(dst []byte, v *ByteArrays) []byte {
	dst = AppendDeltaBinaryPacked(dst, lengths(v))
	if v.Len() > 0 {
		dst = append(dst, v.Data[v.Offsets[0]:v.Offsets[v.Len()]]...)
	}
	return dst
}

// DecodeDeltaLengthByteArray appends the values of one
// DELTA_LENGTH_BYTE_ARRAY run in src to dst and returns the bytes the run
// takes. It refuses a run stating more than max values.
func DecodeDeltaLengthByteArray(dst *ByteArrays, src []byte, max int) (int, error) {
	lens, pos, err := DecodeDeltaBinaryPacked(nil, src, max)
	if err != nil {
		return pos, fmt.Errorf("delta length byte array: lengths: %w", err)
	}
	data := src[pos:]
	total := 0
	for i, l := range lens {
		if l < 0 || l > int64(len(data)-total) {
			return pos, fmt.Errorf("delta length byte array: value %d of %d is %d bytes, beyond the %d left", i, len(lens), l, len(data)-total)
		}
		total += int(l)
	}
	if total > dst.room() {
		return pos, fmt.Errorf("delta length byte array: %d bytes of values, beyond 2 GiB", total)
	}
	dst.begin()
	dst.Data = append(dst.Data, data[:total]...)
	dst.Offsets = slices.Grow(dst.Offsets, len(lens))
	end := dst.Offsets[len(dst.Offsets)-1]
	for _, l := range lens {
		end += int32(l)
		dst.Offsets = append(dst.Offsets, end)
	}
	return pos + total, nil
}

// AppendDeltaByteArray appends the values of v in the DELTA_BYTE_ARRAY
// encoding: the length of the prefix each value shares with the one before
// it DELTA_BINARY_PACKED, then the rest of each value as
// DELTA_LENGTH_BYTE_ARRAY.
func AppendDeltaByteArray(dst []byte, v *ByteArrays) []byte {
	n := v.Len()
	prefixes := make([]int64, n)
	suffixes := make([]int64, n)
	var prev []byte
	for i := range n {
		x := v.At(i)
		p := 0
		for p < len(prev) && p < len(x) && prev[p] == x[p] {
			p++
		}
		prefixes[i] = int64(p)
		suffixes[i] = int64(len(x) - p)
		prev = x
	}
	dst = AppendDeltaBinaryPacked(dst, prefixes)
	dst = AppendDeltaBinaryPacked(dst, suffixes)
	for i := range n {
		dst = append(dst, v.At(i)[prefixes[i]:]...)
	}
	return dst
}

// maxExpanded is the most bytes DecodeDeltaByteArray gives from one run:
// a page's shared prefixes may expand it many times, a damaged page's
// without end, and no page of a real file holds this much.
const maxExpanded = 1 << 28

// DecodeDeltaByteArray appends the values of one DELTA_BYTE_ARRAY run in src
// to dst and returns the bytes the run takes. It refuses a run stating more
// than max values, and one whose values would together pass 256 MiB, before
// allocating them: shared prefixes let a small page expand a long way.
func DecodeDeltaByteArray(dst *ByteArrays, src []byte, max int) (int, error) {
	prefixes, pos, err := DecodeDeltaBinaryPacked(nil, src, max)
	if err != nil {
		return pos, fmt.Errorf("delta byte array: prefix lengths: %w", err)
	}
	suffixes, k, err := DecodeDeltaBinaryPacked(nil, src[pos:], max)
	pos += k
	if err != nil {
		return pos, fmt.Errorf("delta byte array: suffix lengths: %w", err)
	}
	if len(prefixes) != len(suffixes) {
		return pos, fmt.Errorf("delta byte array: %d prefix lengths and %d suffix lengths", len(prefixes), len(suffixes))
	}
	data := src[pos:]
	room := dst.room()
	prev, total, suffixTotal := 0, 0, 0
	for i, p := range prefixes {
		s := suffixes[i]
		if p < 0 || p > int64(prev) {
			return pos, fmt.Errorf("delta byte array: value %d shares %d bytes with the %d-byte value before it", i, p, prev)
		}
		if s < 0 || s > int64(len(data)-suffixTotal) {
			return pos, fmt.Errorf("delta byte array: value %d ends in %d bytes, beyond the %d left", i, s, len(data)-suffixTotal)
		}
		suffixTotal += int(s)
		prev = int(p + s)
		if prev > min(room, maxExpanded)-total {
			return pos, fmt.Errorf("delta byte array: values beyond %d MiB", min(room, maxExpanded)>>20)
		}
		total += prev
	}
	dst.begin()
	dst.Data = slices.Grow(dst.Data, total)
	dst.Offsets = slices.Grow(dst.Offsets, len(prefixes))
	prevStart := 0
	data = data[:suffixTotal]
	for i, p := range prefixes {
		start := len(dst.Data)
		// Data has the room already, so this copies within one array.
		dst.Data = append(dst.Data, dst.Data[prevStart:prevStart+int(p)]...)
		dst.Data = append(dst.Data, data[:suffixes[i]]...)
		data = data[suffixes[i]:]
		dst.Offsets = append(dst.Offsets, int32(len(dst.Data)))
		prevStart = start
	}
	return pos + suffixTotal, nil
}
