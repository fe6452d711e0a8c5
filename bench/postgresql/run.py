#!/usr/bin/env python3
"""Benchmark of examples/postgresql (tfpp/postgresql 0.1.0) against a real
PostgreSQL 15 server: where the time of apply, plan and destroy goes.

    python3 bench/postgresql/run.py --cli PATH/tofu --provider PATH [--runs N] [--markdown FILE]
    python3 bench/postgresql/run.py --cli ... --provider ... --smoke   (one run; timings not judged)

The configuration is the one of the `scale` scenario of
test/e2e/run_postgresql.py: 50 roles, 10 databases and 100 grants (50 on
the databases, 50 on their public schemas), 160 resources, with
`provider "postgresql" {}` taking the server from libpq's environment
(PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE; the Unix socket by
default, 127.0.0.1 with SCRAM authentication with --tcp).

Every run gets a fresh server (test/e2e/pg_server.py) and a fresh working
directory and filesystem mirror, then:

    init                                       (not measured)
    apply   -auto-approve -parallelism=10      must add 160
    plan    -detailed-exitcode -parallelism=10 must exit 0 (10 is the default)
    destroy -auto-approve -parallelism=10      must destroy 160; psql then
                                               checks that nothing is left

Measured for each of the three commands:

  wall          time.perf_counter() around the CLI process;
  provider CPU  user+sys of every provider process the command started,
                summed: the mirror holds, in place of the provider binary, a
                /bin/sh wrapper that execs GNU time (/usr/bin/time, Debian
                package `time`), which runs the real provider and appends
                "%U %S %M" to a file (-o: nothing on stdout, where go-plugin
                reads its handshake). The wrapper also counts starts, so a
                provider that escaped measurement (killed with its GNU time)
                is reported;
  provider RSS  the largest peak RSS (%M) of those processes;
  server CPU    /proc/<postmaster>/stat utime+stime+cutime+cstime, plus
                utime+stime of its live children, before and after the
                command (backends that exit are reaped into the postmaster's
                cutime/cstime); after the command, the script waits until
                the provider's backends are gone;
  connections   the backends the command made the server start, counted
                in server.log (log_connections, turned on for the benchmark):
                part of the server CPU is the start of each backend;
  CLI CPU       getrusage(RUSAGE_CHILDREN) of this process before and after
                the command, minus the provider CPU (the provider is the
                CLI's child, reaped by it, so the CLI's children count it).

The report gives, per command, the median and the min-max over the runs.

Standard library only. Run as root (PostgreSQL then runs as `postgres`) or
as an ordinary user.
"""

import argparse
import os
import platform
import re
import resource
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
from run_postgresql import SCALE_RESOURCES  # noqa: E402

VERSION = "0.1.0"
SOURCE = "tfpp/postgresql"
GNU_TIME = "/usr/bin/time"
COMMANDS = ("apply", "plan", "destroy")
TIMEOUT_S = 1800
CLK_TCK = os.sysconf("SC_CLK_TCK")

# The `scale` scenario's configuration (test/e2e/run_postgresql.py), the
# provider block left to the PG* environment.
MAIN_TF = '''terraform {
  required_providers {
    postgresql = {
      source  = "%s"
      version = "%s"
    }
  }
}

provider "postgresql" {}

''' % (SOURCE, VERSION) + SCALE_RESOURCES

N_ROLES, N_DATABASES, N_RESOURCES = 50, 10, 160
ROLE_LIKE, DATABASE_LIKE = "sc\\_role\\_%", "sc\\_db\\_%"


class BenchError(Exception):
    pass


def log(msg):
    print(f"bench-postgresql: {msg}", file=sys.stderr, flush=True)


# --- the server's CPU, from /proc


