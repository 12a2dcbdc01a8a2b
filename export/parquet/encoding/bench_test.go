package encoding

import (
	"math/rand/v2"
	"testing"
)

func BenchmarkDecodeHybrid(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	const n = 4096
	for _, c := range []struct {
		name     string
		bitWidth int
		runs     bool
	}{
		{"packed/width=1", 1, false},
		{"packed/width=3", 3, false},
		{"packed/width=8", 8, false},
		{"packed/width=17", 17, false},
		{"runs/width=2", 2, true},
	} {
		values := make([]int32, n)
		for i := range values {
			values[i] = int32(r.IntN(1 << c.bitWidth))
			if c.runs {
				values[i] = int32(i / 50 % 4)
			}
		}
		src := AppendHybrid(nil, values, c.bitWidth)
		dst := make([]int32, 0, n)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(4 * n)
			for b.Loop() {
				if _, _, err := DecodeHybrid(dst[:0], src, c.bitWidth, n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkAppendHybrid(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	values := make([]int32, 4096)
	for i := range values {
		values[i] = int32(r.IntN(8))
	}
	dst := make([]byte, 0, 4096)
	b.SetBytes(4 * int64(len(values)))
	for b.Loop() {
		dst = AppendHybrid(dst[:0], values, 3)
	}
}

func BenchmarkDecodePlainInt32(b *testing.B) {
	const n = 4096
	values := make([]int32, n)
	for i := range values {
		values[i] = int32(i * 7919)
	}
	src := AppendPlainInt32(nil, values)
	dst := make([]int32, 0, n)
	b.SetBytes(4 * n)
	for b.Loop() {
		if _, _, err := DecodePlainInt32(dst[:0], src, n); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeDeltaBinaryPacked(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	const n = 4096
	for _, c := range []struct {
		name   string
		spread int64
	}{{"width=0", 1}, {"width=7", 100}, {"width=20", 1 << 20}, {"width=64", 0}} {
		values := make([]int64, n)
		var x int64
		for i := range values {
			if c.spread == 0 {
				x = int64(r.Uint64())
			} else {
				x += r.Int64N(c.spread)
			}
			values[i] = x
		}
		src := AppendDeltaBinaryPacked(nil, values)
		dst := make([]int64, 0, n)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(8 * n)
			for b.Loop() {
				if _, _, err := DecodeDeltaBinaryPacked(dst[:0], src, n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDecodeDeltaByteArray(b *testing.B) {
	v := byteArrayInputs(rand.New(rand.NewPCG(7, 8)), 1000)["shared prefixes"]
	src := AppendDeltaByteArray(nil, v)
	dst := &ByteArrays{}
	b.SetBytes(int64(len(v.Data)))
	for b.Loop() {
		dst.Reset()
		if _, err := DecodeDeltaByteArray(dst, src, 1000); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodePlainByteArray(b *testing.B) {
	v := byteArrayInputs(rand.New(rand.NewPCG(9, 10)), 1000)["random"]
	src := AppendPlainByteArray(nil, v)
	dst := &ByteArrays{}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		dst.Reset()
		if _, err := DecodePlainByteArray(dst, src, 1000); err != nil {
			b.Fatal(err)
		}
	}
}
