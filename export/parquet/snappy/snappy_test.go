package snappy

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/klauspost/compress/s2"
	ksnappy "github.com/klauspost/compress/snappy"
)

// encoders are the independent oracle: other people's Snappy encoders, whose
// blocks Decode must return to the input byte for byte.
var encoders = []struct {
	name   string
	encode func(dst, src []byte) []byte
}{
	{"snappy.Encode", ksnappy.Encode},
	{"s2.EncodeSnappy", s2.EncodeSnappy},
	{"s2.EncodeSnappyBetter", s2.EncodeSnappyBetter},
	{"s2.EncodeSnappyBest", s2.EncodeSnappyBest},
}

// text returns n bytes of word-like text.
func text(r *rand.Rand, n int) []byte {
	words := strings.Fields("the quick brown fox jumps over a lazy dog parquet column page row group snake cube " +
		"value null dictionary encoding repetition definition level int64 double varchar timestamp")
	var b bytes.Buffer
	for b.Len() < n {
		b.WriteString(words[r.IntN(len(words))])
		if r.IntN(9) == 0 {
			b.WriteString(".\n")
		} else {
			b.WriteByte(' ')
		}
	}
	return b.Bytes()[:n]
}

// ints returns n bytes of little-endian int64s that mostly grow slowly, as a
// sorted column's plain-encoded page holds them.
func ints(r *rand.Rand, n int) []byte {
	b := make([]byte, 0, n+8)
	v := int64(1_000_000)
	for len(b) < n {
		v += int64(r.IntN(16))
		b = binary.LittleEndian.AppendUint64(b, uint64(v))
	}
	return b[:n]
}

func random(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// periodic returns n bytes repeating a pattern of period bytes: runs whose
// copies overlap themselves.
func periodic(r *rand.Rand, period, n int) []byte {
	p := random(r, period)
	b := make([]byte, n)
	for i := range b {
		b[i] = p[i%period]
	}
	return b
}

type sample struct {
	name string
	data []byte
}

func samples() []sample {
	r := rand.New(rand.NewPCG(1, 2))
	s := []sample{
		{"empty", nil},
		{"one byte", []byte{'x'}},
		{"two bytes", []byte{0, 0}},
		{"zeros 100000", make([]byte, 100000)},
		{"text 100", text(r, 100)},
		{"text 5000", text(r, 5000)},
		{"ints 70000", ints(r, 70000)},
		{"random 1000", random(r, 1000)},
		{"random 200000", random(r, 200000)},
		{"text 1MiB", text(r, 1<<20)},
		{"ints 1MiB", ints(r, 1<<20)},
	}
	for _, p := range []int{1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 63, 64, 65, 100, 2047, 2048, 2049} {
		s = append(s, sample{fmt.Sprintf("period %d", p), periodic(r, p, 20000+p)})
	}
	for _, n := range []int{65535, 65536, 65537, 131072, 131073} {
		s = append(s,
			sample{fmt.Sprintf("random %d", n), random(r, n)},
			sample{fmt.Sprintf("text %d", n), text(r, n)},
			sample{fmt.Sprintf("zeros %d", n), make([]byte, n)})
	}
	// Text that repeats after more than 64 KiB, and a mix of kinds.
	t := text(r, 70000)
	s = append(s, sample{"text repeated after 70000", append(append(random(r, 3000), t...), t...)})
	var mix []byte
	for len(mix) < 300000 {
		switch r.IntN(4) {
		case 0:
			mix = append(mix, random(r, r.IntN(500))...)
		case 1:
			mix = append(mix, text(r, r.IntN(5000))...)
		case 2:
			mix = append(mix, periodic(r, 1+r.IntN(12), r.IntN(3000))...)
		default:
			mix = append(mix, ints(r, r.IntN(4000))...)
		}
	}
	return append(s, sample{"mix", mix})
}

func TestOracle(t *testing.T) {
	for _, sm := range samples() {
		for _, e := range encoders {
			enc := e.encode(nil, sm.data)
			n, err := DecodedLen(enc)
			if err != nil || n != len(sm.data) {
				t.Errorf("%s, %s: DecodedLen = %d, %v; want %d", sm.name, e.name, n, err, len(sm.data))
			}
			got, err := Decode(nil, enc, len(sm.data))
			if err != nil {
				t.Errorf("%s, %s: %v", sm.name, e.name, err)
				continue
			}
			if !bytes.Equal(got, sm.data) {
				t.Errorf("%s, %s: decoded %d bytes unlike the %d encoded", sm.name, e.name, len(got), len(sm.data))
			}
		}
	}
}

func TestReuse(t *testing.T) {
	data := text(rand.New(rand.NewPCG(3, 4)), 10000)
	enc := ksnappy.Encode(nil, data)
	buf := bytes.Repeat([]byte{0xee}, 20000)
	got, err := Decode(buf[:5], enc, 1<<20)
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("Decode into a roomy dst: %v, equal %v", err, bytes.Equal(got, data))
	}
	if &got[0] != &buf[0] {
		t.Error("Decode allocated although dst had the capacity")
	}
	small := make([]byte, 10, 100)
	got, err = Decode(small, enc, 1<<20)
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("Decode into a small dst: %v", err)
	}
	if got, err := Decode(buf, []byte{0}, 0); err != nil || len(got) != 0 {
		t.Errorf("Decode of the empty block = %d bytes, %v", len(got), err)
	}
}

