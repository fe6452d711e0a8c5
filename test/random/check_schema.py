#!/usr/bin/env python3
"""examples/random's --schema-json, normalised as the reference schema of
hashicorp/random v3.9.0 was (descriptions removed, sorted keys, indent 2,
one newline: test/random/anchors/schema-normalise.md), equals it byte for byte.
--schema-json prints what `tofu providers schema -json` prints, which adds a
deprecation_message beside "deprecated": true; Terraform, which wrote the
reference, prints no such key, so it goes too (--cli-json reads a CLI's own
output instead, where nothing is dropped).

    check_schema.py PROVIDER SCHEMA_JSON
    check_schema.py --cli-json FILE SCHEMA_JSON

    check_schema.py PROVIDER SCHEMA_JSON
"""
import difflib
import json
import subprocess
import sys


def strip(node, dropped):
    if isinstance(node, dict):
        return {k: strip(v, dropped) for k, v in node.items() if k not in dropped}
    if isinstance(node, list):
        return [strip(v, dropped) for v in node]
    return node


def main():
    dropped = {"description", "description_kind"}
    if sys.argv[1] == "--cli-json":
        with open(sys.argv[2], encoding="utf-8") as f:
            ours = json.load(f)
        reference = sys.argv[3]
    else:
        provider, reference = sys.argv[1], sys.argv[2]
        ours = json.loads(subprocess.run([provider, "--schema-json"], check=True, capture_output=True, text=True,
                                         stdin=subprocess.DEVNULL, timeout=60).stdout)
        dropped.add("deprecation_message")
    text = json.dumps(strip(ours, dropped), indent=2, sort_keys=True) + "\n"
    with open(reference, encoding="utf-8") as f:
        expected = f.read()
    if text == expected:
        print(f"identical: {len(text)} bytes")
        return 0
    sys.stdout.writelines(difflib.unified_diff(expected.splitlines(True), text.splitlines(True), "schema.json",
                                               "--schema-json"))
    return 1


if __name__ == "__main__":
    sys.exit(main())
