#!/usr/bin/env python3
"""Runs test/e2e/run_e2e.py against the Go anchor of examples/local
(cmd/terraform-provider-local), leaving out only what tests tfpp itself:

  - `<provider> --schema-json` is a tfpp flag. In its place, with
    --cpp-provider PATH, OpenTofu's `providers schema -json` of the Go
    provider must be byte for byte the C++ provider's --schema-json: the
    two schemas are the same, attribute for attribute.
  - local_id (values chosen while planning, protocol 6.11's
    store_planned_private) has no counterpart: its scenario is skipped and
    its schema left out of the comparison.
  - tfpp rewrites a diagnostic whose path OpenTofu cannot point at (below a
    nested attribute's element) to the deepest path it can, and puts the full
    path in the detail; the framework sends the full path, OpenTofu points at
    the resource, and neither `files["c.txt"].permission` nor the line of the
    map element appears. These two checks are reported as not met, and the
    scenario goes on.

Every other check of run_e2e.py applies unchanged and stops the run when it
fails. Usage: the arguments of run_e2e.py, plus --cpp-provider.

    python3 bench/anchor-go/e2e/run_e2e_anchor.py --cli tofu \\
        --provider terraform-provider-local --protocol 6 [--mode reattach] \\
        [--cpp-provider build/examples/terraform-provider-local] \\
        [--earlier-provider build/test/e2e/terraform-provider-local-0.0.9]
"""

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", "..", "test", "e2e", "run_e2e.py")

spec = importlib.util.spec_from_file_location("run_e2e", SCRIPT)
e2e = importlib.util.module_from_spec(spec)
spec.loader.exec_module(e2e)

# Checks of run_e2e.py that test a tfpp feature, by their message.
TFPP_ONLY = {
    "the error does not name the nested attribute's path":
        "tfpp puts the full attribute path into a diagnostic OpenTofu cannot locate; the framework does not",
    "the error does not point at the map element's line":
        "tfpp trims the path to files[\"c.txt\"], which OpenTofu can point at; the framework sends the full path, "
        "which OpenTofu cannot, so it points at the resource",
}
not_met = []

original_check = e2e.check


def check(cond, message):
    if not cond and message in TFPP_ONLY:
        not_met.append(message)
        print(f"\nNOT MET (tfpp-only): {message} -- {TFPP_ONLY[message]}", flush=True)
        return
    original_check(cond, message)


def cpp_provider_arg():
    if "--cpp-provider" not in sys.argv:
        return None
    i = sys.argv.index("--cpp-provider")
    path = os.path.abspath(sys.argv[i + 1])
    del sys.argv[i:i + 2]
    return path


CPP_PROVIDER = cpp_provider_arg()


def check_schema_json(ws, address="tfpp/local"):
    version = e2e.subprocess.run([ws.args.cli, "version"], env=ws.env, capture_output=True, text=True).stdout
    if ws.args.mode != "mirror" or not version.startswith("OpenTofu"):
        return
    if CPP_PROVIDER is None:
        print("\n(schema comparison skipped: no --cpp-provider)", flush=True)
        return
    # The CLI's view of this (Go) provider against the C++ provider's own.
    # examples/local's provider functions and local_id (values chosen while
    # planning, which the framework cannot keep) have no counterpart in the Go provider.
    diff = e2e.compare_schema_json(ws.args.cli, CPP_PROVIDER, address, ws.work, ws.env,
                                   drop=("functions", "resource_schemas/local_id"))
    if diff is not None:
        print(diff, flush=True)
        raise e2e.Failure(f"the Go provider's schema differs from the C++ provider's for {address}")


def provider_functions(ws):
    print("\n(provider functions skipped: the Go provider mirrors examples/local's resources, not its functions)",
          flush=True)


def chosen_while_planning(ws):
    print("\n(local_id skipped: no released Go SDK keeps values chosen while planning, so the Go provider has none)",
          flush=True)


e2e.check = check
e2e.chosen_while_planning = chosen_while_planning
e2e.check_schema_json = check_schema_json
e2e.provider_functions = provider_functions

if __name__ == "__main__":
    code = e2e.main()
    if not_met:
        print("\ntfpp-only checks not met:\n" + "".join(f"  - {m}\n" for m in not_met), flush=True)
    sys.exit(code)
