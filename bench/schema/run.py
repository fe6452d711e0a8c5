#!/usr/bin/env python3
"""Runs tfpp's schema benchmark and prints a markdown report.

    python3 bench/schema/run.py --build-dir BUILD [--types 1,100,1000] [--out FILE.md]
    python3 bench/schema/run.py --build-dir BUILD --smoke

For each N (resource types of 20 attributes each, some nested; see gen.py):

  1. generates a provider into BUILD/bench-schema/nN/src (bench/schema/gen.py):
     one handler TU per 20 resource types, and main.cpp, the one TU that
     instantiates the framework for every type;
  2. compiles every TU one at a time with the exact flags the build directory
     uses for examples/local (compile_commands.json), then links with its
     link line (build.ninja); records wall and CPU time and the compiler's peak
     RSS of each TU (wait4), the link time, and the binary's size unstripped
     and stripped;
  3. starts the provider the way Terraform does (bench/schema/schema_client:
     magic cookie, PLUGIN_PROTOCOL_VERSIONS=6, AutoMTLS) --launches times with
     TF_LOG_PROVIDER=DEBUG and as many times without logging, alternating, and
     all N in turn; each launch calls GetProviderSchema once cold and --calls
     times warm, then GetMetadata --calls times. Client-side latencies come
     from the launches without logging; provider-side times are the
     tf_req_duration_ms of the provider's "Served request" log lines in the
     logged launches. Memory: VmRSS after the handshake and health check
     (idle), after the schema calls, and ru_maxrss (peak) via wait4.

The compiler gets an address-space limit (--compile-mem-limit-gb) and a time
limit (--compile-timeout): a TU that hits either is reported as such, with
what it used, instead of taking the shared machine down.

--smoke runs N = 1 and 10 with one launch of each kind and few calls, and
exits non-zero unless every measurement was produced. It judges no timings.

Standard library only.
"""

import argparse
import datetime
import json
import os
import platform
import resource
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen  # noqa: E402

CLIENT_TARGET = "bench/schema/tfpp_schema_client"
PROTOCOL_LIB = "generated/libtfpp_protocol.a"
TFPP_LIBS = ["libtfpp.a", "libtfpp_values.a"]  # what does not depend on the provider (src/)
REFERENCE_TARGET = "examples/terraform-provider-local"
REFERENCE_SOURCE = "examples/local/main.cpp"
TARGET_MS = 1.0  # the target: GetProviderSchema for 1000 types under 1 ms on the provider's side


def log(msg):
    print(f"run.py: {msg}", file=sys.stderr, flush=True)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build-dir", required=True, help="meson build directory (a release build for the real numbers)")
    p.add_argument("--types", default=None, help="comma-separated resource type counts (default 1,100,1000)")
    p.add_argument("--launches", type=int, default=None,
                   help="provider launches per N and kind (logged / not logged) (default 10; --smoke: 1)")
    p.add_argument("--calls", type=int, default=None,
                   help="warm GetProviderSchema and GetMetadata calls per launch (default 30; --smoke: 3)")
    p.add_argument("--group-size", type=int, default=20, help="resource types per handler TU (default 20)")
    p.add_argument("--work-dir", default=None, help="where providers are generated and built (default BUILD/bench-schema)")
    p.add_argument("--compile-timeout", type=float, default=3600.0, help="seconds before one compile is killed (default 3600)")
    p.add_argument("--compile-mem-limit-gb", type=float, default=16.0,
                   help="address-space limit of each compiler process, GiB (default 16)")
    p.add_argument("--reuse-builds", action="store_true",
                   help="skip generating and compiling an N whose binary and compile record exist (measure only)")
    p.add_argument("--shared-model", action="store_true",
                   help="generate with gen.py --shared-model: every type uses one model, a runtime proxy for an N "
                        "whose main.cpp cannot be compiled (its compile numbers do not describe distinct models)")
    p.add_argument("--tfpp-include", default=None,
                   help="compile the providers against this copy of tfpp's include/ instead of the source tree's "
                        "(e.g. a snapshot, while include/ is being edited)")
    p.add_argument("--one-tu", action="store_true",
                   help="generate with gen.py --one-tu: the framework code of every type in main.cpp instead of "
                        "in the handler TUs (tfpp::compiled_resource); memory grows with N")
    p.add_argument("--no-debug-info", action="store_true",
                   help="drop -g from the build directory's flags (a release build as shipped has none; it also "
                        "takes the compiler's memory for main.cpp at N=1000 under the limit)")
    p.add_argument("--no-tls", action="store_true", help="start the providers without AutoMTLS")
    p.add_argument("--no-pin", action="store_true", help="do not pin the client to CPU 0 and the provider to CPU 1")
    p.add_argument("--out", help="also write the markdown report to this file")
    p.add_argument("--json", dest="json_out", help="also write the raw results (one JSON document) here")
    p.add_argument("--smoke", action="store_true", help="N = 1,10, one launch each, few calls; exit non-zero when "
                   "any measurement is missing (no timing verdict)")
    args = p.parse_args(argv)
    if args.types is None:
        args.types = "1,10" if args.smoke else "1,100,1000"
    args.types = [int(t) for t in args.types.split(",") if t.strip()]
    if not args.types or min(args.types) < 1:
        p.error("--types needs positive counts")
    if args.launches is None:
        args.launches = 1 if args.smoke else 10
    if args.calls is None:
        args.calls = 3 if args.smoke else 30
    if args.launches < 1 or args.calls < 1:
        p.error("--launches and --calls must be at least 1")
    args.build_dir = os.path.abspath(args.build_dir)
    if args.work_dir is None:
        args.work_dir = os.path.join(args.build_dir, "bench-schema")
    args.work_dir = os.path.abspath(args.work_dir)
    return args


