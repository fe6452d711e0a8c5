#!/usr/bin/env python3
"""examples/random installed as registry.terraform.io/hashicorp/random, driven
by a real CLI against what the Go provider did (test/random/anchors):

- upgrades: for every release in anchors/states, its state and main.tf with
  only the version constraint bumped to this build: init, a plan equal to
  upgrade-plan-3.9.0.json's for every instance (actions, values before and
  after, unknown and sensitive parts; exit 0, or exit 2 and six in-place
  updates from 3.4.2), its apply, a state equal to upgraded-by-3.9.0.tfstate
  (values, schema versions, sensitive paths; a bcrypt hash the Go provider
  made anew is new here too and verifies), an empty plan, and no identity
  stored (there is none to store);
- seeded: anchors/seeded/main.tf applied at once, every result as
  seeded.json has it; its non-integer and out-of-range numbers refused by
  `validate` at the attribute;
- imports: every import format the Go provider takes, to an empty plan,
  and malformed IDs refused with its error summaries;
- schema (--schema-check): `providers schema -json`, normalised as
  schema.json was, equals it byte for byte.

    run_random_e2e.py --cli PATH --provider PATH --anchors DIR [--schema-check]
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import crypt  # the libxcrypt binding, for bcrypt: deprecated, in Python up to 3.12 (Debian 12 has 3.11)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
from run_e2e import Failure, Workspace, check  # noqa: E402

VERSION = "3.9.1"  # installed as a release after the Go provider's last: a version bump, as users make it
RELEASES = ["2.2.1", "3.1.3", "3.2.0", "3.3.2", "3.4.2", "3.9.0"]


def workspace(args, name):
    root = tempfile.mkdtemp(prefix=f"tfpp-random-{name}-")
    ws = Workspace(argparse.Namespace(cli=args.cli, provider=args.provider, protocol=6), root)
    mirror = os.path.join(root, "mirror")
    for host in ("registry.opentofu.org", "registry.terraform.io"):
        d = os.path.join(mirror, host, "hashicorp", "random", VERSION, "linux_amd64")
        os.makedirs(d)
        shutil.copy2(args.provider, os.path.join(d, f"terraform-provider-random_v{VERSION}"))
    with open(ws.env["TF_CLI_CONFIG_FILE"], "w") as f:
        f.write('provider_installation {\n  filesystem_mirror {\n    path = "%s"\n  }\n}\n' % mirror)
    return ws


def bumped(main_tf):
    text, n = re.subn(r'version\s*=\s*"[0-9.]+"', f'version = "{VERSION}"', main_tf, count=1)
    check(n == 1, "no version constraint in main.tf")
    return text


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def instances(state):
    """{address: instance} of a state file."""
    out = {}
    for r in state["resources"]:
        check(len(r["instances"]) == 1, f"{r['type']}.{r['name']}: one instance expected")
        out[f"{r['type']}.{r['name']}"] = r["instances"][0]
    return out


def verifies(hash_text, password):
    return hash_text.startswith("$2a$10$") and crypt.crypt(password, hash_text) == hash_text


CHANGE_PARTS = ("actions", "before", "after", "after_unknown", "before_sensitive", "after_sensitive")


def plan_changes(plan, regenerated):
    """{address: the parts of its planned change}, the bcrypt hashes an
    upgrade makes anew (random by nature) masked."""
    out = {}
    for c in plan.get("resource_changes", []):
        change = {k: c["change"].get(k) for k in CHANGE_PARTS}
        if c["address"] in regenerated:
            for k in ("before", "after"):
                if isinstance(change[k], dict) and "bcrypt_hash" in change[k]:
                    change[k] = dict(change[k], bcrypt_hash="(made anew)")
        out[c["address"]] = change
    return out


def upgrade_release(args, release):
    here = os.path.join(args.anchors, "states", release)
    ws = workspace(args, release)
    try:
        with open(os.path.join(here, "main.tf"), encoding="utf-8") as f:
            main_tf = f.read()
        with open(os.path.join(ws.work, "main.tf"), "w", encoding="utf-8") as f:
            f.write(bumped(main_tf))
        original = load(os.path.join(here, "terraform.tfstate"))
        shutil.copy(os.path.join(here, "terraform.tfstate"), os.path.join(ws.work, "terraform.tfstate"))
        ws.run("init")
        control = release == "3.9.0"
        reference = original if control else load(os.path.join(here, "upgraded-by-3.9.0.tfstate"))
        # The passwords whose bcrypt hash the upgrade made anew (3.2.0 had none, 3.4.2's did not verify).
        regenerated = {a for a, i in instances(reference).items()
                       if "bcrypt_hash" in i["attributes"]
                       and i["attributes"]["bcrypt_hash"] != instances(original)[a]["attributes"].get("bcrypt_hash")}
        reference_plan = {} if control else plan_changes(load(os.path.join(here, "upgrade-plan-3.9.0.json")),
                                                         regenerated)
        expected_exit = 2 if any(c["actions"] != ["no-op"] for c in reference_plan.values()) else 0
        code, out = ws.run("plan", "-detailed-exitcode", "-out", "upgrade.tfplan", expect=(expected_exit,))
        # The only warning is the deprecated number's, where main.tf sets it, as with the Go provider.
        check(("Attribute Deprecated" in out) == bool(re.search(r"^\s*number\s*=", main_tf, re.M)),
              "the deprecation warning of number is missing or out of place")
        check(out.count("Warning:") == out.count("Warning: Attribute Deprecated"), "a warning other than number's")
        _, shown = ws.run("show", "-json", "upgrade.tfplan")
        ours = plan_changes(json.loads(shown[: shown.rindex("}") + 1]), regenerated)
        if control:
            check(all(c["actions"] == ["no-op"] for c in ours.values()) and len(ours) == len(instances(original)),
                  f"3.9.0's own state does not plan as no-ops: {ours}")
        else:
            for address in sorted(set(ours) | set(reference_plan)):
                check(ours.get(address) == reference_plan.get(address),
                      f"{address}: the plan differs from the Go provider's:\n ours {ours.get(address)}\n"
                      f" Go's {reference_plan.get(address)}")
        ws.run("apply", "upgrade.tfplan")
        ws.run("plan", "-detailed-exitcode", expect=(0,))
        ours_state = load(os.path.join(ws.work, "terraform.tfstate"))
        compare_states(release, instances(ours_state), instances(reference), instances(original))
        print(f"{release}: plan exit {code}, {len(ours)} instances as the Go provider left them", flush=True)
    finally:
        shutil.rmtree(ws.root, ignore_errors=True)


def compare_states(release, ours, reference, original):
    check(sorted(ours) == sorted(reference), f"{release}: other instances: {sorted(ours)} vs {sorted(reference)}")
    for address, want in reference.items():
        got = ours[address]
        where = f"{release} {address}"
        check(got["schema_version"] == want["schema_version"],
              f"{where}: schema version {got['schema_version']}, the Go provider's {want['schema_version']}")
        check("identity" not in got or got.get("identity") in (None, {}), f"{where}: an identity was stored: {got}")
        a, b = dict(got["attributes"]), dict(want["attributes"])
        check(sorted(a) == sorted(b), f"{where}: attributes {sorted(a)}, the Go provider's {sorted(b)}")
        if "bcrypt_hash" in b:
            before = original[address]["attributes"].get("bcrypt_hash")
            check(verifies(a["bcrypt_hash"], a["result"]), f"{where}: bcrypt_hash does not verify against result")
            if b["bcrypt_hash"] == before:
                check(a["bcrypt_hash"] == before, f"{where}: a bcrypt_hash that verified was replaced")
            else:
                check(a["bcrypt_hash"] != before, f"{where}: a bcrypt_hash that did not verify was kept")
            del a["bcrypt_hash"], b["bcrypt_hash"]
        check(a == b, f"{where}: values differ:\n ours {a}\n Go's {b}")
        paths = lambda i: sorted(json.dumps(p, sort_keys=True) for p in i.get("sensitive_attributes", []))  # noqa: E731
        check(paths(got) == paths(want), f"{where}: sensitive paths {paths(got)}, the Go provider's {paths(want)}")


def seeded(args):
    ws = workspace(args, "seeded")
    try:
        with open(os.path.join(args.anchors, "seeded", "main.tf"), encoding="utf-8") as f:
            main_tf = bumped(f.read())
        with open(os.path.join(ws.work, "main.tf"), "w", encoding="utf-8") as f:
            f.write(main_tf)
        ws.run("init")
        ws.run("apply", "-auto-approve")
        ws.run("plan", "-detailed-exitcode", expect=(0,))
        values = {r["address"]: r["values"] for r in ws.state()["values"]["root_module"]["resources"]}
        cases = load(os.path.join(args.anchors, "seeded.json"))
        compared = 0
        for kind in ("random_integer", "random_shuffle"):
            for case in cases[kind]["cases"]:
                address = f"{kind}.{case['name']}"
                if address not in values:
                    continue  # applied alone in the reference run (its hcl field)
                if case.get("seed") is None and not deterministic(kind, case):
                    continue
                check(values[address]["result"] == case["result"],
                      f"{address}: {values[address]['result']}, the Go provider's {case['result']}")
                compared += 1
        check(compared >= 70, f"only {compared} seeded cases compared")
        print(f"seeded: {compared} results equal to the Go provider's", flush=True)

        # Numbers that are not a 64-bit integer: refused when validating, at the attribute.
        for case in cases["random_integer"]["errors"] + cases["random_shuffle"]["errors"]:
            if not case["phase"].startswith("validate"):
                continue
            with open(os.path.join(ws.work, "main.tf"), "w", encoding="utf-8") as f:
                f.write(main_tf[: main_tf.index("\nresource")] + "\n" + case["hcl"] + "\n")
            _, out = ws.run("validate", expect=(1,))
            attribute = case["diagnostic_attribute"]
            check(re.search(rf"\n\s*\d+:\s+{attribute}\s*=", out) is not None,
                  f"{case['name']}: the error does not point at {attribute}")
    finally:
        shutil.rmtree(ws.root, ignore_errors=True)


IMPORTS = {  # address: (configuration, import ID)
    "random_integer.imported": ("min = 1\n  max = 50000", "15390,1,50000"),
    "random_id.imported": ('byte_length = 8\n  prefix      = "my-prefix-"', "my-prefix-,p2RnCir4UCc"),
    "random_string.imported": ("length = 5", "hello"),
    "random_password.imported": ("length = 14", "my-secret-pass"),
    "random_bytes.imported": ("length = 16", "TiPQlUo2oqclPRaZTw4Meg=="),
    "random_uuid.imported": ("", "e9094474-0d7b-f419-0a70-7db2bb399603"),
    "random_uuid4.imported": ("", "urn:uuid:d0c2d5d9-13f7-43fa-b745-98a008c0c019"),
}
BAD_IMPORTS = {  # address: (import ID, the error's summary)
    "random_integer.imported": ("1,2", "Import Random Integer Error"),
    "random_id.imported": ("not base64!", "Import Random ID Error"),
    "random_uuid.imported": ("not-a-uuid", "Import Random UUID Error"),
}


def imports(args):
    """`import` with each format the Go provider takes, then an empty plan;
    malformed IDs refused with the Go provider's error summary."""
    ws = workspace(args, "import")
    try:
        blocks = "".join(f'resource "{a.split(".")[0]}" "imported" {{\n  {c}\n}}\n\n' for a, (c, _) in IMPORTS.items())
        with open(os.path.join(ws.work, "main.tf"), "w") as f:
            f.write('terraform {\n  required_providers {\n    random = {\n      source  = "hashicorp/random"\n'
                    f'      version = "{VERSION}"\n    }}\n  }}\n}}\n\n' + blocks)
        ws.run("init")
        for address, (id_text, summary) in BAD_IMPORTS.items():
            _, out = ws.run("import", address, id_text, expect=(1,))
            check(summary in out, f"import {address} {id_text!r}: no {summary!r} in {out}")
        for address, (_, id_text) in IMPORTS.items():
            ws.run("import", address, id_text)
        ws.run("plan", "-detailed-exitcode", expect=(0,))
        values = {r["address"]: r["values"] for r in ws.state()["values"]["root_module"]["resources"]}
        check(values["random_id.imported"]["hex"] == "my-prefix-a764670a2af85027", f"random_id: {values}")
        check(values["random_uuid4.imported"]["id"] == "d0c2d5d9-13f7-43fa-b745-98a008c0c019", f"uuid4: {values}")
        check(verifies(values["random_password.imported"]["bcrypt_hash"], "my-secret-pass"),
              "the imported password's bcrypt_hash does not verify")
        print(f"imports: {len(IMPORTS)} imported to an empty plan, {len(BAD_IMPORTS)} refused", flush=True)
    finally:
        shutil.rmtree(ws.root, ignore_errors=True)


