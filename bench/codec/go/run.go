package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"syscall"
	"time"

	ctyjson "github.com/zclconf/go-cty/cty/json"
	"github.com/zclconf/go-cty/cty/msgpack"
)

const (
	// minSample is the shortest timed sample; faster operations are batched
	// until one sample takes at least about this long.
	minSample = 2 * time.Millisecond
	// minRuns is the fewest measured rounds per case, however slow.
	minRuns = 5
	// maxRuns bounds the rounds for very fast cases.
	maxRuns = 100_000
	// warmupShare is the part of -seconds spent on discarded warm-up rounds,
	// after the round-trip check and calibration runs, which are discarded
	// too.
	warmupShare = 0.1
)

// result is one output line. The first fields are the format shared with the
// C++ benchmark; the rest are extras only this side reports.
type result struct {
	Impl         string  `json:"impl"`
	Case         string  `json:"case"`
	Bytes        int     `json:"bytes"`
	DecodeMedian float64 `json:"decode_ns_median"`
	DecodeP90    float64 `json:"decode_ns_p90"`
	EncodeMedian float64 `json:"encode_ns_median"`
	EncodeP90    float64 `json:"encode_ns_p90"`
	Runs         int     `json:"runs"`
	Identical    bool    `json:"identical"`
	Error        string  `json:"error,omitempty"`
	Items        int     `json:"items,omitempty"`
	// IdenticalChecks counts the re-encodings compared with the input
	// (the check plus one per warm-up and measured sample), IdenticalMatches
	// those that were byte-identical.
	IdenticalChecks  int     `json:"identical_checks,omitempty"`
	IdenticalMatches int     `json:"identical_matches,omitempty"`
	Equivalent       *bool   `json:"equivalent,omitempty"`
	DecodeBatch      int     `json:"decode_batch,omitempty"`
	EncodeBatch      int     `json:"encode_batch,omitempty"`
	DecodeCPUMed     float64 `json:"decode_cpu_ns_median,omitempty"`
	EncodeCPUMed     float64 `json:"encode_cpu_ns_median,omitempty"`
	DecodeAlloc      uint64  `json:"decode_alloc_bytes,omitempty"`
	EncodeAlloc      uint64  `json:"encode_alloc_bytes,omitempty"`
	DecodeAllocs     uint64  `json:"decode_allocs,omitempty"`
	EncodeAllocs     uint64  `json:"encode_allocs,omitempty"`
	ProcessMaxRSSK   int64   `json:"process_maxrss_kb,omitempty"`
	GoMaxProcs       int     `json:"gomaxprocs,omitempty"`
}

// implState is the per-implementation bookkeeping of one case.
type implState struct {
	b            bencher
	res          result
	failed       bool
	decK, encK   int
	decNs, encNs []float64 // per-operation wall time of each measured sample
	decCPU       []float64 // per-operation process CPU time of each sample
	encCPU       []float64
	timed        time.Duration
	typeJSON     []byte
	// checkDec and checkEnc time the round-trip check's operations;
	// checkTime is their sum.
	checkDec, checkEnc, checkTime time.Duration
}

func cmdRun(args []string) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	seconds := fs.Float64("seconds", 3, "measurement time per case and implementation")
	casesFlag := fs.String("cases", strings.Join(allCases(), ","), "comma-separated cases")
	implFlag := fs.String("impl", strings.Join(implNames, ","), "comma-separated implementations")
	// Accept DIR before or after the flags.
	var dir string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		dir, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if dir == "" && fs.NArg() > 0 {
		dir = fs.Arg(0)
	} else if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %v", fs.Args())
	}
	if dir == "" {
		return fmt.Errorf("missing DIR")
	}
	if *seconds <= 0 {
		return fmt.Errorf("-seconds must be positive")
	}
	impls := splitList(*implFlag)
	for _, im := range impls {
		if !contains(implNames, im) {
			return fmt.Errorf("unknown implementation %q (have %v)", im, implNames)
		}
	}
	cases := splitList(*casesFlag)
	for _, c := range cases {
		if !contains(allCases(), c) {
			return fmt.Errorf("unknown case %q (have %v)", c, allCases())
		}
	}

	budget := time.Duration(*seconds * float64(time.Second))
	enc := json.NewEncoder(os.Stdout)
	failures := 0
	for _, c := range cases {
		results, err := runCase(dir, c, impls, budget)
		if err != nil {
			return fmt.Errorf("%s: %w", c, err)
		}
		for _, r := range results {
			if r.Error != "" {
				failures++
			}
			if err := enc.Encode(r); err != nil {
				return err
			}
		}
	}
	if failures > 0 {
		return fmt.Errorf("%d implementation run(s) failed", failures)
	}
	return nil
}

