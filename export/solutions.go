package export

// parseSolutions parses a list of solutions as the writers write it, the
// fast way: data must be one JSON array of objects with exactly the names
// "startPos", "direction" and "path", in that order, each an array (of
// arrays of arrays for path) of integers of at most 18 digits, with no
// blank between tokens. It reports false for anything else, and the caller
// decodes data with encoding/json instead, which gives the same values for
// what parseSolutions takes (FuzzParseSolutions) and the error for what
// neither takes. What it takes is valid JSON, whatever data is.
func parseSolutions(data []byte) ([]Solution, bool) {
	// Every integer takes two bytes at least, with the comma or bracket
	// after it: one array holds them all.
	p := solParser{data: data, backing: make([]int, 0, len(data)/2)}
	if !p.byte('[') {
		return nil, false
	}
	sols := []Solution{}
	if p.byte(']') {
		return sols, p.pos == len(data)
	}
	for {
		s, ok := p.solution()
		if !ok {
			return nil, false
		}
		sols = append(sols, s)
		if p.byte(']') {
			return sols, p.pos == len(data)
		}
		if !p.byte(',') {
			return nil, false
		}
	}
}

// solution reads one solution in the writers' form.
func (p *solParser) solution() (s Solution, ok bool) {
	if !p.lit(`{"startPos":`) {
		return s, false
	}
	if s.StartPos = p.ints(); s.StartPos == nil || !p.lit(`,"direction":`) {
		return s, false
	}
	if s.Direction = p.ints(); s.Direction == nil || !p.lit(`,"path":`) {
		return s, false
	}
	if s.Path = p.planes(); s.Path == nil || !p.byte('}') {
		return s, false
	}
	return s, true
}

type solParser struct {
	data []byte
	pos  int
	// backing holds the integers of the arrays parsed, handed out in
	// slices that never share an element.
	backing []int
}

// byte reads c if it comes next.
func (p *solParser) byte(c byte) bool {
	if p.pos < len(p.data) && p.data[p.pos] == c {
		p.pos++
		return true
	}
	return false
}

// lit reads s if it comes next.
func (p *solParser) lit(s string) bool {
	if len(p.data)-p.pos >= len(s) && string(p.data[p.pos:p.pos+len(s)]) == s {
		p.pos += len(s)
		return true
	}
	return false
}

// ints reads an array of integers; nil if there is none.
func (p *solParser) ints() []int {
	if !p.byte('[') {
		return nil
	}
	start := len(p.backing)
	if !p.byte(']') {
		for {
			n, ok := p.int()
			if !ok {
				return nil
			}
			p.backing = append(p.backing, n)
			if p.byte(']') {
				break
			}
			if !p.byte(',') {
				return nil
			}
		}
	}
	// A full slice expression: an append to one array never writes into
	// the next.
	out := p.backing[start:len(p.backing):len(p.backing)]
	if len(out) == 0 {
		return []int{}
	}
	return out
}

// int reads an integer of at most 18 digits, within int64 whatever it is.
func (p *solParser) int() (int, bool) {
	neg := p.byte('-')
	if len(p.data)-p.pos >= 2 && p.data[p.pos] == '0' && p.data[p.pos+1] >= '0' && p.data[p.pos+1] <= '9' {
		return 0, false // a leading zero: no JSON
	}
	n, digits := 0, 0
	for p.pos < len(p.data) && digits <= 18 {
		c := p.data[p.pos]
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
		p.pos++
		digits++
	}
	if digits == 0 || digits > 18 {
		return 0, false
	}
	if p.pos < len(p.data) {
		if c := p.data[p.pos]; c == '.' || c == 'e' || c == 'E' {
			return 0, false // a number, not an integer: encoding/json says why
		}
	}
	if neg {
		n = -n
	}
	return n, true
}

// rows reads an array of arrays of integers; nil if there is none.
func (p *solParser) rows() [][]int { return arrayOf(p, p.ints) }

// planes reads an array of arrays of arrays of integers; nil if there is
// none.
func (p *solParser) planes() [][][]int { return arrayOf(p, p.rows) }

// arrayOf reads an array of what item reads, nil if item reads nothing;
// nil if there is none.
func arrayOf[E any](p *solParser, item func() []E) [][]E {
	if !p.byte('[') {
		return nil
	}
	out := [][]E{}
	if p.byte(']') {
		return out
	}
	for {
		e := item()
		if e == nil {
			return nil
		}
		out = append(out, e)
		if p.byte(']') {
			return out
		}
		if !p.byte(',') {
			return nil
		}
	}
}
