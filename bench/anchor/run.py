#!/usr/bin/env python3
"""tfpp against an equivalent Go terraform-plugin-framework provider, as ratios
from one run (cases B1-B6 of docs/benchmarks.md).

    python3 bench/anchor/run.py [--repeat 3] [--charts DIR] [--busy] [--out FILE.md] [--json FILE.json]
    python3 bench/anchor/run.py --smoke        (CI: every case runs once, small)

What it does:
  1. builds the release build as shipped (-Dstatic_release=true
     -Dbuildtype=release, in --build-dir, default build-static): the example
     provider examples/local and the harness bench/anchor/tfpp_bench_harness;
  2. generates and compiles tfpp's benchmark providers (bench/schema/gen.py
     --shared-model --items) with N = 1, 100 and 1000 resource types, with the
     release build's flags and link line, two compiles at a time; a provider
     whose sources, flags and headers are unchanged is reused;
  3. builds the Go side from bench/anchor-go (terraform-plugin-framework from
     the Go module proxy): CGO_ENABLED=0 -trimpath -ldflags="-s -w";
  4. runs every case on both sides in alternating order (tfpp, Go, Go, tfpp,
     ...), with the harness pinned to CPU 0 and the provider to CPU 1;
  5. B6: `tofu apply` of 1000 resources against each provider and a no-op
     floor provider, the providers' CPU time read by GNU time;
  6. prints a markdown report: median and p90 per side, the tfpp/Go ratio
     with a bootstrap 95 % interval, the target and whether it is met; with
     --repeat N, steps 4-5 run N times and the report leads with each
     target's median over the N runs, its spread and in how many it was met;
  7. --charts DIR: bench/anchor/charts.py draws the SVG charts of
     docs/benchmarks.md from the JSON (Debian's python3-matplotlib).

Floors measured beside both sides: the harness's own echo server, a bare
static gRPC C++ server with the same AutoMTLS handshake (B1: start-up; B3
and B4: the same request bytes echoed), and the no-op Go provider (B6).

Prebuilt Go binaries: TFPP_ANCHOR_GO_BIN_DIR=DIR holding
terraform-provider-local, terraform-provider-noop and
terraform-provider-bench-N<types> skips step 3. Without Go (>= 1.24) and
without that directory the Go side is skipped, and the report says so.
OpenTofu: $TFPP_TOFU, else scripts/build-go-tools.sh tofu.

Standard library only (the charts: matplotlib).
"""

import argparse
import datetime
import glob
import hashlib
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "bench", "schema"))
import gen  # noqa: E402
import run as schema_run  # noqa: E402

GO_MODULE = os.path.join(REPO, "bench", "anchor-go")
HARNESS_TARGET = "bench/anchor/tfpp_bench_harness"
EXAMPLE_TARGET = "examples/terraform-provider-local"
RUN_TIMEOUT_S = 900  # one harness run; the Go side's large sets can take minutes
SET_SIZES = [100, 1000, 3000, 10_000]  # B4s: set against list, up to the N = 10,000


def log(msg):
    print(f"anchor: {msg}", file=sys.stderr, flush=True)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build-dir", default=os.path.join(REPO, "build-static"),
                   help="the static release build directory (configured here when missing; default build-static)")
    p.add_argument("--types", default=None, help="resource type counts for B2 (default 1,100,1000; smoke 1,10)")
    p.add_argument("--cases", default="B1,B2,B3,B4,B4s,B6", help="which cases to run (B5 comes from the others)")
    p.add_argument("--rounds", type=float, default=1.0,
                   help="scale every case's number of rounds (default 1; B6 runs round(R) times)")
    p.add_argument("--call-timeout", type=float, default=None,
                   help="seconds after which one plan or apply of B4/B4s is given up and reported as a lower "
                        "bound (default 30; smoke 20)")
    p.add_argument("--no-clean-build", action="store_true", help="do not measure clean build times")
    p.add_argument("--no-pin", action="store_true", help="do not pin the harness to CPU 0 and providers to CPU 1")
    p.add_argument("--out", help="also write the markdown report here")
    p.add_argument("--json", dest="json_out", help="also write every measurement here")
    p.add_argument("--repeat", type=int, default=1,
                   help="full passes over the cases (builds once); the report leads with each target's median "
                        "over the passes, its spread and in how many it was met (docs/benchmarks.md uses 3)")
    p.add_argument("--busy", action="store_true",
                   help="measure with a CPU hog beside the harness and the provider (a busy machine)")
    p.add_argument("--charts", help="also draw the SVG charts into this directory (python3-matplotlib)")
    p.add_argument("--smoke", action="store_true",
                   help="every case once at small sizes; exit non-zero unless every case produced its numbers "
                        "on both sides (timings are not judged)")
    args = p.parse_args(argv)
    if args.types is None:
        args.types = "1,10" if args.smoke else "1,100,1000"
    args.types = [int(t) for t in args.types.split(",") if t.strip()]
    if args.call_timeout is None:
        args.call_timeout = 20.0 if args.smoke else 30.0
    args.cases = {c.strip() for c in args.cases.split(",") if c.strip()}
    args.build_dir = os.path.abspath(args.build_dir)
    args.work = os.path.join(args.build_dir, "bench-anchor")
    return args


# ---------------------------------------------------------------- statistics

def pct(values, q):
    v = sorted(values)
    return v[int(q * (len(v) - 1) + 0.5)] if v else None


def median(values):
    return statistics.median(values) if values else None


def ratio_ci(a, b, n=1000):
    """Ratio of medians a/b and its bootstrap 95 % interval."""
    if not a or not b or median(b) == 0:
        return None, None, None
    rng = random.Random(7)
    rs = []
    for _ in range(n):
        ma = statistics.median(rng.choices(a, k=len(a)))
        mb = statistics.median(rng.choices(b, k=len(b)))
        if mb:
            rs.append(ma / mb)
    rs.sort()
    return median(a) / median(b), rs[int(0.025 * len(rs))], rs[int(0.975 * len(rs)) - 1]


# ---------------------------------------------------------------- building