func runCase(dir, name string, impls []string, budget time.Duration) ([]result, error) {
	in, err := os.ReadFile(filepath.Join(dir, name+".msgpack"))
	if err != nil {
		return nil, err
	}
	typeJSON, err := os.ReadFile(filepath.Join(dir, name+".type.json"))
	if err != nil {
		return nil, err
	}
	items, err := countItems(in, typeJSON)
	if err != nil {
		return nil, fmt.Errorf("reading input with go-cty: %w", err)
	}
	// Start every case from a collected heap so the previous case's garbage
	// is not charged to this one.
	runtime.GC()

	states := make([]*implState, 0, len(impls))
	for _, im := range impls {
		st := &implState{res: result{Impl: im, Case: name, Bytes: len(in), Items: items, GoMaxProcs: runtime.GOMAXPROCS(0)}}
		st.typeJSON = typeJSON
		states = append(states, st)
		b, err := newBencher(im, typeJSON)
		if err != nil {
			st.fail(err)
			continue
		}
		st.b = b
		progress("%s %s: checking round trip", name, im)
		st.checkRoundTrip(in)
	}

	// Calibrate the batch sizes so that one sample of each kind takes at
	// least minSample. Operations slower than that run once per sample.
	var slowestPair time.Duration
	for _, st := range live(states) {
		d, e, err := st.estimate(in)
		if err != nil {
			st.fail(err)
			continue
		}
		st.decK, st.encK = batchSize(d), batchSize(e)
		st.res.DecodeBatch, st.res.EncodeBatch = st.decK, st.encK
		pair := d*time.Duration(st.decK) + e*time.Duration(st.encK)
		slowestPair = max(slowestPair, pair)
	}
	// In each measured round every implementation works for about as long
	// as the slowest one's sample pair, so a fast implementation collects
	// its budget in the same rounds as a slow one and the alternation stays
	// balanced. The quota is capped at budget/minRuns: with a 15 s
	// operation the others just run one pair per round.
	quota := min(slowestPair, budget/minRuns)

	// Warm-up rounds (discarded), then measured rounds (see runRound).
	// The round-trip check already ran every operation once (discarded); an
	// implementation whose check alone took longer than the warm-up budget
	// gets no further warm-up: a 15 s operation gains nothing from running
	// again before being measured.
	warmup := time.Duration(float64(budget) * warmupShare)
	var cold []*implState
	for _, st := range live(states) {
		if st.checkTime < warmup {
			cold = append(cold, st)
		}
	}
	if len(cold) > 0 {
		progress("%s: warm-up", name)
		start := time.Now()
		for r := 0; r == 0 || time.Since(start) < warmup; r++ {
			runRound(cold, in, r, 0, false)
		}
	}
	progress("%s: measuring", name)
	for r := 0; r < maxRuns; r++ {
		if !runRound(states, in, r, quota, true) {
			break
		}
		done := true
		for _, st := range live(states) {
			if len(st.decNs) < minRuns || st.timed < budget {
				done = false
			}
		}
		if done {
			break
		}
	}

	for _, st := range live(states) {
		// The check round already recorded allocations; repeat when cheap
		// so one-time initialisation is not counted.
		if st.checkTime < 200*time.Millisecond {
			st.measureAllocs(in)
		}
	}
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	out := make([]result, 0, len(states))
	for _, st := range states {
		if !st.failed {
			st.res.DecodeMedian, st.res.DecodeP90 = quantile(st.decNs, 0.5), quantile(st.decNs, 0.9)
			st.res.EncodeMedian, st.res.EncodeP90 = quantile(st.encNs, 0.5), quantile(st.encNs, 0.9)
			st.res.DecodeCPUMed, st.res.EncodeCPUMed = quantile(st.decCPU, 0.5), quantile(st.encCPU, 0.5)
			st.res.Runs = len(st.decNs)
		}
		st.res.ProcessMaxRSSK = ru.Maxrss
		out = append(out, st.res)
	}
	return out, nil
}

