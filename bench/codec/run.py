#!/usr/bin/env python3
"""Runs tfpp's msgpack codec benchmark and prints a markdown report.

    python3 bench/codec/run.py --build-dir BUILD [--seconds S] [--out FILE.md]
    python3 bench/codec/run.py --build-dir BUILD --smoke

Steps:
  1. builds the Go anchor (bench/codec/go, go-cty and terraform-plugin-go's
     tftypes) into BUILD/bench-codec-go/codecbench;
  2. generates the shared inputs into BUILD/bench-codec-data/ (skipped when
     they are newer than the Go binary);
  3. runs the Go side and the C++ side (BUILD/bench/codec/tfpp_codec_bench)
     one case at a time, alternating which process goes first, so that load
     changes on a shared machine hit both sides;
  4. prints one table per case with throughput and the tfpp/go-cty,
     tfpp/tftypes and tfpp/msgpack-cxx (floor) ratios, plus machine info.

Both benchmark binaries take `run DIR -seconds S -cases CASE` and print one
JSON object per implementation and case on stdout (see bench/codec/go/run.go).
A missing C++ binary is reported and its rows skipped; --require-cxx makes it
an error. Prebuilt binaries can be supplied with TFPP_CODEC_GO_BIN and
TFPP_CODEC_CXX_BIN.

Standard library only.
"""

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
GO_SRC = os.path.join(HERE, "go")

SIZES = ["small", "medium", "large"]
SHAPES = ["list", "set"]
ALL_CASES = [f"{s}-{sh}" for s in SIZES for sh in SHAPES]
SMOKE_CASES = [c for c in ALL_CASES if not c.startswith("large-")]
SMOKE_SECONDS = 0.2

GO_IMPLS = ["go-cty", "tftypes"]
CXX_IMPLS = ["tfpp", "tfpp-dynamic", "msgpack-cxx"]
DECODE_ONLY = {"msgpack-cxx"}
TYPED_IMPLS = ["tfpp", "tfpp-dynamic"]
TARGET_RATIO = 20.0  # tfpp round trip must reach >= 20x go-cty's throughput


def log(msg):
    print(f"run.py: {msg}", file=sys.stderr, flush=True)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build-dir", required=True, help="build directory (meson build dir)")
    p.add_argument("--seconds", type=float, default=None,
                   help="measurement time per case and implementation (default 3; --smoke: 0.2)")
    p.add_argument("--cases", default=None,
                   help="comma-separated subset of " + ",".join(ALL_CASES))
    p.add_argument("--out", help="also write the markdown report to this file")
    p.add_argument("--json", dest="json_out", help="also write the raw result lines (JSON Lines) here")
    p.add_argument("--smoke", action="store_true",
                   help=f"small and medium cases only, {SMOKE_SECONDS} s each; exit non-zero on any "
                        "failure or a non-identical go-cty round trip")
    p.add_argument("--require-cxx", action="store_true",
                   help="treat a missing C++ benchmark binary as a failure")
    p.add_argument("--timeout", type=float, default=None,
                   help="seconds before one benchmark process is killed (default: 120 + 60 x seconds)")
    p.add_argument("--go", default=os.environ.get("GO", "go"), help="go command (default: $GO or go)")
    args = p.parse_args(argv)
    if args.seconds is None:
        args.seconds = SMOKE_SECONDS if args.smoke else 3.0
    if args.seconds <= 0:
        p.error("--seconds must be positive")
    if args.cases:
        args.cases = [c.strip() for c in args.cases.split(",") if c.strip()]
        bad = [c for c in args.cases if c not in ALL_CASES]
        if bad:
            p.error(f"unknown case(s) {bad}; have {ALL_CASES}")
    else:
        args.cases = SMOKE_CASES if args.smoke else ALL_CASES
    if args.timeout is None:
        args.timeout = 120 + 60 * args.seconds
    return args


# --- building and generating -------------------------------------------------