def sh(cmd, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if r.returncode != 0:
        raise SystemExit(f"anchor: {' '.join(cmd)} failed:\n{r.stdout[-6000:]}")
    return r.stdout


def msgpack_include_dir():
    return sh([os.path.join(REPO, "scripts", "install-deps.sh")]).strip().splitlines()[-1]


def ensure_release_build(args):
    opts = ["-Dstatic_release=true", "-Dbuildtype=release", "-Dtests=false",
            f"-Dmsgpack_include_dir={msgpack_include_dir()}"]
    if os.path.exists(os.path.join(args.build_dir, "build.ninja")):
        sh(["meson", "setup", "--reconfigure", args.build_dir] + opts)
    else:
        sh(["meson", "setup", args.build_dir, REPO] + opts)
    log(f"building {EXAMPLE_TARGET} and {HARNESS_TARGET} in {args.build_dir}")
    sh(["ninja", "-C", args.build_dir, "-j2", EXAMPLE_TARGET, HARNESS_TARGET, schema_run.PROTOCOL_LIB] + schema_run.TFPP_LIBS)
    return os.path.join(args.build_dir, HARNESS_TARGET), os.path.join(args.build_dir, EXAMPLE_TARGET)


def tree_digest(paths):
    h = hashlib.sha256()
    for root in paths:
        files = [root] if os.path.isfile(root) else sorted(
            os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs)
        for f in files:
            h.update(f.encode())
            with open(f, "rb") as fh:
                h.update(fh.read())
    return h.hexdigest()


def compile_parallel(jobs, cxx, cflags):
    """jobs: [(source, object)]; two compiles at a time; records per TU."""
    def one(job):
        src, obj = job
        return dict(schema_run.run_measured([cxx] + cflags + ["-c", src, "-o", obj], timeout=3600), tu=src)
    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(one, jobs))


def build_tfpp_provider(n, args, cxx, cflags, ldflags):
    """The generated provider with n types (+ the items resources), reused when nothing changed."""
    base = os.path.join(args.work, f"tfpp-n{n}")
    src, obj = os.path.join(base, "src"), os.path.join(base, "obj")
    binary = os.path.join(base, "terraform-provider-bench")
    manifest = gen.generate(n, src, group_size=50, shared_model=True, items=True)
    key = tree_digest([src, os.path.join(REPO, "include")]) + hashlib.sha256(
        json.dumps([cxx, cflags, ldflags]).encode()).hexdigest()
    record_path = os.path.join(base, "build.json")
    if os.path.exists(binary) and os.path.exists(record_path):
        with open(record_path, encoding="utf-8") as f:
            rec = json.load(f)
        if rec.get("key") == key:
            log(f"tfpp N={n}: reusing the build of {rec['date']}")
            return rec
    os.makedirs(obj, exist_ok=True)
    tus = manifest["handler_tus"] + [manifest["main"]]
    log(f"tfpp N={n}: compiling {len(tus)} TUs, two at a time")
    t0 = time.perf_counter()
    jobs = [(os.path.join(src, tu), os.path.join(obj, tu.replace(".cpp", ".o"))) for tu in tus]
    records = compile_parallel(jobs, cxx, cflags + ["-I" + src])
    for r in records:
        if not r["ok"]:
            raise SystemExit(f"anchor: compiling {r['tu']} failed: {r['reason']}\n{r['stderr']}")
    link = schema_run.run_measured([cxx, "-o", binary] + [o for _, o in jobs] + ldflags, timeout=3600)
    if not link["ok"]:
        raise SystemExit(f"anchor: linking N={n} failed: {link['reason']}\n{link['stderr']}")
    rec = {"key": key, "date": datetime.datetime.now().isoformat(timespec="seconds"), "types": n,
           "binary": binary, "wall_s": time.perf_counter() - t0,
           "cpu_s": sum(r["cpu_s"] for r in records) + link["cpu_s"],
           "max_rss_kb": max(r["maxrss_kb"] for r in records), "size": os.path.getsize(binary)}
    with open(record_path, "w", encoding="utf-8") as f:
        json.dump(rec, f, indent=1)
    return rec


def clean_build_example(args, cxx, cflags, ldflags):
    """examples/local from scratch with the release flags, two TUs at a time:
    its own sources compiled and linked, and tfpp's libraries (src/, compiled
    once per build directory, like the protocol library) timed apart."""
    out = os.path.join(args.work, "clean-example")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    local_dir = os.path.join(REPO, "examples", "local")
    example = [os.path.join(local_dir, f) for f in sorted(os.listdir(local_dir))
               if f.endswith(".cpp") and not f.startswith("test_")]
    library = sorted(glob.glob(os.path.join(REPO, "src", "*", "*.cpp")))

    def jobs_of(srcs, tag):
        return [(src, os.path.join(out, f"{tag}-{os.path.relpath(src, REPO).replace(os.sep, '_')}.o")) for src in srcs]

    example_jobs, library_jobs = jobs_of(example, "example"), jobs_of(library, "tfpp")
    t0 = time.perf_counter()
    library_records = compile_parallel(library_jobs, cxx, cflags)
    library_wall = time.perf_counter() - t0
    t0 = time.perf_counter()
    records = compile_parallel(example_jobs, cxx, cflags + ["-I" + local_dir])
    prebuilt = ("liblocal-example.a", "libtfpp.a", "libtfpp_values.a")  # replaced by the objects above
    link = schema_run.run_measured([cxx, "-o", os.path.join(out, "provider")] + [o for _, o in example_jobs]
                                   + [o for _, o in library_jobs]
                                   + [a for a in ldflags if os.path.basename(a) not in prebuilt])
    wall = time.perf_counter() - t0
    failed = [r for r in records + library_records if not r["ok"]] + ([link] if not link["ok"] else [])
    if failed:
        raise SystemExit(f"anchor: the clean build of examples/local failed: {failed[0]['reason']}\n"
                         f"{failed[0]['stderr']}")
    return {"ok": True, "wall_s": wall, "cpu_s": sum(r["cpu_s"] for r in records) + link["cpu_s"],
            "files": len(example), "library_wall_s": library_wall,
            "library_cpu_s": sum(r["cpu_s"] for r in library_records), "library_files": len(library)}


def find_go():
    for go in (os.environ.get("TFPP_GO"), shutil.which("go"), "/usr/local/go/bin/go"):
        if go and os.access(go, os.X_OK):
            v = subprocess.run([go, "env", "GOVERSION"], stdout=subprocess.PIPE, text=True).stdout.strip()
            try:
                major, minor = (int(x) for x in v.removeprefix("go").split(".")[:2])
            except ValueError:
                continue
            if (major, minor) >= (1, 24):
                return go, v
    return None, None


