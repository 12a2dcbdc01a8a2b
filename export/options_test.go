package export

import (
	"errors"
	"testing"
)

// TestNewOptions checks the defaults a format's absence gives, the names
// of the files written by default, the formats that file names tell, and
// that formats that do not go with a table of snakes, or none, are refused.
func TestNewOptions(t *testing.T) {
	for _, tc := range []struct {
		format string
		snakes bool
		want   Format
		name   string
	}{
		{"", false, FormatJSON, "solutions.json"},
		{"", true, FormatCSV, "snakes.csv"},
		{"jsonl", false, FormatJSONL, "solutions.jsonl"},
		{"parquet", true, FormatParquet, "snakes.parquet"},
	} {
		o, err := NewOptions(tc.format, tc.snakes)
		if err != nil || o.Format != tc.want || o.Snakes != tc.snakes || o.FileName() != tc.name {
			t.Errorf("NewOptions(%q, %v) = %+v (file %s), %v; want %v, file %s", tc.format, tc.snakes, o, o.FileName(), err, tc.want, tc.name)
		}
		if f, ok := FormatOfName("dir.x/" + tc.name); !ok || f != tc.want {
			t.Errorf("FormatOfName(%s) = %v, %v; want %v", tc.name, f, ok, tc.want)
		}
	}
	for _, tc := range []struct {
		format string
		snakes bool
	}{{"jsonl", true}, {"csv", false}} {
		if _, err := NewOptions(tc.format, tc.snakes); !errors.Is(err, ErrOptions) {
			t.Errorf("NewOptions(%q, %v) = %v, want %v", tc.format, tc.snakes, err, ErrOptions)
		}
	}
	if _, err := NewOptions("xml", false); err == nil {
		t.Errorf(`NewOptions("xml", false) succeeded, want an unknown format`)
	}
	for _, name := range []string{"out.txt", "json", "out.JSON", ""} {
		if f, ok := FormatOfName(name); ok {
			t.Errorf("FormatOfName(%q) = %v, want none", name, f)
		}
	}
}

// TestParseShard reads shards I/N and refuses what is none.
func TestParseShard(t *testing.T) {
	if p, err := ParseShard("2/8"); err != nil || p != (Part{Shard: 2, Shards: 8}) {
		t.Errorf(`ParseShard("2/8") = %+v, %v; want shard 2 of 8`, p, err)
	}
	for _, s := range []string{"0/3", "4/3", "1/0", "1/", "/2", "2", "a/b", "-1/-1", ""} {
		if p, err := ParseShard(s); err == nil {
			t.Errorf("ParseShard(%q) = %+v, want an error", s, p)
		}
	}
}
