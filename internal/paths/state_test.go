package paths

import (
	"math/rand/v2"
	"testing"
)

// slots is a state unpacked, a slot an element: the plain form that the
// packed operations of state.go are checked against.
type slots [16]uint64

func unpackKey(key uint64) slots {
	var s slots
	for k := range s {
		s[k] = key >> (4 * k) & 0xf
	}
	return s
}

func (s slots) pack() uint64 {
	var key uint64
	for k, x := range s {
		key |= x << (4 * k)
	}
	return key
}

// mask has 1 in each slot of s for which keep says so.
func (s slots) mask(keep func(x uint64) bool) uint64 {
	var m uint64
	for k, x := range s {
		if keep(x) {
			m |= 1 << (4 * k)
		}
	}
	return m
}

// replace puts y in the first slot that holds x, if any.
func (s *slots) replace(x, y uint64) {
	for k := range s {
		if s[k] == x {
			s[k] = y
			return
		}
	}
}

func (s slots) join(i, j int, last bool) (slots, bool) {
	a, b := s[i], s[j]
	switch {
	case a == alone && b == alone:
		s[i], s[j] = fresh, fresh
		return s, true
	case a == alone:
		s[i], s[j] = b, done
		return s, true
	case b == alone:
		s[i], s[j] = done, a
		return s, true
	case a == b && a != tail:
		return s, false
	}
	s[i], s[j] = done, done
	switch {
	case a == tail && b == tail:
		return s, last && s == slots{}
	case a == tail:
		s.replace(b, tail)
	case b == tail:
		s.replace(a, tail)
	default:
		s.replace(b, a)
	}
	return s, true
}

func (s slots) leave(i int, last bool) (slots, bool) {
	switch x := s[i]; x {
	case done:
		return s, true
	case alone:
		return s, false
	case tail:
		s[i] = done
		return s, last && s == slots{}
	default:
		s[i] = done
		s.replace(x, tail)
		return s, true
	}
}

func (s slots) relabel() slots {
	to := map[uint64]uint64{}
	for k, x := range s {
		if x >= label0 {
			if _, ok := to[x]; !ok {
				to[x] = uint64(label0 + len(to))
			}
			s[k] = to[x]
		}
	}
	return s
}

// FuzzState: the packed operations on a state's 4-bit slots (nonzero,
// equal, find, join, leave, relabel, permute) agree with the same
// operations on the slots unpacked, for any key, any slots, the first
// and the last among them.
func FuzzState(f *testing.F) {
	f.Add(uint64(0), uint8(0), uint8(1), uint8(0), false, uint64(0))
	f.Add(uint64(0x1111111111111111), uint8(0), uint8(15), uint8(1), true, uint64(1))
	f.Add(uint64(0x2000000000000002), uint8(0), uint8(15), uint8(2), true, uint64(2))
	f.Add(uint64(0x3400000000000043), uint8(0), uint8(1), uint8(3), false, uint64(3))
	f.Add(uint64(0xf3000000000003f0), uint8(1), uint8(14), uint8(15), false, uint64(4))
	f.Add(uint64(0x0024000000004320), uint8(1), uint8(13), uint8(4), false, uint64(5))
	f.Add(uint64(0xfedcba9876543210), uint8(3), uint8(15), uint8(9), true, uint64(6))
	f.Fuzz(func(t *testing.T, key uint64, i8, j8, x8 uint8, last bool, seed uint64) {
		s := unpackKey(key)
		i, j, x := int(i8%16), int(j8%16), uint64(x8%16)
		if got, want := nonzero(key), s.mask(func(v uint64) bool { return v != 0 }); got != want {
			t.Fatalf("nonzero(%#x) = %#x, want %#x", key, got, want)
		}
		eq := s.mask(func(v uint64) bool { return v == x })
		if got := equal(key, x); got != eq {
			t.Fatalf("equal(%#x, %d) = %#x, want %#x", key, x, got, eq)
		}
		if eq != 0 {
			first := 0
			for s[first] != x {
				first++
			}
			if got := find(key, x); got != uint(first) {
				t.Fatalf("find(%#x, %d) = %d, want %d, the first slot holding it", key, x, got, first)
			}
		}
		if got, want := relabel(key), s.relabel().pack(); got != want {
			t.Fatalf("relabel(%#x) = %#x, want %#x", key, got, want)
		}
		if s[i] != done && s[j] != done && i != j {
			got, ok := join(key, uint(i), uint(j), last)
			want, wok := s.join(i, j, last)
			if ok != wok || ok && got != want.pack() {
				t.Fatalf("join(%#x, %d, %d, %v) = %#x, %v; want %#x, %v", key, i, j, last, got, ok, want.pack(), wok)
			}
		}
		got, ok := leave(key, uint(i), last)
		want, wok := s.leave(i, last)
		if ok != wok || ok && got != want.pack() {
			t.Fatalf("leave(%#x, %d, %v) = %#x, %v; want %#x, %v", key, i, last, got, ok, want.pack(), wok)
		}
		var p [maxSlots]uint8
		for k := range p {
			p[k] = uint8(k)
		}
		r := rand.New(rand.NewPCG(seed, 0))
		r.Shuffle(len(p), func(a, b int) { p[a], p[b] = p[b], p[a] })
		var moved slots
		for k := range maxSlots {
			moved[p[k]] = s[k]
		}
		if got := permute(key, &p); got != moved.pack() {
			t.Fatalf("permute(%#x, %v) = %#x, want %#x", key, p, got, moved.pack())
		}
	})
}
