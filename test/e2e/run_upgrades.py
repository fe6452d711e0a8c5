#!/usr/bin/env python3
"""End-to-end test of upgrades across CLIs and releases: state written by an
older CLI (in CI Terraform 1.8.5, before resource identities) is planned and
applied by a newer one (Terraform 1.16.4), with the current build and with
release 0.0.9 of the example (schema and identity version 0) upgraded to the
current build at the same time; each ends in an empty plan and a newer CLI
that speaks resource identity (Terraform or OpenTofu 1.12+) stores the
identity an older one had none of. scripts/compat-matrix.sh runs it for
every pair of its older and newer CLIs, OpenTofu and Terraform mixed.

    run_upgrades.py --older-cli PATH --newer-cli PATH --provider PATH --earlier-provider PATH

Release 0.0.9 upgraded by the current build under one CLI is run_e2e.py's
upgrade_from_earlier_release, on each CLI.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from run_e2e import (VERSION, Failure, Workspace, check, state_resources, stored_instance, version_of,
                     write_files_config)

RESOURCES = {
    "local_file.kept": '  filename = "kept.txt"\n  content  = "kept"',
    "local_sensitive_file.secret": '  filename = "secret.txt"\n  content  = "hidden"',
}


def speaks_identity(cli):
    """Resource identities: Terraform 1.12+ and OpenTofu 1.12+ store them."""
    out = subprocess.run([cli, "version"], capture_output=True, text=True, check=True).stdout
    return version_of(out) >= (1, 12, 0)


def workspace(args):
    ws = Workspace(argparse.Namespace(cli=args.older_cli, provider=args.provider, protocol=6),
                   tempfile.mkdtemp(prefix="tfpp-upgrade-"))
    ws.install_mirror(args.earlier_provider, "0.0.9")
    ws.install_mirror(args.provider, VERSION)
    return ws


def newer_cli_takes_over(ws, args, upgrade_provider):
    """The newer CLI plans the older one's state with no change, applies, and
    keeps each object's identity from then on."""
    ws.args.cli = args.newer_cli
    write_files_config(ws, RESOURCES)
    ws.run("init", *(["-upgrade"] if upgrade_provider else []))
    ws.run("plan", "-detailed-exitcode", expect=(0,))
    ws.run("apply", "-auto-approve")
    ws.run("plan", "-detailed-exitcode", expect=(0,))
    resources = state_resources(ws)
    for address in RESOURCES:
        check(resources[address]["schema_version"] == (1 if address == "local_file.kept" else 0),
              f"{address} is not at the current schema version: {resources[address]}")
        stored = stored_instance(ws, address)
        if speaks_identity(args.newer_cli):
            check(stored.get("identity") == {"path": resources[address]["values"]["id"]},
                  f"{address} has no identity after the newer CLI's apply: {stored}")
    ws.run("destroy", "-auto-approve")


def same_provider(args):
    """Terraform 1.8.5 and the current build write the state; Terraform 1.16.4 takes it."""
    ws = workspace(args)
    try:
        write_files_config(ws, RESOURCES)
        ws.run("init")
        ws.run("apply", "-auto-approve")
        stored = stored_instance(ws, "local_file.kept")
        if speaks_identity(args.older_cli):
            check("identity" in stored, f"the older CLI stored no identity: {stored}")
        else:
            check("identity" not in stored, "the older CLI stored an identity")
        newer_cli_takes_over(ws, args, upgrade_provider=False)
    finally:
        shutil.rmtree(ws.root, ignore_errors=True)


def earlier_release_too(args):
    """Terraform 1.8.5 and release 0.0.9 write the state; Terraform 1.16.4 and
    the current build take it: both the schema and the CLI change at once."""
    ws = workspace(args)
    try:
        write_files_config(ws, {"local_file.kept": RESOURCES["local_file.kept"]}, version="0.0.9")
        ws.run("init")
        ws.run("apply", "-auto-approve")
        check(state_resources(ws)["local_file.kept"]["schema_version"] == 0, "release 0.0.9 wrote no version 0 state")
        # local_sensitive_file arrives with the current build: created by the newer CLI, then planned empty.
        ws.args.cli = args.newer_cli
        write_files_config(ws, {"local_file.kept": RESOURCES["local_file.kept"]})
        ws.run("init", "-upgrade")
        ws.run("plan", "-detailed-exitcode", expect=(0,))
        ws.run("apply", "-auto-approve")
        ws.run("plan", "-detailed-exitcode", expect=(0,))
        kept = state_resources(ws)["local_file.kept"]
        check(kept["schema_version"] == 1 and kept["values"]["file_permission"] == "0644",
              f"the state was not upgraded to schema version 1: {kept}")
        stored = stored_instance(ws, "local_file.kept")
        if speaks_identity(args.newer_cli):
            check(stored.get("identity") == {"path": kept["values"]["id"]} and stored.get("identity_schema_version") == 1,
                  f"no current identity after the newer CLI's apply: {stored}")
        ws.run("destroy", "-auto-approve")
    finally:
        shutil.rmtree(ws.root, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--older-cli", required=True)
    ap.add_argument("--newer-cli", required=True)
    ap.add_argument("--provider", required=True)
    ap.add_argument("--earlier-provider", required=True)
    args = ap.parse_args()
    for name in ("older_cli", "newer_cli", "provider", "earlier_provider"):
        setattr(args, name, os.path.abspath(getattr(args, name)))
    try:
        same_provider(args)
        earlier_release_too(args)
    except Failure as e:
        print(f"\nFAIL: {e}", flush=True)
        return 1
    print("\nPASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
