package encoding

// parquet-go, the reader and writer this package replaces, serves as an
// independent oracle: what it writes we must read, and what we write it
// must read back as the same values.

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/parquet-go/parquet-go/encoding/delta"
	"github.com/parquet-go/parquet-go/encoding/plain"
	"github.com/parquet-go/parquet-go/encoding/rle"
)

func TestOracleHybrid(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for bitWidth := 1; bitWidth <= 32; bitWidth++ {
		enc := &rle.Encoding{BitWidth: bitWidth}
		for _, n := range testLengths {
			for name, values := range hybridInputs(r, bitWidth, n) {
				// Theirs to ours. parquet-go writes no length prefix here; it
				// adds one only for booleans.
				theirs, err := enc.EncodeInt32(nil, values)
				if err != nil {
					t.Fatal(err)
				}
				got, used, err := DecodeHybrid(nil, theirs, bitWidth, n)
				if err != nil || !slices.Equal(got, values) {
					t.Fatalf("width %d, %d %s values from parquet-go: %v", bitWidth, n, name, err)
				}
				if used != len(theirs) {
					t.Errorf("width %d, %d %s values from parquet-go: consumed %d of %d bytes", bitWidth, n, name, used, len(theirs))
				}
				// Ours to theirs: it decodes whole groups, padding included.
				ours := AppendHybrid(nil, values, bitWidth)
				back, err := enc.DecodeInt32(nil, ours)
				if err != nil || len(back) < n || !slices.Equal(back[:n], values) {
					t.Fatalf("width %d, %d %s values to parquet-go: %v", bitWidth, n, name, err)
				}
				if len(back) > n+7 {
					t.Fatalf("width %d, %d %s values to parquet-go: %d values", bitWidth, n, name, len(back))
				}
				if bitWidth > 8 {
					continue
				}
				levels := make([]uint8, n)
				for i, v := range values {
					levels[i] = uint8(v)
				}
				theirs, err = enc.EncodeLevels(nil, levels)
				if err != nil {
					t.Fatal(err)
				}
				got, _, err = DecodeHybrid(got[:0], theirs, bitWidth, n)
				if err != nil || !slices.Equal(got, values) {
					t.Fatalf("width %d, %d %s levels from parquet-go: %v", bitWidth, n, name, err)
				}
				backLevels, err := enc.DecodeLevels(nil, ours)
				if err != nil || len(backLevels) < n || !bytes.Equal(backLevels[:n], levels) {
					t.Fatalf("width %d, %d %s levels to parquet-go: %v", bitWidth, n, name, err)
				}
			}
		}
	}
}

func TestOracleHybridBooleans(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	enc := &rle.Encoding{BitWidth: 1}
	for _, n := range testLengths {
		for name, values := range hybridInputs(r, 1, n) {
			var packed []byte
			for i, v := range values {
				packed = plain.AppendBoolean(packed, i, v != 0)
			}
			theirs, err := enc.EncodeBoolean(nil, packed)
			if err != nil {
				t.Fatal(err)
			}
			// Booleans carry the 4-byte length prefix; their encoder works
			// in bytes, so it may state up to 7 values more than n.
			got, _, err := DecodeHybrid(nil, theirs[4:], 1, n)
			if err != nil || !slices.Equal(got, values) {
				t.Fatalf("%d %s booleans from parquet-go: %v", n, name, err)
			}
		}
	}
}

func TestOracleDeltaBinaryPacked(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	enc := &delta.BinaryPackedEncoding{}
	for _, n := range append(testLengths, 5000) {
		for name, values := range deltaInputs(r, n) {
			theirs, err := enc.EncodeInt64(nil, values)
			if err != nil {
				t.Fatal(err)
			}
			got, used, err := DecodeDeltaBinaryPacked(nil, theirs, n)
			if err != nil || used != len(theirs) || !slices.Equal(got, values) {
				t.Fatalf("%d %s values from parquet-go: %v, used %d of %d", n, name, err, used, len(theirs))
			}
			ours := AppendDeltaBinaryPacked(nil, values)
			back, err := enc.DecodeInt64(nil, ours)
			if err != nil || !slices.Equal(back, values) {
				t.Fatalf("%d %s values to parquet-go: %v", n, name, err)
			}

			// INT32 columns: parquet-go's deltas wrap at 32 bits.
			v32 := make([]int32, n)
			for i, v := range values {
				v32[i] = int32(v)
			}
			theirs, err = enc.EncodeInt32(nil, v32)
			if err != nil {
				t.Fatal(err)
			}
			got, _, err = DecodeDeltaBinaryPacked(got[:0], theirs, n)
			if err != nil || len(got) != n {
				t.Fatalf("%d %s int32 values from parquet-go: %v", n, name, err)
			}
			for i, v := range got {
				if int32(v) != v32[i] {
					t.Fatalf("%d %s int32 values from parquet-go: value %d is %d, want %d", n, name, i, int32(v), v32[i])
				}
			}
			ours32 := AppendDeltaBinaryPackedInt32(nil, v32)
			back32, err := enc.DecodeInt32(nil, ours32)
			if err != nil || !slices.Equal(back32, v32) {
				t.Fatalf("%d %s int32 values to parquet-go: %v", n, name, err)
			}
			got, _, err = DecodeDeltaBinaryPacked(got[:0], ours32, n)
			if err != nil || len(got) != n {
				t.Fatalf("%d %s int32 values: %v", n, name, err)
			}
			for i, v := range got {
				if int32(v) != v32[i] {
					t.Fatalf("%d %s int32 values: value %d is %d, want %d", n, name, i, int32(v), v32[i])
				}
			}
		}
	}
}

