package encoding

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

var testLengths = []int{0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 127, 128, 129, 255, 256, 257, 1000}

// hybridInputs returns value sequences of the given width and length that
// exercise RLE runs, bit-packed groups and the switches between them.
func hybridInputs(r *rand.Rand, bitWidth, n int) map[string][]int32 {
	maxV := int64(1)<<bitWidth - 1
	fill := func(f func(i int) int64) []int32 {
		v := make([]int32, n)
		for i := range v {
			v[i] = int32(uint32(f(i)))
		}
		return v
	}
	return map[string][]int32{
		"random":    fill(func(int) int64 { return r.Int64N(maxV + 1) }),
		"zeros":     fill(func(int) int64 { return 0 }),
		"max":       fill(func(int) int64 { return maxV }),
		"alternate": fill(func(i int) int64 { return maxV * int64(i%2) }),
		"runs": func() []int32 {
			var v []int32
			for len(v) < n {
				x := int32(uint32(r.Int64N(maxV + 1)))
				for range min(1+r.IntN(20), n-len(v)) {
					v = append(v, x)
				}
			}
			return v
		}(),
		"sparse": fill(func(int) int64 {
			if r.IntN(30) == 0 {
				return r.Int64N(maxV + 1)
			}
			return 0
		}),
	}
}

func TestBitWidth(t *testing.T) {
	for _, c := range []struct {
		max  uint64
		want int
	}{{0, 0}, {1, 1}, {2, 2}, {3, 2}, {4, 3}, {255, 8}, {256, 9}, {math.MaxUint32, 32}, {math.MaxUint64, 64}} {
		if got := BitWidth(c.max); got != c.want {
			t.Errorf("BitWidth(%d) = %d, want %d", c.max, got, c.want)
		}
	}
}

func TestHybridRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for bitWidth := 0; bitWidth <= 32; bitWidth++ {
		for _, n := range testLengths {
			for name, values := range hybridInputs(r, bitWidth, n) {
				enc := AppendHybrid([]byte{0xAA}, values, bitWidth)[1:]
				got, used, err := DecodeHybrid([]int32{-1}, enc, bitWidth, n)
				if err != nil {
					t.Fatalf("width %d, %d %s values: %v", bitWidth, n, name, err)
				}
				if used != len(enc) {
					t.Errorf("width %d, %d %s values: consumed %d of %d bytes", bitWidth, n, name, used, len(enc))
				}
				if got[0] != -1 || !slices.Equal(got[1:], values) {
					t.Fatalf("width %d, %d %s values: decoded %v, want %v", bitWidth, n, name, got[1:], values)
				}
				// Fewer values than the runs hold.
				if n > 0 {
					m := r.IntN(n)
					got, _, err := DecodeHybrid(nil, enc, bitWidth, m)
					if err != nil || !slices.Equal(got, values[:m]) {
						t.Fatalf("width %d, first %d of %d %s values: %v, %v", bitWidth, m, n, name, got, err)
					}
				}
				if again := AppendHybrid(nil, values, bitWidth); !bytes.Equal(again, enc) {
					t.Fatalf("width %d, %d %s values: encoding differs between calls", bitWidth, n, name)
				}
			}
		}
	}
}

func TestHybridKnownBytes(t *testing.T) {
	for _, c := range []struct {
		name     string
		values   []int32
		bitWidth int
		want     []byte
	}{
		// The bit-packing example of Encodings.md: 0..7 in 3 bits.
		{"spec example", []int32{0, 1, 2, 3, 4, 5, 6, 7}, 3, []byte{0x03, 0x88, 0xC6, 0xFA}},
		{"repeated", slices.Repeat([]int32{5}, 10), 3, []byte{20, 5}},
		{"repeated wide", slices.Repeat([]int32{0x01020304}, 9), 32, []byte{18, 4, 3, 2, 1}},
		{"repeated width 0", make([]int32, 300), 0, []byte{0xD8, 0x04}},
		{"short tail padded", []int32{1, 0, 1}, 1, []byte{0x03, 0x05}},
		// 3 distinct values lend 5 of the following run to fill a group.
		{"literal then run", append([]int32{1, 2, 3}, slices.Repeat([]int32{0}, 13)...), 2, []byte{0x03, 0x39, 0x00, 16, 0}},
		{"run too short after literal", append([]int32{1, 2, 3}, slices.Repeat([]int32{0}, 12)...), 2, []byte{0x05, 0x39, 0x00, 0x00, 0x00}},
	} {
		got := AppendHybrid(nil, c.values, c.bitWidth)
		if !bytes.Equal(got, c.want) {
			t.Errorf("%s: % x, want % x", c.name, got, c.want)
		}
		dec, used, err := DecodeHybrid(nil, c.want, c.bitWidth, len(c.values))
		if err != nil || used != len(c.want) || !slices.Equal(dec, c.values) {
			t.Errorf("%s: decoded %v, %d bytes, %v", c.name, dec, used, err)
		}
	}
}

