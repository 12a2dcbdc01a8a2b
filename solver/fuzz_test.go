package solver

import (
	"cmp"
	"context"
	"maps"
	"math/bits"
	"slices"
	"testing"

	"github.com/snakecube/snakecube/symmetry"
)

// The engine's encodings of moves are written word at a time (see pack,
// turnsOf, state.pack). These fuzz tests hold each to the plain reading
// of a move list, one move at a time, on every length the encoding
// serves, the longest included.

// movesOf returns n-1 moves made of data, a move a byte, repeating data
// as needed; no data gives straight moves. A move back along the one
// before, which no folding makes, is made straight.
func movesOf(data []byte, n int) []symmetry.Dir {
	dirs := make([]symmetry.Dir, n-1)
	for k := range dirs {
		if len(data) > 0 {
			dirs[k] = symmetry.Dir(data[k%len(data)] % symmetry.NumDirs)
		}
		if k > 0 && dirs[k] == dirs[k-1].Opposite() {
			dirs[k] = dirs[k-1]
		}
	}
	return dirs
}

// plainTurns returns the turns of dirs, bit k when move k leaves move
// k-1's direction, one move at a time.
func plainTurns(dirs []symmetry.Dir) uint64 {
	var t uint64
	for k := 1; k < len(dirs); k++ {
		if dirs[k] != dirs[k-1] {
			t |= 1 << k
		}
	}
	return t
}

// FuzzPack packs two solutions of n cubelets, up to 32, as a packed
// catalogue keeps them: each unpacks to its key and moves, and the packed
// words order the two as their keys, then their moves, do.
func FuzzPack(f *testing.F) {
	f.Add(uint8(32), []byte{0, 2, 4, 1}, []byte{5, 3, 1})
	f.Add(uint8(2), []byte{0}, []byte{1})
	f.Add(uint8(27), []byte{0, 0, 2, 2, 4}, []byte{0, 0, 2, 2, 5})
	f.Fuzz(func(t *testing.T, n uint8, a, b []byte) {
		g := &grid{n: 2 + int(n)%31}
		da, db := movesOf(a, g.n), movesOf(b, g.n)
		qa, qb := SeqOf(da), SeqOf(db)
		if qa.Bits != plainTurns(da) {
			t.Fatalf("SeqOf(%v) = %v, one move at a time %b", da, qa, plainTurns(da))
		}
		a0, a1 := g.pack(qa.Bits, da)
		b0, b1 := g.pack(qb.Bits, db)
		got := make([]symmetry.Dir, g.n-1)
		if key := g.unpack(a0, a1, got); key != qa || !slices.Equal(got, da) {
			t.Fatalf("n=%d: %v %v unpacked as %v %v", g.n, qa, da, key, got)
		}
		want := qa.Compare(qb)
		if want == 0 {
			want = slices.Compare(da, db)
		}
		c := cmp.Compare(a0, b0)
		if c == 0 {
			c = cmp.Compare(a1, b1)
		}
		if c != want {
			t.Fatalf("n=%d: %v %v against %v %v: packed order %d, want %d", g.n, qa, da, qb, db, c, want)
		}
	})
}

// FuzzTurns holds turnsOf, eight moves a word, and a search state's
// packed moves to the moves one at a time, on up to 64 cubelets.
func FuzzTurns(f *testing.F) {
	f.Add(uint8(64), []byte{0, 0, 2, 2, 4, 1})
	f.Add(uint8(8), []byte{3})
	f.Fuzz(func(t *testing.T, n uint8, data []byte) {
		m := 2 + int(n)%63
		moves := movesOf(data, m)
		var dirs [symmetry.MaxCells]symmetry.Dir
		copy(dirs[:], moves)
		want := plainTurns(moves)
		for from := 0; from < len(moves); from += 8 {
			if got, w := turnsOf(&dirs, from, len(moves)), want&^(1<<from-1); got != w {
				t.Fatalf("turnsOf(%v, %d, %d) = %b, want %b", moves, from, len(moves), got, w)
			}
		}
		var st state
		st.i = uint8(len(moves))
		st.pack(&dirs, len(moves))
		var back [symmetry.MaxCells]symmetry.Dir
		st.unpack(&back)
		if !slices.Equal(back[:len(moves)], moves) {
			t.Fatalf("state.pack(%v) unpacks as %v", moves, back[:len(moves)])
		}
	})
}