// builder writes a block element by element, by hand, and keeps the output
// it must decode to, computed byte by byte.
type builder struct {
	elems []byte
	want  []byte
}

// literal appends a literal of p whose length takes extra bytes after the
// tag: 0 for lengths up to 60 in the tag, else 1 to 4.
func (b *builder) literal(p []byte, extra int) {
	n := uint32(len(p) - 1)
	if extra == 0 {
		if len(p) > 60 || len(p) == 0 {
			panic("bad inline literal")
		}
		b.elems = append(b.elems, byte(n<<2))
	} else {
		b.elems = append(b.elems, byte((59+extra)<<2))
		var le [4]byte
		binary.LittleEndian.PutUint32(le[:], n)
		if extra < 4 && n>>(8*extra) != 0 {
			panic("literal too long for its length bytes")
		}
		b.elems = append(b.elems, le[:extra]...)
	}
	b.elems = append(b.elems, p...)
	b.want = append(b.want, p...)
}

// copyN appends a copy of length bytes from offset back, with a kind-byte
// offset: 1, 2 or 4.
func (b *builder) copyN(kind, offset, length int) {
	switch kind {
	case 1:
		if length < 4 || length > 11 || offset >= 1<<11 {
			panic("bad copy1")
		}
		b.elems = append(b.elems, byte(offset>>8)<<5|byte(length-4)<<2|tagCopy1, byte(offset))
	case 2:
		if length < 1 || length > 64 || offset >= 1<<16 {
			panic("bad copy2")
		}
		b.elems = append(b.elems, byte(length-1)<<2|tagCopy2)
		b.elems = binary.LittleEndian.AppendUint16(b.elems, uint16(offset))
	case 4:
		if length < 1 || length > 64 {
			panic("bad copy4")
		}
		b.elems = append(b.elems, byte(length-1)<<2|tagCopy4)
		b.elems = binary.LittleEndian.AppendUint32(b.elems, uint32(offset))
	default:
		panic("bad kind")
	}
	for range length {
		b.want = append(b.want, b.want[len(b.want)-offset])
	}
}

// block returns the block: the output's length, then the elements.
func (b *builder) block() []byte {
	return append(binary.AppendUvarint(nil, uint64(len(b.want))), b.elems...)
}