def run_rusage(cmd, cwd=None, env=None, timeout=None):
    """Runs cmd (output captured); (returncode, output, wall_s, cpu_s of it and its children)."""
    with tempfile.TemporaryFile() as outf:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=outf, stderr=subprocess.STDOUT)
        deadline = None if timeout is None else t0 + timeout
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid == p.pid:
                break
            if deadline is not None and time.perf_counter() > deadline:
                p.kill()
                pid, status, ru = os.wait4(p.pid, 0)
                break
            time.sleep(0.01)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        outf.seek(0)
        text = outf.read().decode("utf-8", "replace")
    return p.returncode, text, wall, ru.ru_utime + ru.ru_stime


def go_build(go, out, pkg, ldflags_extra="", gocache=None):
    env = dict(os.environ, CGO_ENABLED="0")
    if gocache:
        env["GOCACHE"] = gocache
    cmd = [go, "build", "-trimpath", "-ldflags", ("-s -w " + ldflags_extra).strip(), "-o", out, pkg]
    rc, text, wall, cpu = run_rusage(cmd, cwd=GO_MODULE, env=env)
    if rc != 0:
        raise SystemExit(f"anchor: {' '.join(cmd)} failed:\n{text[-4000:]}")
    return {"wall_s": wall, "cpu_s": cpu}


def build_go_side(args, types):
    """{"local": path, "noop": path, "bench": {n: path}, "build": {...}} or a reason string."""
    pre = os.environ.get("TFPP_ANCHOR_GO_BIN_DIR")
    if pre:
        side = {"local": os.path.join(pre, "terraform-provider-local"),
                "noop": os.path.join(pre, "terraform-provider-noop"),
                "bench": {n: os.path.join(pre, f"terraform-provider-bench-N{n}") for n in types},
                "build": {"prebuilt": pre}}
        missing = [p for p in [side["local"], side["noop"]] + list(side["bench"].values()) if not os.access(p, os.X_OK)]
        return side if not missing else f"TFPP_ANCHOR_GO_BIN_DIR lacks {', '.join(missing)}"
    if not os.path.exists(os.path.join(GO_MODULE, "go.mod")):
        return "bench/anchor-go/go.mod is missing"
    go, version = find_go()
    if go is None:
        return "no Go >= 1.24 on PATH (terraform-plugin-framework needs it) and TFPP_ANCHOR_GO_BIN_DIR is unset"
    out = os.path.join(args.work, "go")
    os.makedirs(out, exist_ok=True)
    log(f"Go side: {version}, downloading modules")
    sh([go, "mod", "download"], cwd=GO_MODULE)
    build = {"go": version}
    if not args.no_clean_build and not args.smoke:
        # A clean build: an empty build cache (the module cache stays: downloads are not building).
        with tempfile.TemporaryDirectory() as cache:
            log("Go side: clean build of terraform-provider-local (empty GOCACHE)")
            build["clean_local"] = go_build(go, os.path.join(out, "clean-local"), "./cmd/terraform-provider-local",
                                            gocache=cache)
    side = {"local": os.path.join(out, "terraform-provider-local"),
            "noop": os.path.join(out, "terraform-provider-noop"), "bench": {}, "build": build}
    log("Go side: building terraform-provider-local, -noop and -bench for each N")
    build["local"] = go_build(go, side["local"], "./cmd/terraform-provider-local")
    go_build(go, side["noop"], "./cmd/terraform-provider-noop")
    for n in types:
        side["bench"][n] = os.path.join(out, f"terraform-provider-bench-N{n}")
        build[f"bench_N{n}"] = go_build(go, side["bench"][n], "./cmd/terraform-provider-bench",
                                        f"-X main.thingCount={n}")
    return side


# ---------------------------------------------------------------- running

class Runner:
    def __init__(self, args, harness):
        self.args = args
        self.harness = harness
        self.pin = [] if args.no_pin or (os.cpu_count() or 1) < 2 else ["--client-cpu", "0", "--provider-cpu", "1"]
        self.results = {}  # case -> side -> [run json]
        self.failures = []

    def one(self, case, side, mode, provider, extra):
        cmd = [self.harness, mode, "--provider", provider] + self.pin + extra
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=RUN_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.failures.append(f"{case}/{side}: timed out after {RUN_TIMEOUT_S} s")
            return None
        if p.returncode != 0:
            self.failures.append(f"{case}/{side}: {p.stderr.strip()[-800:]}")
            return None
        rec = json.loads(p.stdout)
        self.results.setdefault(case, {}).setdefault(side, []).append(rec)
        return rec

    def alternate(self, case, sides, rounds, mode, extra_for, slow_s=None):
        """sides: {name: provider path}; extra_for(name) -> harness arguments.
        With slow_s: no further round once a call of a round took longer than
        that (a multi-second sample needs no repetition to be read)."""
        names = list(sides)
        rounds = max(1, int(round(rounds * self.args.rounds))) if not self.args.smoke else 1
        log(f"{case}: up to {rounds} round(s) of {', '.join(names)}")
        for r in range(rounds):
            order = names if r % 2 == 0 else list(reversed(names))
            slowest = 0.0
            for name in order:
                rec = self.one(case, name, mode, sides[name], extra_for(name))
                for k, v in (rec or {}).items():
                    if k.endswith("_ms") and isinstance(v, list) and v:
                        slowest = max(slowest, max(v))
            if slow_s is not None and slowest > slow_s * 1000:
                log(f"{case}: a call took {slowest / 1000:.1f} s; no further rounds")
                break

    def runs(self, case, side):
        return self.results.get(case, {}).get(side, [])


def samples(runs, key, skip_first=0):
    out = []
    for r in runs:
        v = r.get(key)
        if isinstance(v, list):
            out += v[skip_first:] if len(v) > skip_first else v
        elif v is not None:
            out.append(v)
    return out


# ---------------------------------------------------------------- B6

MAIN_TF = """terraform {
  required_providers {
    bench = { source = "tfpp/bench" }
  }
}

resource "bench_thing_0000" "x" {
  count = %d
  name  = "thing-${count.index}"
  tags  = { env = "bench", index = tostring(count.index) }
  setting {
    key   = "k"
    value = "v"
  }
}
"""


def tofu_path():
    t = os.environ.get("TFPP_TOFU")
    if t:
        return t
    return sh([os.path.join(REPO, "scripts", "build-go-tools.sh"), "tofu"]).strip().splitlines()[-1]


