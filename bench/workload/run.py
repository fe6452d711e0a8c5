#!/usr/bin/env python3
"""B7, a real provider's workload (docs/benchmarks.md): `tofu apply`, `plan`
and `destroy` of N resources (default 1000) at -parallelism=10 with

  postgresql  examples/postgresql against a real PostgreSQL server
              (test/e2e/pg_server.py): roles, databases and grants;
  random      examples/random (installed as hashicorp/random): random_id,
              random_integer, random_string, random_uuid, random_pet;
  noop        bench/anchor-go's no-op Go provider (every operation does
              nothing): the floor, what the CLI itself costs for N resources.

    python3 bench/workload/run.py --cli PATH/tofu --build-dir build [--count N] [--runs R] [--perf]
    python3 bench/workload/run.py ... --smoke        (20 resources, one run; timings not judged)

Measured per command: wall time, the provider's CPU (user+sys of every
provider process the command started, from GNU time in a wrapper, as
bench/postgresql does) and its peak RSS; "over no-op" is the wall time minus
the no-op provider's for the same command and N. With --perf one more run of
each provider samples it with `perf record` (user and kernel, 999 Hz) and
splits its CPU by where the samples fall: the protocol (gRPC, protobuf,
TLS, abseil), tfpp's codecs, planning, the consistency checker, the
provider's own code, libpq, the C and C++ libraries, the kernel.

There is no Go equivalent of either provider to compare with: hashicorp/random
v3 is not a Go module the module proxy serves, and bench/anchor-go has no
PostgreSQL port. Standard library only; run as root or an ordinary user.
"""

import argparse
import importlib.util
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "test", "e2e"))
from pg_server import PostgresServer  # noqa: E402

# GNU time's lines are read as bench/postgresql reads them (its run.py, by
# path: this file is run.py too).
_spec = importlib.util.spec_from_file_location("bench_postgresql", os.path.join(REPO, "bench", "postgresql", "run.py"))
bench_postgresql = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_postgresql)

GNU_TIME = "/usr/bin/time"
TIMEOUT_S = 3600
COMMANDS = ("apply", "plan", "destroy")


def log(msg):
    print(f"bench-workload: {msg}", file=sys.stderr, flush=True)


def sh_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


# --- configurations