func (b *builder) check(t *testing.T, name string) {
	t.Helper()
	blk := b.block()
	if n, err := DecodedLen(blk); err != nil || n != len(b.want) {
		t.Errorf("%s: DecodedLen = %d, %v; want %d", name, n, err, len(b.want))
	}
	got, err := Decode(nil, blk, len(b.want))
	if err != nil {
		t.Errorf("%s: %v", name, err)
	} else if !bytes.Equal(got, b.want) {
		t.Errorf("%s: decoded\n%x\nwant\n%x", name, got, b.want)
	}
	// Whatever the oracle decodes, it must agree.
	if o, err := ksnappy.Decode(nil, blk); err == nil && !bytes.Equal(o, b.want) {
		t.Errorf("%s: the hand-built block's expectation disagrees with klauspost's decoder", name)
	}
}

func TestHandBuilt(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	// Literals of every length form.
	for _, extra := range []int{0, 1, 2, 3, 4} {
		for _, n := range []int{1, 2, 59, 60, 61, 255, 256, 257, 65535, 65536, 65537, 70000} {
			if extra == 0 && n > 60 || extra == 1 && n > 256 || extra == 2 && n > 65536 {
				continue
			}
			var b builder
			b.literal(random(r, n), extra)
			b.check(t, fmt.Sprintf("literal of %d with %d length bytes", n, extra))
		}
	}
	// Two literals in a row, then copies of each kind, overlapping and not.
	for _, kind := range []int{1, 2, 4} {
		lengths := []int{1, 2, 3, 4, 5, 8, 11, 12, 16, 33, 63, 64}
		offsets := []int{1, 2, 3, 4, 7, 8, 9, 16, 100, 2047, 2048, 65535, 65536, 100000}
		for _, l := range lengths {
			for _, o := range offsets {
				if kind == 1 && (l < 4 || l > 11 || o >= 2048) || kind == 2 && o >= 65536 {
					continue
				}
				var b builder
				b.literal(random(r, 10), 0)
				b.literal(random(r, max(o, 1)), 4)
				b.copyN(kind, o, l)
				b.copyN(kind, o, l)
				b.literal([]byte{'z'}, 1)
				b.check(t, fmt.Sprintf("copy%d of %d bytes from %d back", kind, l, o))
			}
		}
	}
	// A copy reaching exactly to the output's start.
	var b builder
	b.literal([]byte("abcdefgh"), 0)
	b.copyN(4, 8, 64)
	b.copyN(1, 72, 11)
	b.check(t, "copies from the start")
}

// TestRandomElements builds blocks of random elements of every kind by hand.
func TestRandomElements(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := range 2000 {
		var b builder
		b.literal(random(r, 1+r.IntN(60)), 0)
		for range r.IntN(40) {
			switch k := r.IntN(5); k {
			case 0:
				n := 1 + r.IntN(300)
				extra := r.IntN(5)
				if extra == 0 && n > 60 {
					extra = 2
				} else if extra == 1 && n > 256 {
					extra = 3
				}
				b.literal(random(r, n), extra)
			case 1:
				b.copyN(1, 1+r.IntN(min(len(b.want), 2047)), 4+r.IntN(8))
			case 2:
				b.copyN(2, 1+r.IntN(min(len(b.want), 65535)), 1+r.IntN(64))
			default:
				b.copyN(4, 1+r.IntN(len(b.want)), 1+r.IntN(64))
			}
		}
		b.check(t, fmt.Sprintf("random block %d", i))
		if t.Failed() {
			return
		}
	}
}