def build_go(args, build_dir):
    """Returns the path of the Go benchmark binary, building it unless
    TFPP_CODEC_GO_BIN names a prebuilt one."""
    prebuilt = os.environ.get("TFPP_CODEC_GO_BIN")
    if prebuilt:
        if not os.access(prebuilt, os.X_OK):
            raise SystemExit(f"run.py: TFPP_CODEC_GO_BIN={prebuilt} is not an executable file")
        log(f"using prebuilt Go benchmark {prebuilt}")
        return os.path.abspath(prebuilt)
    out_dir = os.path.join(build_dir, "bench-codec-go")
    os.makedirs(out_dir, exist_ok=True)
    binary = os.path.join(out_dir, "codecbench")
    env = dict(os.environ)
    # Keep the caller's GOFLAGS but never let the build edit go.mod/go.sum.
    # (Setting GOFLAGS here hides any GOFLAGS from `go env -w`.)
    env["GOFLAGS"] = (env.get("GOFLAGS", "") + " -mod=readonly").strip()
    env["CGO_ENABLED"] = "0"
    # go build touches an up-to-date -o target, which would make the
    # generated inputs look stale every time; build next to it and replace
    # the binary only when its bytes changed. -buildvcs=false keeps the bytes
    # independent of the repository's commit and dirty state.
    fresh = binary + ".new"
    cmd = [args.go, "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o", fresh, "."]
    log("building the Go benchmark: " + " ".join(cmd))
    try:
        r = subprocess.run(cmd, cwd=GO_SRC, env=env)
    except FileNotFoundError:
        raise SystemExit(f"run.py: '{args.go}' not found; install Go or set TFPP_CODEC_GO_BIN")
    if r.returncode != 0:
        raise SystemExit(f"run.py: go build failed (exit {r.returncode})")
    if same_file_contents(fresh, binary):
        os.remove(fresh)
    else:
        os.replace(fresh, binary)
    return binary


def same_file_contents(a, b):
    try:
        if os.path.getsize(a) != os.path.getsize(b):
            return False
        with open(a, "rb") as fa, open(b, "rb") as fb:
            while True:
                ca, cb = fa.read(1 << 20), fb.read(1 << 20)
                if ca != cb:
                    return False
                if not ca:
                    return True
    except FileNotFoundError:
        return False


def data_is_fresh(data_dir, binary):
    bin_mtime = os.stat(binary).st_mtime
    for case in ALL_CASES:
        for suffix in (".msgpack", ".type.json"):
            path = os.path.join(data_dir, case + suffix)
            try:
                if os.stat(path).st_mtime <= bin_mtime:
                    return False
            except FileNotFoundError:
                return False
    return True


def generate(go_bin, data_dir):
    if data_is_fresh(data_dir, go_bin):
        log(f"inputs in {data_dir} are newer than the Go binary; not regenerating")
        return
    os.makedirs(data_dir, exist_ok=True)
    log(f"generating inputs into {data_dir}")
    r = subprocess.run([go_bin, "gen", data_dir], stdout=subprocess.PIPE, text=True)
    sys.stderr.write(r.stdout)
    if r.returncode != 0:
        raise SystemExit(f"run.py: '{go_bin} gen' failed (exit {r.returncode})")


# --- running -----------------------------------------------------------------

class Side:
    def __init__(self, name, binary, impls, missing_note=None):
        self.name = name            # "Go" or "C++"
        self.binary = binary
        self.impls = impls
        self.missing_note = missing_note
        self.maxrss_kb = {}         # case -> process peak RSS reported by the side

    @property
    def available(self):
        return self.missing_note is None


def run_side(side, data_dir, case, seconds, timeout, results, failures):
    cmd = [side.binary, "run", data_dir, "-seconds", f"{seconds:g}", "-cases", case]
    t0 = time.monotonic()
    try:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    except OSError as e:
        failures.append(f"{side.name} {case}: cannot start {side.binary}: {e}")
        return
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()  # only the child this script started
        out, err = proc.communicate()
        failures.append(f"{side.name} {case}: killed after {timeout:g} s timeout")
        log(f"{side.name} {case}: TIMEOUT")
        return
    elapsed = time.monotonic() - t0
    seen = set()
    for line in out.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            failures.append(f"{side.name} {case}: unparsable output line: {line[:200]}")
            continue
        rec["_side"] = side.name
        impl = rec.get("impl")
        if rec.get("case") != case:
            failures.append(f"{side.name} {case}: result for unexpected case {rec.get('case')!r}")
            continue
        if rec.get("error"):
            failures.append(f"{side.name} {case} {impl}: {rec['error']}")
        if "process_maxrss_kb" in rec:
            side.maxrss_kb[case] = max(side.maxrss_kb.get(case, 0), rec["process_maxrss_kb"])
        seen.add(impl)
        results[(case, impl)] = rec
    if proc.returncode != 0:
        tail = "\n".join(err.strip().splitlines()[-5:])
        failures.append(f"{side.name} {case}: exit status {proc.returncode}" + (f": {tail}" if tail else ""))
    for impl in side.impls:
        if impl not in seen:
            failures.append(f"{side.name} {case}: no result for implementation {impl}")
    log(f"{side.name:3} {case:<11} {elapsed:6.1f} s" + ("" if proc.returncode == 0 else f"  (exit {proc.returncode})"))