def deterministic(kind, case):
    if kind == "random_integer":
        return case["min"] == case["max"]
    return len(set(json.dumps(e) for e in case["input"])) <= 1 or case.get("result_count") == 0


def schema_check(args):
    ws = workspace(args, "schema")
    try:
        with open(os.path.join(ws.work, "main.tf"), "w") as f:
            f.write('terraform {\n  required_providers {\n    random = {\n      source  = "hashicorp/random"\n'
                    f'      version = "{VERSION}"\n    }}\n  }}\n}}\n')
        ws.run("init")
        p = subprocess.run([args.cli, "providers", "schema", "-json"], cwd=ws.work, env=ws.env, capture_output=True,
                           text=True, stdin=subprocess.DEVNULL, timeout=120, check=True)
        cli_json = os.path.join(ws.root, "schema.json")
        with open(cli_json, "w") as f:
            f.write(p.stdout)
        check_script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_schema.py")
        r = subprocess.run([sys.executable, check_script, "--cli-json", cli_json,
                            os.path.join(args.anchors, "schema.json")], capture_output=True, text=True)
        print(r.stdout, flush=True)
        check(r.returncode == 0, "`providers schema -json` differs from schema.json")
    finally:
        shutil.rmtree(ws.root, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--provider", required=True)
    ap.add_argument("--anchors", required=True)
    ap.add_argument("--schema-check", action="store_true")
    args = ap.parse_args()
    args.cli, args.provider = os.path.abspath(args.cli), os.path.abspath(args.provider)
    start = time.monotonic()
    try:
        if args.schema_check:
            schema_check(args)
        for release in RELEASES:
            upgrade_release(args, release)
        seeded(args)
        imports(args)
    except Failure as e:
        print(f"\nFAIL: {e}", flush=True)
        return 1
    print(f"\nPASS ({time.monotonic() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
