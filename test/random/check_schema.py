#!/usr/bin/env python3
"""examples/random's --schema-json, normalised as the reference schema of
hashicorp/random v3.9.0 was (descriptions removed, sorted keys, indent 2,
one newline: test/random/anchors/schema-normalise.md), equals it byte for byte.
OpenTofu 1.12 and Terraform 1.16 print a deprecation_message beside
"deprecated": true (the Go provider sends one too); Terraform 1.11.4, which
wrote the reference, did not, so that key goes as well. --cli-json reads a
CLI's own `providers schema -json` instead of the provider's --schema-json.

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
    dropped = {"description", "description_kind", "deprecation_message"}
    if sys.argv[1] == "--cli-json":
        with open(sys.argv[2], encoding="utf-8") as f:
            ours = json.load(f)
        reference = sys.argv[3]
    else:
        provider, reference = sys.argv[1], sys.argv[2]
        ours = json.loads(subprocess.run([provider, "--schema-json"], check=True, capture_output=True, text=True,
                                         stdin=subprocess.DEVNULL, timeout=60).stdout)
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