func TestHybridRLEForRuns(t *testing.T) {
	values := make([]int32, 0, 10000)
	for i := range 100 {
		for range 100 {
			values = append(values, int32(i%4))
		}
	}
	if enc := AppendHybrid(nil, values, 2); len(enc) > 3*100 {
		t.Errorf("100 runs of 100 take %d bytes", len(enc))
	}
}

func TestDecodeHybridErrors(t *testing.T) {
	for _, c := range []struct {
		name     string
		src      []byte
		bitWidth int
		n        int
		want     string
	}{
		{"width 33", []byte{2, 0}, 33, 1, "bit width 33"},
		{"width -1", []byte{2, 0}, -1, 1, "bit width -1"},
		{"negative n", []byte{2, 0}, 1, -1, "-1 values"},
		{"empty", nil, 1, 1, "ends after 0 of 1"},
		{"short", []byte{4, 1}, 1, 3, "ends after 2 of 3"},
		{"header cut", []byte{0x80}, 1, 1, "ends"},
		{"header overflow", bytes.Repeat([]byte{0xFF}, 11), 1, 1, "beyond 64 bits"},
		{"no repeated value", []byte{4}, 1, 1, "repeated value"},
		{"value too wide", []byte{4, 9}, 3, 2, "9 does not fit in 3 bits"},
		{"value too wide 2 bytes", []byte{4, 0, 2}, 9, 2, "does not fit"},
		{"packed cut", []byte{3, 0xFF}, 3, 8, "bit-packed"},
	} {
		dst := []int32{7}
		got, _, err := DecodeHybrid(dst, c.src, c.bitWidth, c.n)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
		if !slices.Equal(got, dst) {
			t.Errorf("%s: dst became %v", c.name, got)
		}
	}
	// parquet-go writes runs of true booleans with the byte 0xFF.
	got, _, err := DecodeHybrid(nil, []byte{16, 0xFF}, 1, 8)
	if err != nil || !slices.Equal(got, slices.Repeat([]int32{1}, 8)) {
		t.Errorf("a run of 0xFF at width 1: %v, %v", got, err)
	}
	if _, _, err := DecodeHybrid(nil, []byte{16, 0xFE}, 1, 8); err == nil {
		t.Error("a run of 0xFE at width 1 decoded")
	}
	// Zero bytes are enough when the values taken are in them.
	got, used, err := DecodeHybrid(nil, []byte{0x0B, 0xFF}, 1, 8)
	if err != nil || used != 2 || !slices.Equal(got, slices.Repeat([]int32{1}, 8)) {
		t.Errorf("a bit-packed run cut short after the values needed: %v, %d, %v", got, used, err)
	}
}

func deltaInputs(r *rand.Rand, n int) map[string][]int64 {
	fill := func(f func(i int) int64) []int64 {
		v := make([]int64, n)
		for i := range v {
			v[i] = f(i)
		}
		return v
	}
	return map[string][]int64{
		"random":     fill(func(int) int64 { return int64(r.Uint64()) }),
		"small":      fill(func(int) int64 { return r.Int64N(100) - 50 }),
		"increasing": fill(func(i int) int64 { return 1000 + 3*int64(i) }),
		"constant":   fill(func(int) int64 { return -7 }),
		"extremes": fill(func(i int) int64 {
			if i%2 == 0 {
				return math.MinInt64
			}
			return math.MaxInt64
		}),
		"mixed widths": fill(func(i int) int64 {
			if i%40 < 10 {
				return int64(r.Uint64())
			}
			return int64(i)
		}),
	}
}

func TestDeltaBinaryPackedRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range append(testLengths, 4097) {
		for name, values := range deltaInputs(r, n) {
			enc := AppendDeltaBinaryPacked([]byte{1}, values)[1:]
			// Trailing bytes must be left alone.
			got, used, err := DecodeDeltaBinaryPacked([]int64{9}, append(slices.Clip(enc), 0xEE, 0xEE), n)
			if err != nil {
				t.Fatalf("%d %s values: %v", n, name, err)
			}
			if used != len(enc) {
				t.Errorf("%d %s values: consumed %d of %d bytes", n, name, used, len(enc))
			}
			if got[0] != 9 || !slices.Equal(got[1:], values) {
				t.Fatalf("%d %s values: decoded %v, want %v", n, name, got[1:], values)
			}
			if n > 0 {
				if _, _, err := DecodeDeltaBinaryPacked(nil, enc, n-1); err == nil {
					t.Errorf("%d %s values: decoded with max %d", n, name, n-1)
				}
			}
		}
	}
}

func TestDeltaBinaryPackedKnownBytes(t *testing.T) {
	// Example 1 of Encodings.md: 1 2 3 4 5, deltas all 1.
	want := []byte{0x80, 0x01, 0x04, 0x05, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00}
	if got := AppendDeltaBinaryPacked(nil, []int64{1, 2, 3, 4, 5}); !bytes.Equal(got, want) {
		t.Errorf("1..5: % x, want % x", got, want)
	}
	// Example 2: 7 5 3 1 2 3 4 5, min delta -2, deltas 0 0 0 3 3 3 3 in 2 bits,
	// padded to 32 values.
	want = append([]byte{0x80, 0x01, 0x04, 0x08, 0x0E, 0x03, 0x02, 0x00, 0x00, 0x00, 0xC0, 0x3F}, make([]byte, 6)...)
	if got := AppendDeltaBinaryPacked(nil, []int64{7, 5, 3, 1, 2, 3, 4, 5}); !bytes.Equal(got, want) {
		t.Errorf("7 5 3 1 2 3 4 5: % x, want % x", got, want)
	}
	if got := AppendDeltaBinaryPacked(nil, nil); !bytes.Equal(got, []byte{0x80, 0x01, 0x04, 0x00, 0x00}) {
		t.Errorf("no values: % x", got)
	}
}

// encodeDeltaWith writes DELTA_BINARY_PACKED with any block layout, one bit at
// a time, independently of the package's encoder; junk fills the bit widths
// of unneeded miniblocks, which readers must ignore.
func encodeDeltaWith(values []int64, blockSize, miniblocks int, junk byte) []byte {
	dst := binary.AppendUvarint(nil, uint64(blockSize))
	dst = binary.AppendUvarint(dst, uint64(miniblocks))
	dst = binary.AppendUvarint(dst, uint64(len(values)))
	var first int64
	if len(values) > 0 {
		first = values[0]
	}
	dst = binary.AppendVarint(dst, first)
	mbSize := blockSize / miniblocks
	for i := 1; i < len(values); i += blockSize {
		end := min(i+blockSize, len(values))
		deltas := make([]uint64, blockSize)
		minDelta := int64(math.MaxInt64)
		for j := i; j < end; j++ {
			minDelta = min(minDelta, values[j]-values[j-1])
		}
		for j := i; j < end; j++ {
			deltas[j-i] = uint64(values[j] - values[j-1] - minDelta)
		}
		dst = binary.AppendVarint(dst, minDelta)
		widths := make([]int, miniblocks)
		for m := range miniblocks {
			if m*mbSize >= end-i {
				dst = append(dst, junk)
				continue
			}
			for _, d := range deltas[m*mbSize : (m+1)*mbSize] {
				widths[m] = max(widths[m], 64-countLeadingZeros(d))
			}
			dst = append(dst, byte(widths[m]))
		}
		for m := range miniblocks {
			if m*mbSize >= end-i {
				break
			}
			bitsOut := make([]byte, mbSize*widths[m]/8)
			for k, d := range deltas[m*mbSize : (m+1)*mbSize] {
				for b := range widths[m] {
					if d>>b&1 != 0 {
						bit := k*widths[m] + b
						bitsOut[bit/8] |= 1 << (bit % 8)
					}
				}
			}
			dst = append(dst, bitsOut...)
		}
	}
	return dst
}

func countLeadingZeros(x uint64) int {
	n := 0
	for b := 63; b >= 0 && x>>b&1 == 0; b-- {
		n++
	}
	return n
}