# ---------------------------------------------------------------- build flags

COMPILER_LAUNCHERS = ("ccache", "sccache")

def compile_flags(build_dir):
    """The compiler and flags the build directory uses for examples/local's main.cpp,
    with the example's own include directories, dependency-file and output
    arguments removed and relative paths made absolute."""
    path = os.path.join(build_dir, "compile_commands.json")
    with open(path, encoding="utf-8") as f:
        commands = json.load(f)
    entry = next((c for c in commands if os.path.normpath(os.path.join(c["directory"], c["file"])) ==
                  os.path.join(REPO, REFERENCE_SOURCE)), None)
    if entry is None:
        raise SystemExit(f"run.py: {path} has no entry for {REFERENCE_SOURCE} (configure with -Dexamples=true)")
    argv = entry.get("arguments") or shlex.split(entry["command"])
    if os.path.basename(argv[0]) in COMPILER_LAUNCHERS:
        argv = argv[1:]  # a cache measures nothing, and it cannot link
    cwd = entry["directory"]
    cxx, out = argv[0], []
    drop_with_value = {"-o", "-c", "-MQ", "-MF", "-MT"}
    args = argv[1:]
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        if a in drop_with_value:
            i += 1
            continue
        if a in ("-MD", "-MMD") or a.startswith("-fdiagnostics-color"):
            continue
        if a == "-isystem" or a == "-I":
            val = args[i]
            i += 1
            out += [a, os.path.normpath(os.path.join(cwd, val))]
            continue
        if a.startswith("-I"):
            d = os.path.normpath(os.path.join(cwd, a[2:]))
            # the example's own directories
            if d.startswith(os.path.join(REPO, "examples")) or d.startswith(os.path.join(build_dir, "examples")):
                continue
            out.append("-I" + d)
            continue
        if os.path.normpath(os.path.join(cwd, a)) == os.path.join(REPO, REFERENCE_SOURCE):
            continue
        out.append(a)
    return cxx, out


def link_args(build_dir):
    """build.ninja's LINK_ARGS of examples/local's binary, paths made absolute."""
    path = os.path.join(build_dir, "build.ninja")
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for k, line in enumerate(lines):
        if line.startswith(f"build {REFERENCE_TARGET}:"):
            for follow in lines[k + 1:k + 10]:
                s = follow.strip()
                if s.startswith("LINK_ARGS = "):
                    parts = shlex.split(s[len("LINK_ARGS = "):])
                    return [os.path.join(build_dir, a) if not a.startswith(("-", "/")) else a for a in parts]
                if not follow.startswith(" "):
                    break
    raise SystemExit(f"run.py: no link line for {REFERENCE_TARGET} in {path}")


def build_option(build_dir, name):
    try:
        with open(os.path.join(build_dir, "meson-info", "intro-buildoptions.json"), encoding="utf-8") as f:
            for o in json.load(f):
                if o["name"] == name:
                    return o["value"]
    except (OSError, ValueError, KeyError):
        pass
    return None


