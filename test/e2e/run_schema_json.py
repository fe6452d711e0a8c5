#!/usr/bin/env python3
"""End-to-end test of --schema-json: OpenTofu installs a provider from a local
filesystem mirror, and its `providers schema -json` must be byte for byte
what the provider's own `--schema-json` prints.

    run_schema_json.py --cli PATH --provider PATH --source tfpp/kitchen

The provider is test/e2e/schema_json_provider.cpp, which uses every part of
the schema surface (test/unit/schema_json_provider.hpp); examples/local is
checked the same way by run_e2e.py.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from run_e2e import Failure, check, compare_schema_json

VERSION = "0.1.0"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--provider", required=True)
    ap.add_argument("--source", required=True, help="namespace/type, as in required_providers")
    args = ap.parse_args()
    cli, provider = os.path.abspath(args.cli), os.path.abspath(args.provider)
    namespace, type_name = args.source.split("/")

    root = tempfile.mkdtemp(prefix="tfpp-schema-json-")
    try:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "PLUGIN_"))}
        env.update({"TF_IN_AUTOMATION": "1", "CHECKPOINT_DISABLE": "1", "HOME": root,
                    "TF_CLI_CONFIG_FILE": os.path.join(root, "cli.tfrc")})
        mirror = os.path.join(root, "mirror")
        d = os.path.join(mirror, "registry.opentofu.org", namespace, type_name, VERSION, "linux_amd64")
        os.makedirs(d)
        shutil.copy2(provider, os.path.join(d, f"terraform-provider-{type_name}_v{VERSION}"))
        with open(env["TF_CLI_CONFIG_FILE"], "w") as f:
            f.write('provider_installation {\n  filesystem_mirror {\n    path = "%s"\n  }\n}\n' % mirror)
        version = subprocess.run([cli, "version"], env=env, capture_output=True, text=True).stdout
        print(version.strip().splitlines()[0], flush=True)
        check(version.startswith("OpenTofu"), "this test needs OpenTofu (its JSON format is OpenTofu's)")
        work = os.path.join(root, "work")
        os.makedirs(work)
        with open(os.path.join(work, "main.tf"), "w") as f:
            f.write('terraform {\n  required_providers {\n    %s = {\n      source  = "%s"\n      version = "%s"\n'
                    '    }\n  }\n}\n' % (type_name, args.source, VERSION))

        print("\n$ tofu init", flush=True)
        init = subprocess.run([cli, "init", "-no-color"], cwd=work, env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=300)
        print((init.stdout + init.stderr).rstrip(), flush=True)
        check(init.returncode == 0, f"init exited {init.returncode}")

        diff = compare_schema_json(cli, provider, args.source, work, env)
        if diff is not None:
            print(diff, flush=True)
            raise Failure("--schema-json differs from `providers schema -json`")
        print("\nPASS", flush=True)
        return 0
    except (Failure, subprocess.TimeoutExpired) as e:
        print(f"\nFAIL: {e}", flush=True)
        return 1
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