func TestDecodeDeltaBinaryPackedLayouts(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, layout := range [][2]int{{128, 4}, {128, 1}, {128, 2}, {256, 8}, {256, 2}, {384, 3}, {1024, 32}, {512, 1}} {
		for _, n := range []int{0, 1, 2, 33, 128, 129, 130, 500, 1025, 2000} {
			for name, values := range deltaInputs(r, n) {
				enc := encodeDeltaWith(values, layout[0], layout[1], 0xFF)
				got, used, err := DecodeDeltaBinaryPacked(nil, append(slices.Clip(enc), 1, 2, 3), n)
				if err != nil || used != len(enc) || !slices.Equal(got, values) {
					t.Fatalf("layout %v, %d %s values: used %d of %d, %v", layout, n, name, used, len(enc), err)
				}
			}
		}
	}
	// The package's encoder agrees with the bit-at-a-time one.
	for name, values := range deltaInputs(r, 1000) {
		if a, b := AppendDeltaBinaryPacked(nil, values), encodeDeltaWith(values, 128, 4, 0); !bytes.Equal(a, b) {
			t.Errorf("%s: encoders disagree", name)
		}
	}
}

func TestDecodeDeltaBinaryPackedInt32Wrap(t *testing.T) {
	// INT32 columns wrap at 32 bits; the writer's deltas then look small.
	values := []int32{math.MinInt32, math.MaxInt32, 0, math.MinInt32, -1, math.MaxInt32}
	src := []byte{0x80, 0x01, 0x04, 0x06}
	src = binary.AppendVarint(src, math.MinInt32)
	src = binary.AppendVarint(src, -1) // min delta
	src = append(src, 32, 0, 0, 0)
	// Deltas minus the minimum, in 32-bit arithmetic.
	for i := 1; i < len(values); i++ {
		src = binary.LittleEndian.AppendUint32(src, uint32(values[i]-values[i-1]+1))
	}
	src = append(src, make([]byte, 4*(32-5))...)
	got, used, err := DecodeDeltaBinaryPacked(nil, src, 10)
	if err != nil || used != len(src) {
		t.Fatalf("%v, used %d of %d", err, used, len(src))
	}
	for i, v := range got {
		if int32(v) != values[i] {
			t.Errorf("value %d: %d, want %d", i, int32(v), values[i])
		}
	}
}

func TestAppendDeltaBinaryPackedInt32(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	values := make([]int32, 1000)
	for i := range values {
		switch i % 3 {
		case 0:
			values[i] = math.MinInt32
		case 1:
			values[i] = math.MaxInt32
		default:
			values[i] = int32(r.Uint32())
		}
	}
	enc := AppendDeltaBinaryPackedInt32(nil, values)
	// Walk the blocks: no miniblock may be wider than 32 bits.
	pos := 0
	for range 4 {
		_, k := binary.Uvarint(enc[pos:])
		pos += k
	}
	for left := len(values) - 1; left > 0; left -= 128 {
		_, k := binary.Varint(enc[pos:])
		pos += k
		widths := enc[pos : pos+4]
		pos += 4
		for m, w := range widths {
			if m*32 >= left {
				break
			}
			if w > 32 {
				t.Fatalf("a miniblock of width %d", w)
			}
			pos += 4 * int(w)
		}
	}
	if pos != len(enc) {
		t.Fatalf("walked %d of %d bytes", pos, len(enc))
	}
	got, _, err := DecodeDeltaBinaryPacked(nil, enc, len(values))
	if err != nil || len(got) != len(values) {
		t.Fatal(err)
	}
	for i, v := range got {
		if int32(v) != values[i] {
			t.Fatalf("value %d: %d, want %d", i, int32(v), values[i])
		}
	}
}