// FuzzTally runs a tally, and a second one it absorbs, through the
// operations data spells, against a map: a byte's low bits pick a
// sequence of the top cubelets (the widest keys, so every radix digit
// counts) or an operation: flush (a merge of the buffer), absorb, drain.
func FuzzTally(f *testing.F) {
	f.Add([]byte{1, 2, 1, 0xf0, 3, 1, 0xf1, 0xf2})
	f.Add([]byte{5, 5, 0xf0, 5, 0xe3, 0xf1, 7, 0xf0, 7, 0xf2})
	f.Fuzz(func(t *testing.T, data []byte) {
		tl, other := new(tally), new(tally)
		want := map[uint64]int32{}
		for k, c := range data {
			q := uint64(c&0x1f) << 59 >> uint(c>>5&3) // sequences of 64 cubelets
			switch c >> 4 {
			case 0xf:
				switch c & 3 {
				case 0:
					tl.flush()
				case 1:
					tl.absorb(other)
				case 2, 3:
					got := map[uint64]int32{}
					first, last := true, uint64(0)
					tl.drain(func(q uint64, m int32) {
						if !first && q <= last {
							t.Fatalf("byte %d: drain gave %#x after %#x", k, q, last)
						}
						first, last = false, q
						got[q] = m
					})
					other.drain(func(q uint64, m int32) { want[q] -= m })
					for q, m := range want {
						if m == 0 {
							delete(want, q)
						}
					}
					if !maps.Equal(got, want) {
						t.Fatalf("byte %d: drained %v, want %v", k, got, want)
					}
					clear(want)
				}
			case 0xe:
				other.one(q)
				want[q]++
			default:
				tl.one(q)
				want[q]++
			}
		}
	})
}

// FuzzChild walks a path through a box, each step to the child of the
// node that data picks, and holds every node childInto writes to the walk
// read a move at a time: its moves and turns, its head and free cells,
// the free neighbours of every cell; on boxes of up to 64 cells, so that
// the moves cross each word of their packing, the last cubelet included.
func FuzzChild(f *testing.F) {
	boxes := []string{"2x2x2", "3x3x3", "2x3x10", "2x2x16", "4x4x4"}
	f.Add(uint8(4), []byte{0})
	f.Add(uint8(3), []byte{1, 2, 0, 3})
	f.Add(uint8(2), []byte{7, 1})
	f.Fuzz(func(t *testing.T, box uint8, data []byte) {
		b := symmetry.MustParseBox(boxes[int(box)%len(boxes)])
		g := gridOf(b)
		s := g.newSearch(context.Background(), job{uncut: true})
		pick := func(k, n int) int {
			if len(data) == 0 {
				return 0
			}
			return int(data[k%len(data)]) % n
		}
		roots := g.roots()
		st := roots[pick(0, len(roots))]
		free := uint64(1)<<g.n - 1
		if g.n == 64 {
			free = ^uint64(0)
		}
		free &^= 1 << st.start
		var walked []symmetry.Dir
		for k := 1; ; k++ {
			next := s.childCells(&st)
			if next == 0 {
				break
			}
			for range pick(k, bits.OnesCount64(next)) {
				next &= next - 1
			}
			q := bits.TrailingZeros64(next)
			d := symmetry.Dir(0)
			for b.Step(b.Coord(int(st.head)), d) != b.Coord(q) {
				d++
			}
			walked = append(walked, d)
			free &^= 1 << q
			st = *s.child(&st, q)
			var dirs [symmetry.MaxCells]symmetry.Dir
			b0, b1, b2 := g.counts(free)
			switch {
			case !slices.Equal(st.movesInto(&dirs), walked):
				t.Fatalf("%v: after %v, the node's moves are %v", b, walked, dirs[:st.i])
			case st.turns != plainTurns(walked), int(st.head) != q, st.last != d, st.free != free:
				t.Fatalf("%v: after %v, turns %b head %d last %v free %x; want %b %d %v %x", b, walked, st.turns, st.head, st.last, st.free, plainTurns(walked), q, d, free)
			case st.b0 != b0 || st.b1 != b1 || st.b2 != b2:
				t.Fatalf("%v: after %v, free neighbours %x %x %x, want %x %x %x", b, walked, st.b0, st.b1, st.b2, b0, b1, b2)
			}
		}
	})
}