def run_b6(args, providers, count, rounds):
    """providers: {name: binary}. Each round: apply (create count resources), then plan (refresh, must be empty)."""
    if not os.access("/usr/bin/time", os.X_OK):
        return {"error": "GNU time (/usr/bin/time, Debian package time) is missing"}
    tofu = tofu_path()
    out = {name: [] for name in providers}
    names = list(providers)
    for r in range(rounds):
        for name in (names if r % 2 == 0 else list(reversed(names))):
            with tempfile.TemporaryDirectory(prefix="tfpp-b6-") as d:
                pdir = os.path.join(d, "provider")
                os.makedirs(pdir)
                usage = os.path.join(d, "provider-usage")
                wrapper = os.path.join(pdir, "terraform-provider-bench")
                with open(wrapper, "w") as f:
                    # GNU time reaps the provider and appends its CPU time and peak RSS.
                    f.write(f"#!/bin/sh\nexec /usr/bin/time -a -o '{usage}' -f '%U %S %M' '{providers[name]}' \"$@\"\n")
                os.chmod(wrapper, 0o755)
                with open(os.path.join(d, "cli.tfrc"), "w") as f:
                    f.write('provider_installation {\n  dev_overrides {\n    "tfpp/bench" = "%s"\n  }\n'
                            '  direct {}\n}\n' % pdir)
                work = os.path.join(d, "work")
                os.makedirs(work)
                with open(os.path.join(work, "main.tf"), "w") as f:
                    f.write(MAIN_TF % count)
                env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "PLUGIN_"))}
                env.update(TF_CLI_CONFIG_FILE=os.path.join(d, "cli.tfrc"), TF_IN_AUTOMATION="1",
                           CHECKPOINT_DISABLE="1", TF_DATA_DIR=os.path.join(d, "data"))
                rec = {}
                for step, cmd in (("apply", ["apply", "-auto-approve", "-input=false", "-parallelism=10"]),
                                  ("plan", ["plan", "-input=false", "-detailed-exitcode"])):
                    if os.path.exists(usage):
                        os.remove(usage)
                    rc, text, wall, cpu = run_rusage([tofu, "-chdir=" + work] + cmd + ["-no-color"], env=env,
                                                     timeout=1800)
                    if rc != 0:
                        return {"error": f"{name}: tofu {step} exited {rc}:\n{text[-3000:]}"}
                    prov_cpu = 0.0
                    prov_rss = 0
                    with open(usage) as f:
                        for line in f:
                            parts = line.split()
                            if len(parts) == 3 and all(x.replace(".", "", 1).isdigit() for x in parts):
                                prov_cpu += float(parts[0]) + float(parts[1])
                                prov_rss = max(prov_rss, int(parts[2]))
                    rec[step] = {"wall_s": wall, "cpu_s": cpu, "provider_cpu_s": prov_cpu,
                                 "provider_peak_rss_kb": prov_rss}
                out[name].append(rec)
                log(f"B6 {name}: apply {rec['apply']['wall_s']:.1f} s (provider CPU "
                    f"{rec['apply']['provider_cpu_s']:.2f} s), plan {rec['plan']['wall_s']:.1f} s")
    return out


# ---------------------------------------------------------------- report

def f_ms(x):
    if x is None:
        return "–"
    if x >= 1000:
        return f"{x / 1000:.2f} s"
    if x >= 10:
        return f"{x:.1f} ms"
    if x >= 1:
        return f"{x:.2f} ms"
    return f"{x * 1000:.0f} µs"


def f_kb(kb):
    return "–" if kb is None else f"{kb / 1024:.1f} MiB"


def f_ratio(r):
    v, lo, hi = r
    if v is None:
        return "–"
    return f"{v:.3f} [{lo:.3f}–{hi:.3f}]" if v < 10 else f"{v:.1f} [{lo:.1f}–{hi:.1f}]"


def machine_info(cxx, go_side):
    info = schema_run.machine_info(cxx)
    if isinstance(go_side, dict):
        info["go"] = go_side["build"].get("go", "prebuilt")
    try:
        with open(os.path.join(GO_MODULE, "go.mod")) as f:
            for line in f:
                if "terraform-plugin-framework " in line or "terraform-plugin-go " in line:
                    name, ver = line.split()[:2]
                    info[name.rsplit("/", 1)[-1]] = ver
    except OSError:
        pass
    return info


def stat_row(label, a, b, unit=f_ms, target=None, met=None, b_censored=False):
    """b_censored: some of b's samples are timeouts, so b is a lower bound and the ratio an upper bound."""
    ra = ratio_ci(a, b)
    gb, rb = ("≥ ", "≤ ") if b_censored else ("", "")
    return (f"| {label} | {unit(median(a))} ({unit(pct(a, 0.9))}) | {gb}{unit(median(b))} ({gb}{unit(pct(b, 0.9))}) | "
            f"{rb}{f_ratio(ra)} | {target or ''} | {met or ''} |"), ra


def censored(runs, key):
    """Some run gave up a call of `key` (plan_ms, apply_ms) at the timeout."""
    return bool(key) and key.endswith("_ms") and any(r.get(key[:-3] + "_censored") for r in runs)


def build_everything(args):
    """Every binary both sides need: {harness, tfpp_local, tfpp_bench, go_side, go_skip, builds, cxx}."""
    harness, tfpp_local = ensure_release_build(args)
    cxx, cflags = schema_run.compile_flags(args.build_dir)
    ldflags = schema_run.link_args(args.build_dir)
    builds = {}
    tfpp_bench = {}
    for n in sorted(set(args.types) | {1}):
        rec = build_tfpp_provider(n, args, cxx, cflags, ldflags)
        builds[f"tfpp_N{n}"] = rec
        tfpp_bench[n] = rec["binary"]
    if not args.no_clean_build and not args.smoke:
        log("tfpp: clean build of examples/local with the release flags")
        builds["tfpp_clean_local"] = clean_build_example(args, cxx, cflags, ldflags)
    go_side = build_go_side(args, sorted(set(args.types) | {1}))
    go_skip = go_side if isinstance(go_side, str) else None
    if go_skip:
        log(f"the Go side is skipped: {go_skip}")
    # The harness started through this name serves the echo on gRPC's synchronous API.
    sync_echo = os.path.join(args.work, "tfpp_bench_sync_echo")
    if os.path.lexists(sync_echo):
        os.remove(sync_echo)
    os.symlink(harness, sync_echo)
    return {"harness": harness, "sync_echo": sync_echo, "tfpp_local": tfpp_local, "tfpp_bench": tfpp_bench,
            "go_side": go_side, "go_skip": go_skip, "builds": builds, "cxx": cxx}