func TestDecodeDeltaBinaryPackedErrors(t *testing.T) {
	valid := AppendDeltaBinaryPacked(nil, []int64{1, 5, 2, 8, 1000, -3})
	for _, c := range []struct {
		name string
		src  []byte
		max  int
		want string
	}{
		{"empty", nil, 10, "missing block size"},
		{"too many", AppendDeltaBinaryPacked(nil, make([]int64, 70000)), 65536, "70000 values, more than the 65536"},
		{"negative max", valid, -1, "more than"},
		{"block size 100", []byte{100, 4, 2, 0}, 10, "block size 100"},
		{"block size 0", []byte{0, 4, 2, 0}, 10, "block size 0"},
		{"miniblocks of 16", []byte{0x80, 0x01, 8, 2, 0}, 10, "8 miniblocks"},
		{"no miniblocks", []byte{0x80, 0x01, 0, 2, 0}, 10, "0 miniblocks"},
		{"missing first", []byte{0x80, 0x01, 4, 2}, 10, "first value"},
		{"missing block", []byte{0x80, 0x01, 4, 2, 0}, 10, "minimum delta"},
		{"missing widths", []byte{0x80, 0x01, 4, 2, 0, 0, 0}, 10, "bit widths"},
		{"width 65", []byte{0x80, 0x01, 4, 2, 0, 0, 65, 0, 0, 0}, 10, "bit width 65"},
		{"cut miniblock", valid[:len(valid)-1], 10, "ends in a miniblock"},
		{"huge miniblock count", append(binary.AppendUvarint(binary.AppendUvarint(nil, 1<<20), 1<<15), 2, 0, 0, 0), 10, "bit widths"},
		{"huge block", binary.AppendUvarint(nil, 1<<62), 10, "miniblock count"},
	} {
		dst := []int64{4}
		got, _, err := DecodeDeltaBinaryPacked(dst, c.src, c.max)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
		if !slices.Equal(got, dst) {
			t.Errorf("%s: dst became %v", c.name, got)
		}
	}
	// A single huge miniblock whose few values are present is fine, as long as
	// the miniblock's full size is there.
	src := binary.AppendUvarint(nil, 1<<40)
	src = binary.AppendUvarint(src, 1)
	src = append(src, 3, 0, 0, 1, 0)
	if _, _, err := DecodeDeltaBinaryPacked(nil, src, 10); err == nil || !strings.Contains(err.Error(), "ends in a miniblock") {
		t.Errorf("a miniblock of 2^40 values of width 1 in 0 bytes: %v", err)
	}
	src[len(src)-2] = 0 // width 0: no bytes at all
	got, _, err := DecodeDeltaBinaryPacked(nil, src, 10)
	if err != nil || !slices.Equal(got, []int64{0, 0, 0}) {
		t.Errorf("a miniblock of 2^40 values of width 0: %v, %v", got, err)
	}
}

func TestPlainRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, n := range testLengths {
		i32 := make([]int32, n)
		i64 := make([]int64, n)
		bs := make([]bool, n)
		for i := range n {
			i32[i], i64[i], bs[i] = int32(r.Uint32()), int64(r.Uint64()), r.IntN(2) == 0
		}
		if n > 1 {
			i32[0], i32[1], i64[0], i64[1] = math.MinInt32, math.MaxInt32, math.MinInt64, math.MaxInt64
		}
		src := AppendPlainInt32(nil, i32)
		got32, used, err := DecodePlainInt32([]int32{1}, append(src, 9), n)
		if err != nil || used != 4*n || !slices.Equal(got32[1:], i32) {
			t.Fatalf("int32 x %d: %v, %d", n, err, used)
		}
		src = AppendPlainInt64(nil, i64)
		got64, used, err := DecodePlainInt64([]int64{1}, append(src, 9), n)
		if err != nil || used != 8*n || !slices.Equal(got64[1:], i64) {
			t.Fatalf("int64 x %d: %v, %d", n, err, used)
		}
		src = AppendPlainBool(nil, bs)
		if len(src) != (n+7)/8 {
			t.Fatalf("bool x %d: %d bytes", n, len(src))
		}
		gotB, used, err := DecodePlainBool([]bool{true}, append(src, 0xFF), n)
		if err != nil || used != (n+7)/8 || !slices.Equal(gotB[1:], bs) {
			t.Fatalf("bool x %d: %v, %d", n, err, used)
		}
	}
	if got := AppendPlainBool(nil, []bool{true, false, true, true, false, false, false, false, true}); !bytes.Equal(got, []byte{0x0D, 0x01}) {
		t.Errorf("booleans: % x", got)
	}
	if got := AppendPlainInt32(nil, []int32{1, -2}); !bytes.Equal(got, []byte{1, 0, 0, 0, 0xFE, 0xFF, 0xFF, 0xFF}) {
		t.Errorf("int32: % x", got)
	}
	for _, f := range []func() error{
		func() error { _, _, err := DecodePlainInt32(nil, make([]byte, 7), 2); return err },
		func() error { _, _, err := DecodePlainInt32(nil, nil, -1); return err },
		func() error { _, _, err := DecodePlainInt64(nil, make([]byte, 15), 2); return err },
		func() error { _, _, err := DecodePlainBool(nil, make([]byte, 1), 9); return err },
		func() error { _, _, err := DecodePlainInt32(nil, nil, math.MaxInt); return err },
	} {
		if f() == nil {
			t.Error("a short input decoded")
		}
	}
}

