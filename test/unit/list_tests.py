#!/usr/bin/env python3
"""The unit tests, one line per area: the area (a folder of test/unit, named
after the layer it tests), then its *.cpp files. Meson builds one executable
per line when it configures.

    list_tests.py DIR                  # print the areas
    list_tests.py DIR --check LINES    # fail when DIR holds files LINES lack
"""
import sys
from pathlib import Path


def areas(root):
    out = []
    for d in sorted(p for p in Path(root).iterdir() if p.is_dir()):
        files = sorted(f.relative_to(root).as_posix() for f in d.glob("*.cpp"))
        if files:
            out.append(" ".join([d.name] + files))
    return out


def main():
    root = sys.argv[1]
    now = areas(root)
    if "--check" in sys.argv:
        configured = sys.argv[sys.argv.index("--check") + 1:]
        if configured != now:
            print("test/unit changed since Meson configured the build: run `meson setup --reconfigure BUILD`")
            print("configured:", configured)
            print("now:       ", now)
            return 1
        print(f"{len(now)} areas, all files registered")
        return 0
    print("\n".join(now))
    return 0


if __name__ == "__main__":
    sys.exit(main())