def large_cases_of(args):
    """(case, kind, elements, rounds, calls, budget_s) of B4 and B4s."""
    cases = []
    if "B4" in args.cases:
        cases += [("B4-1MB", "list", 1000 if args.smoke else 12_500, 5, 10, 15),
                  ("B4-10MB", "list", 5000 if args.smoke else 125_000, 3, 5, 20)]
    if "B4s" in args.cases:
        for n in ([100] if args.smoke else SET_SIZES):
            cases += [(f"B4s-set-{n}", "set", n, 3, 10, 15), (f"B4s-list-{n}", "list", n, 3, 10, 15)]
    return cases


def measure(args, b):
    """One full pass over the cases; (runner, B6 result)."""
    R = Runner(args, b["harness"])
    go_skip, go_side, tfpp_bench = b["go_skip"], b["go_side"], b["tfpp_bench"]

    def sides(tfpp, go):
        s = {"tfpp": tfpp}
        if not go_skip:
            s["go"] = go
        return s

    none = lambda _: []  # noqa: E731
    if "B1" in args.cases:
        # The floor: the harness's own echo server, a bare static gRPC C++
        # server making its AutoMTLS certificate and handshake line as tfpp does.
        R.alternate("B1", dict(sides(b["tfpp_local"], None if go_skip else go_side["local"]), echo=b["harness"]),
                    20, "handshake", none)
    if "B2" in args.cases:
        for n in args.types:
            R.alternate(f"B2-{n}", sides(tfpp_bench[n], None if go_skip else go_side["bench"][n]), 8, "schema",
                        lambda _, n=n: ["--calls", "3" if args.smoke else "30", "--expect-types", str(n + 2)])
    bench1 = sides(tfpp_bench[1], None if go_skip else go_side["bench"][1])
    if "B3" in args.cases:
        echo = dict(bench1, echo=b["harness"], sync_echo=b["sync_echo"])
        is_echo = lambda s: ["--echo"] if s in ("echo", "sync_echo") else []  # noqa: E731
        calls = "20" if args.smoke else "300"
        R.alternate("B3-1", echo, 6, "small", lambda s: ["--calls", calls] + is_echo(s))
        calls = "5" if args.smoke else "100"
        R.alternate("B3-10", echo, 4, "small", lambda s: ["--calls", calls, "--streams", "10"] + is_echo(s))
    for case, kind, n, rounds, calls, budget in large_cases_of(args):
        s = dict(bench1)
        if case.startswith("B4-"):
            s["echo"] = b["harness"]
        R.alternate(case, s, rounds, "large",
                    lambda side, kind=kind, n=n, calls=calls, budget=budget:
                    ["--kind", kind, "--elements", str(n), "--calls", "1" if args.smoke else str(calls),
                     "--budget-s", str(budget), "--call-timeout-s", str(args.call_timeout)]
                    + (["--echo"] if side == "echo" else []), slow_s=5)
    b6 = None
    if "B6" in args.cases:
        providers = {"tfpp": tfpp_bench[1]}
        if not go_skip:
            providers["go"] = go_side["bench"][1]
            providers["noop"] = go_side["noop"]
        b6 = run_b6(args, providers, 20 if args.smoke else 1000, max(1, int(round(args.rounds))))
    return R, b6