// byteArrayInputs returns columns of strings: empty ones, long shared
// prefixes, random bytes.
func byteArrayInputs(r *rand.Rand, n int) map[string]*ByteArrays {
	make1 := func(f func(i int) []byte) *ByteArrays {
		b := &ByteArrays{}
		for i := range n {
			b.Append(f(i))
		}
		return b
	}
	long := bytes.Repeat([]byte("prefix/"), 200)
	return map[string]*ByteArrays{
		"empty strings": make1(func(int) []byte { return nil }),
		"random": make1(func(int) []byte {
			v := make([]byte, r.IntN(40))
			for i := range v {
				v[i] = byte(r.Uint32())
			}
			return v
		}),
		"shared prefixes": make1(func(i int) []byte {
			return append(long[:r.IntN(len(long))], byte(i), byte(i>>8))
		}),
		"sorted": make1(func(i int) []byte {
			return []byte(strings.Repeat("k", i%5) + string(rune('a'+i%26)))
		}),
		"identical": make1(func(int) []byte { return long }),
		"mixed": make1(func(i int) []byte {
			if i%3 == 0 {
				return nil
			}
			return long[:i%len(long)]
		}),
	}
}

func equalByteArrays(a, b *ByteArrays) bool {
	if a.Len() != b.Len() {
		return false
	}
	for i := range a.Len() {
		if !bytes.Equal(a.At(i), b.At(i)) {
			return false
		}
	}
	return true
}

func TestByteArrays(t *testing.T) {
	var b ByteArrays
	if b.Len() != 0 {
		t.Fatal("zero value not empty")
	}
	b.Append([]byte("ab"))
	b.Append(nil)
	b.Append([]byte("cde"))
	if b.Len() != 3 || string(b.At(0)) != "ab" || len(b.At(1)) != 0 || string(b.At(2)) != "cde" {
		t.Fatalf("%+v", b)
	}
	if !slices.Equal(b.Offsets, []int32{0, 2, 2, 5}) || string(b.Data) != "abcde" {
		t.Fatalf("%+v", b)
	}
	if cap(b.At(0)) != 2 {
		t.Error("At leaves capacity that appends would overwrite")
	}
	b.Reset()
	if b.Len() != 0 || len(b.Data) != 0 {
		t.Fatalf("after Reset: %+v", b)
	}
	b.Append([]byte("x"))
	if b.Len() != 1 || string(b.At(0)) != "x" {
		t.Fatalf("after Reset and Append: %+v", b)
	}
}

func TestByteArrayRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	type codec struct {
		name   string
		append func([]byte, *ByteArrays) []byte
		decode func(*ByteArrays, []byte, int) (int, error)
	}
	for _, c := range []codec{
		{"plain", AppendPlainByteArray, DecodePlainByteArray},
		{"delta length", AppendDeltaLengthByteArray, DecodeDeltaLengthByteArray},
		{"delta", AppendDeltaByteArray, DecodeDeltaByteArray},
	} {
		for _, n := range testLengths {
			for name, v := range byteArrayInputs(r, n) {
				enc := c.append([]byte{3}, v)[1:]
				got := &ByteArrays{}
				got.Append([]byte("before"))
				used, err := c.decode(got, append(slices.Clip(enc), 0xEE), n)
				if err != nil || used != len(enc) {
					t.Fatalf("%s, %d %s: %v, used %d of %d", c.name, n, name, err, used, len(enc))
				}
				if got.Len() != n+1 || string(got.At(0)) != "before" {
					t.Fatalf("%s, %d %s: %d values", c.name, n, name, got.Len())
				}
				got.Data = got.Data[6:]
				got.Offsets = got.Offsets[1:]
				for i := range got.Offsets {
					got.Offsets[i] -= 6
				}
				if !equalByteArrays(got, v) {
					t.Fatalf("%s, %d %s: values differ", c.name, n, name)
				}
			}
		}
	}
	// Shared prefixes make DELTA_BYTE_ARRAY small.
	v := byteArrayInputs(r, 1000)["identical"]
	if enc := AppendDeltaByteArray(nil, v); len(enc) > len(v.At(0))+400 {
		t.Errorf("1000 identical values take %d bytes", len(enc))
	}
}

