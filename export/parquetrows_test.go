package export

import (
	"bytes"
	"errors"
	"io"

	"github.com/parquet-go/parquet-go"
)

// solutionRow is a row of a FormatParquet catalogue as parquet-go, an
// independent implementation of the format, writes and reads it.
type solutionRow struct {
	Box        string `parquet:"box,dict"`
	Key        string `parquet:"key,delta"`
	Solutions  int32  `parquet:"solutions,dict"`
	Straights  int32  `parquet:"straights,dict"`
	Palindrome bool   `parquet:"palindrome"`
	Solution   int32  `parquet:"solution,delta"`
	StartX     int8   `parquet:"start_x,int(8),dict"`
	StartY     int8   `parquet:"start_y,int(8),dict"`
	StartZ     int8   `parquet:"start_z,int(8),dict"`
	Direction  []int8 `parquet:"direction,list" parquet-element:",int(8),dict"`
}

// oracleEntries reads the entries of the Parquet catalogue data with
// parquet-go, row by row through parquet.Value: the reference the
// package's own reader is checked against. It returns the entries read
// before the first error, and the error; a null reads as 0 or false, and
// a null element of a list as 0, as the package's reader has them.
func oracleEntries(data []byte) (out []Entry, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = errors.New("parquet-go panicked")
		}
	}()
	f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	idx := map[string]int{}
	slot := 0
	for _, c := range columns {
		leaf, ok := f.Schema().Lookup(c.path...)
		if !ok {
			return nil, errors.New("no column " + c.path[0])
		}
		idx[c.path[0]] = leaf.ColumnIndex
		if len(c.path) > 1 {
			slot = leaf.MaxDefinitionLevel
			if leaf.Node.Optional() {
				slot--
			}
		}
	}
	rows := f.NumRows()
	r := parquet.NewReader(f)
	defer r.Close()
	buf := make([]parquet.Row, 1)
	for i := int64(0); i < rows; i++ {
		n, err := r.ReadRows(buf)
		if n == 0 {
			if err == nil || err == io.EOF {
				err = errors.New("fewer rows than stated")
			}
			return out, err
		}
		var cols [10][]parquet.Value
		for _, v := range buf[0] {
			for k, c := range columns {
				if idx[c.path[0]] == v.Column() {
					cols[k] = append(cols[k], v)
				}
			}
		}
		num := func(k int) int {
			if len(cols[k]) == 0 || cols[k][0].IsNull() {
				return 0
			}
			return intOf(cols[k][0])
		}
		str := func(k int) string {
			if len(cols[k]) == 0 || cols[k][0].IsNull() {
				return ""
			}
			return string(cols[k][0].ByteArray())
		}
		row := Row{Box: str(0), Solutions: num(2), Straights: num(3), Solution: num(5)}
		if len(cols[4]) > 0 && !cols[4][0].IsNull() {
			row.Palindrome = cols[4][0].Boolean()
		}
		s := Solution{StartPos: []int{num(6), num(7), num(8)}, Row: row}
		for _, v := range cols[9] {
			switch {
			case !v.IsNull():
				s.Direction = append(s.Direction, intOf(v))
			case v.DefinitionLevel() >= slot:
				s.Direction = append(s.Direction, 0)
			}
		}
		key := str(1)
		if len(out) == 0 || out[len(out)-1].Key != key {
			out = append(out, Entry{Key: key, Offset: i})
		}
		e := &out[len(out)-1]
		e.Solutions = append(e.Solutions, s)
		e.Count++
	}
	return out, nil
}

// intOf returns an INT32 or INT64 value as an integer.
func intOf(v parquet.Value) int {
	if v.Kind() == parquet.Int32 {
		return int(v.Int32())
	}
	return int(v.Int64())
}
