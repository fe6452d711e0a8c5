#!/usr/bin/env python3
"""Compile time of chosen translation units, with the build directory's own flags.

    python3 bench/compile/run.py --build-dir build [--baseline TREE] [--runs 3] FILE...

Each FILE (a path in this repository, e.g. examples/local/main.cpp) is
compiled --runs times, one compiler at a time, with the command that
build/compile_commands.json holds for it; the CPU time (user + sys of the
compiler's processes) and peak RSS are recorded and the median and spread
printed. With --baseline TREE (another checkout, e.g. `git worktree add
/tmp/before <rev>`) the same file is compiled from TREE's include/ and
sources too, alternating with this tree, so that a busy machine slows both
sides alike. Output: a Markdown table.
"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile


def command_for(build_dir, rel):
    with open(os.path.join(build_dir, "compile_commands.json"), encoding="utf-8") as f:
        for entry in json.load(f):
            path = os.path.normpath(os.path.join(entry["directory"], entry["file"]))
            if path.endswith(os.sep + rel):
                args = shlex.split(entry["command"])
                if os.path.basename(args[0]) in ("ccache", "sccache"):
                    args = args[1:]  # a cached compile measures nothing
                return entry["directory"], args
    sys.exit(f"compile: {rel} is not in {build_dir}/compile_commands.json")


def retarget(args, repo, tree, out):
    """The compile command with this repository's paths pointed at `tree`,
    writing `out` and no dependency file."""
    result, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a in ("-MQ", "-MF", "-o"):
            skip = True
        elif a != "-MD":
            result.append(a.replace(repo, tree))
    return result + ["-o", out]


def absolute(directory, args):
    """Relative include and source paths made absolute (../include -> REPO/include)."""
    out = []
    for a in args:
        for prefix in ("-I", ""):
            body = a[len(prefix):]
            if a.startswith(prefix) and body.startswith("../"):
                a = prefix + os.path.normpath(os.path.join(directory, body))
                break
        out.append(a)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build-dir", default="build")
    parser.add_argument("--baseline", help="another checkout to compare with, compiled alternately")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("files", nargs="+")
    a = parser.parse_args()
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    build = os.path.abspath(a.build_dir)
    trees = [("this tree", repo)] + ([("baseline", os.path.abspath(a.baseline))] if a.baseline else [])
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for rel in a.files:
            directory, args = command_for(build, rel)
            args = absolute(directory, args)
            samples = {name: [] for name, _ in trees}
            for _ in range(a.runs):
                for name, tree in (trees if len(samples[trees[0][0]]) % 2 == 0 else list(reversed(trees))):
                    # Each compile in a fresh process tree, so ru_maxrss is its own.
                    probe = [sys.executable, "-c",
                             "import resource,subprocess,sys;"
                             "r=subprocess.run(sys.argv[1:]).returncode;"
                             "u=resource.getrusage(resource.RUSAGE_CHILDREN);"
                             "print(u.ru_utime+u.ru_stime, u.ru_maxrss/1024);sys.exit(r)"]
                    cmd = retarget(args, repo, tree, os.path.join(tmp, "out.o"))
                    proc = subprocess.run(probe + cmd, cwd=directory, capture_output=True, text=True)
                    if proc.returncode != 0:
                        sys.exit(f"compile failed ({name}): {rel}\n{proc.stderr[-3000:]}")
                    cpu, rss = map(float, proc.stdout.split())
                    samples[name].append((cpu, rss))
                    print(f"compile: {rel} ({name}): {cpu:.1f} s, {rss:.0f} MiB", file=sys.stderr)
            rows.append((rel, samples))
    names = [name for name, _ in trees]
    print("| file | " + " | ".join(f"{n}: CPU s median (min–max), peak MiB" for n in names) + " |")
    print("|---|" + "---|" * len(names))
    for rel, samples in rows:
        cells = []
        for n in names:
            cpus = [c for c, _ in samples[n]]
            rss = statistics.median(r for _, r in samples[n])
            cells.append(f"{statistics.median(cpus):.1f} ({min(cpus):.1f}–{max(cpus):.1f}), {rss:.0f}")
        print(f"| {rel} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