// runRound gives every live implementation one turn, rotating which one goes
// first. In a turn an implementation runs pairs of samples (a decode sample,
// then an encode sample of the decoded value) until it has spent quota of
// timed work, at least one pair; with quota 0 every turn is one pair. It
// reports whether any implementation is still live.
func runRound(states []*implState, in []byte, round int, quota time.Duration, record bool) bool {
	n := len(states)
	alive := false
	for i := 0; i < n; i++ {
		st := states[(round+i)%n]
		var spent time.Duration
		for !st.failed && (spent == 0 || spent < quota) {
			alive = true
			spent += st.samplePair(in, record)
		}
	}
	return alive
}

// samplePair runs one decode sample and one encode sample and returns their
// combined wall time.
func (st *implState) samplePair(in []byte, record bool) time.Duration {
	dw, dc, err := timed(func() error { return st.b.decodeN(in, st.decK) })
	if err != nil {
		st.fail(fmt.Errorf("decode: %w", err))
		return dw
	}
	var out []byte
	ew, ec, err := timed(func() (err error) { out, err = st.b.encodeN(st.encK); return err })
	if err != nil {
		st.fail(fmt.Errorf("encode: %w", err))
		return dw + ew
	}
	// Compare every sample's output (outside the timed region): some
	// encoders' output depends on map iteration order and varies.
	st.noteIdentical(in, out)
	if record {
		st.decNs = append(st.decNs, perOp(dw, st.decK))
		st.encNs = append(st.encNs, perOp(ew, st.encK))
		st.decCPU = append(st.decCPU, perOp(dc, st.decK))
		st.encCPU = append(st.encCPU, perOp(ec, st.encK))
		st.timed += dw + ew
	}
	return max(dw+ew, 1)
}

func (st *implState) fail(err error) {
	st.failed = true
	st.res.Error = err.Error()
	progress("%s %s: FAILED: %v", st.res.Case, st.res.Impl, err)
}

func live(states []*implState) []*implState {
	var out []*implState
	for _, st := range states {
		if !st.failed {
			out = append(out, st)
		}
	}
	return out
}

// checkRoundTrip decodes and re-encodes once, recording the time and the
// allocations, and compares the output with the input: "identical" is byte
// equality; "equivalent" (reported when not identical) means go-cty reads
// the re-encoding back as the same value, i.e. only encoding choices such as
// map key order differ.
func (st *implState) checkRoundTrip(in []byte) {
	var a, b, c runtime.MemStats
	runtime.ReadMemStats(&a)
	t0 := time.Now()
	if err := st.b.decodeN(in, 1); err != nil {
		st.fail(fmt.Errorf("decode: %w", err))
		return
	}
	st.checkDec = time.Since(t0)
	runtime.ReadMemStats(&b)
	t0 = time.Now()
	out, err := st.b.encodeN(1)
	if err != nil {
		st.fail(fmt.Errorf("encode: %w", err))
		return
	}
	st.checkEnc = time.Since(t0)
	runtime.ReadMemStats(&c)
	st.checkTime = st.checkDec + st.checkEnc
	st.res.DecodeAlloc, st.res.DecodeAllocs = b.TotalAlloc-a.TotalAlloc, b.Mallocs-a.Mallocs
	st.res.EncodeAlloc, st.res.EncodeAllocs = c.TotalAlloc-b.TotalAlloc, c.Mallocs-b.Mallocs
	st.res.Identical = true
	st.noteIdentical(in, out)
}

// noteIdentical records one comparison of a re-encoding with the input;
// "identical" stays true only if every comparison matched.
// The first differing output is checked for equivalence.
func (st *implState) noteIdentical(in, out []byte) {
	st.res.IdenticalChecks++
	if bytes.Equal(in, out) {
		st.res.IdenticalMatches++
		return
	}
	st.res.Identical = false
	if st.res.Equivalent == nil {
		eq := canonicalEqual(in, out, st.typeJSON)
		st.res.Equivalent = &eq
		progress("%s %s: re-encoding differs from input (%d vs %d bytes, go-cty-equivalent=%v)",
			st.res.Case, st.res.Impl, len(out), len(in), eq)
	}
}

