#!/usr/bin/env python3
"""End-to-end test of list resources: `terraform query` (Terraform 1.14+)
lists examples/local's files through a `list "local_file"` block, and
`-generate-config-out` turns the results into import blocks and resource
blocks that plan as imports with no change; `plan -generate-config-out`
does the same for an import block. The provider writes the configuration
(GenerateResourceConfig): no defaults, no read-only attributes.

    run_query.py --cli PATH --provider PATH [--protocol 6]
"""

import json
import os
import re
import sys

from run_e2e import check, run_scenario

QUERY = """list "local_file" "texts" {
  provider         = local
  include_resource = %(include)s
  limit            = %(limit)d

  config {
    directory = "."
    suffix    = ".txt"
  }
}
"""


def write_query(ws, include="true", limit=100):
    with open(os.path.join(ws.work, "files.tfquery.hcl"), "w") as f:
        f.write(QUERY % {"include": include, "limit": limit})


def scenario(ws):
    for name, content in (("a.txt", "alpha"), ("b.txt", "beta"), ("c.log", "not listed")):
        with open(ws.file(name), "w") as f:
            f.write(content)
        os.chmod(ws.file(name), 0o644)  # the default permission, whatever the umask
    ws.install_mirror()
    ws.write_main_tf("")
    write_query(ws)
    ws.run("init")

    # every .txt file, in the provider's order, named by its identity
    _, out = ws.run("query")
    lines = [l for l in out.splitlines() if l.startswith("list.local_file.texts")]
    check(len(lines) == 2, f"query listed {len(lines)} results, expected 2")
    for line, name in zip(lines, ("a.txt", "b.txt")):
        check(f"path={os.path.realpath(ws.file(name))}" in line or f"path={ws.file(name)}" in line,
              f"the result does not carry {name}'s identity: {line}")
        check(line.rstrip().endswith(name), f"the display name is not {name}: {line}")
    check("c.log" not in out, "the suffix filter let c.log through")

    # -json: identities and, with include_resource, the objects
    _, out = ws.run("query", "-json")
    results = []
    for line in out.splitlines():
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if msg.get("type") == "list_resource_found":
            results.append(msg["list_resource_found"])
    check(len(results) == 2, f"query -json reported {len(results)} results")
    check(results[0]["display_name"] == "a.txt", "the first result is not a.txt")
    check(results[0]["identity"]["path"].endswith("/a.txt"), "the identity is not the file's path")
    check(results[0].get("resource_object", {}).get("content") == "alpha",
          "include_resource did not bring the object: " + json.dumps(results[0]))

    # the limit stops the listing
    write_query(ws, limit=1)
    _, out = ws.run("query")
    check(len([l for l in out.splitlines() if l.startswith("list.local_file.texts")]) == 1,
          "limit = 1 did not stop at one result")

    # configuration generated from the results imports both files unchanged
    write_query(ws)
    generated = os.path.join(ws.work, "generated.tf")
    ws.run("query", "-generate-config-out=generated.tf")
    with open(generated) as f:
        text = f.read()
    print(text)
    check(text.count('resource "local_file"') == 2, "the generated configuration does not hold two local_file blocks")
    check(text.count("import {") == 2, "the generated configuration does not hold two import blocks")
    check('"alpha"' in text and '"beta"' in text, "the generated resources do not carry the content")
    # the provider's GenerateResourceConfig wrote it: Terraform's own
    # generation would write file_permission = "0644", the default
    check("file_permission" not in text and "content_sha256" not in text,
          "the generated configuration holds a default or a read-only attribute")
    os.remove(os.path.join(ws.work, "files.tfquery.hcl"))
    _, out = ws.run("plan", "-detailed-exitcode", expect=(0, 2))
    check("2 to import, 0 to add, 0 to change, 0 to destroy" in out,
          "the generated configuration does not plan as two imports without change")
    ws.run("apply", "-auto-approve")
    ws.run("plan", "-detailed-exitcode", expect=(0,))

    # an import block alone: `plan -generate-config-out` writes the resource
    with open(ws.file("d.txt"), "w") as f:
        f.write("delta")
    os.chmod(ws.file("d.txt"), 0o600)
    with open(os.path.join(ws.work, "import.tf"), "w") as f:
        f.write('import {\n  to = local_file.d\n  id = %s\n}\n' % json.dumps(ws.file("d.txt")))
    ws.run("plan", "-generate-config-out=imported.tf", "-detailed-exitcode", expect=(0, 2))
    with open(os.path.join(ws.work, "imported.tf")) as f:
        text = f.read()
    print(text)
    check(re.search(r'^\s*content\s*=\s*"delta"$', text, re.M), "the generated resource does not carry the content")
    check(re.search(r'^\s*file_permission\s*=\s*"0600"$', text, re.M),
          "a permission other than the default is not in the generated configuration")
    check(not re.search(r"^\s*(id|content_md5|content_sha256)\s*=", text, re.M), "a read-only attribute was generated")
    _, out = ws.run("plan", "-detailed-exitcode", expect=(0, 2))
    check("1 to import, 0 to add, 0 to change, 0 to destroy" in out,
          "the generated configuration does not plan as an import without change")
    ws.run("apply", "-auto-approve")
    ws.run("plan", "-detailed-exitcode", expect=(0,))

    # a configuration the provider refuses: its validator's error, at the
    # attribute (Terraform resolves the path against the list block, so tfpp
    # puts it under `config`).
    with open(os.path.join(ws.work, "files.tfquery.hcl"), "w") as f:
        f.write('list "local_file" "bad" {\n  provider = local\n  config {\n    directory = ""\n  }\n}\n')
    _, out = ws.run("query", expect=(1,))
    check("Invalid value length" in out and "list.local_file.bad" in out,
          "the validator's error does not reach the CLI")
    check(re.search(r'^\s*4:\s*directory = ""$', out, re.M),
          "the validator's error does not point at the directory attribute")

    # an error while listing (the directory is gone): at config.directory
    with open(os.path.join(ws.work, "files.tfquery.hcl"), "w") as f:
        f.write('list "local_file" "gone" {\n  provider = local\n  config {\n    directory = "nonesuch"\n  }\n}\n')
    _, out = ws.run("query", expect=(1,))
    check("Cannot list the directory" in out and "directory" in out.split("Cannot list the directory")[1],
          "the listing error does not reach the CLI")


if __name__ == "__main__":
    sys.exit(run_scenario(scenario, "tfpp-query-"))
