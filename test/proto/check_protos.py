#!/usr/bin/env python3
"""Checks that tfpp's hand-written protocol files match the official wire contract.

usage: check_protos.py PROTO_FINGERPRINT PROTOC PROTO_DIR [--self-test]

The official definitions are fetched at test time through the Go module proxy
(`go mod download`, which also verifies them against the checksum database);
nothing of them is kept in this repository. Both sides are compiled by protoc
into descriptor sets and described by proto_fingerprint as sorted facts (one
per line); the facts must be identical. Comments, layout, json_name, file
options (go_package) and declaration order are not compared. Our message
GetMetadataMsg is compared under its official name GetMetadata.

Exit status: 0 all identical, 1 a difference (a unified diff is printed:
'-' lines are official facts ours lacks, '+' lines are facts only ours has),
2 a tool or download failed.

--self-test proves that the checker can fail: it changes one field number in a
temporary copy of our tfplugin6.proto and exits 0 only if the comparison
reports exactly that drift.
"""

import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter

MODULES = {
    "terraform": ("github.com/hashicorp/terraform", "v1.16.4"),
    "opentofu": ("github.com/opentofu/opentofu", "v1.12.6"),
    "go-plugin": ("github.com/hashicorp/go-plugin", "v1.7.0"),
}

# (our file relative to PROTO_DIR, module, official file relative to the module)
COMPARISONS = [
    ("tfplugin6.proto", "terraform", "docs/plugin-protocol/tfplugin6.proto"),
    ("tfplugin5.proto", "terraform", "docs/plugin-protocol/tfplugin5.proto"),
    ("tfplugin5.proto", "opentofu", "docs/plugin-protocol/tfplugin5.10.proto"),
    ("plugin/grpc_controller.proto", "go-plugin", "internal/plugin/grpc_controller.proto"),
    ("plugin/grpc_stdio.proto", "go-plugin", "internal/plugin/grpc_stdio.proto"),
    ("plugin/grpc_broker.proto", "go-plugin", "internal/plugin/grpc_broker.proto"),
]

# Names that differ on our side on purpose; message names never travel on the wire.
OUR_RENAMES = ["GetMetadataMsg=GetMetadata"]


class ToolError(Exception):
    pass


def find_go():
    go = os.environ.get("GO") or shutil.which("go")
    if not go and os.access("/usr/local/go/bin/go", os.X_OK):
        go = "/usr/local/go/bin/go"
    if not go:
        raise ToolError("go not found (set GO=/path/to/go); it fetches the official protocol files")
    return go


