#!/usr/bin/env python3
"""For each of the seven kinds of provider object, the framework files
(include/, src/) whose code names it: issue 41's measure of how far the wiring
of one kind is spread. Comments are left out; identifiers and string literals
count, split into words (data_source, DataSource and "data source" alike).

    kind-files.py [--list] [ROOT]    # --list: the files too, not only the counts
"""
import re
import sys
from pathlib import Path

KINDS = ["resource", "data_source", "ephemeral_resource", "list_resource", "action", "state_store", "function"]


def words(line):
    """The line's words, lowercased, camelCase and snake_case split alike."""
    line = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", line)
    return [w.lower() for w in re.findall(r"[A-Za-z0-9]+", line)]


def kinds_in(ws):
    found = set()
    for i, w in enumerate(ws):
        prev = ws[i - 1] if i else ""
        nxt = ws[i + 1] if i + 1 < len(ws) else ""
        if w in ("resource", "resources"):
            if prev == "ephemeral": found.add("ephemeral_resource")
            elif prev == "list": found.add("list_resource")
            else: found.add("resource")
        elif w == "ephemeral" and nxt not in ("resource", "resources"):
            found.add("ephemeral_resource")  # ephemeral_handler, open_ephemeral, ...
        elif w in ("source", "sources") and prev == "data":
            found.add("data_source")
        elif w in ("store", "stores") and prev == "state":
            found.add("state_store")
        elif w in ("action", "actions"):
            found.add("action")
        elif w in ("function", "functions") and prev != "std":
            found.add("function")
    return found


def code_lines(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    for line in text.splitlines():
        yield re.sub(r"//.*$", "", line) if '"' not in line else re.sub(r"^\s*//.*$", "", line)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    root = Path(args[0] if args else Path(__file__).resolve().parent.parent)
    files = {k: [] for k in KINDS}
    for sub in ("include", "src"):
        for path in sorted((root / sub).rglob("*")):
            if path.suffix not in (".hpp", ".cpp", ".h") or path.name == "near_misses.hpp":
                continue  # near_misses.hpp: generated
            found = set()
            for line in code_lines(path.read_text(encoding="utf-8", errors="replace")):
                found |= kinds_in(words(line))
            for k in found:
                files[k].append(str(path.relative_to(root)))
    for k in KINDS:
        print(f"{k}: {len(files[k])} files")
        if "--list" in sys.argv:
            for f in files[k]:
                print(f"    {f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
