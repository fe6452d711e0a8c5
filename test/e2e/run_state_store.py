#!/usr/bin/env python3
"""End-to-end test of a state store (Terraform 1.15+, experimental):
examples/local's local_state_directory named in a `state_store` block. init,
apply and plan keep the state in the directory, a state larger than three
chunks goes both ways, a second Terraform run is refused while the first
holds the lock, workspaces are files of their own, and a configuration the
store refuses is an error at its attribute.

    run_state_store.py --cli PATH --provider PATH
"""

import json
import os
import subprocess
import sys
import time

from run_e2e import VERSION, check, run_scenario

EXPERIMENT = "-enable-pluggable-state-storage-experiment"


def main_tf(path, resources):
    return f'''terraform {{
  required_providers {{
    local = {{
      source  = "tfpp/local"
      version = "{VERSION}"
    }}
  }}
  state_store "local_state_directory" {{
    provider "local" {{}}
    path = "{path}"
  }}
}}

provider "local" {{
  base_directory = "${{path.module}}/files"
}}

{resources}'''


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def stored(states, name):
    """The resources of a stored state, by address."""
    with open(os.path.join(states, name + ".tfstate")) as f:
        state = json.load(f)
    return {f"{r['type']}.{r['name']}": r for r in state.get("resources", [])}


def scenario(ws):
    ws.install_mirror()
    states = os.path.join(ws.work, "states")
    note = 'resource "local_file" "note" {\n  filename = "note.txt"\n  content  = "kept in a state store"\n}\n'
    write(os.path.join(ws.work, "main.tf"), main_tf(states, note))

    # init configures the store: the directory is made, no local state file
    _, out = ws.run("init", EXPERIMENT)
    check('Initializing the state store "local_state_directory"' in out, "init did not initialize the state store")
    check(os.path.isdir(states), "configuring the store did not create its directory")

    ws.run("apply", "-auto-approve")
    check("local_file.note" in stored(states, "default"), "the applied state is not in states/default.tfstate")
    check(not os.path.exists(os.path.join(ws.work, "terraform.tfstate")), "a local state file was written too")
    _, out = ws.run("plan", "-detailed-exitcode")
    check("No changes" in out, "the state read back from the store does not match")

    # a state of more than three 64 KiB chunks, both ways
    big = "x" * 300000
    write(ws.file("big.txt"), big)
    # sensitive: the plan does not print 300 KB
    resources = note + 'resource "local_sensitive_file" "big" {\n  filename = "big.txt"\n  content  = file("files/big.txt")\n}\n'
    write(os.path.join(ws.work, "main.tf"), main_tf(states, resources))
    ws.run("apply", "-auto-approve")
    size = os.path.getsize(os.path.join(states, "default.tfstate"))
    check(size > 3 * 65536, f"the state is only {size} bytes, not more than three chunks")
    check(stored(states, "default")["local_sensitive_file.big"]["instances"][0]["attributes"]["content"] == big,
          "the large state was not stored whole")
    ws.run("plan", "-detailed-exitcode")

    # the lock: a run waiting for approval holds it; a second run is refused
    write(os.path.join(ws.work, "main.tf"), main_tf(states, resources.replace("kept in", "still kept in")))
    cmd = [ws.args.cli, "apply", "-no-color"]
    print("\n$ " + " ".join([os.path.basename(ws.args.cli), "apply"]) + "   (waiting for approval)", flush=True)
    first = subprocess.Popen(cmd, cwd=ws.work, env=ws.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
    lock_file = os.path.join(states, "default.tfstate.lock")
    deadline = time.monotonic() + 120
    while not os.path.exists(lock_file):
        check(time.monotonic() < deadline and first.poll() is None, "the first run did not take the lock")
        time.sleep(0.1)
    time.sleep(0.5)
    with open(lock_file) as f:
        lock_id = next(line.split(": ", 1)[1].strip() for line in f if line.startswith("ID: "))
    try:
        _, out = ws.run("plan", expect=(1,))
        check("Error acquiring the state lock" in out and "State locked" in out,
              "the second run was not refused for the lock")
        check(lock_id in out and "OperationTypeApply" in out, "the refusal does not name the lock and its operation")
    finally:
        out, _ = first.communicate("no\n", timeout=120)
    print(out.rstrip() + f"\n[first run: exit {first.returncode}]", flush=True)
    check(not os.path.exists(lock_file), "the first run's lock was not released")
    _, out = ws.run("plan")
    check("1 to change" in out, "the state could not be read after the lock was released")

    # workspaces: one state file each, listed and deleted through the store
    ws.run("workspace", "new", "dev")
    _, out = ws.run("workspace", "list")
    check("default" in out and "* dev" in out, "workspace list does not show both workspaces")
    write(os.path.join(ws.work, "main.tf"), main_tf(states, note.replace("note.txt", "dev-note.txt")))
    ws.run("apply", "-auto-approve")
    check(stored(states, "dev")["local_file.note"]["instances"][0]["attributes"]["filename"] == "dev-note.txt",
          "the dev workspace's state is not in states/dev.tfstate")
    check(stored(states, "default")["local_file.note"]["instances"][0]["attributes"]["filename"] == "note.txt",
          "applying in dev changed the default workspace's state")
    ws.run("destroy", "-auto-approve")
    ws.run("workspace", "select", "default")
    ws.run("workspace", "delete", "dev")
    check(not os.path.exists(os.path.join(states, "dev.tfstate")), "workspace delete left the state file")
    _, out = ws.run("workspace", "list")
    check("dev" not in out, "the deleted workspace is still listed")

    # a configuration the store refuses, in a fresh directory
    refused = os.path.join(ws.root, "refused")
    os.makedirs(refused)
    write(os.path.join(refused, "main.tf"), main_tf("", ""))
    p = subprocess.run([ws.args.cli, "init", EXPERIMENT, "-no-color"], cwd=refused, env=ws.env,
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)
    print("\n$ init (path = \"\")\n" + (p.stdout + p.stderr).rstrip() + f"\n[exit {p.returncode}]", flush=True)
    check(p.returncode == 1, "a state store configuration with an empty path was accepted")
    # Terraform 1.16 shows a state store's diagnostics without their source; tfpp names the attribute
    check("State store not configured" in p.stderr and "path: Invalid value length" in p.stderr,
          "the refusal does not name the path attribute")


if __name__ == "__main__":
    sys.exit(run_scenario(scenario, "tfpp-state-store-", protocols=(6,)))