def go_versions(go_bin):
    try:
        r = subprocess.run([go_bin, "versions"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                           text=True, timeout=30)
        return json.loads(r.stdout)
    except (OSError, ValueError, subprocess.SubprocessError):
        return {}


# --- report ------------------------------------------------------------------

def machine_info():
    model, processors = "unknown", 0
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, val = line.partition(":")
                key = key.strip()
                if key == "model name" and model == "unknown":
                    model = val.strip()
                elif key == "processor":
                    processors += 1
    except OSError:
        pass
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    mem = ""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    mem = f"{int(line.split()[1]) / 1048576:.1f} GiB"
                    break
    except OSError:
        pass
    return {"cpu": model, "cores": processors or os.cpu_count(), "usable": usable,
            "kernel": platform.release(), "memory": mem}


def mbps(nbytes, ns):
    return nbytes * 1e3 / ns if ns and ns > 0 else None


def fmt_rate(v):
    if v is None:
        return "—"
    if v >= 100:
        return f"{v:,.0f}"
    if v >= 10:
        return f"{v:.1f}"
    return f"{v:.2f}"


def fmt_ns(ns):
    if not ns:
        return "—"
    if ns >= 1e9:
        return f"{ns / 1e9:.2f} s"
    if ns >= 1e6:
        return f"{ns / 1e6:.1f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.1f} µs"
    return f"{ns:.0f} ns"


def fmt_ratio(v):
    if v is None:
        return "—"
    return f"{v:.1f}×" if v >= 10 else f"{v:.2f}×"


def fmt_bytes(n):
    if n is None:
        return "—"
    if n >= 1e9:
        return f"{n / 1e9:.2f} GB"
    if n >= 1e6:
        return f"{n / 1e6:.1f} MB"
    if n >= 1e3:
        return f"{n / 1e3:.1f} kB"
    return f"{n} B"


def times(rec):
    """(decode ns, encode ns, round-trip ns) medians; None where absent."""
    if not rec or rec.get("error"):
        return None, None, None
    d = rec.get("decode_ns_median") or None
    e = rec.get("encode_ns_median") or None
    rt = d + e if d and e else None
    return d, e, rt


def speedup(slow, fast):
    return slow / fast if slow and fast else None


def identical_cell(rec):
    if rec.get("impl") in DECODE_ONLY:
        return "n/a"
    if "identical" not in rec:
        return "?"
    txt = "yes" if rec["identical"] else "**no**"
    checks, matches = rec.get("identical_checks"), rec.get("identical_matches", 0)
    if checks and not rec["identical"]:
        txt += f" ({matches}/{checks})"
    if rec.get("equivalent") is not None and not rec["identical"]:
        txt += ", equivalent" if rec["equivalent"] else ", **not equivalent**"
    return txt


def case_section(case, results, sides, lines):
    anyrec = next((results[(case, i)] for s in sides for i in s.impls if (case, i) in results), None)
    nbytes = anyrec.get("bytes") if anyrec else None
    items = next((results[(case, i)].get("items") for i in GO_IMPLS if (case, i) in results), None)
    head = f"### {case}"
    if nbytes:
        head += f" — {nbytes:,} bytes"
    if items:
        head += f", {items:,} items"
    lines += [head, ""]
    show_alloc = any((case, i) in results and results[(case, i)].get("decode_alloc_bytes") for i in GO_IMPLS + CXX_IMPLS)
    cols = ["impl", "decode MB/s", "encode MB/s", "round-trip MB/s", "decode median / p90",
            "encode median / p90", "runs", "identical"]
    if show_alloc:
        cols.append("alloc per decode / encode")
    lines.append("| " + " | ".join(cols) + " |")
    lines.append("|" + "|".join("---" if i == 0 else "---:" for i in range(len(cols))) + "|")
    for side in sides:
        if not side.available:
            continue
        for impl in side.impls:
            rec = results.get((case, impl))
            if rec is None:
                lines.append(f"| {impl} | **no result** |" + " |" * (len(cols) - 2))
                continue
            if rec.get("error"):
                lines.append(f"| {impl} | **failed**: {rec['error'][:120]} |" + " |" * (len(cols) - 2))
                continue
            d, e, rt = times(rec)
            row = [impl, fmt_rate(mbps(nbytes, d)), fmt_rate(mbps(nbytes, e)), fmt_rate(mbps(nbytes, rt)),
                   f"{fmt_ns(d)} / {fmt_ns(rec.get('decode_ns_p90'))}",
                   f"{fmt_ns(e)} / {fmt_ns(rec.get('encode_ns_p90'))}" if e else "—",
                   str(rec.get("runs", "?")), identical_cell(rec)]
            if show_alloc:
                da, ea = rec.get("decode_alloc_bytes"), rec.get("encode_alloc_bytes")
                row.append(f"{fmt_bytes(da)} / {fmt_bytes(ea)}" if da or ea else "—")
            lines.append("| " + " | ".join(row) + " |")
    lines.append("")

    # Ratios: throughput of a tfpp implementation over the Go references
    # (= Go time / tfpp time), and the floor ratio (tfpp decode time over
    # bare msgpack-cxx unpack time; 1.0 would be "no cost above parsing").
    cxx_ran = any((case, i) in results for i in CXX_IMPLS)
    if not cxx_ran:
        lines.append("_No C++ results for this case, so no tfpp ratios._")
        rss_line(case, sides, lines)
        return
    lines.append("| ratio | decode | encode | round trip |")
    lines.append("|---|---:|---:|---:|")
    for typed in TYPED_IMPLS:
        t = times(results.get((case, typed)))
        for ref in GO_IMPLS:
            r = times(results.get((case, ref)))
            vals = [speedup(r[k], t[k]) for k in range(3)]
            rt = fmt_ratio(vals[2])
            if ref == "go-cty" and typed == "tfpp" and vals[2] is not None:
                rt += " ✓" if vals[2] >= TARGET_RATIO else f" ✗ (target ≥ {TARGET_RATIO:g}×)"
            lines.append(f"| {typed} / {ref} (× faster) | {fmt_ratio(vals[0])} | {fmt_ratio(vals[1])} | {rt} |")
    floor = times(results.get((case, "msgpack-cxx")))[0]
    for typed in TYPED_IMPLS:
        t = times(results.get((case, typed)))[0]
        lines.append(f"| floor: {typed} decode time / msgpack-cxx decode time | {fmt_ratio(speedup(t, floor))} | | |")
    rss_line(case, sides, lines)


def rss_line(case, sides, lines):
    rss = [f"{s.name} process {s.maxrss_kb[case] / 1024:.0f} MiB" for s in sides if case in s.maxrss_kb]
    if rss:
        lines.append("")
        lines.append("Peak RSS (whole process, all its implementations): " + ", ".join(rss) + ".")
    lines.append("")


def summary_section(cases, results, lines):
    lines.append("| case | bytes | go-cty RT MB/s | tftypes RT MB/s | tfpp RT MB/s | tfpp / go-cty | tfpp / tftypes | floor |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|")
    for case in cases:
        recs = {i: results.get((case, i)) for i in GO_IMPLS + CXX_IMPLS}
        nbytes = next((r["bytes"] for r in recs.values() if r and r.get("bytes")), None)
        rt = {i: times(r)[2] for i, r in recs.items()}
        tfpp_rt = rt.get("tfpp")
        floor = speedup(times(recs.get("tfpp"))[0], times(recs.get("msgpack-cxx"))[0])
        lines.append("| " + " | ".join([
            case, f"{nbytes:,}" if nbytes else "—",
            fmt_rate(mbps(nbytes, rt["go-cty"])), fmt_rate(mbps(nbytes, rt["tftypes"])),
            fmt_rate(mbps(nbytes, tfpp_rt)),
            fmt_ratio(speedup(rt["go-cty"], tfpp_rt)), fmt_ratio(speedup(rt["tftypes"], tfpp_rt)),
            fmt_ratio(floor)]) + " |")
    lines.append("")


def report(args, sides, results, failures, warnings, versions, info, load, started, wall):
    lines = ["# tfpp msgpack codec benchmark", ""]
    mode = "smoke" if args.smoke else "full"
    lines.append(f"{started:%Y-%m-%d %H:%M} UTC, {mode} run, {args.seconds:g} s per case and implementation, "
                 f"{wall:.0f} s wall in total.")
    lines.append("")
    lines.append(f"* CPU: {info['cpu']}, {info['cores']} cores ({info['usable']} usable), {info['memory']} RAM, "
                 f"Linux {info['kernel']}; load average {load[0]:.2f} before, {load[1]:.2f} after")
    if max(load) > info["usable"]:
        lines.append(f"* **The machine was busy** (load average above the {info['usable']} usable cores, this "
                     "benchmark contributing about 1): treat absolute numbers as pessimistic and compare ratios "
                     "from the same run only.")
    lines.append(f"* Go side: {versions.get('go', '?')}, go-cty {versions.get('go-cty', '?')}, "
                 f"terraform-plugin-go {versions.get('terraform-plugin-go', '?')} (tftypes; msgpack "
                 f"{versions.get('vmihailenco-msgpack', '?')}), binary `{sides[0].binary}`")
    cxx = sides[1]
    if cxx.available:
        lines.append(f"* C++ side: `{cxx.binary}`")
    else:
        lines.append(f"* C++ side: **not run** — {cxx.missing_note}")
    lines.append("")
    lines.append("Method: each process runs one case at a time, the Go and C++ processes alternate per case "
                 "(and which goes first); inside a process the implementations alternate per round after "
                 "discarded warm-up runs. Times are medians (and p90) per operation; short operations are "
                 "batched into samples of ≥ 2 ms. MB/s = 10⁶ bytes of input per second; round trip = bytes / "
                 "(decode + encode). `× faster` = reference time / tfpp time. go-cty and tftypes use the Go "
                 "runtime's default GOMAXPROCS, so their garbage collector also runs on the second core.")
    lines.append("")
    if failures:
        lines.append("**Failures:**")
        lines.append("")
        lines += [f"* {f}" for f in failures]
        lines.append("")
    if warnings:
        lines.append("**Warnings:**")
        lines.append("")
        lines += [f"* {w}" for w in warnings]
        lines.append("")
    lines.append("## Summary (round trip = decode + encode)")
    lines.append("")
    summary_section(args.cases, results, lines)
    lines.append("## Cases")
    lines.append("")
    for case in args.cases:
        case_section(case, results, sides, lines)
    return "\n".join(lines)


# --- main --------------------------------------------------------------------

def main(argv):
    args = parse_args(argv)
    build_dir = os.path.abspath(args.build_dir)
    started = datetime.datetime.now(datetime.timezone.utc)
    t_start = time.monotonic()
    load_before = os.getloadavg()[0]

    go_bin = build_go(args, build_dir)
    data_dir = os.path.join(build_dir, "bench-codec-data")
    generate(go_bin, data_dir)
    versions = go_versions(go_bin)

    cxx_bin = os.environ.get("TFPP_CODEC_CXX_BIN") or os.path.join(build_dir, "bench", "codec", "tfpp_codec_bench")
    cxx_note = None
    if not os.path.isfile(cxx_bin):
        cxx_note = f"`{cxx_bin}` does not exist (build the C++ benchmark target first)"
    elif not os.access(cxx_bin, os.X_OK):
        cxx_note = f"`{cxx_bin}` is not executable"
    sides = [Side("Go", go_bin, GO_IMPLS), Side("C++", cxx_bin, CXX_IMPLS, cxx_note)]
    failures, warnings = [], []
    if cxx_note:
        log(f"C++ side skipped: {cxx_note}")
        if args.require_cxx:
            failures.append(f"C++ side missing: {cxx_note}")

    results = {}
    runnable = [s for s in sides if s.available]
    for n, case in enumerate(args.cases):
        order = runnable if n % 2 == 0 else list(reversed(runnable))
        for side in order:
            run_side(side, data_dir, case, args.seconds, args.timeout, results, failures)

    for case in args.cases:
        rec = results.get((case, "go-cty"))
        if rec and not rec.get("error") and not rec.get("identical"):
            failures.append(f"{case}: go-cty's re-encoding is not byte-identical to the input "
                            "(the input was written by go-cty, so the data or the benchmark is broken)")
        for impl in TYPED_IMPLS:
            rec = results.get((case, impl))
            if rec and not rec.get("error") and rec.get("identical") is False:
                warnings.append(f"{case}: {impl}'s re-encoding is not byte-identical to go-cty's")

    text = report(args, sides, results, failures, warnings, versions, machine_info(),
                  (load_before, os.getloadavg()[0]), started, time.monotonic() - t_start)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")
        log(f"report written to {args.out}")
    if args.json_out:
        with open(args.json_out, "w") as f:
            for key in sorted(results):
                rec = dict(results[key])
                rec.pop("_side", None)
                f.write(json.dumps(rec, sort_keys=True) + "\n")
    if failures:
        log(f"{len(failures)} failure(s):")
        for f in failures:
            log("  " + f)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
