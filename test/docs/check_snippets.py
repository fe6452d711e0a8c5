#!/usr/bin/env python3
"""The C++ blocks of README.md, CONTRIBUTING.md and docs/*.md compile.

    check_snippets.py --list ROOT [--check DOCS...]   # the docs with C++ blocks; --check: fail on others
    check_snippets.py ROOT DOC -- COMPILER ARGS...     # compile DOC's blocks (-fsyntax-only)
    check_snippets.py --must-fail ROOT DOC -- ...      # the harness's own test: DOC's check must fail

Every ```cpp block of DOC is compiled. The blocks of one doc share a
translation unit, each in a namespace of its own, after `#include
<tfpp/tfpp.hpp>` (the prelude every snippet has); their #include lines are
moved to the top of the file. An HTML comment on the line before a block
(invisible on the rendered page) says more:

    <!-- snippet: prelude=NAME -->   test/docs/preludes/NAME.hpp comes first; where it has a
                                     line `// @snippet`, the block goes there (a function body,
                                     a class's members) and the rest of the prelude after it
    <!-- snippet: continues -->      the block goes on from the one before (same namespace)
    <!-- snippet: global -->         outside any namespace (main, an explicit instantiation)
    <!-- snippet: alone -->          in a translation unit of its own (names that would clash)
    <!-- snippet: fails "tfpp: ..." -->  deliberately wrong: compiled alone, it must fail with
                                     exactly one error that says this
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DIRECTIVE = re.compile(r"^<!--\s*snippet:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)```(\w*)\s*$")


def docs_of(root):
    root = Path(root)
    return [p for p in [root / "README.md", root / "CONTRIBUTING.md"] + sorted((root / "docs").glob("*.md"))
            if p.exists()]


def blocks(path):
    """(line, language, directive text, code) for each fenced block of a Markdown file."""
    lines = path.read_text().split("\n")
    out = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start, indent, lang = i, m.group(1), m.group(2)
        i += 1
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            i += 1
        if i == len(lines):
            raise SystemExit(f"{path}:{start + 1}: a code block that is never closed")
        code = [l[len(indent):] if l.startswith(indent) else l for l in lines[start + 1:i]]
        d = DIRECTIVE.match(lines[start - 1]) if start > 0 else None
        out.append((start + 1, lang, d.group(1) if d else "", "\n".join(code)))
        i += 1
    return out


def parse_directive(text, where):
    opts = {}
    m = re.search(r'\bfails\s+"([^"]+)"', text)
    if m:
        opts["fails"] = m.group(1)
        text = text[:m.start()] + text[m.end():]
    for tok in shlex.split(text):
        key, _, value = tok.partition("=")
        if key not in ("prelude", "continues", "global", "alone"):
            raise SystemExit(f"{where}: unknown snippet directive '{tok}' "
                             f'(prelude=NAME, continues, global, alone, fails "tfpp: ...")')
        opts[key] = value
    return opts


def split_includes(code):
    includes, rest = [], []
    for line in code.split("\n"):
        is_include = re.match(r"^\s*#\s*include\b", line)
        (includes if is_include else []).append(line)
        rest.append("" if is_include else line)  # the lines keep their numbers
    return includes, "\n".join(rest)


def with_prelude(name, body, doc, line):
    body = f'#line {line} "{doc}"\n{body}'
    where = f"{doc}:{line}"
    if not name:
        return [], body
    p = HERE / "preludes" / f"{name}.hpp"
    if not p.exists():
        raise SystemExit(f"{where}: no prelude {p.relative_to(HERE.parent.parent)}")
    includes, text = split_includes(p.read_text())
    text = f'#line 1 "test/docs/preludes/{name}.hpp"\n{text}'
    if "// @snippet" in text:
        before, after = text.split("// @snippet", 1)
        return includes, f'{before}\n{body}\n#line 1 "test/docs/preludes/{name}.hpp (after the snippet)"\n{after}'
    return includes, f"{text}\n{body}"


def translation_units(root, doc):
    """The doc's source files: one for the blocks that compile, one for each that must fail."""
    path = Path(root) / doc
    chains = []  # [global?, [(where, includes, code)]]
    failing = []
    for line, lang, directive, code in blocks(path):
        if lang != "cpp":
            if directive:
                raise SystemExit(f"{doc}:{line}: a snippet directive on a block that is not ```cpp")
            continue
        where = f"{doc}:{line + 1}"
        opts = parse_directive(directive, f"{doc}:{line}")
        includes, body = split_includes(code)
        pre_includes, body = with_prelude(opts.get("prelude", ""), body, doc, line + 1)
        part = (where, pre_includes + includes, body)
        if "fails" in opts:
            failing.append((where, opts["fails"], part))
        elif "continues" in opts:
            if not chains:
                raise SystemExit(f"{where}: `continues`, but there is no block before it")
            chains[-1][1].append(part)
        else:
            chains.append(["global" in opts, [part], "alone" in opts])
    return chains, failing


