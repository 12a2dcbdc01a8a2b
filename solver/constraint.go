package solver

// Kinds of cubelet, as a constraint fixes them: follow's last index.
const (
	anyKind = iota
	straightKind
	turnKind
)

// constraint fixes the kind of some cubelets: a cubelet in fixed is a turn
// when it is also in turn, straight otherwise.
type constraint struct {
	fixed, turn uint64
}

// startsWith returns the constraint "the sequence starts with p".
func startsWith(p Seq) constraint {
	return constraint{fixed: 1<<p.Len - 1, turn: p.Bits}
}

// exactly returns the constraint "the sequence is q".
func exactly(q Seq) constraint {
	return constraint{fixed: 1<<q.Len - 1, turn: q.Bits}
}

// levels is a constraint as the search reads it, move by move: code[i]
// holds in its low two bits the kind of cubelet i, which move i leaves,
// and above them how many moves from move i on must go straight, up to
// maxRun (more than one only after a cubelet that may turn). free is the
// first move from which nothing is fixed.
type levels struct {
	code   [64]uint8
	free   int
	snake  bool // every cubelet fixed
	prefix bool // every cubelet before free fixed: the turns up to free are the constraint's
	// For a snake, the moves of its last two straight runs: tail1 into
	// the last cubelet, tail2 before the turn that starts it. Once the
	// last cell is forced, the first run must lie free behind it, and the
	// second along some direction off the first: descendFixed checks both. A
	// tail longer than maxRun moves is not checked: tail1 is then 255.
	tail1, tail2 int
}

// levels returns the levels of c for a box of n cells whose longest side
// is side.
func (c constraint) levels(n, side int) levels {
	lv := levels{free: 1, tail1: 255}
	// Cubelets 0 and n-1 are ends: nothing to fix.
	lv.snake = true
	gap := false // a cubelet not fixed before the last fixed one
	for i := 1; i < n-1; i++ {
		if c.fixed>>i&1 != 0 {
			lv.code[i] = straightKind + uint8(c.turn>>i&1)
			lv.free = i + 1
			lv.prefix = !gap
		} else {
			lv.snake, gap = false, true
		}
	}
	lv.prefix = lv.prefix || lv.free == 1
	if lv.snake && n > 2 {
		k1 := 1
		for n-1-k1 > 0 && lv.code[n-1-k1]&3 == straightKind {
			k1++
		}
		k2 := 1
		for n-1-k1-k2 > 0 && lv.code[n-1-k1-k2]&3 == straightKind {
			k2++
		}
		if k1 <= maxRun {
			lv.tail1, lv.tail2 = k1, min(k2, maxRun)
		}
	}
	for i := range n - 1 {
		if lv.code[i] == straightKind {
			continue
		}
		k := 1
		for i+k < n-1 && lv.code[i+k]&3 == straightKind {
			k++
		}
		lv.code[i] |= uint8(min(k, side, maxRun)) << 2
	}
	return lv
}