def report(args, b, R, b6):
    """The markdown report of one pass; (lines, headline, rows).

    headline: the issue's targets as {name: {"value", "target", "unit", "met"}};
    rows: every tfpp/Go line with its floor (the echo), for the charts."""
    go_skip = b["go_skip"]
    lines = []
    w = lines.append
    w("| case | tfpp median (p90) | Go median (p90) | tfpp/Go [95 % CI] | target | met |")
    w("|---|---|---|---|---|---|")
    headline = {}
    rows = []

    def goal(name, value, target, unit, ok=None):
        """ok=None: measured beside the targets, to explain them."""
        if value is not None:
            headline[name] = {"value": value, "target": target or "", "unit": unit,
                              "met": None if ok is None else bool(ok(value))}

    def verdict(name):
        return "yes" if headline[name]["met"] else "**no**"

    def row(case_key, label, key, skip=0, unit=f_ms, target=None, judge=None, pick=None, floor=False,
            higher_is_better=False, goal_name=None):
        """One table line: the samples of `key` on both sides (or pick(run) per run); with goal_name, the
        tfpp/Go ratio is also one of the issue's targets, judged by `judge`."""
        take = (lambda side: [pick(r) for r in R.runs(case_key, side)]) if pick else \
            (lambda side: samples(R.runs(case_key, side), key, skip))
        a, b_ = take("tfpp"), take("go")
        if censored(R.runs(case_key, "tfpp"), key):
            R.failures.append(f"{label}: tfpp hit the call timeout")
        met = None
        ra = ratio_ci(a, b_)
        if judge and ra[0] is not None:
            if goal_name:
                goal(goal_name, ra[0], target, "ratio", judge)
            met = "yes" if judge(ra[0]) else "**no**"
        b_cens = censored(R.runs(case_key, "go"), key)
        w(stat_row(label, a, b_, unit, target, met, b_cens)[0])
        if ra[0] is not None:
            e = take("echo") if floor else []
            rows.append({"label": label, "ratio": ra[0], "lo": ra[1], "hi": ra[2], "go_censored": b_cens,
                         "floor_ratio": median(e) / median(b_) if e and median(b_) else None,
                         "higher_is_better": higher_is_better})
        return a, b_

    large_cases = large_cases_of(args)
    if "B1" in args.cases:
        a, _ = row("B1", "B1 spawn → handshake line, examples/local", "handshake_ms", target="≤ 0.35",
                   judge=lambda r: r <= 0.35, floor=True, goal_name="B1 handshake, tfpp/Go")
        row("B1", "B1 spawn → health check answered", "ready_ms", floor=True)
        row("B1", "B1 Shutdown sent → process exited", "shutdown_ms", floor=True)
        e = samples(R.runs("B1", "echo"), "handshake_ms")
        if a and e:
            goal("B1 handshake, tfpp − floor", median(a) - median(e), "≤ 2 ms", "ms", lambda v: v <= 2)
    if "B2" in args.cases:
        for n in args.types:
            c = f"B2-{n}"
            row(c, f"B2 GetProviderSchema first call, {n} types", None, pick=lambda r: r["schema_ms"][0],
                target="≤ 0.05" if n == 1000 else None, judge=(lambda r: r <= 0.05) if n == 1000 else None,
                goal_name="B2 schema of 1000 types, tfpp/Go")
            row(c, f"B2 GetProviderSchema later calls, {n} types", "schema_ms", skip=1)
            row(c, f"B2 GetMetadata, {n} types", "metadata_ms")
            row(c, f"B2 response size, {n} types", "response_bytes",
                unit=lambda x: "–" if x is None else f"{x / 1024:.1f} KiB")
    echo_rows = []
    if "B3" in args.cases:
        for kind in ("validate", "plan", "apply"):
            a, _ = row("B3-1", f"B3 {kind}, 1 stream", f"{kind}_ms", skip=10, floor=True)
            e = samples(R.runs("B3-1", "echo"), f"{kind}_ms", 10)
            se = samples(R.runs("B3-1", "sync_echo"), f"{kind}_ms", 10)
            if a and e:
                goal(f"B3 {kind}, tfpp − echo", (median(a) - median(e)) * 1000, "≤ 5 µs", "µs", lambda v: v <= 5)
                echo_rows.append((f"{kind}, 1 stream", median(a), median(e), median(se),
                                  verdict(f"B3 {kind}, tfpp − echo")))
            if a and se:
                goal(f"B3 {kind}, tfpp − synchronous echo", (median(a) - median(se)) * 1000, None, "µs")
        a, _ = row("B3-10", "B3 validate/plan/apply, 10 streams", "call_ms", skip=10, floor=True)
        e = samples(R.runs("B3-10", "echo"), "call_ms", 10)
        se = samples(R.runs("B3-10", "sync_echo"), "call_ms", 10)
        if a and e:
            # Not a target of its own: the latency at 10 streams held to the 1-stream goal.
            echo_rows.append(("10 streams", median(a), median(e), median(se),
                              "yes" if median(a) - median(e) <= 0.005 else "**no**"))
        row("B3-10", "B3 calls per second, 10 streams", "qps", unit=lambda x: "–" if x is None else f"{x:,.0f}/s",
            floor=True, higher_is_better=True)
    for case, kind, n, *_ in large_cases:
        if case.startswith("B4-"):
            j = (lambda r: r <= 1 / 50) if case == "B4-10MB" else None
            row(case, f"{case} plan (update, {n:,} elements)", "plan_ms",
                target="≥ 50× faster (≤ 0.02)" if j else None, judge=j, floor=True)
            row(case, f"{case} apply (create)", "apply_ms", floor=True)
            row(case, f"{case} provider CPU per plan", "plan_cpu_ms")
        else:
            row(case, f"{case} plan (update)", "plan_ms")
            row(case, f"{case} apply (create)", "apply_ms")
    # B5: memory
    all_cases = list(R.results)

    def peak(side):
        return [max(r["vm_hwm_kb"] for c in all_cases for r in R.runs(c, side) if c.startswith(("B3", "B4")))] \
            if any(R.runs(c, side) for c in all_cases if c.startswith(("B3", "B4"))) else []
    if "B1" in args.cases:
        row("B1", "B5 idle RSS, examples/local", "idle_rss_kb", unit=f_kb, floor=True)
    if "B2" in args.cases and args.types:
        n = max(args.types)
        row(f"B2-{n}", f"B5 RSS after the schema, {n} types", "rss_after_schema_kb", unit=f_kb)
    pa, pb = peak("tfpp"), peak("go")
    if pa and pb:
        ra = ratio_ci(pa, pb)
        goal("B5 peak RSS, tfpp/Go", ra[0], "≤ 0.3", "ratio", lambda v: v <= 0.3)
        rows.append({"label": "B5 peak RSS over B3/B4", "ratio": ra[0], "lo": ra[0], "hi": ra[0],
                     "go_censored": False, "floor_ratio": None, "higher_is_better": False})
        w(f"| B5 peak RSS over B3/B4 | {f_kb(pa[0])} | {f_kb(pb[0])} | {ra[0]:.3f} | ≤ 0.3 | {verdict('B5 peak RSS, tfpp/Go')} |")
    w("")
    if echo_rows:
        w("B3 against the bare gRPC echo (the same request bytes answered by a C++ gRPC server that echoes them, "
          "same transport and TLS; the echo on gRPC's callback API, the synchronous echo on the synchronous API "
          "tfpp serves on):")
        w("")
        w("| call | tfpp median | echo median | synchronous echo | tfpp − echo | target | met |")
        w("|---|---|---|---|---|---|---|")
        for label, a, e, se, met in echo_rows:
            w(f"| {label} | {f_ms(a)} | {f_ms(e)} | {f_ms(se)} | {f_ms(a - e)} | ≤ 5 µs | {met} |")
        qps = {side: median(samples(R.runs("B3-10", side), "qps")) for side in ("tfpp", "echo", "sync_echo")}
        cpu = {side: median(samples(R.runs("B3-1", side), "provider_cpu_per_call_ms"))
               for side in ("tfpp", "echo", "sync_echo")}
        if qps["tfpp"] and qps["echo"]:
            goal("B3 calls/s at 10 streams, tfpp/echo", qps["tfpp"] / qps["echo"], "≥ 0.95", "ratio",
                 lambda v: v >= 0.95)
            w(f"| calls per second, 10 streams | {qps['tfpp']:,.0f}/s | {qps['echo']:,.0f}/s | "
              f"{qps['sync_echo'] or 0:,.0f}/s | {qps['tfpp'] / qps['echo']:.2f}× the echo | ≥ 0.95× | "
              f"{verdict('B3 calls/s at 10 streams, tfpp/echo')} |")
        if cpu["tfpp"] and cpu["echo"]:
            w(f"| provider CPU per call, 1 stream | {f_ms(cpu['tfpp'])} | {f_ms(cpu['echo'])} | "
              f"{f_ms(cpu['sync_echo'])} | {f_ms(cpu['tfpp'] - cpu['echo'])} | | |")
            if cpu["sync_echo"]:
                goal("B3 provider CPU per call, tfpp − synchronous echo", (cpu["tfpp"] - cpu["sync_echo"]) * 1000,
                     None, "µs")
        w("")
    if "B1 handshake, tfpp − floor" in headline:
        a, e = samples(R.runs("B1", "tfpp"), "handshake_ms"), samples(R.runs("B1", "echo"), "handshake_ms")
        w(f"B1 against its floor (the bare static gRPC echo server, same AutoMTLS handshake): tfpp "
          f"{f_ms(median(a))}, floor {f_ms(median(e))}, {f_ms(median(a) - median(e))} over it "
          f"(target ≤ 2 ms: {verdict('B1 handshake, tfpp − floor')}).")
        w("")
    for case in [c for c, *_ in large_cases if c.startswith("B4-")]:
        runs = R.runs(case, "tfpp")
        for step in ("plan", "apply"):
            e = samples(R.runs(case, "echo"), f"{step}_ms")
            a = samples(runs, f"{step}_ms")
            if not (e and a):
                continue
            size = runs[0]["state_bytes"] / 2**20
            line = (f"{case} {step}: the request (prior, proposed and config of a {size:.1f} MiB state"
                    if step == "plan" else f"{case} {step}: the request (config and planned state")
            line += (f") echoed by the bare gRPC server takes {f_ms(median(e))}; tfpp takes {f_ms(median(a))}, "
                     f"{median(a) / median(e):.2f}× that floor")
            if case == "B4-10MB":
                goal(f"B4 10 MB {step}, tfpp/echo", median(a) / median(e), "≤ 1.5", "ratio", lambda v: v <= 1.5)
                line += f" (target ≤ 1.5×: {verdict(f'B4 10 MB {step}, tfpp/echo')})"
            w(line + ".")
        if case == "B4-10MB" and runs:
            req = runs[0]["plan_request_bytes"] / 1024
            hwm = max(r["vm_hwm_kb"] for r in runs)
            goal("B4 10 MB peak RSS / request size", hwm / req, "≤ 3", "ratio", lambda v: v <= 3)
            w(f"B4-10MB peak RSS of the provider: {f_kb(hwm)}, {hwm / req:.1f}× the plan request "
              f"({req / 1024:.1f} MiB; target ≤ 3×).")
        w("")
    set_rows = [(n, c) for c, kind, n, *_ in large_cases if kind == "set"]
    if set_rows:
        w("B4s: a set against the list of the same elements (plan of an update, one element changed):")
        w("")
        w("| N | tfpp set | tfpp list | tfpp set/list | Go set | Go list | Go set/list | tfpp/Go, set |")
        w("|---|---|---|---|---|---|---|---|")
        for n, c in set_rows:
            ts, tl = samples(R.runs(c, "tfpp"), "plan_ms"), samples(R.runs(f"B4s-list-{n}", "tfpp"), "plan_ms")
            gs, gl = samples(R.runs(c, "go"), "plan_ms"), samples(R.runs(f"B4s-list-{n}", "go"), "plan_ms")
            r_t = ratio_ci(ts, tl)
            r_g = ratio_ci(gs, gl)
            r_tg = ratio_ci(ts, gs)
            if n == max(SET_SIZES) and r_t[0] is not None:
                goal(f"B4s set/list at {n:,}", r_t[0], "≤ 1.5", "ratio", lambda v: v <= 1.5)
            gs_c, gl_c = censored(R.runs(c, "go"), "plan_ms"), censored(R.runs(f"B4s-list-{n}", "go"), "plan_ms")
            ge = lambda cen: "≥ " if cen else ""  # noqa: E731
            w(f"| {n:,} | {f_ms(median(ts))} | {f_ms(median(tl))} | {f_ratio(r_t)} | {ge(gs_c)}{f_ms(median(gs))} | "
              f"{ge(gl_c)}{f_ms(median(gl))} | {'~ ' if gs_c or gl_c else ''}{f_ratio(r_g)} | "
              f"{'≤ ' if gs_c else ''}{f_ratio(r_tg)} |")
        w("")
    same = []
    for c in R.results:
        for key in ("planned_state_sha256", "new_state_sha256"):
            a = {r.get(key) for r in R.runs(c, "tfpp") if r.get(key)}
            g = {r.get(key) for r in R.runs(c, "go") if r.get(key)}
            if a and g:
                same.append(f"{c} {key.split('_sha')[0]}: {'same value' if a == g else 'DIFFERENT'}")
    if same:
        w("Results compared (the state each side returned, decoded and re-encoded with sorted map keys): "
          + "; ".join(same) + ".")
        w("")
    if b6 and "error" not in b6:
        w(f"B6: `tofu apply` of {20 if args.smoke else 1000} resources (count, local state, -parallelism=10), then "
          "`tofu plan` (refresh; it must be empty); provider CPU from GNU time around every provider process; "
          "floor = the same run against the no-op provider (bench/anchor-go, terraform-plugin-go, no framework):")
        w("")
        w("| provider | apply wall | apply provider CPU | plan wall | plan provider CPU | "
          "apply wall − floor | provider peak RSS |")
        w("|---|---|---|---|---|---|---|")
        floor = median([r["apply"]["wall_s"] for r in b6.get("noop", [])]) if b6.get("noop") else None
        for name, runs in b6.items():
            g = lambda step, k: median([r[step][k] for r in runs])  # noqa: E731
            w(f"| {name} | {g('apply', 'wall_s'):.2f} s | {g('apply', 'provider_cpu_s'):.2f} s | "
              f"{g('plan', 'wall_s'):.2f} s | {g('plan', 'provider_cpu_s'):.2f} s | "
              f"{(g('apply', 'wall_s') - floor) if floor else 0:+.2f} s | "
              f"{f_kb(max(r['apply']['provider_peak_rss_kb'] for r in runs))} |")
        if b6.get("go"):
            cpu = lambda name: median([r["apply"]["provider_cpu_s"] for r in b6[name]])  # noqa: E731
            if cpu("go"):
                goal("B6 provider CPU of apply, tfpp/Go", cpu("tfpp") / cpu("go"), "≤ 0.2", "ratio",
                     lambda v: v <= 0.2)
        w("")
    elif b6:
        R.failures.append(f"B6: {b6['error']}")
    return lines, headline, rows


