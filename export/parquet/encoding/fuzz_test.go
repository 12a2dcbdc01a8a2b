package encoding

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// allocated returns the bytes f allocates. Other goroutines' allocations
// count too, which the slack in the bounds below absorbs.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// allocSlack covers growth rounding and the fuzzing machinery's own
// allocations.
const allocSlack = 1 << 16

func FuzzDecodeHybrid(f *testing.F) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, bitWidth := range []int{0, 1, 2, 3, 8, 9, 17, 32} {
		for _, n := range []int{0, 1, 9, 130} {
			for _, values := range hybridInputs(r, bitWidth, n) {
				f.Add(AppendHybrid(nil, values, bitWidth), uint8(bitWidth), uint16(n))
			}
		}
	}
	f.Add([]byte{0x0B, 0xFF}, uint8(1), uint16(8))
	f.Add([]byte{0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 1}, uint8(1), uint16(1000))
	f.Fuzz(func(t *testing.T, src []byte, bitWidth uint8, n uint16) {
		var got []int32
		var used int
		var err error
		alloc := allocated(func() { got, used, err = DecodeHybrid(nil, src, int(bitWidth), int(n)) })
		if alloc > 4*uint64(n)+allocSlack {
			t.Fatalf("allocated %d bytes for %d values", alloc, n)
		}
		if err != nil {
			if len(got) != 0 {
				t.Fatalf("an error with %d values", len(got))
			}
			return
		}
		if len(got) != int(n) || used < 0 || used > len(src) {
			t.Fatalf("%d values, %d of %d bytes", len(got), used, len(src))
		}
		// What decodes re-encodes to the same values.
		again, _, err := DecodeHybrid(nil, AppendHybrid(nil, got, int(bitWidth)), int(bitWidth), int(n))
		if err != nil || !slices.Equal(again, got) {
			t.Fatalf("re-encoded: %v, %v, want %v", again, err, got)
		}
	})
}

func FuzzDecodeDeltaBinaryPacked(f *testing.F) {
	r := rand.New(rand.NewPCG(2, 2))
	for _, n := range []int{0, 1, 2, 33, 129, 300} {
		for _, values := range deltaInputs(r, n) {
			f.Add(AppendDeltaBinaryPacked(nil, values), uint16(n))
			f.Add(encodeDeltaWith(values, 256, 2, 0xFF), uint16(n))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, maxValues uint16) {
		var got []int64
		var used int
		var err error
		alloc := allocated(func() { got, used, err = DecodeDeltaBinaryPacked(nil, src, int(maxValues)) })
		if alloc > 8*uint64(maxValues)+allocSlack {
			t.Fatalf("allocated %d bytes for at most %d values", alloc, maxValues)
		}
		if err != nil {
			if len(got) != 0 {
				t.Fatalf("an error with %d values", len(got))
			}
			return
		}
		if len(got) > int(maxValues) || used < 0 || used > len(src) {
			t.Fatalf("%d values, %d of %d bytes", len(got), used, len(src))
		}
		again, _, err := DecodeDeltaBinaryPacked(nil, AppendDeltaBinaryPacked(nil, got), len(got))
		if err != nil || !slices.Equal(again, got) {
			t.Fatalf("re-encoded: %v, want %v", err, got)
		}
	})
}

// fuzzByteArrays checks a byte-array decoder on arbitrary input: bounded
// allocation, dst untouched on error, and a round trip of what it decodes.
func fuzzByteArrays(t *testing.T, src []byte, n int, bound uint64,
	decode func(*ByteArrays, []byte, int) (int, error), encode func([]byte, *ByteArrays) []byte) {
	dst := &ByteArrays{}
	dst.Append([]byte("kept"))
	var used int
	var err error
	alloc := allocated(func() { used, err = decode(dst, src, n) })
	if alloc > bound+allocSlack {
		t.Fatalf("allocated %d bytes from %d, bound %d", alloc, len(src), bound)
	}
	if err != nil {
		if dst.Len() != 1 || string(dst.Data) != "kept" {
			t.Fatalf("an error changed dst to %+v", dst)
		}
		return
	}
	if used < 0 || used > len(src) || dst.Len() < 1 || dst.Len() > n+1 {
		t.Fatalf("%d values, %d of %d bytes", dst.Len(), used, len(src))
	}
	if len(dst.Offsets) != dst.Len()+1 || dst.Offsets[dst.Len()] != int32(len(dst.Data)) {
		t.Fatalf("offsets %v for %d bytes", dst.Offsets, len(dst.Data))
	}
	for i := range dst.Len() {
		if dst.Offsets[i] > dst.Offsets[i+1] {
			t.Fatalf("offsets %v decrease", dst.Offsets)
		}
	}
	got := &ByteArrays{}
	for i := 1; i < dst.Len(); i++ {
		got.Append(dst.At(i))
	}
	again := &ByteArrays{}
	if _, err := decode(again, encode(nil, got), got.Len()); err != nil || !equalByteArrays(again, got) {
		t.Fatalf("re-encoded: %v", err)
	}
}

func FuzzDecodeDeltaByteArray(f *testing.F) {
	r := rand.New(rand.NewPCG(3, 3))
	for _, n := range []int{0, 1, 2, 9, 129} {
		for _, v := range byteArrayInputs(r, n) {
			f.Add(AppendDeltaByteArray(nil, v))
		}
	}
	const maxValues = 1024
	f.Fuzz(func(t *testing.T, src []byte) {
		// Prefix and suffix lengths, offsets, and values of at most len(src)
		// bytes each, which shared prefixes can repeat.
		bound := 2*(2*8*maxValues+4*maxValues) + 2*uint64(min(maxValues, math.MaxInt32/max(len(src), 1)))*uint64(len(src))
		fuzzByteArrays(t, src, maxValues, bound, DecodeDeltaByteArray, AppendDeltaByteArray)
	})
}

func FuzzDecodeDeltaLengthByteArray(f *testing.F) {
	r := rand.New(rand.NewPCG(4, 4))
	for _, n := range []int{0, 1, 2, 9, 129} {
		for _, v := range byteArrayInputs(r, n) {
			f.Add(AppendDeltaLengthByteArray(nil, v))
		}
	}
	const maxValues = 1024
	f.Fuzz(func(t *testing.T, src []byte) {
		bound := 2*(8*maxValues+4*maxValues) + 2*uint64(len(src))
		fuzzByteArrays(t, src, maxValues, bound, DecodeDeltaLengthByteArray, AppendDeltaLengthByteArray)
	})
}

func FuzzDecodePlainByteArray(f *testing.F) {
	r := rand.New(rand.NewPCG(5, 5))
	for _, n := range []int{0, 1, 2, 9, 129} {
		for _, v := range byteArrayInputs(r, n) {
			f.Add(AppendPlainByteArray(nil, v), uint16(n))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, n uint16) {
		// No more offsets than 4-byte lengths fit in src, no more data than
		// src holds.
		bound := 2 * (4*uint64(min(int(n), len(src)/4)) + uint64(len(src)))
		fuzzByteArrays(t, src, int(n), bound, DecodePlainByteArray, AppendPlainByteArray)
	})
}