# ---------------------------------------------------------------- processes

def run_measured(cmd, cwd=None, timeout=None, mem_limit_bytes=None):
    """Runs cmd, returns dict(ok, wall_s, cpu_s, maxrss_kb, status, reason, stderr).
    ru_maxrss from wait4 covers the compiler proper (cc1plus) too: Linux
    reports the largest of the process and its reaped descendants."""
    def limit():
        if mem_limit_bytes:
            resource.setrlimit(resource.RLIMIT_AS, (mem_limit_bytes, mem_limit_bytes))
        os.setsid()  # a group of its own, so a timeout kills cc1plus too
    errf = tempfile.TemporaryFile()
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=errf, stderr=errf, preexec_fn=limit)
    reason = None
    deadline = None if timeout is None else t0 + timeout
    while True:
        pid, status, ru = os.wait4(proc.pid, os.WNOHANG)
        if pid == proc.pid:
            break
        if deadline is not None and time.perf_counter() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            pid, status, ru = os.wait4(proc.pid, 0)
            reason = f"timeout after {timeout:.0f} s"
            break
        time.sleep(0.02)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    errf.seek(0)
    err = errf.read().decode("utf-8", "replace")
    errf.close()
    ok = reason is None and proc.returncode == 0
    if not ok and reason is None:
        if "virtual memory exhausted" in err or "out of memory" in err.lower() or "std::bad_alloc" in err:
            reason = "out of memory (address-space limit)"
        elif proc.returncode < 0:
            reason = f"killed by signal {-proc.returncode}"
        else:
            reason = f"exit code {proc.returncode}"
    return {"ok": ok, "wall_s": wall, "cpu_s": ru.ru_utime + ru.ru_stime, "maxrss_kb": ru.ru_maxrss,
            "status": proc.returncode, "reason": reason, "stderr": err[-4000:] if not ok else ""}


