#!/usr/bin/env python3
"""The provider driven by real OpenTofu: installed from a filesystem mirror,
then init, apply, an empty plan, an update, and destroy.

    e2e.py --tofu PATH --provider PATH
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

# The provider's source address, as in required_providers (new-provider.sh
# writes the namespace and the type given to it).
SOURCE = "example/scaffold"


def check(ok, message):
    if not ok:
        raise SystemExit("FAIL: " + message)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tofu", required=True)
    ap.add_argument("--provider", required=True)
    args = ap.parse_args()
    provider = os.path.abspath(args.provider)
    namespace, name = SOURCE.split("/")
    version = subprocess.run([provider, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    root = tempfile.mkdtemp(prefix="e2e-")
    try:
        for host in ("registry.opentofu.org", "registry.terraform.io"):  # OpenTofu's and Terraform's default
            plugin = os.path.join(root, "mirror", host, namespace, name, version, "linux_amd64")
            os.makedirs(plugin)
            shutil.copy2(provider, os.path.join(plugin, f"terraform-provider-{name}_v{version}"))
        work = os.path.join(root, "work")
        os.makedirs(os.path.join(work, "notes"))
        with open(os.path.join(root, "cli.tfrc"), "w") as f:
            f.write('provider_installation {\n  filesystem_mirror {\n    path = "%s"\n  }\n}\n'
                    % os.path.join(root, "mirror"))
        env = {k: v for k, v in os.environ.items() if not k.startswith("TF_")}
        env.update(TF_CLI_CONFIG_FILE=os.path.join(root, "cli.tfrc"), HOME=root, TF_IN_AUTOMATION="1")

        def tofu(*cli, expect=0, text="hello"):
            with open(os.path.join(work, "main.tf"), "w") as f:
                f.write(f'terraform {{\n  required_providers {{\n    {name} = {{ source = "{SOURCE}" }}\n  }}\n}}\n\n'
                        f'provider "{name}" {{\n  directory = "${{path.module}}/notes"\n}}\n\n'
                        f'resource "{name}_note" "first" {{\n  name = "first"\n  text = "{text}"\n}}\n')
            p = subprocess.run([args.tofu, *cli, "-no-color"], cwd=work, env=env, capture_output=True, text=True,
                               timeout=120, stdin=subprocess.DEVNULL)
            print(f"$ tofu {' '.join(cli)}\n{p.stdout}{p.stderr}", flush=True)
            check(p.returncode == expect, f"tofu {' '.join(cli)} exited {p.returncode}, not {expect}")

        note = os.path.join(work, "notes", "first.txt")
        tofu("init")
        lock = open(os.path.join(work, ".terraform.lock.hcl")).read()
        check(any(f'provider "{host}/{SOURCE}"' in lock for host in ("registry.opentofu.org", "registry.terraform.io")),
              f"init did not install {SOURCE}")
        tofu("apply", "-auto-approve")
        check(open(note).read() == "hello", "apply did not write the note")
        tofu("plan", "-detailed-exitcode")  # 0: nothing to change
        tofu("apply", "-auto-approve", text="hello again")
        check(open(note).read() == "hello again", "the update did not rewrite the note")
        tofu("destroy", "-auto-approve", text="hello again")
        check(not os.path.exists(note), "destroy left the note")
        print("PASS: init, apply, empty plan, update, destroy")
        return 0
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