def proc_stat(pid):
    """(ppid, utime, stime, cutime, cstime) in clock ticks, or None when gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            text = f.read()
    except OSError:
        return None
    # comm (field 2) may hold spaces and parentheses: the fields follow the last ')'
    fields = text[text.rindex(")") + 2:].split()
    # fields[0] is field 3 (state): ppid is field 4, utime..cstime fields 14-17
    return int(fields[1]), int(fields[11]), int(fields[12]), int(fields[13]), int(fields[14])


def children_of(pid):
    kids = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            st = proc_stat(name)
            if st and st[0] == pid:
                kids.append(int(name))
    return kids


def cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def server_cpu_s(postmaster):
    """CPU seconds of the postmaster, its reaped children and its live children."""
    kids = children_of(postmaster)
    st = proc_stat(postmaster)
    if st is None:
        raise BenchError(f"the postmaster (pid {postmaster}) is gone")
    ticks = sum(st[1:5])
    for k in kids:
        kst = proc_stat(k)
        if kst and kst[0] == postmaster:
            ticks += kst[1] + kst[2]
    return ticks / CLK_TCK


def wait_for_clients_gone(pg, postmaster, timeout=15.0):
    """Waits until no backend of the superuser (the provider's, psql's) is
    left, so that their CPU is in the postmaster's cutime/cstime. The
    process titles are `postgres: USER DATABASE HOST STATE`."""
    prefix = f"postgres: {pg.superuser} "
    deadline = time.monotonic() + timeout
    while True:
        left = [k for k in children_of(postmaster) if cmdline(k).startswith(prefix)]
        if not left:
            return
        if time.monotonic() > deadline:
            raise BenchError(f"backends still connected {timeout:.0f}s after the command: "
                             + "; ".join(cmdline(k) for k in left))
        time.sleep(0.02)


def postmaster_pid(pg):
    with open(os.path.join(pg.data, "postmaster.pid")) as f:
        return int(f.readline())


# --- the provider's CPU, from GNU time


def provider_usage(usage_file, starts_file):
    """(CPU seconds summed, peak RSS KiB max, processes measured, processes started)."""
    cpu, rss, measured = 0.0, 0, 0
    if os.path.exists(usage_file):
        with open(usage_file) as f:
            for line in f:
                # GNU time also writes "Command exited with non-zero status N"
                # or "Command terminated by signal N" before the format line
                m = re.fullmatch(r"(\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+)", line.strip())
                if m:
                    cpu += float(m.group(1)) + float(m.group(2))
                    rss = max(rss, int(m.group(3)))
                    measured += 1
    started = 0
    if os.path.exists(starts_file):
        with open(starts_file) as f:
            started = sum(1 for _ in f)
    return cpu, rss, measured, started


# --- one run


class Run:
    def __init__(self, args, root, pg, index):
        self.args = args
        self.pg = pg
        self.dir = os.path.join(root, f"run-{index}")
        self.work = os.path.join(self.dir, "work")
        os.makedirs(self.work)
        self.usage = os.path.join(self.dir, "provider-usage")
        self.starts = os.path.join(self.dir, "provider-starts")
        mirror = os.path.join(self.dir, "mirror")
        for host in ("registry.opentofu.org", "registry.terraform.io"):
            d = os.path.join(mirror, host, *SOURCE.split("/"), VERSION, "linux_amd64")
            os.makedirs(d)
            wrapper = os.path.join(d, "terraform-provider-postgresql_v" + VERSION)
            with open(wrapper, "w") as f:
                # GNU time writes to -o FILE only: the provider's stdout (the
                # go-plugin handshake) and stderr pass through untouched.
                f.write("#!/bin/sh\n"
                        f"echo $$ >> {sh_quote(self.starts)}\n"
                        f"exec {GNU_TIME} -a -o {sh_quote(self.usage)} -f '%U %S %M' "
                        f"{sh_quote(args.provider)} \"$@\"\n")
            os.chmod(wrapper, 0o755)
        cli_config = os.path.join(self.dir, "cli.tfrc")
        with open(cli_config, "w") as f:
            f.write('provider_installation {\n  filesystem_mirror {\n    path = "%s"\n  }\n}\n' % mirror)
        with open(os.path.join(self.work, "main.tf"), "w") as f:
            f.write(MAIN_TF)
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("TF_", "PLUGIN_", "PG"))}
        self.env.update(pg.env(tcp=args.tcp))
        self.env.update({
            "TF_IN_AUTOMATION": "1",
            "CHECKPOINT_DISABLE": "1",
            "TF_CLI_CONFIG_FILE": cli_config,
            "HOME": self.dir,
        })
        self.postmaster = postmaster_pid(pg)
        # one "connection authorized" line per backend in server.log: how
        # many connections each command opened (the provider's pool churns
        # when it reaches more databases than it keeps connections)
        pg.psql("alter system set log_connections = on;\nselect pg_reload_conf();")

    def cli(self, *cli_args, expect=(0,)):
        """Runs the CLI: (exit code, output, wall s, CPU s of it and its reaped children)."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        p = subprocess.run([self.args.cli, *cli_args, "-no-color"], cwd=self.work, env=self.env,
                           stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=TIMEOUT_S)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = p.stdout + p.stderr
        if p.returncode not in expect:
            raise BenchError(f"{os.path.basename(self.args.cli)} {' '.join(cli_args)} exited {p.returncode}, "
                             f"expected {' or '.join(map(str, expect))}:\n{out[-4000:]}")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return p.returncode, out, wall, cpu

    def measure(self, name, *cli_args, expect=(0,)):
        for f in (self.usage, self.starts):
            if os.path.exists(f):
                os.remove(f)
        wait_for_clients_gone(self.pg, self.postmaster)
        server0 = server_cpu_s(self.postmaster)
        log0 = os.path.getsize(self.pg.logfile)
        _, out, wall, cli_cpu = self.cli(*cli_args, expect=expect)
        wait_for_clients_gone(self.pg, self.postmaster)
        server1 = server_cpu_s(self.postmaster)
        with open(self.pg.logfile, "rb") as f:
            f.seek(log0)
            connections = f.read().count(b"connection authorized: ")
        prov_cpu, prov_rss, measured, started = provider_usage(self.usage, self.starts)
        if started == 0:
            raise BenchError(f"{name}: no provider process was started: is the wrapper installed?")
        if measured != started:
            raise BenchError(f"{name}: {started} provider processes started, {measured} measured by GNU time "
                             "(one killed together with its GNU time?)")
        m = {"wall": wall, "provider_cpu": prov_cpu, "server_cpu": server1 - server0,
             "cli_cpu": cli_cpu - prov_cpu, "provider_rss_kib": prov_rss, "provider_processes": started,
             "connections": connections}
        log(f"  {name:8} wall {wall:6.2f} s  provider CPU {prov_cpu:5.2f} s ({started} process"
            f"{'es' if started != 1 else ''}, peak RSS {prov_rss / 1024:.1f} MiB)  server CPU "
            f"{m['server_cpu']:5.2f} s ({connections} connections)  CLI CPU {m['cli_cpu']:5.2f} s")
        return m, out

    def count(self, sql):
        return int(self.pg.psql(sql))

    def go(self):
        self.cli("init", "-input=false")
        results = {}
        results["apply"], out = self.measure("apply", "apply", "-auto-approve", "-input=false", "-parallelism=10")
        if f"Resources: {N_RESOURCES} added" not in out:
            raise BenchError(f"apply did not add {N_RESOURCES} resources:\n{out[-3000:]}")
        roles = self.count(f"select count(*) from pg_roles where rolname like '{ROLE_LIKE}' "
                           "and rolcanlogin and rolconnlimit = 3")
        databases = self.count(f"select count(*) from pg_database where datname like '{DATABASE_LIKE}'")
        if (roles, databases) != (N_ROLES, N_DATABASES):
            raise BenchError(f"after apply the server holds {roles} roles and {databases} databases, "
                             f"expected {N_ROLES} and {N_DATABASES}")
        results["plan"], out = self.measure("plan", "plan", "-input=false", "-detailed-exitcode",
                                            "-parallelism=10", expect=(0,))
        results["destroy"], out = self.measure("destroy", "destroy", "-auto-approve", "-input=false",
                                               "-parallelism=10")
        if f"Resources: {N_RESOURCES} destroyed" not in out:
            raise BenchError(f"destroy did not destroy {N_RESOURCES} resources:\n{out[-3000:]}")
        left_roles = self.pg.psql(f"select string_agg(rolname, ', ') from pg_roles where rolname like '{ROLE_LIKE}'")
        left_dbs = self.pg.psql("select string_agg(datname, ', ') from pg_database "
                                f"where datname like '{DATABASE_LIKE}'")
        if left_roles or left_dbs:
            raise BenchError(f"left on the server after destroy: roles [{left_roles}], databases [{left_dbs}]")
        return results