def f_goal(h):
    v = h["value"]
    return f"{v:.2f} {h['unit']}" if h["unit"] != "ratio" else (f"{v:.3f}" if v < 10 else f"{v:.1f}")


def summary(passes):
    """The issue's targets over every pass: median, spread, and in how many passes each was met."""
    names = list(dict.fromkeys(n for p in passes for n in p["headline"]))
    out = [f"Median of {len(passes)} full runs, with the lowest and highest run:", "",
           "| target | median | spread (min–max) | goal | met in |", "|---|---|---|---|---|"]
    for name in names:
        hs = [p["headline"][name] for p in passes if name in p["headline"]]
        vs = [h["value"] for h in hs]
        mid = dict(hs[0], value=median(vs))
        met = "–" if hs[0]["met"] is None else f"{sum(h['met'] for h in hs)} of {len(hs)}"
        out.append(f"| {name} | {f_goal(mid)} | {f_goal(dict(mid, value=min(vs)))} – "
                   f"{f_goal(dict(mid, value=max(vs)))} | {hs[0]['target'] or '(explains a target)'} | {met} |")
    return out + [""]


def sizes_lines(b):
    builds, tfpp_bench, go_side = b["builds"], b["tfpp_bench"], b["go_side"]
    lines = ["Sizes and builds:", "",
             f"- tfpp examples/local (static, stripped): {os.path.getsize(b['tfpp_local']) / 2**20:.1f} MiB; "
             + "; ".join(f"bench N={n}: {builds[f'tfpp_N{n}']['size'] / 2**20:.1f} MiB, built in "
                         f"{builds[f'tfpp_N{n}']['wall_s']:.0f} s wall / {builds[f'tfpp_N{n}']['cpu_s']:.0f} s CPU"
                         for n in sorted(tfpp_bench))]
    if "tfpp_clean_local" in builds:
        c = builds["tfpp_clean_local"]
        lines.append(f"- tfpp examples/local clean build (release flags, -j2, its {c['files']} files and the link): "
                     f"{c['wall_s']:.0f} s wall, {c['cpu_s']:.0f} s CPU; tfpp's libraries (src/, "
                     f"{c['library_files']} files, once per build directory): {c['library_wall_s']:.0f} s wall, "
                     f"{c['library_cpu_s']:.0f} s CPU")
    if not b["go_skip"]:
        gb = go_side["build"]
        lines.append(f"- Go terraform-provider-local: {os.path.getsize(go_side['local']) / 2**20:.1f} MiB; "
                     + "; ".join(f"bench N={n}: {os.path.getsize(p) / 2**20:.1f} MiB"
                                 for n, p in sorted(go_side['bench'].items())))
        if "clean_local" in gb:
            lines.append(f"- Go terraform-provider-local clean build (empty GOCACHE, modules downloaded): "
                         f"{gb['clean_local']['wall_s']:.0f} s wall, {gb['clean_local']['cpu_s']:.0f} s CPU")
    return lines + [""]