def download_modules(workdir):
    """Returns {module key: directory of the extracted module}."""
    go = find_go()
    env = dict(os.environ)
    env["GOFLAGS"] = "-mod=mod"
    env.setdefault("GO111MODULE", "on")
    cwd = tempfile.mkdtemp(prefix="gomod-", dir=workdir)  # no go.mod around
    specs = [f"{path}@{version}" for path, version in MODULES.values()]
    proc = subprocess.run([go, "mod", "download", "-json", *specs], cwd=cwd, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # The output is one JSON object per module, concatenated.
    infos = {}
    decoder = json.JSONDecoder()
    text, pos = proc.stdout, 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            break
        try:
            obj, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as e:
            raise ToolError(f"go mod download printed no valid JSON: {e}\n{proc.stdout}{proc.stderr}")
        infos[f"{obj.get('Path')}@{obj.get('Version')}"] = obj
    dirs = {}
    errors = []
    for key, (path, version) in MODULES.items():
        info = infos.get(f"{path}@{version}")
        if info is None:
            errors.append(f"{path}@{version}: not reported by go mod download")
        elif info.get("Error"):
            errors.append(f"{path}@{version}: {info['Error']}")
        elif not info.get("Dir") or not os.path.isdir(info["Dir"]):
            errors.append(f"{path}@{version}: no module directory ({info.get('Dir')!r})")
        else:
            dirs[key] = info["Dir"]
    if errors or proc.returncode != 0:
        raise ToolError("go mod download failed (exit %d):\n  %s\n%s" %
                        (proc.returncode, "\n  ".join(errors) or "(no module error reported)",
                         proc.stderr.strip()))
    return dirs


def descriptor_set(protoc, proto_file, out):
    """Compiles proto_file (named relative to its own directory) into a descriptor set."""
    base = [protoc, "--include_imports", "--descriptor_set_out=" + out,
            "-I" + os.path.dirname(os.path.abspath(proto_file))]
    name = os.path.basename(proto_file)
    proc = subprocess.run(base + [name], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0 and os.path.isfile("/usr/include/google/protobuf/timestamp.proto"):
        # A protoc that does not find the well-known types by itself.
        proc = subprocess.run(base + ["-I/usr/include", name],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise ToolError(f"protoc failed on {proto_file}:\n{proc.stderr.strip()}")


def fingerprint(tool, protoc, proto_file, workdir, renames=()):
    fd, out = tempfile.mkstemp(suffix=".pb", dir=workdir)
    os.close(fd)
    descriptor_set(protoc, proto_file, out)
    cmd = [tool]
    for r in renames:
        cmd += ["--rename", r]
    proc = subprocess.run(cmd + [out], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise ToolError(f"proto_fingerprint failed on {proto_file}:\n{proc.stderr.strip()}")
    facts = proc.stdout.splitlines()
    kinds = Counter(f.split(" ", 1)[0] for f in facts)
    if len(facts) < 3 or not (kinds["message"] or kinds["service"]):
        raise ToolError(f"proto_fingerprint described almost nothing in {proto_file}:\n{proc.stdout}")
    return facts


def compare(tool, protoc, ours, theirs, theirs_label, workdir, renames=OUR_RENAMES):
    """Returns (our facts, their facts, unified diff lines; empty when identical)."""
    their_facts = fingerprint(tool, protoc, theirs, workdir)
    our_facts = fingerprint(tool, protoc, ours, workdir, renames)
    diff = list(difflib.unified_diff(their_facts, our_facts, fromfile="official " + theirs_label,
                                     tofile="ours " + ours, lineterm="", n=2))
    return our_facts, their_facts, diff


def summary(facts):
    kinds = Counter(f.split(" ", 1)[0] for f in facts)
    parts = [f"{kinds[k]} {k}" for k in ("message", "field", "oneof", "enum", "enum_value",
                                          "service", "rpc") if kinds[k]]
    return ", ".join(parts)


def run_check(tool, protoc, proto_dir, workdir):
    dirs = download_modules(workdir)
    failed = False
    for ours_rel, module, theirs_rel in COMPARISONS:
        path, version = MODULES[module]
        ours = os.path.join(proto_dir, ours_rel)
        theirs = os.path.join(dirs[module], theirs_rel)
        if not os.path.isfile(theirs):
            raise ToolError(f"{path}@{version} has no {theirs_rel}")
        label = f"{path}@{version}/{theirs_rel}"
        our_facts, their_facts, diff = compare(tool, protoc, ours, theirs, label, workdir)
        if diff:
            failed = True
            print(f"MISMATCH {ours_rel} vs {label}:")
            print("\n".join(diff))
        else:
            print(f"OK {ours_rel} == {label}: {len(our_facts)} facts identical "
                  f"({summary(our_facts)})")
    if failed:
        print("FAILED: our protocol files differ from the official wire contract "
              "('-' official only, '+' ours only)")
        return 1
    print("all protocol files match the official wire contract")
    return 0


FIELD_RE = re.compile(r"^(\s*(?:(?:optional|repeated)\s+)?(?:map\s*<[^>]*>|[\w.]+)\s+\w+\s*=\s*)(\d+)(\s*(?:\[[^\]]*\])?\s*;)")


def run_self_test(tool, protoc, proto_dir, workdir):
    dirs = download_modules(workdir)
    theirs_rel = "docs/plugin-protocol/tfplugin6.proto"
    theirs = os.path.join(dirs["terraform"], theirs_rel)
    label = "{}@{}/{}".format(*MODULES["terraform"], theirs_rel)

    with open(os.path.join(proto_dir, "tfplugin6.proto"), encoding="utf-8") as f:
        lines = f.read().splitlines(keepends=True)
    clean_dir = os.path.join(workdir, "clean")
    drift_dir = os.path.join(workdir, "drift")
    os.makedirs(clean_dir)
    os.makedirs(drift_dir)
    clean = os.path.join(clean_dir, "tfplugin6.proto")
    drifted = os.path.join(drift_dir, "tfplugin6.proto")
    with open(clean, "w", encoding="utf-8") as f:
        f.writelines(lines)

    for i, line in enumerate(lines):
        m = FIELD_RE.match(line)
        if m:
            old = int(m.group(2))
            new = old + 1000
            lines[i] = m.group(1) + str(new) + m.group(3) + line[m.end():]
            print(f"self-test: line {i + 1} of tfplugin6.proto, field number {old} -> {new}:")
            print(f"  {line.strip()}\n  {lines[i].strip()}")
            break
    else:
        raise ToolError("self-test: found no field declaration to change in tfplugin6.proto")
    with open(drifted, "w", encoding="utf-8") as f:
        f.writelines(lines)

    # What the change is, in facts: exactly one field fact replaced by another.
    before = set(fingerprint(tool, protoc, clean, workdir, OUR_RENAMES))
    after = set(fingerprint(tool, protoc, drifted, workdir, OUR_RENAMES))
    removed, added = before - after, after - before
    if len(removed) != 1 or len(added) != 1:
        print(f"self-test FAILED: the edit changed {len(removed)}/{len(added)} facts, expected 1/1")
        return 1
    (old_fact,), (new_fact,) = removed, added

    ok = True
    _, _, diff = compare(tool, protoc, drifted, theirs, label, workdir)
    print("comparison of the drifted copy:")
    print("\n".join(diff) if diff else "  (no difference reported)")
    body = diff[2:]  # without the ---/+++ header
    if not diff:
        print("self-test FAILED: the changed field number was not detected")
        ok = False
    elif "-" + old_fact not in body or "+" + new_fact not in body:
        print(f"self-test FAILED: the diff does not name the changed field "
              f"(expected -{old_fact} / +{new_fact})")
        ok = False
    else:
        print(f"self-test: drift detected: -{old_fact} / +{new_fact}")

    # The rename matters too: without it GetMetadataMsg must show up as drift.
    _, _, diff = compare(tool, protoc, clean, theirs, label, workdir, renames=())
    if not any(l.startswith("+") and "GetMetadataMsg" in l for l in diff[2:]):
        print("self-test FAILED: comparing without --rename did not report GetMetadataMsg")
        ok = False
    else:
        n = sum(1 for l in diff[2:] if l[:1] in "+-")
        print(f"self-test: without the rename, {n} differing facts reported (GetMetadataMsg)")

    print("self-test passed: the checker detects drift" if ok else "self-test FAILED")
    return 0 if ok else 1


def main(argv):
    args = [a for a in argv[1:] if a != "--self-test"]
    self_test = len(args) != len(argv) - 1
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    tool, protoc, proto_dir = (os.path.abspath(a) if os.path.sep in a else a for a in args)
    if not os.path.isdir(proto_dir):
        print(f"no such directory: {proto_dir}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="tfpp-proto-check-") as workdir:
        try:
            if self_test:
                return run_self_test(tool, protoc, proto_dir, workdir)
            return run_check(tool, protoc, proto_dir, workdir)
        except ToolError as e:
            print(f"ERROR: {e}", file=sys.stderr)
            return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