def postgresql_config(n):
    """n resources: a tenth databases (at most 20), the rest roles and grants, two roles per grant."""
    databases = max(1, min(20, n // 10))
    grants = (n - databases) // 3
    roles = n - databases - grants
    assert roles >= grants >= 1
    return roles, databases, grants, '''terraform {
  required_providers {
    postgresql = { source = "tfpp/postgresql", version = "0.1.0" }
  }
}

provider "postgresql" {}

locals {
  roles     = [for i in range(%d) : format("wl_role_%%04d", i)]
  databases = [for i in range(%d) : format("wl_db_%%02d", i)]
}

resource "postgresql_role" "r" {
  for_each         = toset(local.roles)
  name             = each.value
  login            = true
  connection_limit = 3
}

resource "postgresql_database" "d" {
  count = length(local.databases)
  name  = local.databases[count.index]
}

resource "postgresql_grant" "g" {
  count       = %d
  database    = postgresql_database.d[count.index %% length(local.databases)].name
  role        = postgresql_role.r[local.roles[count.index]].name
  object_type = "database"
  privileges  = count.index %% 2 == 0 ? ["CONNECT"] : ["CONNECT", "TEMPORARY"]
}
''' % (roles, databases, grants)


def random_config(n):
    per = n // 5
    rest = n - 4 * per
    return '''terraform {
  required_providers {
    random = { source = "hashicorp/random", version = "3.9.1" }
  }
}

resource "random_id" "i" {
  count       = %d
  byte_length = 8
}

resource "random_integer" "n" {
  count = %d
  min   = 1
  max   = 1000000
}

resource "random_string" "s" {
  count  = %d
  length = 16
}

resource "random_uuid" "u" {
  count = %d
}

resource "random_pet" "p" {
  count  = %d
  length = 3
}
''' % (per, per, per, per, rest)


def noop_config(n):
    return '''terraform {
  required_providers {
    bench = { source = "tfpp/bench", version = "0.1.0" }
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
''' % n


# --- providers


class Provider:
    """A provider binary in a filesystem mirror behind a wrapper that measures it (GNU time, or perf)."""

    def __init__(self, name, source, version, binary, config):
        self.name, self.source, self.version, self.binary, self.config = name, source, version, binary, config


def go_noop(work):
    """bench/anchor-go's no-op provider, built once into work (TFPP_ANCHOR_GO_BIN_DIR: prebuilt)."""
    pre = os.environ.get("TFPP_ANCHOR_GO_BIN_DIR")
    if pre:
        return os.path.join(pre, "terraform-provider-noop")
    go = shutil.which("go") or "/usr/local/go/bin/go"
    out = os.path.join(work, "terraform-provider-noop")
    subprocess.run([go, "build", "-trimpath", "-ldflags", "-s -w", "-o", out, "./cmd/terraform-provider-noop"],
                   cwd=os.path.join(REPO, "bench", "anchor-go"), check=True, env={**os.environ, "CGO_ENABLED": "0"})
    return out


# --- one run of one provider


def run_provider(args, p, env_extra, root, perf_dir=None):
    """apply, plan (must be empty), destroy: {command: {wall, provider_cpu, provider_rss_kib}}."""
    d = tempfile.mkdtemp(prefix=f"wl-{p.name}-", dir=root)
    usage = os.path.join(d, "usage")
    mirror = os.path.join(d, "mirror")
    for host in ("registry.opentofu.org", "registry.terraform.io"):
        pd = os.path.join(mirror, host, *p.source.split("/"), p.version, "linux_amd64")
        os.makedirs(pd)
        wrapper = os.path.join(pd, f"terraform-provider-{p.source.split('/')[1]}_v{p.version}")
        with open(wrapper, "w") as f:
            if perf_dir:
                # One perf data file per provider process ($$: the wrapper's pid, which exec keeps).
                f.write(f"#!/bin/sh\nexec perf record -q -F 999 -o {sh_quote(perf_dir)}/perf.$$.data "
                        f"{sh_quote(p.binary)} \"$@\"\n")
            else:
                f.write(f"#!/bin/sh\nexec {GNU_TIME} -a -o {sh_quote(usage)} -f '%U %S %M' "
                        f"{sh_quote(p.binary)} \"$@\"\n")
        os.chmod(wrapper, 0o755)
    cli_config = os.path.join(d, "cli.tfrc")
    with open(cli_config, "w") as f:
        f.write('provider_installation {\n  filesystem_mirror {\n    path = "%s"\n  }\n}\n' % mirror)
    work = os.path.join(d, "work")
    os.makedirs(work)
    with open(os.path.join(work, "main.tf"), "w") as f:
        f.write(p.config)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "PLUGIN_", "PG"))}
    env.update(env_extra)
    env.update(TF_IN_AUTOMATION="1", CHECKPOINT_DISABLE="1", TF_CLI_CONFIG_FILE=cli_config, HOME=d)

    def cli(*cli_args, expect=(0,)):
        t0 = time.perf_counter()
        r = subprocess.run([args.cli, *cli_args, "-no-color"], cwd=work, env=env, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=TIMEOUT_S)
        if r.returncode not in expect:
            raise SystemExit(f"bench-workload: {p.name}: {' '.join(cli_args)} exited {r.returncode}:\n"
                             f"{(r.stdout + r.stderr)[-4000:]}")
        return time.perf_counter() - t0, r.stdout + r.stderr

    cli("init", "-input=false")
    out = {}
    for command, cli_args, must in (
            ("apply", ("apply", "-auto-approve", "-input=false", "-parallelism=10"), f"{args.count} added"),
            ("plan", ("plan", "-input=false", "-detailed-exitcode", "-parallelism=10"), "No changes"),
            ("destroy", ("destroy", "-auto-approve", "-input=false", "-parallelism=10"), f"{args.count} destroyed")):
        if os.path.exists(usage):
            os.remove(usage)
        wall, text = cli(*cli_args)
        if must not in text:
            raise SystemExit(f"bench-workload: {p.name}: {command} did not say {must!r}:\n{text[-3000:]}")
        cpu, rss, processes, _ = bench_postgresql.provider_usage(usage, os.devnull)
        if not perf_dir and processes == 0:
            raise SystemExit(f"bench-workload: {p.name}: {command}: no provider process was measured")
        out[command] = {"wall": wall, "provider_cpu": cpu, "provider_rss_kib": rss}
        log(f"{p.name:10} {command:7} wall {wall:6.2f} s  provider CPU {cpu:6.2f} s  peak RSS {rss / 1024:6.1f} MiB")
    if not args.keep:
        shutil.rmtree(d, ignore_errors=True)
    return out


# --- where the provider's CPU goes (perf)

# Most specific first: a sample's symbol (or, without one, its object) decides.
AREAS = [
    ("checker", r"tfpp::.*(consisten|check_plan|check_apply|checker)"),
    ("planning", r"tfpp::.*(plan|proposed|diff)"),
    ("codec", r"tfpp::.*(msgpack|json|decode|encode|codec|value_view|object_view|dynamic)|msgpack::"),
    ("provider's code", r"^(postgresql|random_provider)::|go_random|generate"),
    ("libpq", r"libpq"),
    ("protocol (gRPC, protobuf, TLS, abseil)", r"grpc|protobuf|tfplugin|absl|libssl|libcrypto|libgpr|libupb|libaddress_sorting|libre2|libcares|libz\.so"),
    ("tfpp, other", r"tfpp::"),
    ("kernel", r"\[kernel|\[k\]"),
    ("C and C++ libraries", r"libc\.so|libstdc\+\+|libm\.so|ld-linux|libpthread|libgcc"),
]