func TestDecodeByteArrayErrors(t *testing.T) {
	deltaLengths := func(lengths ...int64) []byte { return AppendDeltaBinaryPacked(nil, lengths) }
	for _, c := range []struct {
		name   string
		decode func(*ByteArrays, []byte, int) (int, error)
		src    []byte
		n      int
		want   string
	}{
		{"plain length cut", DecodePlainByteArray, []byte{1, 0, 0, 0, 'a', 1, 0, 0}, 2, "ends in the length"},
		{"plain too long", DecodePlainByteArray, []byte{5, 0, 0, 0, 'a'}, 1, "5 bytes, beyond the 1 left"},
		{"plain huge length", DecodePlainByteArray, []byte{0xFF, 0xFF, 0xFF, 0xFF, 'a'}, 1, "beyond"},
		{"plain n too big", DecodePlainByteArray, []byte{0, 0, 0, 0}, 2, "2 byte arrays in 4 bytes"},
		{"plain negative n", DecodePlainByteArray, nil, -1, "-1 byte arrays"},
		{"length beyond src", DecodeDeltaLengthByteArray, append(deltaLengths(1, 1<<40), 'a'), 10, "1099511627776 bytes, beyond the 0 left"},
		{"negative length", DecodeDeltaLengthByteArray, append(deltaLengths(-1), 'a'), 10, "-1 bytes"},
		{"too many lengths", DecodeDeltaLengthByteArray, deltaLengths(0, 0, 0), 2, "more than the 2"},
		{"bad lengths", DecodeDeltaLengthByteArray, []byte{1}, 2, "lengths"},
		{"prefix beyond previous", DecodeDeltaByteArray, append(append(deltaLengths(0, 3), deltaLengths(2, 1)...), "abc"...), 10, "value 1 shares 3 bytes with the 2-byte value"},
		{"first prefix", DecodeDeltaByteArray, append(append(deltaLengths(1), deltaLengths(2)...), "ab"...), 10, "value 0 shares 1 bytes"},
		{"negative prefix", DecodeDeltaByteArray, append(append(deltaLengths(-1), deltaLengths(2)...), "ab"...), 10, "shares -1"},
		{"negative suffix", DecodeDeltaByteArray, append(append(deltaLengths(0), deltaLengths(-2)...), "ab"...), 10, "-2 bytes"},
		{"suffix beyond src", DecodeDeltaByteArray, append(append(deltaLengths(0, 0), deltaLengths(2, 1)...), "ab"...), 10, "value 1 ends in 1 bytes, beyond the 0 left"},
		{"count mismatch", DecodeDeltaByteArray, append(append(deltaLengths(0, 0), deltaLengths(2)...), "ab"...), 10, "2 prefix lengths and 1 suffix lengths"},
		{"too many prefixes", DecodeDeltaByteArray, append(deltaLengths(0, 0, 0), deltaLengths(0, 0, 0)...), 2, "more than the 2"},
		{"no suffixes", DecodeDeltaByteArray, deltaLengths(0), 2, "suffix lengths"},
	} {
		dst := &ByteArrays{}
		dst.Append([]byte("kept"))
		_, err := c.decode(dst, c.src, c.n)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
		if dst.Len() != 1 || string(dst.Data) != "kept" || len(dst.Offsets) != 2 {
			t.Errorf("%s: dst became %+v", c.name, dst)
		}
	}
	// A damaged page whose prefixes would expand past 256 MiB fails before
	// allocating: 40000 copies of a 64 KiB value, 2.6 GB.
	src := AppendDeltaBinaryPacked(nil, append([]int64{0}, slices.Repeat([]int64{1 << 16}, 39999)...))
	src = append(src, AppendDeltaBinaryPacked(nil, append([]int64{1 << 16}, make([]int64, 39999)...))...)
	src = append(src, make([]byte, 1<<16)...)
	if _, err := DecodeDeltaByteArray(&ByteArrays{}, src, 40000); err == nil || !strings.Contains(err.Error(), "256 MiB") {
		t.Errorf("2.6 GB of values: %v", err)
	}
}
