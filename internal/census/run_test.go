package census

import (
	"slices"
	"testing"
)

func TestSelect(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		span   string
		sample bool
		n      int
		want   []int
		errMsg string
	}{
		{"", false, 0, []int{0, 1, 2, 3, 4, 5, 6, 7}, ""},
		{"2:5", false, 0, []int{2, 3, 4}, ""},
		{"5:5", false, 0, nil, `-sections "5:5": want A:B with 0 <= A < B <= 8`},
		{"0:9", false, 0, nil, `-sections "0:9": want A:B with 0 <= A < B <= 8`},
		{"x", false, 0, nil, `-sections "x": want A:B with 0 <= A < B <= 8`},
		{"1:2", true, 3, nil, "-sections and -sample cannot be used together"},
		{"", true, -1, nil, "-sample -1: want 1 to 4194304 sections; count more with -sections"},
		{"", true, 0, nil, "-sample 0: want 1 to 4194304 sections; count more with -sections"},
		{"", true, MaxSample + 1, nil, "-sample 4194305: want 1 to 4194304 sections; count more with -sections"},
		{"", true, 8, []int{0, 1, 2, 3, 4, 5, 6, 7}, ""},
	} {
		s, err := Select(8, tc.span, tc.sample, tc.n, 1)
		if tc.errMsg != "" {
			if err == nil || err.Error() != tc.errMsg {
				t.Errorf("Select(8, %q, %v, %d) = %v, want error %q", tc.span, tc.sample, tc.n, err, tc.errMsg)
			}
			continue
		}
		got := slices.Collect(s.All())
		slices.Sort(got)
		if err != nil || !slices.Equal(got, tc.want) || s.Len() != len(tc.want) {
			t.Errorf("Select(8, %q, %v, %d) = %v (len %d), %v; want %v", tc.span, tc.sample, tc.n, got, s.Len(), err, tc.want)
		}
	}
	s, err := Select(1000, "", true, 10, 7)
	if got := slices.Collect(s.All()); err != nil || len(got) != 10 || !slices.Equal(got, Sample(1000, 10, 7)) {
		t.Errorf("Select(1000, \"\", true, 10, 7) = %v, %v, want the sample of seed 7", got, err)
	}
}

// TestReportRanges: records in a few runs of consecutive sections are
// summed, not extrapolated; a spread sample is extrapolated, and its
// solutions' interval judged against a known count.
func TestReportRanges(t *testing.T) {
	t.Parallel()
	var ranges, spread []Record
	for k := range 100 {
		ranges = append(ranges, Record{Section: 200 + k, Counts: Counts{Snakes: 1, Solutions: 2}})
		spread = append(spread, Record{Section: 10 * k, Counts: Counts{Snakes: int64(1 + k%3), Solutions: int64(2 + k%5)}})
	}
	r := NewReport(censusOf(ranges, 1000), 0)
	if r.Runs != 1 || r.Extrapolated() {
		t.Errorf("a range of 100 sections: %d runs, extrapolated %v", r.Runs, r.Extrapolated())
	}
	r = NewReport(censusOf(spread, 1000), 4000)
	if r.Runs != 0 || !r.Extrapolated() || len(r.Estimates) != 6 {
		t.Fatalf("100 spread sections: %d runs, %d estimates", r.Runs, len(r.Estimates))
	}
	if !r.Trusted(r.Solutions.Estimate) || r.Trusted(100*r.Solutions.High) {
		t.Errorf("the solutions' interval %+v is not judged by the known count", r.Solutions)
	}
}