# --- the report


def machine_line(cli_version):
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (f"machine: {os.cpu_count()} CPUs (nproc {len(os.sched_getaffinity(0))}), {model}, "
            f"{platform.system()} {platform.release()}; CLI: {cli_version}")


COLUMNS = (("wall", "wall s", 1.0, "{:.2f}"),
           ("provider_cpu", "provider CPU s", 1.0, "{:.2f}"),
           ("server_cpu", "server CPU s", 1.0, "{:.2f}"),
           ("cli_cpu", "CLI CPU s", 1.0, "{:.2f}"),
           ("provider_rss_kib", "provider peak RSS MiB", 1 / 1024, "{:.1f}"))


def cell(values, scale, fmt):
    values = [v * scale for v in values]
    med = fmt.format(statistics.median(values))
    if len(values) == 1:
        return med
    return f"{med} ({fmt.format(min(values))}–{fmt.format(max(values))})"


def table_rows(runs):
    rows = []
    for cmd in COMMANDS:
        rows.append([cmd] + [cell([r[cmd][key] for r in runs], scale, fmt) for key, _, scale, fmt in COLUMNS])
    return rows


def text_table(runs):
    header = ["command"] + [title for _, title, _, _ in COLUMNS]
    rows = [header] + table_rows(runs)
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = []
    for n, r in enumerate(rows):
        lines.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def markdown_table(runs):
    header = ["command"] + [title for _, title, _, _ in COLUMNS]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] + ["---:"] * len(COLUMNS)) + "|"]
    for r in table_rows(runs):
        lines.append("| " + " | ".join(r) + " |")
    return "\n".join(lines)


