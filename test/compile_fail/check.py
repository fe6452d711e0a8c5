#!/usr/bin/env python3
"""Compile-fail check: compiling FILE must fail with exactly one error, and
that error must carry the message named in FILE's `// expect:` line. One
error, not a cascade, is part of what is tested. A file whose `// expect:`
line says `compiles` must compile cleanly instead (the harness's control).

    check.py FILE -- COMPILER ARGS...
"""
import re
import subprocess
import sys


def main():
    sep = sys.argv.index("--")
    source, compiler = sys.argv[1], sys.argv[sep + 1:]
    with open(source) as f:
        m = re.search(r"^// expect: (.+)$", f.read(), re.M)
    if not m:
        print(f"{source}: no '// expect:' line")
        return 1
    expected = m.group(1).strip()
    p = subprocess.run(compiler + ["-fsyntax-only", source], capture_output=True, text=True)
    errors = [l for l in p.stderr.splitlines() if re.search(r"\berror\b:", l)]
    if expected == "compiles":
        if p.returncode != 0:
            print(p.stderr)
            print(f"FAIL: {source} should compile")
            return 1
        print(f"ok: {source} compiles")
        return 0
    if p.returncode == 0:
        print(f"FAIL: {source} compiled, expected: {expected}")
        return 1
    print("\n".join(errors))
    if len(errors) != 1:
        print(p.stderr)
        print(f"FAIL: {len(errors)} errors, expected exactly one")
        return 1
    if expected not in errors[0]:
        print(p.stderr)
        print(f"FAIL: the error does not say: {expected}")
        return 1
    print(f"ok: one error, saying: {expected}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