func TestErrors(t *testing.T) {
	// five returns a block stating 5 bytes, with elems.
	five := func(elems ...byte) []byte { return append([]byte{5}, elems...) }
	tests := []struct {
		name string
		blk  []byte
		max  int
		want string
	}{
		{"empty", nil, 100, "snappy: the block is empty, without even its length"},
		{"truncated varint", []byte{0x80, 0x80}, 100, "snappy: the block's length varint is cut short after 2 bytes"},
		{"varint over 2^32-1", []byte{0xff, 0xff, 0xff, 0xff, 0x10}, math.MaxInt, "snappy: the block's length varint states more than 2^32-1 bytes"},
		{"varint of 6 bytes", []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0}, math.MaxInt, "snappy: the block's length varint states more than 2^32-1 bytes"},
		{"over max", []byte{0x80, 0x89, 0x7a}, 1 << 20, "snappy: the block states 2000000 bytes, more than the 1048576 allowed"},
		{"negative max", []byte{0}, -1, "snappy: the block states 0 bytes, more than the -1 allowed"},
		{"bomb", []byte{0xff, 0xff, 0x3f, 0}, math.MaxInt, "snappy: the block states 1048575 bytes, more than its 4 bytes can hold"},
		{"literal past input", five(4<<2, 'a', 'b'), 100, "snappy: the literal of 5 bytes at input offset 1 runs past the input's end, 2 bytes on"},
		{"literal length cut", five(62<<2, 1), 100, "snappy: the literal at input offset 1 is cut short in its 3-byte length"},
		{"huge literal", five(63<<2, 0xff, 0xff, 0xff, 0xff, 'a'), 100, "snappy: the literal of 4294967296 bytes at input offset 1 runs past the input's end, 1 bytes on"},
		{"literal past stated", five(5<<2, 1, 2, 3, 4, 5, 6), 100, "snappy: the literal of 6 bytes at output offset 0 runs past the 5 bytes stated"},
		{"copy first", five(0<<2|tagCopy2, 1, 0), 100, "snappy: a copy at offset 0 reaches 1 bytes back"},
		{"copy offset 0", five(0, 'a', 0<<2|tagCopy1, 0), 100, "snappy: a copy at offset 1 reaches 0 bytes back"},
		{"copy before start", five(0, 'a', 0<<2|tagCopy4, 2, 0, 0, 0), 100, "snappy: a copy at offset 1 reaches 2 bytes back"},
		{"copy4 far before start", five(0, 'a', 0<<2|tagCopy4, 0xff, 0xff, 0xff, 0xff), 100, "snappy: a copy at offset 1 reaches 4294967295 bytes back"},
		{"copy1 cut", five(0, 'a', tagCopy1), 100, "snappy: the copy at input offset 3 is cut short"},
		{"copy2 cut", five(0, 'a', tagCopy2, 1), 100, "snappy: the copy at input offset 3 is cut short"},
		{"copy4 cut", five(0, 'a', tagCopy4, 1, 0, 0), 100, "snappy: the copy at input offset 3 is cut short"},
		{"copy past stated", five(0, 'a', 4<<2|tagCopy2, 1, 0), 100, "snappy: the copy of 5 bytes at output offset 1 runs past the 5 bytes stated"},
		{"short", five(1<<2, 'a', 'b'), 100, "snappy: the block decodes to 2 bytes, not the 5 it states"},
		{"nothing", five(), 100, "snappy: the block states 5 bytes, more than its 1 bytes can hold"},
	}
	for _, tt := range tests {
		got, err := Decode(nil, tt.blk, tt.max)
		if err == nil {
			t.Errorf("%s: decoded %x, want error %q", tt.name, got, tt.want)
		} else if err.Error() != tt.want {
			t.Errorf("%s: error %q, want %q", tt.name, err, tt.want)
		}
	}
	if _, err := DecodedLen([]byte{0x80}); err == nil {
		t.Error("DecodedLen of a truncated varint succeeded")
	}
	if n, err := DecodedLen([]byte{0xff, 0xff, 0xff, 0xff, 0x0f}); err != nil || n != 1<<32-1 {
		t.Errorf("DecodedLen of 2^32-1 = %d, %v", n, err)
	}
	// The densest block: copies of 64 bytes from 3, right at the bound.
	var b builder
	b.literal([]byte{'a'}, 0)
	for range 1000 {
		b.copyN(2, 1, 64)
	}
	b.literal([]byte("bcdefghijklmnopqrst"), 0)
	b.check(t, "densest")
	// A stated length of max is allowed.
	if got, err := Decode(nil, []byte{3, 2 << 2, 'a', 'b', 'c'}, 3); err != nil || string(got) != "abc" {
		t.Errorf("Decode at exactly max = %q, %v", got, err)
	}
}