def perf_split(perf_dir):
    """{area: share of samples}, samples: over every provider process of the perf run."""
    totals, samples = {}, 0
    for name in sorted(os.listdir(perf_dir)):
        r = subprocess.run(["perf", "report", "-i", os.path.join(perf_dir, name), "--stdio", "--no-children",
                            "-F", "overhead,sample,dso,sym", "--percent-limit", "0", "-q"],
                           capture_output=True, text=True)
        for line in r.stdout.splitlines():
            m = re.match(r"\s*([0-9.]+)%\s+(\d+)\s+(\S+)\s+\[(.)\]\s+(.*)$", line)
            if not m:
                continue
            n, dso, sym = int(m.group(2)), m.group(3), m.group(5)
            what = f"{sym} {dso}" + (" [k]" if m.group(4) == "k" else "")
            area = next((a for a, rx in AREAS if re.search(rx, what)), "other")
            totals[area] = totals.get(area, 0) + n
            samples += n
    return {a: totals.get(a, 0) / samples for a, _ in AREAS + [("other", "")] if totals.get(a)}, samples


# --- report


def med(xs):
    return statistics.median(xs)


def spread(xs, scale=1.0, fmt="{:.2f}"):
    return f"{fmt.format(med(xs) * scale)} ({fmt.format(min(xs) * scale)}–{fmt.format(max(xs) * scale)})"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True, help="tofu (or terraform)")
    ap.add_argument("--build-dir", required=True, help="a configured tfpp build (examples built)")
    ap.add_argument("--count", type=int, default=1000, help="resources per configuration (default 1000)")
    ap.add_argument("--runs", type=int, default=3, help="runs, alternating the providers (default 3)")
    ap.add_argument("--perf", action="store_true", help="one more run of each tfpp provider under perf record")
    ap.add_argument("--smoke", action="store_true", help="20 resources, one run: proves the benchmark works")
    ap.add_argument("--keep", action="store_true", help="keep the working directories")
    ap.add_argument("--markdown", metavar="FILE", help="also write the tables in Markdown here")
    args = ap.parse_args()
    if args.smoke:
        args.count, args.runs = 20, 1
    if not os.access(GNU_TIME, os.X_OK):
        raise SystemExit("bench-workload: GNU time (/usr/bin/time, Debian package time) is missing")
    build = os.path.abspath(args.build_dir)
    root = tempfile.mkdtemp(prefix="tfpp-workload-")
    roles, databases, grants, pg_tf = postgresql_config(args.count)
    providers = [
        Provider("postgresql", "tfpp/postgresql", "0.1.0",
                 os.path.join(build, "examples", "terraform-provider-postgresql"), pg_tf),
        Provider("random", "hashicorp/random", "3.9.1",
                 os.path.join(build, "examples", "terraform-provider-random"), random_config(args.count)),
        Provider("noop", "tfpp/bench", "0.1.0", go_noop(root), noop_config(args.count)),
    ]
    log(f"{args.count} resources each ({roles} roles, {databases} databases, {grants} grants for postgresql), "
        f"{args.runs} runs, {args.cli}")
    results = {p.name: [] for p in providers}
    splits = {}
    try:
        with PostgresServer() as pg:
            pg_env = pg.env()
            for r in range(args.runs):
                for p in providers if r % 2 == 0 else list(reversed(providers)):
                    results[p.name].append(run_provider(args, p, pg_env if p.name == "postgresql" else {}, root))
            if args.perf:
                for p in providers[:2]:
                    perf_dir = tempfile.mkdtemp(prefix=f"perf-{p.name}-", dir=root)
                    run_provider(args, p, pg_env if p.name == "postgresql" else {}, root, perf_dir=perf_dir)
                    splits[p.name] = perf_split(perf_dir)
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)

    lines = [f"B7: {args.count} resources, -parallelism=10, {args.runs} runs, median (min–max)", "",
             "| provider | command | wall s | over no-op s | provider CPU ms per resource | provider peak RSS MiB |",
             "|---|---|---:|---:|---:|---:|"]
    for name in ("postgresql", "random", "noop"):
        for c in COMMANDS:
            walls = [x[c]["wall"] for x in results[name]]
            over = [x[c]["wall"] - n[c]["wall"] for x, n in zip(results[name], results["noop"])]
            cpu = [x[c]["provider_cpu"] / args.count for x in results[name]]
            rss = [x[c]["provider_rss_kib"] / 1024 for x in results[name]]
            lines.append(f"| {name} | {c} | {spread(walls)} | {'–' if name == 'noop' else spread(over)} | "
                         f"{spread(cpu, 1000)} | {spread(rss, 1, '{:.1f}')} |")
    for name, (split, samples) in splits.items():
        lines += ["", f"Where {name}'s CPU goes (apply, plan and destroy, {samples} perf samples):", "",
                  "| area | share |", "|---|---:|"]
        lines += [f"| {a} | {s * 100:.1f} % |" for a, s in sorted(split.items(), key=lambda kv: -kv[1])]
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