def draw_charts(json_path, out_dir):
    """The SVG charts, drawn by Debian's Python (python3-matplotlib), which may not be the one running this."""
    python = "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else sys.executable
    r = subprocess.run([python, os.path.join(HERE, "charts.py"), json_path, out_dir],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        return f"charts: {r.stdout.strip()[-1500:]}"
    log(r.stdout.strip())
    return None


def measure_passes(args, b):
    """args.repeat full passes; (passes, the failures of all of them)."""
    passes, failures = [], []
    for k in range(args.repeat):
        log(f"pass {k + 1} of {args.repeat}")
        t0 = time.perf_counter()
        R, b6 = measure(args, b)
        lines, headline, rows = report(args, b, R, b6)
        passes.append({"results": R.results, "b6": b6, "headline": headline, "rows": rows,
                       "seconds": time.perf_counter() - t0, "lines": lines})
        failures += [f"pass {k + 1}: {f}" for f in R.failures]
    return passes, failures


def main(argv):
    args = parse_args(argv)
    os.makedirs(args.work, exist_ok=True)
    t_start = time.perf_counter()
    b = build_everything(args)
    t_built = time.perf_counter()
    hog = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if args.busy else None
    try:
        passes, failures = measure_passes(args, b)
    finally:
        if hog:
            hog.kill()
            hog.wait()
    t_end = time.perf_counter()

    info = machine_info(b["cxx"], b["go_side"])
    out = [f"Machine: {info.get('cpu', '?')}, {info.get('cpus')} CPUs, Linux {info.get('kernel')}; "
           f"{info.get('compiler')}, gRPC {info.get('grpc++')}, protobuf {info.get('protobuf')}; "
           f"Go {info.get('go', '–')}, terraform-plugin-framework {info.get('terraform-plugin-framework', '–')}, "
           f"terraform-plugin-go {info.get('terraform-plugin-go', '–')}; tfpp {info.get('commit')}; {info['date']}.",
           f"Builds {t_built - t_start:.0f} s, measurements {t_end - t_built:.0f} s "
           f"({', '.join('%.0f s' % p['seconds'] for p in passes)})."]
    if args.busy:
        out.append("Measured on a busy machine: a CPU hog (a Python busy loop) ran beside the harness and the "
                   "provider throughout.")
    if b["go_skip"]:
        out.append(f"\n**The Go side was skipped: {b['go_skip']}.**")
    out.append("")
    if len(passes) > 1:
        out += summary(passes)
    for k, p in enumerate(passes):
        if len(passes) > 1:
            out += [f"#### Run {k + 1} of {len(passes)}", ""]
        out += p.pop("lines")
    out += sizes_lines(b)
    if args.json_out or args.charts:
        json_path = args.json_out or os.path.join(args.work, "anchor.json")
        with open(json_path, "w", encoding="utf-8") as f:
            json.dump({"info": info, "busy": args.busy, "builds": b["builds"], "passes": passes, "set_sizes": SET_SIZES,
                       "go_build": None if b["go_skip"] else b["go_side"]["build"],
                       "go_skipped": b["go_skip"], "failures": failures}, f, indent=1, default=str)
        if args.charts:
            problem = draw_charts(json_path, args.charts)
            if problem:
                failures.append(problem)
    if failures:
        out += ["Failures:", ""] + [f"- {f}" for f in failures] + [""]
    text = "\n".join(out)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    if args.smoke:
        problems = list(failures)
        if b["go_skip"]:
            problems.append(f"the Go side was skipped: {b['go_skip']}")
        for p in passes:
            for case in p["results"]:
                for side in (["tfpp", "go"] if not b["go_skip"] else ["tfpp"]):
                    if not p["results"][case].get(side):
                        problems.append(f"{case}: no result for {side}")
        if problems:
            print("smoke: FAILED\n" + "\n".join(problems), file=sys.stderr)
            return 1
        print("smoke: every case ran on both sides", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