func canonicalEqual(in, out, typeJSON []byte) bool {
	ty, err := ctyjson.UnmarshalType(typeJSON)
	if err != nil {
		return false
	}
	v, err := msgpack.Unmarshal(out, ty)
	if err != nil {
		return false
	}
	again, err := msgpack.Marshal(v, ty)
	return err == nil && bytes.Equal(again, in)
}

// estimate returns the mean time per decode and per encode. An operation the
// round-trip check found slower than calibWindow is not run again; faster
// ones are repeated for about calibWindow.
func (st *implState) estimate(in []byte) (dec, enc time.Duration, err error) {
	const calibWindow = 20 * time.Millisecond
	dec, enc = st.checkDec, st.checkEnc
	if dec < calibWindow {
		n, t0 := 0, time.Now()
		for n == 0 || time.Since(t0) < calibWindow {
			if err = st.b.decodeN(in, 1); err != nil {
				return 0, 0, fmt.Errorf("decode: %w", err)
			}
			n++
		}
		dec = time.Since(t0) / time.Duration(n)
	}
	if enc < calibWindow {
		n, t0 := 0, time.Now()
		for n == 0 || time.Since(t0) < calibWindow {
			if _, err = st.b.encodeN(1); err != nil {
				return 0, 0, fmt.Errorf("encode: %w", err)
			}
			n++
		}
		enc = time.Since(t0) / time.Duration(n)
	}
	return dec, enc, nil
}

// measureAllocs records bytes and objects allocated by one decode and one
// encode, outside the timed region (ReadMemStats stops the world).
func (st *implState) measureAllocs(in []byte) {
	var a, b, c runtime.MemStats
	runtime.ReadMemStats(&a)
	if err := st.b.decodeN(in, 1); err != nil {
		return
	}
	runtime.ReadMemStats(&b)
	if _, err := st.b.encodeN(1); err != nil {
		return
	}
	runtime.ReadMemStats(&c)
	st.res.DecodeAlloc, st.res.DecodeAllocs = b.TotalAlloc-a.TotalAlloc, b.Mallocs-a.Mallocs
	st.res.EncodeAlloc, st.res.EncodeAllocs = c.TotalAlloc-b.TotalAlloc, c.Mallocs-b.Mallocs
}

func batchSize(op time.Duration) int {
	if op <= 0 {
		return 1000
	}
	return max(1, int(math.Ceil(float64(minSample)/float64(op))))
}

// timed runs f and returns its wall time and the process CPU time (user +
// system, all threads, so it includes the garbage collector's background
// work on other cores).
func timed(f func() error) (wall, cpu time.Duration, err error) {
	c0 := cpuTime()
	t0 := time.Now()
	err = f()
	wall = time.Since(t0)
	cpu = cpuTime() - c0
	return wall, cpu, err
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func perOp(d time.Duration, k int) float64 { return float64(d.Nanoseconds()) / float64(k) }

// quantile returns the q-quantile by linear interpolation between the
// closest ranks (q=0.5 is the usual median).
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	pos := q * float64(len(s)-1)
	lo := int(math.Floor(pos))
	hi := int(math.Ceil(pos))
	frac := pos - float64(lo)
	return math.Round(s[lo] + (s[hi]-s[lo])*frac)
}

func countItems(in, typeJSON []byte) (int, error) {
	ty, err := ctyjson.UnmarshalType(typeJSON)
	if err != nil {
		return 0, err
	}
	v, err := msgpack.Unmarshal(in, ty)
	if err != nil {
		return 0, err
	}
	if !ty.IsObjectType() || !ty.HasAttribute("items") {
		return 0, nil
	}
	return v.GetAttr("items").LengthInt(), nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func progress(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "codecbench: "+format+"\n", args...)
}

func cmdVersions() error {
	v := map[string]string{"go": runtime.Version(), "os_arch": runtime.GOOS + "/" + runtime.GOARCH}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			switch d.Path {
			case "github.com/zclconf/go-cty":
				v["go-cty"] = d.Version
			case "github.com/hashicorp/terraform-plugin-go":
				v["terraform-plugin-go"] = d.Version
			case "github.com/vmihailenco/msgpack/v5":
				v["vmihailenco-msgpack"] = d.Version
			case "github.com/vmihailenco/msgpack/v4":
				v["vmihailenco-msgpack-v4"] = d.Version
			}
		}
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	fmt.Println(string(b))
	return nil
}
