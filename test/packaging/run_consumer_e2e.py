#!/usr/bin/env python3
"""OpenTofu drives the packaging consumer (test/packaging/consumer_provider.hpp),
built against an installed tfpp, through create, an empty plan, an in-place
update and destroy. The mirror and the CLI's environment are
test/e2e/run_e2e.py's Workspace.

    run_consumer_e2e.py --cli PATH --provider PATH
"""

import argparse
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
from run_e2e import VERSION, Failure, Workspace, check  # noqa: E402


class ConsumerWorkspace(Workspace):
    def write_note(self, text):
        with open(os.path.join(self.work, "main.tf"), "w") as f:
            f.write(f'''terraform {{
  required_providers {{
    consumer = {{
      source  = "tfpp/consumer"
      version = "{VERSION}"
    }}
  }}
}}

resource "consumer_note" "n" {{
  text = "{text}"
}}
''')

    def note(self):
        for r in self.state().get("values", {}).get("root_module", {}).get("resources", []):
            if r["address"] == "consumer_note.n":
                return r["values"]
        return None


def lifecycle(ws):
    ws.write_note("first")
    _, out = ws.run("init")
    check("tfpp/consumer" in out, "init did not install tfpp/consumer")
    _, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check("1 to add, 0 to change, 0 to destroy" in out, "plan does not create the note")
    ws.run("apply", "-auto-approve")
    check(ws.note() == {"text": "first", "id": "first"}, f"state after create: {ws.note()}")
    ws.run("plan", "-detailed-exitcode", expect=(0,))

    ws.write_note("second")
    _, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check("0 to add, 1 to change, 0 to destroy" in out, "a new text is not an in-place update")
    ws.run("apply", "-auto-approve")
    check(ws.note() == {"text": "second", "id": "second"}, f"state after update: {ws.note()}")
    ws.run("plan", "-detailed-exitcode", expect=(0,))

    ws.run("destroy", "-auto-approve")
    check(ws.note() is None, "destroy left the note in state")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--provider", required=True)
    args = ap.parse_args()
    args.cli = os.path.abspath(args.cli)
    args.provider = os.path.abspath(args.provider)
    args.protocol = 6
    root = tempfile.mkdtemp(prefix="tfpp-consumer-e2e-")
    try:
        ws = ConsumerWorkspace(args, root)
        ws.install_mirror(name="consumer")
        lifecycle(ws)
    except Failure as e:
        print(f"FAIL: {e}", flush=True)
        return 1
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print("PASS: create, empty plan, update, empty plan, destroy under " + os.path.basename(args.cli))
    return 0


if __name__ == "__main__":
    sys.exit(main())
