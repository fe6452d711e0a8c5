#!/usr/bin/env python3
"""Check that test/conformance/golden.jsonl is what go-cty produces today.

Usage:
    check_golden.py REPO_ROOT            verify (exit 0 on match, 1 on mismatch)
    check_golden.py REPO_ROOT --update   rewrite golden.jsonl from the generator

The generator in test/conformance/gocty is built with GOFLAGS=-mod=readonly,
so go.mod/go.sum must already be complete; the module cache (or the module
proxy) must be able to supply the pinned go-cty. Only the Python standard
library is used.
"""

import difflib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

MAX_DIFF_LINES = 80     # lines of unified diff to show
MAX_LINE_CHARS = 300    # characters per diff line (corpus lines can be huge)
MAX_NAMES = 25          # changed vector names to list


def go_cty_version(gen_dir: Path) -> str:
    text = (gen_dir / "go.mod").read_text(encoding="utf-8")
    m = re.search(r"github\.com/zclconf/go-cty\s+(v\S+)", text)
    return m.group(1) if m else "(unknown version)"


def run_generator(gen_dir: Path) -> bytes:
    env = dict(os.environ)
    env["GOFLAGS"] = "-mod=readonly -buildvcs=false"
    env["GOWORK"] = "off"
    with tempfile.TemporaryDirectory(prefix="tfpp-gocty-") as tmp:
        exe = Path(tmp) / "gocty"
        build = subprocess.run(
            ["go", "build", "-o", str(exe), "."],
            cwd=gen_dir, env=env, capture_output=True, text=True,
        )
        if build.returncode != 0:
            sys.stderr.write("error: building the go-cty generator failed:\n")
            sys.stderr.write(build.stdout + build.stderr)
            sys.exit(1)
        run = subprocess.run([str(exe)], cwd=gen_dir, env=env, capture_output=True)
        if run.returncode != 0:
            sys.stderr.write("error: the go-cty generator failed:\n")
            sys.stderr.write(run.stderr.decode("utf-8", "replace"))
            sys.exit(1)
        return run.stdout


def vector_names(lines):
    names = {}
    for i, line in enumerate(lines):
        m = re.search(r'"name":"((?:[^"\\]|\\.)*)"', line)
        names[m.group(1) if m else f"<line {i + 1}>"] = line
    return names


def clip(line: str) -> str:
    line = line.rstrip("\n")
    if len(line) > MAX_LINE_CHARS:
        return line[:MAX_LINE_CHARS] + f"... [{len(line)} chars]"
    return line


def report_mismatch(golden_path: Path, expected: bytes, actual: bytes) -> None:
    old = expected.decode("utf-8", "replace").splitlines()
    new = actual.decode("utf-8", "replace").splitlines()
    print(f"FAIL: {golden_path} differs from the go-cty generator output "
          f"({len(old)} committed vectors, {len(new)} generated)")

    old_names, new_names = vector_names(old), vector_names(new)
    removed = [n for n in old_names if n not in new_names]
    added = [n for n in new_names if n not in old_names]
    changed = [n for n in old_names if n in new_names and old_names[n] != new_names[n]]
    for label, names in (("changed", changed), ("only in golden", removed),
                         ("only in generator output", added)):
        if names:
            shown = ", ".join(names[:MAX_NAMES])
            more = f" (+{len(names) - MAX_NAMES} more)" if len(names) > MAX_NAMES else ""
            print(f"  {label} ({len(names)}): {shown}{more}")

    diff = list(difflib.unified_diff(old, new, "golden.jsonl (committed)",
                                     "golden.jsonl (generated)", n=0, lineterm=""))
    print()
    for line in diff[:MAX_DIFF_LINES]:
        print(clip(line))
    if len(diff) > MAX_DIFF_LINES:
        print(f"... {len(diff) - MAX_DIFF_LINES} more diff lines")
    print()
    print("If the change is intended, regenerate with:")
    print("  python3 test/conformance/check_golden.py <repo-root> --update")


def main(argv) -> int:
    args = [a for a in argv[1:] if a != "--update"]
    update = len(args) != len(argv) - 1
    if len(args) != 1:
        sys.stderr.write(__doc__)
        return 2
    root = Path(args[0]).resolve()
    gen_dir = root / "test" / "conformance" / "gocty"
    golden_path = root / "test" / "conformance" / "golden.jsonl"
    if not (gen_dir / "go.mod").is_file():
        sys.stderr.write(f"error: {gen_dir}/go.mod not found; is {root} the repo root?\n")
        return 2

    version = go_cty_version(gen_dir)
    actual = run_generator(gen_dir)
    count = sum(1 for line in actual.splitlines() if line.strip())

    if update:
        golden_path.write_bytes(actual)
        print(f"wrote {golden_path} from go-cty {version} ({count} vectors)")
        return 0

    if not golden_path.is_file():
        print(f"FAIL: {golden_path} does not exist (run with --update to create it)")
        return 1
    expected = golden_path.read_bytes()
    if expected == actual:
        print(f"golden.jsonl matches go-cty {version} ({count} vectors)")
        return 0
    report_mismatch(golden_path, expected, actual)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