def source_of(chains):
    includes = ["#include <tfpp/tfpp.hpp>"]
    bodies = []
    for n, (is_global, parts, *_) in enumerate(chains, 1):
        for _, inc, _ in parts:
            includes += [i.strip() for i in inc if i.strip() not in includes]
        code = "\n".join(body for _, _, body in parts)
        bodies.append(code if is_global else f"namespace snippet_{n} {{\n{code}\n}}  // namespace snippet_{n}")
    return "\n".join(includes) + "\n\n" + "\n\n".join(bodies) + "\n"


def compile_source(source, compiler, name):
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / name
        f.write_text(source)
        p = subprocess.run(compiler + ["-fsyntax-only", str(f)], capture_output=True, text=True)
    return p


def main():
    if sys.argv[1] == "--list":
        root = Path(sys.argv[2])
        now = [p.relative_to(root).as_posix() for p in docs_of(root) if any(b[1] == "cpp" for b in blocks(p))]
        if "--check" in sys.argv:
            configured = sys.argv[sys.argv.index("--check") + 1:]
            if configured != now:
                print("the docs with C++ blocks changed since Meson configured the build: "
                      "run `meson setup --reconfigure BUILD`")
                print("not registered:", sorted(set(now) - set(configured)))
                return 1
            print(f"{len(now)} docs with C++ blocks, all registered")
            return 0
        print("\n".join(now))
        return 0
    must_fail = sys.argv[1] == "--must-fail"
    if must_fail:
        del sys.argv[1]
    sep = sys.argv.index("--")
    root, doc = sys.argv[1], sys.argv[2]
    compiler = sys.argv[sep + 1:] + ["-I" + str(HERE / "include"), "-I" + str(Path(root) / "examples"),
                                  "-I" + str(Path(root) / "examples" / "local")]
    chains, failing = translation_units(root, doc)
    count = sum(len(chain[1]) for chain in chains)
    status = 0
    shared = [c for c in chains if not c[2]]
    units = ([shared] if shared else []) + [[c] for c in chains if c[2]]
    for n, unit in enumerate(units):
        p = compile_source(source_of(unit), compiler, f"{Path(doc).stem}_snippets_{n}.cpp")
        if p.returncode != 0:
            print(p.stderr)
            print(f"FAIL: the C++ blocks of {doc} do not compile (the locations above are the blocks' lines)")
            status = 1
    for where, expected, part in failing:
        p = compile_source(source_of([[False, [part], True]]), compiler, "failing_snippet.cpp")
        errors = [l for l in p.stderr.splitlines() if re.search(r"\berror\b:", l)]
        if p.returncode == 0 or len(errors) != 1 or expected not in errors[0]:
            print(p.stderr)
            print(f"FAIL: {where} must fail with exactly one error saying: {expected}")
            status = 1
    if must_fail:
        print(f"ok: {doc}'s check failed, as it should" if status else f"FAIL: {doc}'s check should have failed")
        return 0 if status else 1
    if status == 0:
        print(f"ok: {doc}: {count} blocks compile" + (f", {len(failing)} fail as they should" if failing else ""))
    return status


if __name__ == "__main__":
    sys.exit(main())
