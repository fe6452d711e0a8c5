#!/usr/bin/env python3
"""End-to-end test of actions (Terraform 1.14+): examples/local's
local_command run by `terraform apply -invoke=action...` and by a
resource's `lifecycle { action_trigger { ... } }`; the program's lines shown
as progress, a failing program and a refused configuration as errors, and
Ctrl-C terminating a program that would run for a minute.

    run_actions.py --cli PATH --provider PATH [--protocol 6]
"""

import os
import signal
import subprocess
import sys
import time

from run_e2e import Failure, check, run_scenario

ACTIONS = """action "local_command" "greet" {
  config {
    command     = ["sh", "-c", "echo hello from tfpp; echo second line >&2; echo done > greeted"]
    working_dir = "."
  }
}

action "local_command" "mark" {
  config {
    command = ["sh", "-c", "echo created >> created.log; echo marked"]
    working_dir = "."
  }
}

action "local_command" "fail" {
  config {
    command = ["sh", "-c", "echo about to fail; exit 7"]
  }
}

action "local_command" "sleep" {
  config {
    command     = ["sh", "-c", "echo $$ > sleeper.pid; echo sleeping; sleep 60; echo woke"]
    working_dir = "."
  }
}

resource "local_file" "note" {
  filename = "note.txt"
  content  = "a note"
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.local_command.mark]
    }
  }
}
"""


def read(path):
    with open(path) as f:
        return f.read()


def group_members(pgid):
    """The processes still in process group pgid."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = read(f"/proc/{entry}/stat")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if fields[0] != "Z" and int(fields[2]) == pgid:
            members.append(int(entry))
    return members


def scenario(ws):
    ws.install_mirror()
    ws.write_main_tf(ACTIONS)
    ws.run("init")

    # a resource's action_trigger: the action runs after the create, once
    _, out = ws.run("apply", "-auto-approve")
    check(read(ws.file("created.log")) == "created\n", "the triggered action did not run once after the create")
    check("action.local_command.mark (triggered by local_file.note): marked" in out,
          "the triggered action's progress is not in the output")
    _, out = ws.run("apply", "-auto-approve")
    check(read(ws.file("created.log")) == "created\n", "the action ran again without a create")

    # -invoke: the program runs, each line is shown as it comes
    _, out = ws.run("apply", "-auto-approve", "-invoke=action.local_command.greet")
    check("action.local_command.greet (triggered by CLI): hello from tfpp" in out and
          "action.local_command.greet (triggered by CLI): second line" in out,
          "the action's progress is not in the output")
    check(read(ws.file("greeted")) == "done\n", "the invoked program did not run in the working directory")
    check(read(ws.file("created.log")) == "created\n", "-invoke ran the triggered action too")

    # a failing program: the error names the status, after the progress
    _, out = ws.run("apply", "-auto-approve", "-invoke=action.local_command.fail", expect=(1,))
    check("(triggered by CLI): about to fail" in out, "the failing program's output is not shown")
    check("Command failed" in out and "sh exited with status 7" in out, "the failure does not reach the CLI")

    # Ctrl-C: Terraform stops the provider, which terminates the program
    cmd = [ws.args.cli, "apply", "-auto-approve", "-no-color", "-invoke=action.local_command.sleep"]
    print("\n$ " + " ".join(cmd[:1] + cmd[1:]), flush=True)
    p = subprocess.Popen(cmd, cwd=ws.work, env=ws.env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, start_new_session=True)
    pid_file = ws.file("sleeper.pid")
    deadline = time.monotonic() + 60
    while not os.path.exists(pid_file) or not read(pid_file).strip():
        check(time.monotonic() < deadline and p.poll() is None, "the sleeping program did not start")
        time.sleep(0.1)
    sleeper = int(read(pid_file))
    time.sleep(1)
    start = time.monotonic()
    p.send_signal(signal.SIGINT)
    try:
        out, _ = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        raise Failure("Terraform did not stop within 30 s of Ctrl-C")
    print(out.rstrip() + f"\n[exit {p.returncode}, stopped {time.monotonic() - start:.2f}s after Ctrl-C]", flush=True)
    check(p.returncode != 0, "an interrupted action reported success")
    check("(triggered by CLI): sleeping" in out, "the sleeping program's output is not shown")
    check("(triggered by CLI): woke" not in out, "the program ran to its end")
    check("Command stopped" in out, "the stop is not reported as the action's error")
    deadline = time.monotonic() + 10
    while group_members(sleeper) and time.monotonic() < deadline:
        time.sleep(0.1)
    check(not group_members(sleeper), f"processes of the action are left: {group_members(sleeper)}")

    # a configuration the provider refuses: at its attribute
    ws.write_main_tf('action "local_command" "empty" {\n  config {\n    command = []\n  }\n}\n')
    _, out = ws.run("apply", "-auto-approve", "-invoke=action.local_command.empty", expect=(1,))
    check("command" in out and "action.local_command.empty" in out, "the refused configuration is not reported")


if __name__ == "__main__":
    sys.exit(run_scenario(scenario, "tfpp-actions-"))