// TestDamaged truncates, extends and flips bytes in valid blocks.
func TestDamaged(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var blocks [][]byte
	for _, data := range [][]byte{
		[]byte("a"),
		text(r, 300),
		periodic(r, 3, 500),
		append(random(r, 200), text(r, 3000)...),
		ints(r, 20000),
	} {
		blocks = append(blocks, ksnappy.Encode(nil, data), s2.EncodeSnappyBest(nil, data))
	}
	var b builder
	b.literal(random(r, 300), 4)
	b.copyN(4, 100, 64)
	b.copyN(2, 7, 30)
	b.copyN(1, 300, 9)
	blocks = append(blocks, b.block())
	for i, blk := range blocks {
		want, err := Decode(nil, blk, 1<<20)
		if err != nil {
			t.Fatalf("block %d: %v", i, err)
		}
		buf := make([]byte, len(want))
		for n := range len(blk) {
			if got, err := Decode(buf, blk[:n], 1<<20); err == nil {
				t.Errorf("block %d cut to %d of %d bytes decoded to %d bytes", i, n, len(blk), len(got))
			}
		}
		for _, tail := range [][]byte{{0}, {tagCopy1}, {tagCopy2, 1, 0}, {tagCopy4, 1, 0, 0, 0}, {0x80}} {
			if _, err := Decode(nil, append(bytes.Clone(blk), tail...), 1<<20); err == nil {
				t.Errorf("block %d followed by %x decoded", i, tail)
			}
		}
		if _, err := Decode(nil, blk, len(want)-1); err == nil {
			t.Errorf("block %d decoded with max one less than its length", i)
		}
		for range 2000 {
			d := bytes.Clone(blk)
			for range 1 + r.IntN(3) {
				d[r.IntN(len(d))] ^= byte(1 + r.IntN(255))
			}
			checkArbitrary(t, d)
		}
	}
}

// checkArbitrary decodes any bytes: no panic; success means the length
// stated, and the same bytes klauspost's decoder, as lenient or more, gives.
func checkArbitrary(t *testing.T, blk []byte) {
	t.Helper()
	got, err := Decode(nil, blk, 1<<20)
	if err != nil {
		return
	}
	n, err := DecodedLen(blk)
	if err != nil || n != len(got) {
		t.Fatalf("%x: decoded %d bytes but DecodedLen = %d, %v", blk, len(got), n, err)
	}
	o, err := ksnappy.Decode(nil, blk)
	if err != nil {
		t.Fatalf("%x: decoded, but klauspost's decoder says %v", blk, err)
	}
	if !bytes.Equal(o, got) {
		t.Fatalf("%x: decoded\n%x\nunlike klauspost's\n%x", blk, got, o)
	}
}

func FuzzDecode(f *testing.F) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, data := range [][]byte{nil, []byte("a"), text(r, 200), periodic(r, 5, 300), random(r, 100), ints(r, 1000)} {
		f.Add(ksnappy.Encode(nil, data))
		f.Add(s2.EncodeSnappyBest(nil, data))
	}
	var b builder
	b.literal(random(r, 70), 4)
	b.copyN(4, 70, 64)
	b.copyN(2, 3, 20)
	b.copyN(1, 100, 11)
	f.Add(b.block())
	f.Fuzz(func(t *testing.T, blk []byte) {
		checkArbitrary(t, blk)
		// The bytes as data: encoded by the oracle, they must come back.
		enc := ksnappy.Encode(nil, blk)
		got, err := Decode(nil, enc, len(blk))
		if err != nil || !bytes.Equal(got, blk) {
			t.Fatalf("%x: round trip through klauspost's encoder: %v", blk, err)
		}
	})
}

// BenchmarkDecode decodes a 256 KiB page of the kind Parquet files hold:
// plain-encoded int64s, then text.
func BenchmarkDecode(b *testing.B) {
	r := rand.New(rand.NewPCG(13, 14))
	page := append(ints(r, 128<<10), text(r, 128<<10)...)
	enc := ksnappy.Encode(nil, page)
	dst := make([]byte, len(page))
	b.SetBytes(int64(len(page)))
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if dst, err = Decode(dst, enc, len(page)); err != nil {
			b.Fatal(err)
		}
	}
}