def ensure_built(build_dir):
    r = subprocess.run(["ninja", "-C", build_dir, "-j2", CLIENT_TARGET, PROTOCOL_LIB] + TFPP_LIBS,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        raise SystemExit(f"run.py: building {CLIENT_TARGET} failed:\n{r.stdout[-4000:]}")
    client = os.path.join(build_dir, CLIENT_TARGET)
    if not os.access(client, os.X_OK):
        raise SystemExit(f"run.py: {client} is missing")
    return client


# ---------------------------------------------------------------- compile

def compile_provider(n, args, cxx, cflags, ldflags):
    base = os.path.join(args.work_dir, f"n{n}" + ("-shared" if args.shared_model else "") +
                        ("-one-tu" if args.one_tu else ""))
    src, obj = os.path.join(base, "src"), os.path.join(base, "obj")
    binary = os.path.join(base, "terraform-provider-bench")
    record_path = os.path.join(base, "compile.json")
    if args.reuse_builds and os.path.exists(binary) and os.path.exists(record_path):
        with open(record_path, encoding="utf-8") as f:
            rec = json.load(f)
        if (rec.get("ok") and rec.get("flags") == cflags and rec.get("shared_model", False) == args.shared_model
                and rec.get("one_tu", False) == args.one_tu):
            log(f"N={n}: reusing the build of {rec['date']}")
            return rec
    os.makedirs(obj, exist_ok=True)
    manifest = gen.generate(n, src, args.group_size, args.shared_model, args.one_tu)
    for name in os.listdir(obj):
        os.remove(os.path.join(obj, name))
    if os.path.exists(binary):
        os.remove(binary)
    mem = int(args.compile_mem_limit_gb * (1 << 30)) if args.compile_mem_limit_gb > 0 else None
    rec = {"types": n, "group_size": args.group_size, "shared_model": args.shared_model, "one_tu": args.one_tu,
           "flags": cflags, "compiler": cxx,
           "date": datetime.datetime.now().isoformat(timespec="seconds"), "tus": [], "ok": True}
    objects = []
    # Handler TUs first, then main.cpp (the framework's instantiations).
    for tu in manifest["handler_tus"] + [manifest["main"]]:
        o = os.path.join(obj, tu.replace(".cpp", ".o"))
        cmd = [cxx] + cflags + ["-I" + src, "-c", os.path.join(src, tu), "-o", o]
        log(f"N={n}: compiling {tu}")
        r = run_measured(cmd, timeout=args.compile_timeout, mem_limit_bytes=mem)
        r["tu"] = tu
        r["kind"] = "main" if tu == manifest["main"] else "handlers"
        rec["tus"].append(r)
        log(f"N={n}: {tu}: {r['wall_s']:.1f} s wall, {r['cpu_s']:.1f} s CPU, {r['maxrss_kb'] / 1024:.0f} MiB"
            + ("" if r["ok"] else f" -- FAILED: {r['reason']}"))
        if not r["ok"]:
            rec["ok"] = False
            rec["failure"] = f"{tu}: {r['reason']}"
            break
        objects.append(o)
    if rec["ok"]:
        log(f"N={n}: linking")
        r = run_measured([cxx, "-o", binary] + objects + ldflags, timeout=args.compile_timeout, mem_limit_bytes=mem)
        rec["link"] = r
        if not r["ok"]:
            rec["ok"] = False
            rec["failure"] = f"link: {r['reason']}\n{r['stderr']}"
    if rec["ok"]:
        rec["binary"] = binary
        rec["size_unstripped"] = os.path.getsize(binary)
        stripped = binary + ".stripped"
        subprocess.run(["strip", "-o", stripped, binary], check=True)
        rec["size_stripped"] = os.path.getsize(stripped)
        rec["text_bytes"] = text_size(stripped)
    hs = [t for t in rec["tus"] if t["kind"] == "handlers"]
    mains = [t for t in rec["tus"] if t["kind"] == "main"]
    rec["handlers_wall_s"] = sum(t["wall_s"] for t in hs)
    rec["handlers_cpu_s"] = sum(t["cpu_s"] for t in hs)
    rec["handlers_max_rss_kb"] = max((t["maxrss_kb"] for t in hs), default=0)
    rec["handler_tus"] = len(manifest["handler_tus"])
    rec["handlers_complete"] = len(hs) == len(manifest["handler_tus"]) and all(t["ok"] for t in hs)
    rec["main_wall_s"] = mains[0]["wall_s"] if mains else None
    rec["main_cpu_s"] = mains[0]["cpu_s"] if mains else None
    rec["main_rss_kb"] = mains[0]["maxrss_kb"] if mains else None
    rec["link_wall_s"] = rec["link"]["wall_s"] if "link" in rec else None
    if rec["ok"]:
        rec["total_wall_s"] = rec["handlers_wall_s"] + rec["main_wall_s"] + rec["link_wall_s"]
    with open(record_path, "w", encoding="utf-8") as f:
        json.dump(rec, f, indent=1)
    return rec


def text_size(path):
    try:
        out = subprocess.run(["size", "-A", path], stdout=subprocess.PIPE, text=True, check=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if parts and parts[0] == ".text":
                return int(parts[1])
    except (OSError, subprocess.CalledProcessError, ValueError):
        pass
    return None


# ---------------------------------------------------------------- measure

def provider_side_durations(log_path):
    """tf_req_duration_ms of every "Served request" line, by RPC, in order."""
    out = {}
    with open(log_path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            try:
                j = json.loads(line)
            except ValueError:
                continue
            if j.get("@message") == "Served request" and "tf_req_duration_ms" in j:
                out.setdefault(j.get("tf_rpc"), []).append(float(j["tf_req_duration_ms"]))
    return out


def launch(client, binary, n, logged, args, log_path):
    cmd = [client, "--provider", binary, "--calls", str(args.calls), "--expect-types", str(n)]
    if args.no_tls:
        cmd.append("--no-tls")
    if logged:
        cmd += ["--log", log_path]
    if not args.no_pin and (os.cpu_count() or 1) >= 2:
        cmd += ["--client-cpu", "0", "--provider-cpu", "1"]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    if r.returncode != 0:
        raise RuntimeError(f"client failed for N={n}: {r.stderr.strip()}")
    res = json.loads(r.stdout)
    res["logged"] = logged
    if logged:
        d = provider_side_durations(log_path)
        res["provider_schema_ms"] = d.get("GetProviderSchema", [])
        res["provider_metadata_ms"] = d.get("GetMetadata", [])
    return res


def pct(values, q):
    s = sorted(values)
    if not s:
        return None
    k = (len(s) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def summarize(n, runs, calls):
    plain = [r for r in runs if not r["logged"]]
    logged = [r for r in runs if r["logged"]]
    s = {"types": n, "launches_plain": len(plain), "launches_logged": len(logged)}
    cold_c = [r["schema_ms"][0] for r in plain]
    warm_c = [x for r in plain for x in r["schema_ms"][1:]]
    cold_p = [r["provider_schema_ms"][0] for r in logged if r["provider_schema_ms"]]
    warm_p = [x for r in logged for x in r["provider_schema_ms"][1:]]
    meta_c = [x for r in plain for x in r["metadata_ms"]]
    meta_p = [x for r in logged for x in r["provider_metadata_ms"]]
    for key, vals in (("cold_client_ms", cold_c), ("warm_client_ms", warm_c), ("cold_provider_ms", cold_p),
                      ("warm_provider_ms", warm_p), ("metadata_client_ms", meta_c),
                      ("metadata_provider_ms", meta_p)):
        s[key] = {"median": pct(vals, 0.5), "p90": pct(vals, 0.9), "n": len(vals)}
    s["handshake_ms"] = {"median": pct([r["handshake_ms"] for r in plain], 0.5),
                         "p90": pct([r["handshake_ms"] for r in plain], 0.9)}
    s["response_bytes"] = runs[0]["response_bytes"]
    s["response_bytes_all_equal"] = all(r["response_bytes"] == s["response_bytes"] for r in runs)
    s["idle_rss_kb"] = pct([r["idle_rss_kb"] for r in plain], 0.5)
    s["rss_after_schema_kb"] = pct([r["rss_after_schema_kb"] for r in plain], 0.5)
    s["vm_hwm_kb"] = pct([r["vm_hwm_kb"] for r in plain], 0.5)
    s["peak_rss_kb"] = pct([r["ru_maxrss_kb"] for r in plain], 0.5)
    s["provider_cpu_ms"] = pct([r["provider_cpu_ms"] for r in plain], 0.5)
    s["resource_types_seen"] = runs[0]["resource_types"]
    s["first_type_attributes"] = runs[0]["first_type_attributes"]
    s["first_type_blocks"] = runs[0]["first_type_blocks"]
    # Every logged launch must log one line per call.
    s["provider_lines_complete"] = all(len(r["provider_schema_ms"]) == calls + 1 and
                                       len(r["provider_metadata_ms"]) == calls for r in logged)
    return s


# ---------------------------------------------------------------- report

def machine_info(cxx):
    info = {"date": datetime.date.today().isoformat(), "kernel": platform.release(), "cpus": os.cpu_count()}
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        info["compiler"] = subprocess.run([cxx, "--version"], stdout=subprocess.PIPE, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        info["compiler"] = cxx
    for mod in ("grpc++", "protobuf"):
        try:
            info[mod] = subprocess.run(["pkg-config", "--modversion", mod], stdout=subprocess.PIPE,
                                       text=True).stdout.strip()
        except OSError:
            pass
    try:
        info["commit"] = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                                        text=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--", "include"],
                               stdout=subprocess.PIPE, text=True).stdout.strip()
        if dirty:
            info["commit"] += " (include/ modified)"
    except OSError:
        pass
    return info


def f_ms(x):
    if x is None:
        return "–"
    if x < 0.1:
        return f"{x * 1000:.0f} µs"
    if x < 10:
        return f"{x:.2f} ms"
    return f"{x:.1f} ms"


def f_s(x):
    return "–" if x is None else f"{x:.1f} s"


def f_mib(kb):
    return "–" if kb is None else f"{kb / 1024:.1f} MiB"


def f_bytes(b):
    if b is None:
        return "–"
    if b >= 1 << 20:
        return f"{b / (1 << 20):.2f} MiB"
    if b >= 1 << 10:
        return f"{b / (1 << 10):.1f} KiB"
    return f"{b} B"


def report(args, info, cflags, compiles, summaries):
    L = []
    w = L.append
    w("# tfpp schema benchmark" + (" (--shared-model: one model for every type; runtime proxy)"
                                    if args.shared_model else ""))
    w("")
    w("Every type's framework code is compiled " +
      ("in main.cpp (--one-tu)." if args.one_tu else
       "in its handler TU (tfpp::compiled_resource), main.cpp only serves them."))
    w("")
    w(f"{info['date']}, commit {info.get('commit', '?')}; {info.get('cpu', '?')}, {info['cpus']} CPUs, "
      f"kernel {info['kernel']}; {info['compiler']}; gRPC {info.get('grpc++', '?')}, protobuf "
      f"{info.get('protobuf', '?')}; build type {build_option(args.build_dir, 'buildtype')}.")
    w("")
    if args.tfpp_include:
        w(f"tfpp headers: {os.path.abspath(args.tfpp_include)} (--tfpp-include), not the source tree's include/.")
        w("")
    w("Compile flags (from compile_commands.json of examples/local): `" + " ".join(
        a for a in cflags if not a.startswith(("-I", "/")) and a != "-isystem") + "`")
    w("")
    w("## Compile time and size")
    w("")
    w("Each TU compiled alone, one after the other (wall time; CPU time in the JSON).")
    w("")
    w("| N | handler TUs | handler TUs total | main.cpp | main.cpp peak RSS | link | total | total / type | "
      "binary | stripped |")
    w("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in args.types:
        c = compiles.get(n)
        if c is None:
            continue
        main_cell = f_s(c["main_wall_s"]) if c["main_wall_s"] is not None else "–"
        if not c["ok"]:
            main_cell += f" ({c['failure'].splitlines()[0]})"
        total = c.get("total_wall_s")
        w(f"| {n} | {c['handler_tus']} | {f_s(c['handlers_wall_s'])} | {main_cell} | {f_mib(c['main_rss_kb'])} | "
          f"{f_s(c['link_wall_s'])} | {f_s(total)} | {f_s(total / n) if total else '–'} | "
          f"{f_bytes(c.get('size_unstripped'))} | {f_bytes(c.get('size_stripped'))} |")
    ok = [n for n in args.types if compiles.get(n, {}).get("ok")]
    if len(ok) >= 2:
        a, b = min(ok), max(ok)
        ca, cb = compiles[a], compiles[b]
        w("")
        w(f"Marginal cost per resource type between N={a} and N={b}: "
          f"main.cpp {(cb['main_wall_s'] - ca['main_wall_s']) / (b - a):.2f} s, "
          f"handler TUs {(cb['handlers_wall_s'] - ca['handlers_wall_s']) / (b - a):.2f} s, "
          f"stripped binary {f_bytes((cb['size_stripped'] - ca['size_stripped']) / (b - a))}.")
    w("")
    w("## GetProviderSchema")
    w("")
    w(f"{args.launches} launches per N without logging (client side, memory) and {args.launches} with "
      f"TF_LOG_PROVIDER=DEBUG (provider side: tf_req_duration_ms), alternating; cold = the first call of a "
      f"launch, warm = the next {args.calls}. Median / p90. {'No TLS.' if args.no_tls else 'AutoMTLS.'}")
    w("")
    w("| N | response | cold, client | cold, provider | warm, client | warm, provider | GetMetadata, client | "
      "spawn→handshake | idle RSS | RSS after schema | peak RSS |")
    w("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in args.types:
        s = summaries.get(n)
        if s is None:
            continue

        def mp(k):
            return f"{f_ms(s[k]['median'])} / {f_ms(s[k]['p90'])}"
        w(f"| {n} | {f_bytes(s['response_bytes'])} | {mp('cold_client_ms')} | {mp('cold_provider_ms')} | "
          f"{mp('warm_client_ms')} | {mp('warm_provider_ms')} | {mp('metadata_client_ms')} | {mp('handshake_ms')} | "
          f"{f_mib(s['idle_rss_kb'])} | {f_mib(s['rss_after_schema_kb'])} | {f_mib(s['peak_rss_kb'])} |")
    big = [n for n in summaries if n >= 1000]
    if big:
        n = max(big)
        s = summaries[n]
        w("")
        w(f"Target (provider side, N={n}, under {TARGET_MS:g} ms after startup): cold "
          f"{f_ms(s['cold_provider_ms']['median'])} ({'met' if s['cold_provider_ms']['median'] < TARGET_MS else 'missed'}), "
          f"warm {f_ms(s['warm_provider_ms']['median'])} "
          f"({'met' if s['warm_provider_ms']['median'] < TARGET_MS else 'missed'}).")
    failed = [n for n in args.types if n in compiles and not compiles[n]["ok"]]
    for n in failed:
        c = compiles[n]
        w("")
        w(f"N={n} was not measured: {c['failure'].splitlines()[0]}. Per TU: " + ", ".join(
            f"{t['tu']} {t['wall_s']:.0f} s / {t['maxrss_kb'] / 1024:.0f} MiB{'' if t['ok'] else ' (failed)'}"
            for t in c["tus"] if t["kind"] == "main" or not t["ok"]) + ".")
    return "\n".join(L) + "\n"


# ---------------------------------------------------------------- smoke checks

def smoke_problems(args, compiles, summaries):
    problems = []
    for n in args.types:
        c = compiles.get(n)
        if not c or not c["ok"]:
            problems.append(f"N={n}: the provider did not build: {c['failure'] if c else 'not attempted'}")
            continue
        for k in ("handlers_wall_s", "main_wall_s", "link_wall_s", "size_unstripped", "size_stripped", "main_rss_kb"):
            if not c.get(k) or c[k] <= 0:
                problems.append(f"N={n}: compile measurement {k} missing")
        s = summaries.get(n)
        if s is None:
            problems.append(f"N={n}: no runtime measurements")
            continue
        for k in ("cold_client_ms", "warm_client_ms", "cold_provider_ms", "warm_provider_ms", "metadata_client_ms",
                  "metadata_provider_ms", "handshake_ms"):
            if s[k]["median"] is None or s[k]["median"] <= 0:
                problems.append(f"N={n}: {k} missing")
        for k in ("response_bytes", "idle_rss_kb", "rss_after_schema_kb", "peak_rss_kb", "vm_hwm_kb"):
            if not s.get(k) or s[k] <= 0:
                problems.append(f"N={n}: {k} missing")
        if s["resource_types_seen"] != n:
            problems.append(f"N={n}: the schema lists {s['resource_types_seen']} resource types")
        if s["first_type_attributes"] != 19 or s["first_type_blocks"] != 1:
            problems.append(f"N={n}: a resource schema has {s['first_type_attributes']} attributes and "
                            f"{s['first_type_blocks']} blocks, expected 19 and 1")
        if not s["provider_lines_complete"]:
            problems.append(f"N={n}: the provider did not log every call")
        if not s["response_bytes_all_equal"]:
            problems.append(f"N={n}: response sizes differ between launches")
    return problems


def main(argv):
    args = parse_args(argv)
    client = ensure_built(args.build_dir)
    cxx, cflags = compile_flags(args.build_dir)
    if args.no_debug_info:
        cflags = [a for a in cflags if not (a == "-g" or a.startswith("-g") and a[2:3].isdigit())]
    if args.tfpp_include:
        own = "-I" + os.path.join(REPO, "include")
        if own not in cflags:
            raise SystemExit(f"run.py: {own} is not among the compile flags")
        cflags = ["-I" + os.path.abspath(args.tfpp_include) if a == own else a for a in cflags]
    ldflags = link_args(args.build_dir)
    info = machine_info(cxx)
    log(f"compiler {cxx}, flags: {' '.join(cflags)}")

    compiles = {}
    for n in args.types:
        compiles[n] = compile_provider(n, args, cxx, cflags, ldflags)

    built = [n for n in args.types if compiles[n]["ok"]]
    runs = {n: [] for n in built}
    log_path = os.path.join(args.work_dir, "provider-stderr.log")
    for rnd in range(args.launches):
        for n in built:
            # Alternate which kind goes first, so a load change hits both.
            for logged in ((False, True) if rnd % 2 == 0 else (True, False)):
                try:
                    runs[n].append(launch(client, compiles[n]["binary"], n, logged, args, log_path))
                except (RuntimeError, subprocess.TimeoutExpired, ValueError) as e:
                    log(str(e))
                    if args.smoke:
                        print(f"SMOKE FAILED: {e}")
                        return 1
                    raise
        log(f"launch round {rnd + 1}/{args.launches} done")
    summaries = {n: summarize(n, runs[n], args.calls) for n in built}

    text = report(args, info, cflags, compiles, summaries)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump({"machine": info, "flags": cflags, "compiles": compiles, "summaries": summaries,
                       "runs": runs}, f, indent=1)
    if args.smoke:
        problems = smoke_problems(args, compiles, summaries)
        for p in problems:
            print(f"SMOKE FAILED: {p}")
        if problems:
            return 1
        print("smoke: every measurement was produced")
    return 0 if all(compiles[n]["ok"] for n in args.types) else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