def counts_line(runs, key, what):
    parts = []
    for cmd in COMMANDS:
        counts = sorted({r[cmd][key] for r in runs})
        parts.append(f"{cmd} {'/'.join(map(str, counts))}")
    return f"{what} per command: " + ", ".join(parts)


def counts_lines(runs):
    return (counts_line(runs, "provider_processes", "provider processes started") + "\n"
            + counts_line(runs, "connections", "server connections opened"))


# --- main


def sh_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    ap.add_argument("--cli", required=True, help="tofu (or terraform) binary")
    ap.add_argument("--provider", required=True, help="terraform-provider-postgresql binary (examples/postgresql)")
    ap.add_argument("--runs", type=int, default=3, help="runs, each with a fresh server (default 3)")
    ap.add_argument("--smoke", action="store_true", help="one run, to prove the benchmark works; timings not judged")
    ap.add_argument("--tcp", action="store_true",
                    help="the provider reaches the server on 127.0.0.1 (SCRAM) instead of the Unix socket")
    ap.add_argument("--markdown", metavar="FILE", help="also write the result table in Markdown here")
    ap.add_argument("--keep", action="store_true", help="keep the working directories (printed)")
    args = ap.parse_args()
    args.cli = os.path.abspath(args.cli)
    args.provider = os.path.abspath(args.provider)
    for what, path in (("--cli", args.cli), ("--provider", args.provider)):
        if not os.access(path, os.X_OK):
            ap.error(f"{what} {path} is not an executable")
    if not os.access(GNU_TIME, os.X_OK):
        ap.error(f"GNU time is not at {GNU_TIME}: install the Debian package `time`")
    probe = subprocess.run([GNU_TIME, "-f", "%M", "-o", os.devnull, "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        ap.error(f"{GNU_TIME} is not GNU time (it does not take -f/-o): {probe.stderr.strip()}")
    if args.runs < 1:
        ap.error("--runs must be at least 1")
    runs_wanted = 1 if args.smoke else args.runs

    env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "PLUGIN_"))}
    version_out = subprocess.run([args.cli, "version"], capture_output=True, text=True,
                                 env={**env, "CHECKPOINT_DISABLE": "1"}).stdout
    cli_version = next((line.strip() for line in version_out.splitlines()
                        if re.match(r"(OpenTofu|Terraform) v", line)), "unknown")
    machine = machine_line(cli_version)
    log(machine)
    log(f"provider {args.provider}; {runs_wanted} run(s); transport {'tcp' if args.tcp else 'unix socket'}")

    root = tempfile.mkdtemp(prefix="tfpp-bench-pg-")
    os.chmod(root, 0o755)
    runs = []
    try:
        for i in range(runs_wanted):
            with PostgresServer() as pg:
                log(f"run {i + 1}/{runs_wanted}: server {pg.psql('show server_version')} on {pg.host}, "
                    f"port {pg.port}, postmaster pid {postmaster_pid(pg)}")
                runs.append(Run(args, root, pg, i).go())
    except BenchError as e:
        log(f"FAIL: {e}")
        return 1
    finally:
        if args.keep:
            log(f"kept {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)

    title = (f"tfpp/postgresql {VERSION}: {N_ROLES} roles, {N_DATABASES} databases, 100 grants "
             f"({N_RESOURCES} resources), -parallelism=10, over the "
             f"{'TCP (127.0.0.1, SCRAM)' if args.tcp else 'Unix socket'}; "
             f"{len(runs)} run(s), median (min–max)")
    print(title)
    print()
    print(text_table(runs))
    print()
    print(counts_lines(runs))
    print(machine)
    if args.smoke:
        print("smoke run: one run on whatever the machine is doing; the timings are not judged")
    if args.markdown:
        with open(args.markdown, "w") as f:
            counts = counts_lines(runs).replace("\n", "\n\n")  # one paragraph each
            f.write(f"{title}\n\n{markdown_table(runs)}\n\n{counts}\n\n{machine}\n")
            if args.smoke:
                f.write("\nSmoke run: the timings are not judged.\n")
        log(f"wrote {args.markdown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
