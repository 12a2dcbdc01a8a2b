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
		{"1:2", true, 3, []int{1}, ""},
		{"3:5", true, 9, []int{3, 4}, ""},
		{"3:5", true, 0, nil, "-sample 0: want 1 to 4194304 sections; count more with -sections"},
		{"5:3", true, 1, nil, `-sections "5:3": want A:B with 0 <= A < B <= 8`},
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
	s, err = Select(1000, "200:300", true, 10, 7)
	if got := slices.Collect(s.All()); err != nil || len(got) != 10 || !slices.Equal(got, SampleRange(200, 300, 10, 7)) {
		t.Errorf("Select(1000, \"200:300\", true, 10, 7) = %v, %v, want the range's sample of seed 7", got, err)
	}
}

// TestSampleRange: a range's sample is n distinct sections of the range,
// ascending, each section drawn equally often over seeds, the last and
// the first included; ranges of one length given one seed draw other
// offsets; and the range of every section draws another sample than
// Sample does.
func TestSampleRange(t *testing.T) {
	t.Parallel()
	const from, to, n, seeds = 1 << 33, 1<<33 + 10, 3, 20000
	drawn := make([]int, to-from)
	for seed := range uint64(seeds) {
		got := SampleRange(from, to, n, seed)
		if len(got) != n || !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != n {
			t.Fatalf("SampleRange(%d, %d, %d, %d) = %v: want %d distinct sections, ascending", from, to, n, seed, got, n)
		}
		for _, k := range got {
			if k < from || k >= to {
				t.Fatalf("SampleRange(%d, %d, %d, %d) = %v: section %d out of the range", from, to, n, seed, got, k)
			}
			drawn[k-from]++
		}
	}
	// Each section is drawn with probability n/(to-from): 6,000 times of
	// 20,000, give or take sqrt(20000*0.3*0.7) = 65.
	for i, c := range drawn {
		if want := seeds * n / (to - from); c < want-6*65 || c > want+6*65 {
			t.Errorf("section %d of the range drawn %d times in %d samples, want about %d", from+i, c, seeds, want)
		}
	}
	if got := SampleRange(5, 8, 10, 1); !slices.Equal(got, []int{5, 6, 7}) {
		t.Errorf("SampleRange(5, 8, 10, 1) = %v, want every section", got)
	}
	same := 0
	for k := range 100 {
		a := SampleRange(1000*k, 1000*k+1000, 5, 1)
		b := SampleRange(1000*(k+1), 1000*(k+1)+1000, 5, 1)
		for i := range a {
			if a[i]+1000 == b[i] {
				same++
			}
		}
	}
	if same > 5 {
		t.Errorf("consecutive ranges of one seed drew the same offset %d times in 500 draws", same)
	}
	if slices.Equal(SampleRange(0, 1000, 10, 7), Sample(1000, 10, 7)) {
		t.Errorf("SampleRange(0, 1000, 10, 7) draws what Sample(1000, 10, 7) does")
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
