// Package snappy decodes Snappy's block format, as Parquet pages compressed with SNAPPY hold it.
//
// A block is the length it decodes to, as a little-endian base-128 varint of
// at most 2^32-1, followed by elements, each led by a tag byte whose low two
// bits give its kind:
//
//   - 00, a literal: the upper six bits hold length-1 for lengths up to 60;
//     60, 61, 62 or 63 there say that length-1 follows in 1, 2, 3 or 4
//     little-endian bytes. The literal's bytes follow.
//   - 01, a copy with a 1-byte offset: length 4 to 11 (4 plus bits 2-4), an
//     11-bit offset whose high three bits are the tag's top three and whose
//     low eight are the next byte.
//   - 10, a copy with a 2-byte offset: length 1 to 64 (1 plus the upper six
//     bits), a 16-bit little-endian offset.
//   - 11, a copy with a 4-byte offset: as 10, with a 32-bit offset.
//
// A copy repeats the length bytes that start offset bytes back in the output;
// an offset smaller than the length repeats those bytes over and over. This
// package reads the block format only, not Snappy's framing (stream) format.
package snappy

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// Tag kinds, the low two bits of an element's tag byte.
const (
	tagLiteral = 0
	tagCopy1   = 1
	tagCopy2   = 2
	tagCopy4   = 3
)

// statedLen reads the varint that opens src, returning the length it states
// and how many bytes it took.
func statedLen(src []byte) (uint64, int, error) {
	if len(src) == 0 {
		return 0, 0, errors.New("snappy: the block is empty, without even its length")
	}
	var v uint64
	for i := 0; i < 5; i++ {
		if i == len(src) {
			return 0, 0, fmt.Errorf("snappy: the block's length varint is cut short after %d bytes", i)
		}
		c := src[i]
		if i == 4 && c > 0x0f {
			return 0, 0, errors.New("snappy: the block's length varint states more than 2^32-1 bytes")
		}
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			return v, i + 1, nil
		}
	}
	panic("unreachable") // the fifth byte either returns or errs above
}

// DecodedLen returns the length the block in src states it decodes to, or an error.
func DecodedLen(src []byte) (int, error) {
	n, _, err := statedLen(src)
	if err != nil {
		return 0, err
	}
	if n > math.MaxInt {
		return 0, fmt.Errorf("snappy: the block states %d bytes, more than an int holds here", n)
	}
	return int(n), nil
}

// Decode decodes the block src into dst (reused if its capacity suffices) and returns it.
// It refuses, before allocating, a block stating more than max bytes; and returns an error (never panics)
// for any damaged input: a truncated varint, a literal or copy past the input, a copy offset of 0 or
// before the output's start, output longer or shorter than stated.
// It also refuses, before allocating, a block stating more than 22 times its
// own length, more than its elements could yield. On an error, dst's bytes
// up to the stated length may have been overwritten.
func Decode(dst, src []byte, max int) ([]byte, error) {
	n, s, err := statedLen(src)
	if err != nil {
		return nil, err
	}
	if max < 0 || n > uint64(max) {
		return nil, fmt.Errorf("snappy: the block states %d bytes, more than the %d allowed", n, max)
	}
	// No element yields more than 64 bytes from 3, so a block stating more
	// than 22 bytes for each of its own is damaged: say so before allocating.
	if n > 22*uint64(len(src)-s) {
		return nil, fmt.Errorf("snappy: the block states %d bytes, more than its %d bytes can hold", n, len(src))
	}
	if uint64(cap(dst)) >= n {
		dst = dst[:n]
	} else {
		dst = make([]byte, n)
	}
	if err := decode(dst, src, s); err != nil {
		return nil, err
	}
	return dst, nil
}

