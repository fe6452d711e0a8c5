#!/usr/bin/env python3
"""Compile-fail check: compiling FILE must fail with exactly one error, and
that error must carry the message named in FILE's `// expect:` line. One
error, not a cascade, is part of what is tested. A file whose `// expect:`
line says `compiles` must compile cleanly instead (the harness's control).
Errors at the same place (file:line:column) count once.
A `// names:` line gives the text that names the culprit (the field, the
option, the member): it must appear in what the compiler prints, in the
error or in the instantiation context just above it; with several lines,
each must.

    check.py FILE [--pch HEADER] -- COMPILER ARGS...
    check.py --list DIR [--check FILES...]   # the tests; --check: fail if DIR has others
"""
import re
import subprocess
import sys


def list_tests(directory):
    import os
    return sorted(f for f in os.listdir(directory) if f.endswith(".cpp"))


def main():
    if sys.argv[1] == "--list":
        now = list_tests(sys.argv[2])
        if "--check" in sys.argv:
            configured = sys.argv[sys.argv.index("--check") + 1:]
            if configured != now:
                print("test/compile_fail changed since Meson configured the build: run `meson setup --reconfigure BUILD`")
                print("not registered:", sorted(set(now) - set(configured)))
                return 1
            print(f"{len(now)} compile-fail tests, all registered")
            return 0
        print("\n".join(now))
        return 0
    sep = sys.argv.index("--")
    source, compiler = sys.argv[1], sys.argv[sep + 1:]
    with open(source) as f:
        text = f.read()
    m = re.search(r"^// expect: (.+)$", text, re.M)
    if not m:
        print(f"{source}: no '// expect:' line")
        return 1
    expected = m.group(1).strip()
    culprits = [c.strip() for c in re.findall(r"^// names: (.+)$", text, re.M)]
    first_include = re.search(r"^#include\s*(\S+)", text, re.M)
    if "--pch" in sys.argv[:sep] and first_include and first_include.group(1) == "<tfpp/tfpp.hpp>":
        # Included before the file's own first line, it changes nothing else.
        compiler = compiler + ["-Winvalid-pch", "-include", sys.argv[sys.argv.index("--pch") + 1]]
    p = subprocess.run(compiler + ["-fsyntax-only", source], capture_output=True, text=True)
    errors = [l for l in p.stderr.splitlines() if re.search(r"\berror\b:", l)]
    # clang reports a deprecated member template twice at one place (its name,
    # then its specialisation): one mistake, one place, so one error.
    first_at = {}
    for line in errors:
        first_at.setdefault(line.split(": ")[0], line)
    errors = list(first_at.values())
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
    for culprit in culprits:
        if culprit not in p.stderr:
            print(p.stderr)
            print(f"FAIL: the compiler's output does not name the culprit: {culprit}")
            return 1
    print(f"ok: one error, saying: {expected}" + "".join(f", naming {c}" for c in culprits))
    return 0


if __name__ == "__main__":
    sys.exit(main())