// theirOffsets converts offsets to parquet-go's: uint32, one more than the
// values, the first 0.
func theirOffsets(v *ByteArrays) []uint32 {
	out := []uint32{0}
	for i := range v.Len() {
		out = append(out, uint32(v.Offsets[i+1]))
	}
	return out
}

func fromTheirs(data []byte, offsets []uint32) *ByteArrays {
	b := &ByteArrays{}
	for i := 0; i+1 < len(offsets); i++ {
		b.Append(data[offsets[i]:offsets[i+1]])
	}
	return b
}

func TestOracleByteArrays(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	type encoder interface {
		EncodeByteArray(dst, src []byte, offsets []uint32) ([]byte, error)
		DecodeByteArray(dst, src []byte, offsets []uint32) ([]byte, []uint32, error)
	}
	for _, c := range []struct {
		name   string
		theirs encoder
		append func([]byte, *ByteArrays) []byte
		decode func(*ByteArrays, []byte, int) (int, error)
	}{
		{"plain", &plain.Encoding{}, AppendPlainByteArray, DecodePlainByteArray},
		{"delta length", &delta.LengthByteArrayEncoding{}, AppendDeltaLengthByteArray, DecodeDeltaLengthByteArray},
		{"delta", &delta.ByteArrayEncoding{}, AppendDeltaByteArray, DecodeDeltaByteArray},
	} {
		for _, n := range testLengths {
			for name, v := range byteArrayInputs(r, n) {
				theirs, err := c.theirs.EncodeByteArray(nil, v.Data, theirOffsets(v))
				if err != nil {
					t.Fatal(err)
				}
				got := &ByteArrays{}
				used, err := c.decode(got, theirs, n)
				if err != nil || used != len(theirs) || !equalByteArrays(got, v) {
					t.Fatalf("%s, %d %s from parquet-go: %v, used %d of %d", c.name, n, name, err, used, len(theirs))
				}
				ours := c.append(nil, v)
				data, offsets, err := c.theirs.DecodeByteArray(nil, ours, nil)
				if err != nil || !equalByteArrays(fromTheirs(data, offsets), v) {
					t.Fatalf("%s, %d %s to parquet-go: %v", c.name, n, name, err)
				}
			}
		}
	}
}

func TestOraclePlain(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	enc := &plain.Encoding{}
	for _, n := range testLengths {
		i32 := make([]int32, n)
		i64 := make([]int64, n)
		bs := make([]bool, n)
		var packed []byte
		for i := range n {
			i32[i], i64[i], bs[i] = int32(r.Uint32()), int64(r.Uint64()), r.IntN(3) == 0
			packed = plain.AppendBoolean(packed, i, bs[i])
		}
		theirs, _ := enc.EncodeInt32(nil, i32)
		if got, _, err := DecodePlainInt32(nil, theirs, n); err != nil || !slices.Equal(got, i32) {
			t.Fatalf("%d int32 from parquet-go: %v", n, err)
		}
		if back, err := enc.DecodeInt32(nil, AppendPlainInt32(nil, i32)); err != nil || !slices.Equal(back, i32) {
			t.Fatalf("%d int32 to parquet-go: %v", n, err)
		}
		theirs, _ = enc.EncodeInt64(nil, i64)
		if got, _, err := DecodePlainInt64(nil, theirs, n); err != nil || !slices.Equal(got, i64) {
			t.Fatalf("%d int64 from parquet-go: %v", n, err)
		}
		if back, err := enc.DecodeInt64(nil, AppendPlainInt64(nil, i64)); err != nil || !slices.Equal(back, i64) {
			t.Fatalf("%d int64 to parquet-go: %v", n, err)
		}
		if got, _, err := DecodePlainBool(nil, packed, n); err != nil || !slices.Equal(got, bs) {
			t.Fatalf("%d booleans from parquet-go: %v", n, err)
		}
		if ours := AppendPlainBool(nil, bs); !bytes.Equal(ours, packed) {
			t.Fatalf("%d booleans: ours % x, parquet-go's % x", n, ours, packed)
		}
	}
}