// decode decodes the elements of src, from s on, into dst, which has the
// length the block states.
func decode(dst, src []byte, s int) error {
	d := 0
	for s < len(src) {
		tag := src[s]
		var length int
		var offset uint
		switch tag & 3 {
		case tagLiteral:
			x := uint(tag >> 2)
			at := s
			s++
			if x >= 60 {
				nb := int(x) - 59
				if len(src)-s < nb {
					return fmt.Errorf("snappy: the literal at input offset %d is cut short in its %d-byte length", at, nb)
				}
				switch nb {
				case 1:
					x = uint(src[s])
				case 2:
					x = uint(binary.LittleEndian.Uint16(src[s:]))
				case 3:
					x = uint(src[s]) | uint(src[s+1])<<8 | uint(src[s+2])<<16
				default:
					x = uint(binary.LittleEndian.Uint32(src[s:]))
				}
				s += nb
			}
			// x is length-1: compared before adding one, it cannot wrap
			// where uint has 32 bits.
			if x >= uint(len(src)-s) {
				return fmt.Errorf("snappy: the literal of %d bytes at input offset %d runs past the input's end, %d bytes on", uint64(x)+1, at, len(src)-s)
			}
			if x >= uint(len(dst)-d) {
				return fmt.Errorf("snappy: the literal of %d bytes at output offset %d runs past the %d bytes stated", uint64(x)+1, d, len(dst))
			}
			length = int(x) + 1
			if length <= 16 && len(src)-s >= 16 && len(dst)-d >= 16 {
				// Short, with room to spare in both: move 16 bytes in two
				// words; the bytes past length are overwritten later.
				binary.LittleEndian.PutUint64(dst[d:], binary.LittleEndian.Uint64(src[s:]))
				binary.LittleEndian.PutUint64(dst[d+8:], binary.LittleEndian.Uint64(src[s+8:]))
				d += length
				s += length
				continue
			}
			copy(dst[d:d+length], src[s:s+length])
			d += length
			s += length
			continue
		case tagCopy1:
			if len(src)-s < 2 {
				return fmt.Errorf("snappy: the copy at input offset %d is cut short", s)
			}
			length = 4 + int(tag>>2&7)
			offset = uint(tag>>5)<<8 | uint(src[s+1])
			s += 2
		case tagCopy2:
			if len(src)-s < 3 {
				return fmt.Errorf("snappy: the copy at input offset %d is cut short", s)
			}
			length = 1 + int(tag>>2)
			offset = uint(binary.LittleEndian.Uint16(src[s+1:]))
			s += 3
		case tagCopy4:
			if len(src)-s < 5 {
				return fmt.Errorf("snappy: the copy at input offset %d is cut short", s)
			}
			length = 1 + int(tag>>2)
			offset = uint(binary.LittleEndian.Uint32(src[s+1:]))
			s += 5
		}
		if offset == 0 || offset > uint(d) {
			return fmt.Errorf("snappy: a copy at offset %d reaches %d bytes back", d, offset)
		}
		if length > len(dst)-d {
			return fmt.Errorf("snappy: the copy of %d bytes at output offset %d runs past the %d bytes stated", length, d, len(dst))
		}
		off := int(offset)
		if off >= 8 && length <= 16 && len(dst)-d >= 16 {
			// Short, with room to spare: two words, the second read after
			// the first is written, as an overlapping copy needs when off
			// is below 16.
			binary.LittleEndian.PutUint64(dst[d:], binary.LittleEndian.Uint64(dst[d-off:]))
			binary.LittleEndian.PutUint64(dst[d+8:], binary.LittleEndian.Uint64(dst[d-off+8:]))
			d += length
			continue
		}
		if off >= length {
			copy(dst[d:d+length], dst[d-off:])
			d += length
			continue
		}
		// The copy overlaps its own output: it repeats the off bytes before
		// d. Each round copies all that is repeated so far, whose length is
		// a multiple of off, so the run doubles until it is done.
		end := d + length
		from := d - off
		for d < end {
			d += copy(dst[d:end], dst[from:d])
		}
	}
	if d != len(dst) {
		return fmt.Errorf("snappy: the block decodes to %d bytes, not the %d it states", d, len(dst))
	}
	return nil
}
