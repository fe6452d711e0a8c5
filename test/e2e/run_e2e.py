#!/usr/bin/env python3
"""End-to-end test: a real OpenTofu (or Terraform) binary drives the example
provider examples/local through its whole lifecycle.

    run_e2e.py --cli PATH --provider PATH --protocol 6 [--mode mirror|reattach] [--transport tcp] [--quick]

mirror:   the provider is installed from a local filesystem mirror by
          `init`, then: plan, apply, an empty second plan, an in-place
          update, a change that forces replacement, refresh after the file
          was edited by hand (drift), a validation error, destroy; and the
          other resources' scenarios (local_id: values chosen while
          planning, known in Terraform 1.16's plan).
reattach: the provider is started by this script with --debug and the CLI
          attaches through TF_REATTACH_PROVIDERS.
--transport tcp: the provider listens on 127.0.0.1 (TFPP_PLUGIN_TRANSPORT=tcp,
          go-plugin's transport on Windows); the log must show TCP addresses.
--quick:  the lifecycle and an import only (so is --transport), e.g. for the
          linux_arm64 binary under qemu (scripts/arm64.sh).

The provider process inherits the CLI's environment; TFPP_PROTOCOL_VERSIONS
restricts which protocol major it offers, and its own log line proves which
one was used. Every command and its output is printed.
"""

import argparse
import difflib
import hashlib
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import zipfile
import time

VERSION = "0.1.0"


class Failure(Exception):
    pass


def check(cond, message):
    if not cond:
        raise Failure(message)


class Workspace:
    def __init__(self, args, root):
        self.args = args
        self.root = root
        self.work = os.path.join(root, "work")
        self.files = os.path.join(self.work, "files")
        self.log = os.path.join(root, "cli.log")
        os.makedirs(self.files)
        self.env = dict(os.environ)
        for k in list(self.env):
            if k.startswith("TF_") or k.startswith("PLUGIN_"):
                del self.env[k]
        self.env.update({
            "TF_IN_AUTOMATION": "1",
            "CHECKPOINT_DISABLE": "1",
            "TF_CLI_CONFIG_FILE": os.path.join(root, "cli.tfrc"),
            "TF_LOG_PROVIDER": "INFO",
            "TF_LOG_PATH": self.log,
            "TFPP_PROTOCOL_VERSIONS": str(args.protocol),
            "HOME": root,
        })
        if getattr(args, "transport", None):
            self.env["TFPP_PLUGIN_TRANSPORT"] = args.transport

    def install_mirror(self, provider=None, version=VERSION, name="local"):
        provider = provider or self.args.provider
        mirror = os.path.join(self.root, "mirror")
        for host in ("registry.opentofu.org", "registry.terraform.io"):
            d = os.path.join(mirror, host, "tfpp", name, version, "linux_amd64")
            os.makedirs(d, exist_ok=True)
            shutil.copy2(provider, os.path.join(d, f"terraform-provider-{name}_v" + version))
        with open(self.env["TF_CLI_CONFIG_FILE"], "w") as f:
            f.write('provider_installation {\n  filesystem_mirror {\n    path = "%s"\n  }\n}\n' % mirror)

    def no_installation(self):
        with open(self.env["TF_CLI_CONFIG_FILE"], "w") as f:
            f.write("")

    def write_main_tf(self, resources, version=VERSION):
        """main.tf: the provider from the mirror, then the given HCL."""
        with open(os.path.join(self.work, "main.tf"), "w") as f:
            f.write(f'''terraform {{
  required_providers {{
    local = {{
      source  = "tfpp/local"
      version = "{version}"
    }}
  }}
}}

provider "local" {{
  base_directory = "${{path.module}}/files"
}}

{resources}''')

    def write_config(self, filename, content, permission=None):
        perm = '\n  file_permission = "%s"' % permission if permission else ""
        self.write_main_tf(f'''resource "local_file" "greeting" {{
  filename = "{filename}"
  content  = "{content}"{perm}
}}

data "local_file" "greeting" {{
  filename = local_file.greeting.id
}}

output "content" {{
  value = data.local_file.greeting.content
}}
''')

    def run(self, *cli_args, expect=(0,)):
        cmd = [self.args.cli, *cli_args, "-no-color"]
        print("\n$ " + " ".join([os.path.basename(self.args.cli), *cli_args]), flush=True)
        start = time.monotonic()
        p = subprocess.run(cmd, cwd=self.work, env=self.env, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=300)
        out = p.stdout + p.stderr
        print(out.rstrip(), flush=True)
        print(f"[exit {p.returncode}, {time.monotonic() - start:.2f}s]", flush=True)
        check(p.returncode in expect, f"{' '.join(cli_args)} exited {p.returncode}, expected {expect}")
        return p.returncode, out

    def state(self):
        _, out = self.run("show", "-json")
        return json.loads(out[: out.rindex("}") + 1])

    def resource(self):
        resources = self.state().get("values", {}).get("root_module", {}).get("resources", [])
        for r in resources:
            if r["address"] == "local_file.greeting":
                return r["values"]
        return None

    def file(self, name):
        return os.path.join(self.files, name)


def read(path):
    with open(path) as f:
        return f.read()


def sha256(s):
    return hashlib.sha256(s.encode()).hexdigest()


def lifecycle(ws):
    """The eight steps of the issue, each asserted on files and state."""
    ws.write_config("greeting.txt", "Hello")

    # 1. init from the filesystem mirror
    if ws.args.mode == "mirror":
        _, out = ws.run("init")
        check("tfpp/local" in out, "init did not install tfpp/local")
        check(os.path.exists(os.path.join(ws.work, ".terraform.lock.hcl")), "init wrote no lock file")
        check_schema_json(ws)

    # 2. plan: one resource to add; the default permission is planned, not left unknown
    code, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check("1 to add, 0 to change, 0 to destroy" in out, "plan does not add the file")
    check(re.search(r'\+ file_permission\s+= "0644"', out), "the default file_permission is not in the plan")

    # 3. apply
    ws.run("apply", "-auto-approve")
    check(read(ws.file("greeting.txt")) == "Hello", "apply did not write the file")
    r = ws.resource()
    check(r is not None, "state holds no local_file.greeting")
    check(r["content_sha256"] == sha256("Hello"), "content_sha256 in state is wrong")
    check(r["file_permission"] == "0644", "default permission is not 0644")
    check(r["id"] == os.path.realpath(ws.file("greeting.txt")) or r["id"] == ws.file("greeting.txt"),
          "id is not the file's absolute path: " + r["id"])
    first_id = r["id"]
    check(ws.state()["values"]["outputs"]["content"]["value"] == "Hello", "data source did not read the file")

    # 4. a second plan must be empty
    ws.run("plan", "-detailed-exitcode", expect=(0,))

    # 5. in-place update
    ws.write_config("greeting.txt", "Hello again")
    code, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check("0 to add, 1 to change, 0 to destroy" in out, "content change is not an in-place update")
    ws.run("apply", "-auto-approve")
    check(read(ws.file("greeting.txt")) == "Hello again", "update did not rewrite the file")
    r = ws.resource()
    check(r["id"] == first_id and r["content_sha256"] == sha256("Hello again"), "state after update is wrong")
    ws.run("plan", "-detailed-exitcode", expect=(0,))

    # permission change, also in place
    ws.write_config("greeting.txt", "Hello again", permission="0600")
    ws.run("apply", "-auto-approve")
    check(stat.S_IMODE(os.stat(ws.file("greeting.txt")).st_mode) == 0o600, "chmod did not happen")
    # "600" is what the disk's "0600" says (tfpp::semantic_equal): after
    # apply, refresh keeps the configured form, so the next plan is empty
    ws.write_config("greeting.txt", "Hello again", permission="600")
    ws.run("apply", "-auto-approve")
    check(ws.resource()["file_permission"] == "600", "the configured form of the permission was not kept")
    ws.run("plan", "-detailed-exitcode", expect=(0,))

    # 6. a new filename forces replacement
    ws.write_config("renamed.txt", "Hello again", permission="0600")
    code, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check("# forces replacement" in out and "1 to add, 0 to change, 1 to destroy" in out,
          "filename change does not force replacement")
    ws.run("apply", "-auto-approve")
    check(not os.path.exists(ws.file("greeting.txt")), "old file still exists after replacement")
    check(read(ws.file("renamed.txt")) == "Hello again", "replacement file missing")

    # 7. drift: the file edited by hand is seen by refresh and put right
    with open(ws.file("renamed.txt"), "w") as f:
        f.write("edited by hand")
    code, out = ws.run("plan", "-refresh-only", "-detailed-exitcode", expect=(2,))
    check("edited by hand" in out, "refresh does not report the edited content")
    code, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check("0 to add, 1 to change, 0 to destroy" in out, "drift does not plan an update")
    ws.run("apply", "-auto-approve")
    check(read(ws.file("renamed.txt")) == "Hello again", "apply did not repair the drift")
    # and a file deleted by hand is created again
    os.remove(ws.file("renamed.txt"))
    code, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check("1 to add, 0 to change, 0 to destroy" in out, "a deleted file is not planned for creation")
    ws.run("apply", "-auto-approve")
    check(os.path.exists(ws.file("renamed.txt")), "the deleted file was not created again")

    # a validation error names the attribute and the configuration line
    ws.write_config("renamed.txt", "Hello again", permission="999")
    code, out = ws.run("plan", expect=(1,))
    check("must be three or four octal digits" in " ".join(out.split()), "validation error not shown")
    check(re.search(r'file_permission = "999"', out), "the error does not point at the attribute's line")
    ws.write_config("renamed.txt", "Hello again", permission="0600")

    # 8. destroy
    ws.run("destroy", "-auto-approve")
    check(not os.path.exists(ws.file("renamed.txt")), "destroy left the file")
    check(ws.resource() is None, "destroy left the resource in state")


def compare_schema_json(cli, provider, address, cwd, env, drop=(), host="registry.opentofu.org"):
    """`<cli> providers schema -json` in cwd (after init) against `<provider>
    --schema-json` for the same address: None when they are byte for byte the
    same (but for a trailing newline), else a unified diff of both
    pretty-printed. `drop` names parts of the provider's schema (such as
    "functions", or "resource_schemas/local_id") to leave out of the
    provider's side first; `host` is the
    registry the CLI names the provider by (--schema-json names OpenTofu's)."""
    print(f"\n$ {os.path.basename(cli)} providers schema -json  # against {os.path.basename(provider)} --schema-json",
          flush=True)
    cli_run = subprocess.run([cli, "providers", "schema", "-json"], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                             capture_output=True, text=True, timeout=300)
    check(cli_run.returncode == 0, f"providers schema -json exited {cli_run.returncode}: {cli_run.stderr}")
    ours = subprocess.run([provider, "--schema-json"], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    check(ours.returncode == 0, f"--schema-json exited {ours.returncode}: {ours.stderr}")
    theirs_text, ours_text = cli_run.stdout.rstrip("\n"), ours.stdout.rstrip("\n")
    ours_key = address if address.count("/") == 2 else "registry.opentofu.org/" + address
    key = address if address.count("/") == 2 else host + "/" + address
    if drop or key != ours_key:
        doc = json.loads(ours_text)
        for part in drop:  # "functions", or "resource_schemas/local_id"
            *parents, name = part.split("/")
            holder = doc["provider_schemas"][ours_key]
            for parent in parents:
                holder = holder.get(parent, {})
            holder.pop(name, None)
        doc["provider_schemas"] = {key: doc["provider_schemas"][ours_key]}
        ours_text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False).replace(
            "<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    check(key in json.loads(theirs_text).get("provider_schemas", {}), f"providers schema -json lists no {key}")
    if theirs_text == ours_text:
        print(f"identical: {len(ours_text)} bytes", flush=True)
        return None

    def pretty(text):
        try:
            return json.dumps(json.loads(text), indent=2, ensure_ascii=False).splitlines(keepends=True)
        except ValueError:
            return text.splitlines(keepends=True)

    diff = "".join(difflib.unified_diff(pretty(theirs_text), pretty(ours_text), "providers schema -json",
                                        "--schema-json"))
    return diff or "(the same JSON values, written differently)\n--- cli\n%s\n--- ours\n%s" % (theirs_text, ours_text)


def version_of(text):
    """(major, minor, patch) of the first "vX.Y.Z" in a CLI's version output."""
    m = re.search(r"v(\d+)\.(\d+)\.(\d+)", text)
    return tuple(int(x) for x in m.groups()) if m else (0, 0, 0)


def check_schema_json(ws, address="tfpp/local"):
    """The CLI's `providers schema -json` is exactly what the provider's
    --schema-json prints (mirror mode): OpenTofu's without what it does not
    know (list resources, actions), Terraform 1.14's whole; Terraform 1.8
    has an older format."""
    version = subprocess.run([ws.args.cli, "version"], env=ws.env, capture_output=True, text=True).stdout
    if ws.args.mode != "mirror":
        return
    if version.startswith("OpenTofu"):
        diff = compare_schema_json(ws.args.cli, ws.args.provider, address, ws.work, ws.env,
                                   drop=("list_resource_schemas", "action_schemas", "state_store_schemas"))
    elif version_of(version) >= (1, 14, 0):
        diff = compare_schema_json(ws.args.cli, ws.args.provider, address, ws.work, ws.env,
                                   host="registry.terraform.io")
    else:
        return
    if diff is not None:
        print(diff, flush=True)
        raise Failure(f"--schema-json differs from `providers schema -json` for {address}")


def write_directory_config(ws, files, links, permission=None):
    """A local_directory: files is {name: (content, permission or None)},
    links is [(name, target)]."""
    def file_entry(name, content, perm):
        extra = f'\n      permission = "{perm}"' if perm else ""
        return f'    "{name}" = {{\n      content = "{content}"{extra}\n    }}\n'
    body = "".join(file_entry(n, c, p) for n, (c, p) in files.items())
    blocks = "".join(f'  symlink {{\n    name   = "{n}"\n    target = "{t}"\n  }}\n' for n, t in links)
    perm = f'  permission = "{permission}"\n' if permission else ""
    ws.write_main_tf(f'''resource "local_directory" "site" {{
  path = "site"
{perm}  files = {{
{body}  }}
{blocks}}}
''')


def directory_lifecycle(ws):
    """Nested attributes (a map of files) and blocks (symlink) through the
    whole lifecycle: create, an empty plan, an update inside both, a
    validation error deep inside a nested attribute, destroy."""
    site = ws.file("site")

    def mode(path):
        return stat.S_IMODE(os.stat(path).st_mode)

    def directory_state():
        resources = ws.state().get("values", {}).get("root_module", {}).get("resources", [])
        return next((r["values"] for r in resources if r["address"] == "local_directory.site"), None)

    write_directory_config(ws, {"index.html": ("<h1>Hello</h1>", None), "notes.txt": ("private", "0600")},
                           [("latest", "index.html")])
    code, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check("1 to add, 0 to change" in out, "the directory is not planned for creation")
    check(re.search(r'"index\.html" = \{\s+\+ content\s+= "<h1>Hello</h1>"\s+\+ permission = "0644"'
                    r'\s+\+ sha256\s+= \(known after apply\)', out),
          "inside the nested files map, the default permission is not planned or the computed sha256 is not unknown")
    ws.run("apply", "-auto-approve")
    check(read(os.path.join(site, "index.html")) == "<h1>Hello</h1>", "index.html not written")
    check(mode(os.path.join(site, "notes.txt")) == 0o600, "notes.txt permission not 0600")
    check(mode(os.path.join(site, "index.html")) == 0o644, "index.html default permission not 0644")
    check(os.readlink(os.path.join(site, "latest")) == "index.html", "symlink block not applied")
    r = directory_state()
    check(r["files"]["index.html"]["sha256"] == sha256("<h1>Hello</h1>"), "nested computed sha256 not in state")
    check(r["files"]["index.html"]["permission"] == "0644", "nested optional+computed default not in state")
    check(r["symlink"] == [{"name": "latest", "target": "index.html"}], "symlink blocks in state are wrong")
    check(r["file_count"] == 2, "file_count is wrong")
    ws.run("plan", "-detailed-exitcode", expect=(0,))

    # change one file, drop one, add one; add a second link
    write_directory_config(ws, {"index.html": ("<h1>Hello again</h1>", None), "c.txt": ("c", None)},
                           [("latest", "index.html"), ("home", "index.html")])
    code, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check("0 to add, 1 to change, 0 to destroy" in out, "nested changes are not an in-place update")
    ws.run("apply", "-auto-approve")
    check(read(os.path.join(site, "index.html")) == "<h1>Hello again</h1>", "index.html not rewritten")
    check(not os.path.exists(os.path.join(site, "notes.txt")), "a file removed from the map still exists")
    check(read(os.path.join(site, "c.txt")) == "c", "a file added to the map was not written")
    check(os.readlink(os.path.join(site, "home")) == "index.html", "a second symlink block was not applied")
    r = directory_state()
    check(sorted(r["files"]) == ["c.txt", "index.html"], "files in state after the update are wrong")
    check(r["files"]["c.txt"]["sha256"] == sha256("c"), "sha256 of the new file is wrong")
    ws.run("plan", "-detailed-exitcode", expect=(0,))

    # drift inside a nested attribute: a file changed by hand is put right
    with open(os.path.join(site, "c.txt"), "w") as f:
        f.write("changed by hand")
    code, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check("0 to add, 1 to change, 0 to destroy" in out, "drift in a nested file is not planned as an update")
    ws.run("apply", "-auto-approve")
    check(read(os.path.join(site, "c.txt")) == "c", "drift in a nested file was not repaired")

    # a validation error deep in a nested attribute names its path, and the
    # CLI points at the map element's line
    write_directory_config(ws, {"index.html": ("<h1>Hello again</h1>", None), "c.txt": ("c", "999")},
                           [("latest", "index.html"), ("home", "index.html")])
    code, out = ws.run("plan", expect=(1,))
    check("must be three or four octal digits" in " ".join(out.split()), "the nested validation error is not shown")
    check('files["c.txt"].permission' in out, "the error does not name the nested attribute's path")
    check(re.search(r'^\s*\d+:\s+"c\.txt" = \{', out, re.M), "the error does not point at the map element's line")

    write_directory_config(ws, {"index.html": ("<h1>Hello again</h1>", None), "c.txt": ("c", None)},
                           [("latest", "index.html"), ("home", "index.html")])
    ws.run("destroy", "-auto-approve")
    check(not os.path.exists(site), "destroy left the directory")
    check(directory_state() is None, "destroy left local_directory in state")


def write_files_config(ws, resources, extra="", version=VERSION):
    """Resources given as HCL bodies: {"local_file.a": 'filename = "a.txt"...'}."""
    body = "".join(f'resource "{addr.split(".")[0]}" "{addr.split(".")[1]}" {{\n{hcl}\n}}\n\n'
                   for addr, hcl in resources.items())
    ws.write_main_tf(body + extra, version)


def state_resources(ws):
    return {r["address"]: r for r in ws.state().get("values", {}).get("root_module", {}).get("resources", [])}


def stored_instance(ws, address):
    """The instance as the state file holds it, identity included."""
    with open(os.path.join(ws.work, "terraform.tfstate")) as f:
        state = json.load(f)
    kind, name = address.split(".")
    for r in state.get("resources", []):
        if r.get("mode") == "managed" and r.get("type") == kind and r.get("name") == name:
            return r["instances"][0]
    raise Failure(f"{address} is not in the state file")


def import_by_identity(ws):
    """An import block names the file by its identity (its absolute path):
    the provider fills the model from it, reads the rest, stores the
    identity, and the plan after is empty."""
    path = ws.file("by-identity.txt")
    with open(path, "w") as f:
        f.write("found by identity")
    os.chmod(path, 0o644)
    block = f'import {{\n  to       = local_file.found\n  identity = {{ path = "{path}" }}\n}}\n'
    write_files_config(ws, {"local_file.found": f'  filename = "{path}"\n  content  = "found by identity"'}, extra=block)
    code, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check("1 to import" in out and "0 to add" in out and "0 to change" in out, "the plan does not just import the file")
    ws.run("apply", "-auto-approve")
    r = state_resources(ws)["local_file.found"]["values"]
    check(r["id"] == path and r["content_sha256"] == sha256("found by identity"), "the imported state was not read in full")
    stored = stored_instance(ws, "local_file.found")
    check(stored.get("identity") == {"path": path} and stored.get("identity_schema_version") == 1,
          f"the state does not hold the identity: {stored}")
    write_files_config(ws, {"local_file.found": f'  filename = "{path}"\n  content  = "found by identity"'})
    ws.run("plan", "-detailed-exitcode", expect=(0,))
    ws.run("destroy", "-auto-approve")
    check(not os.path.exists(path), "destroy did not remove the imported file")
    ws.write_main_tf("")


def import_then_empty_plan(ws):
    """A file made by hand is imported by its name; the plan after is empty."""
    with open(ws.file("by-hand.txt"), "w") as f:
        f.write("made by hand")
    os.chmod(ws.file("by-hand.txt"), 0o644)
    write_files_config(ws, {"local_file.imported": '  filename = "by-hand.txt"\n  content  = "made by hand"'})
    code, out = ws.run("import", "local_file.imported", "by-hand.txt")
    check("Import successful" in out, "import did not succeed")
    r = state_resources(ws)["local_file.imported"]["values"]
    check(r["content_sha256"] == sha256("made by hand") and r["file_permission"] == "0644",
          "the imported state was not read in full")
    ws.run("plan", "-detailed-exitcode", expect=(0,))
    ws.run("destroy", "-auto-approve")
    check(not os.path.exists(ws.file("by-hand.txt")), "destroy after import left the file")


def provider_functions(ws):
    """Provider functions in a local and in outputs; an error points at its argument."""
    ws.write_main_tf('''locals {
  mode = provider::local::file_mode("0640")
}

output "mode" {
  value = local.mode
}

output "path" {
  value = provider::local::join_path("/srv/", "www", "/index.html")
}
''')
    ws.run("apply", "-auto-approve")
    _, out = ws.run("output", "-json")
    outputs = json.loads(out[: out.rindex("}") + 1])
    check(outputs["mode"]["value"] == 0o640, f"file_mode returned {outputs['mode']['value']}")
    check(outputs["path"]["value"] == "/srv/www/index.html", f"join_path returned {outputs['path']['value']}")

    ws.write_main_tf('output "bad" {\n  value = provider::local::file_mode("0680")\n}\n')
    _, out = ws.run("plan", expect=(1,))
    out = " ".join(out.split())  # the CLI wraps long lines
    check('Invalid value for "mode" parameter' in out and '"0680" is not three or four octal digits' in out,
          "the function error does not point at its argument")
    ws.write_main_tf('output "bad" {\n  value = provider::local::join_path("a", "b", "/")\n}\n')
    _, out = ws.run("plan", expect=(1,))
    out = " ".join(out.split())
    check('Invalid value for "more" parameter' in out and "element 3 has no name in it" in out,
          "the variadic function's error does not point at its argument")
    ws.write_main_tf("")
    ws.run("apply", "-auto-approve")


def ephemeral_and_write_only(ws, with_alias):
    """An ephemeral secret feeds a write-only attribute and (with_alias) a
    provider's configuration; it reaches neither the state nor a saved plan.
    A reattached provider is one process that every configuration of it
    shares, the last ConfigureProvider winning, so an alias needs a launched
    one."""
    secret = "s3cr3t-VALUE-e2e-" + sha256(ws.root)[:12]
    with open(ws.file("secret.txt"), "w") as f:
        f.write(secret + "\n")
    os.makedirs(ws.file("sub"), exist_ok=True)
    with open(ws.file("where.txt"), "w") as f:
        f.write("sub\n")

    def config(version):
        aliased = '''
ephemeral "local_secret" "where" {
  filename = "where.txt"
}

provider "local" {
  alias          = "elsewhere"
  base_directory = "${path.module}/files/${ephemeral.local_secret.where.content}"
}

resource "local_file" "elsewhere" {
  provider = local.elsewhere
  filename = "placed.txt"
  content  = "placed by a provider configured from an ephemeral value"
}
''' if with_alias else ""
        ws.write_main_tf(f'''ephemeral "local_secret" "token" {{
  filename = "secret.txt"
}}

resource "local_sensitive_file" "copy" {{
  filename           = "copy.txt"
  content_wo         = ephemeral.local_secret.token.content
  content_wo_version = {version}
}}
''' + aliased)

    def secret_nowhere(what, path):
        check(os.path.exists(path), f"no {what} at {path}")
        blobs = []
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as z:
                blobs = [z.read(n) for n in z.namelist()]
        else:
            with open(path, "rb") as f:
                blobs = [f.read()]
        check(not any(secret.encode() in b for b in blobs), f"the secret is in the {what}")

    config(1)
    ws.run("plan", "-out=saved.tfplan")
    secret_nowhere("saved plan", os.path.join(ws.work, "saved.tfplan"))
    ws.run("apply", "saved.tfplan")
    check(read(ws.file("copy.txt")) == secret, "the write-only content did not reach the file")
    if with_alias:
        check(read(ws.file(os.path.join("sub", "placed.txt"))).startswith("placed by"),
              "the provider configured from an ephemeral value did not write where it was told")
    secret_nowhere("state", os.path.join(ws.work, "terraform.tfstate"))
    r = state_resources(ws)["local_sensitive_file.copy"]["values"]
    check(r.get("content_wo") is None and r.get("content") is None, "the state holds content for a write-only file")
    ws.run("plan", "-detailed-exitcode", expect=(0,))

    # A new secret is written only when the version says so.
    secret = secret + "-2"
    with open(ws.file("secret.txt"), "w") as f:
        f.write(secret + "\n")
    ws.run("plan", "-detailed-exitcode", expect=(0,))
    config(2)
    _, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check("update in-place" in out, "a new content_wo_version does not plan an update")
    ws.run("apply", "-auto-approve")
    check(read(ws.file("copy.txt")) == secret, "the new write-only content did not reach the file")
    secret_nowhere("state", os.path.join(ws.work, "terraform.tfstate"))
    ws.run("destroy", "-auto-approve")  # while the aliased provider is still configured
    ws.write_main_tf("")


def provider_meta_logged(ws):
    """A module's provider_meta reaches the provider: local_file logs the module with the file it wrote."""
    write_files_config(ws, {"local_file.meta": '  filename = "meta.txt"\n  content  = "m"'},
                       extra='terraform {\n  provider_meta "local" {\n    module_name = "e2e-meta"\n  }\n}\n')
    ws.run("apply", "-auto-approve")
    with open(ws.log) as f:
        log = f.read()
    check("for module e2e-meta" in log, "the provider did not log the module's provider_meta")
    ws.run("destroy", "-auto-approve")


def known_after_apply(ws):
    """One resource's content is another's id, known only after it is created."""
    write_files_config(ws, {
        "local_file.first": '  filename = "first.txt"\n  content  = "first"',
        "local_file.second": '  filename = "second.txt"\n  content  = local_file.first.id',
    })
    code, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check(re.search(r'\+ content\s+= \(known after apply\)', out), "content is not planned as known after apply")
    ws.run("apply", "-auto-approve")
    check(read(ws.file("second.txt")) == state_resources(ws)["local_file.first"]["values"]["id"],
          "the second file does not hold the first one's id")
    ws.run("plan", "-detailed-exitcode", expect=(0,))
    ws.run("destroy", "-auto-approve")


def chosen_while_planning(ws):
    """local_id chooses its id and created_at while planning (tfpp::chosen_at_plan).
    Terraform 1.16+ keeps planned private data (store_planned_private): the
    saved plan knows both, the plan at apply gets them back, and the state
    equals the plan, for a create and for a replacement. OpenTofu and earlier
    Terraform: known after apply, chosen by create, as before."""
    keeps = not ws.args.cli_version.startswith("OpenTofu") and version_of(ws.args.cli_version) >= (1, 16, 0)
    started = time.monotonic()

    def planned(keepers):
        write_files_config(ws, {"local_id.build": f'  prefix  = "build-"\n  keepers = {{ version = "{keepers}" }}'})
        _, text = ws.run("plan", "-out=id.tfplan")
        _, out = ws.run("show", "-json", "id.tfplan")
        plan = json.loads(out[: out.rindex("}") + 1])
        change = next(c for c in plan["resource_changes"] if c["address"] == "local_id.build")["change"]
        for name in ("id", "created_at"):
            if keeps:
                check(name in change["after"] and not change["after_unknown"].get(name),
                      f"Terraform 1.16's plan does not know {name}: {change}")
            else:
                check(change["after_unknown"].get(name) is True, f"{name} is not known after apply: {change}")
        if keeps:
            check(change["after"]["id"].startswith("build-") and re.search(r'\bid\s+= (".*" -> )?"' + re.escape(change["after"]["id"]) + '"', text),
                  "the plan does not show the chosen id")
        else:
            check(re.search(r'\+ id\s+= \(known after apply\)', text), "the plan shows no \"known after apply\" id")
        return change

    change = planned("1")
    ws.run("apply", "id.tfplan")
    stored = state_resources(ws)["local_id.build"]["values"]
    check(stored["id"].startswith("build-") and len(stored["id"]) == len("build-") + 16, f"stored id: {stored}")
    if keeps:
        check(all(stored[k] == change["after"][k] for k in ("id", "created_at")),
              f"the applied state is not the plan: {stored} against {change['after']}")
        again = planned("2")  # new keepers: replaced, the new values chosen in the plan
        check(again["actions"] == ["delete", "create"] and again["after"]["id"] != stored["id"],
              f"new keepers did not plan a new id: {again}")
        ws.run("apply", "id.tfplan")
        replaced = state_resources(ws)["local_id.build"]["values"]
        check(all(replaced[k] == again["after"][k] for k in ("id", "created_at")),
              f"the replacement's state is not the plan: {replaced} against {again['after']}")
    ws.run("plan", "-detailed-exitcode", expect=(0,))
    ws.run("destroy", "-auto-approve")
    print(f"[local_id: {time.monotonic() - started:.1f}s]", flush=True)


def moved_across_types(ws):
    """A `moved` block from local_file to local_sensitive_file keeps the file."""
    write_files_config(ws, {"local_file.secret": '  filename = "secret.txt"\n  content  = "s3cret"'})
    ws.run("apply", "-auto-approve")
    before = state_resources(ws)["local_file.secret"]["values"]
    write_files_config(ws, {"local_sensitive_file.secret":
                            '  filename        = "secret.txt"\n  content         = "s3cret"\n  file_permission = "0644"'},
                       extra='moved {\n  from = local_file.secret\n  to   = local_sensitive_file.secret\n}\n')
    code, out = ws.run("plan")
    check("local_file.secret has moved to local_sensitive_file.secret" in " ".join(out.split()),
          "the plan does not show the move")
    check("0 to add, 0 to change, 0 to destroy" in out, "the move plans more than the move")
    ws.run("apply", "-auto-approve")
    resources = state_resources(ws)
    check("local_file.secret" not in resources, "the old address is still in state")
    after = resources["local_sensitive_file.secret"]["values"]
    check(after["id"] == before["id"] and after["content_sha256"] == before["content_sha256"],
          "the moved state differs from the original")
    check(read(ws.file("secret.txt")) == "s3cret", "the file did not survive the move")
    ws.run("plan", "-detailed-exitcode", expect=(0,))
    ws.run("destroy", "-auto-approve")


def partial_failure(ws):
    """A create that fails half-way still hands Terraform the object that
    now exists: the state holds it (tainted), and the next apply replaces it."""
    os.makedirs(ws.file("half"))
    with open(ws.file("half/clash"), "w") as f:
        f.write("a regular file where the link should go")
    resource = {"local_directory.half": '  path  = "half"\n  files = {\n    "a.txt" = { content = "a" }\n  }\n'
                                        '  symlink {\n    name   = "clash"\n    target = "a.txt"\n  }'}
    write_files_config(ws, resource)
    code, out = ws.run("apply", "-auto-approve", expect=(1,))
    check("Could not create symbolic link" in out, "the failure is not reported")
    check(read(ws.file("half/a.txt")) == "a", "the part that succeeded is not there")
    code, shown = ws.run("show")
    check("local_directory.half" in shown and "tainted" in shown, "the state does not hold the tainted object")
    r = state_resources(ws)["local_directory.half"]["values"]
    check(list(r["files"]) == ["a.txt"] and r["symlink"] == [], "the recorded object is not what exists")
    os.remove(ws.file("half/clash"))
    code, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check(re.search(r"is tainted, so (it )?must be replaced", " ".join(out.split())), "the tainted object is not planned for replacement")
    ws.run("apply", "-auto-approve")
    check(os.readlink(ws.file("half/clash")) == "a.txt", "the replacement did not make the link")
    ws.run("destroy", "-auto-approve")


def upgrade_from_earlier_release(args, earlier):
    """State written by release 0.0.9 (schema version 0) is upgraded by the
    current build (version 1): the plan is empty and the state is rewritten."""
    root = tempfile.mkdtemp(prefix="tfpp-e2e-")
    try:
        ws = Workspace(args, root)
        ws.install_mirror(earlier, "0.0.9")
        ws.install_mirror(args.provider, VERSION)
        write_files_config(ws, {"local_file.kept": '  filename = "kept.txt"\n  content  = "kept"'}, version="0.0.9")
        ws.run("init")
        ws.run("apply", "-auto-approve")
        old = state_resources(ws)["local_file.kept"]
        check(old["schema_version"] == 0 and old["values"]["file_mode"] == 420, "the earlier release wrote no version 0 state")
        # Resource identities: OpenTofu 1.12+, Terraform 1.12+ (which asks to
        # upgrade an identity that no earlier CLI stored, with empty JSON).
        speaks_identity = args.cli_version.startswith("OpenTofu") or version_of(args.cli_version) >= (1, 12, 0)
        if speaks_identity:
            stored = stored_instance(ws, "local_file.kept")
            check(stored.get("identity") == {"id": old["values"]["id"]} and stored.get("identity_schema_version", 0) == 0,
                  f"the earlier release stored no version 0 identity: {stored}")
        write_files_config(ws, {"local_file.kept": '  filename = "kept.txt"\n  content  = "kept"'})
        ws.run("init", "-upgrade")
        ws.run("plan", "-detailed-exitcode", expect=(0,))
        ws.run("apply", "-refresh-only", "-auto-approve")
        new = state_resources(ws)["local_file.kept"]
        check(new["schema_version"] == 1, "the state was not rewritten at schema version 1")
        check(new["values"]["file_permission"] == "0644" and new["values"]["content_md5"] == hashlib.md5(b"kept").hexdigest(),
              "the upgraded state is wrong")
        if speaks_identity:  # UpgradeResourceIdentity: {"id": ...} at version 0 became {"path": ...} at version 1
            stored = stored_instance(ws, "local_file.kept")
            check(stored.get("identity") == {"path": new["values"]["id"]} and stored.get("identity_schema_version") == 1,
                  f"the identity was not upgraded: {stored}")
        ws.run("destroy", "-auto-approve")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def check_needs_protocol_6(args, provider):
    """A provider with nested attributes, restricted to protocol 5, stops at
    startup with a message that says why."""
    root = tempfile.mkdtemp(prefix="tfpp-e2e-")
    try:
        ws = Workspace(args, root)
        ws.install_mirror(provider)
        ws.write_config("greeting.txt", "Hello")
        ws.run("init")
        code, out = ws.run("plan", expect=(1,))
        out = " ".join(out.split())  # the CLI wraps long messages
        check("needs protocol 6" in out and "local_directory" in out,
              "the CLI does not show why the provider cannot serve protocol 5")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def check_protocol(ws):
    """The provider's own log line says which protocol major served."""
    with open(ws.log) as f:
        log = f.read()
    served = set(re.findall(r"tf_proto_version=(\d)", log))
    check(served == {str(ws.args.protocol)}, f"provider served protocol(s) {sorted(served)}, expected {ws.args.protocol}")
    print(f"\nprovider log confirms protocol {ws.args.protocol} in "
          f"{len(re.findall('provider serving', log))} provider process(es)")


def check_transport(ws):
    """Every provider process the CLI started listened where TFPP_PLUGIN_TRANSPORT said."""
    with open(ws.log) as f:
        log = f.read()
    addresses = re.findall(r"provider serving:.*?address=(\S+)", log)
    check(addresses, "no 'provider serving' line in the CLI log")
    expected = r"127\.0\.0\.1:\d+" if ws.args.transport == "tcp" else r"/\S+"
    wrong = [a for a in addresses if not re.fullmatch(expected, a)]
    check(not wrong, f"providers listened on {wrong}, expected {ws.args.transport} addresses")
    print(f"provider log confirms {ws.args.transport} in {len(addresses)} provider process(es): "
          f"{', '.join(sorted(set(addresses))[:3])}...")


def start_debug_provider(ws):
    p = subprocess.Popen([ws.args.provider, "--debug"], cwd=ws.work, env=ws.env, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 20
    lines = []
    while time.monotonic() < deadline:
        line = p.stdout.readline()
        if not line:
            break
        lines.append(line)
        m = re.match(r"\s*TF_REATTACH_PROVIDERS='(.*)'\s*$", line)
        if m:
            return p, m.group(1).replace("'\"'\"'", "'")
    p.kill()
    raise Failure("debug provider printed no TF_REATTACH_PROVIDERS line: " + "".join(lines))


def run_scenario(scenario, prefix, protocols=(5, 6)):
    """main() of a script that runs one scenario against examples/local in a
    fresh directory: --cli PATH --provider PATH [--protocol N]."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--provider", required=True)
    ap.add_argument("--protocol", type=int, choices=protocols, default=6)
    args = ap.parse_args()
    args.cli, args.provider, args.mode = os.path.abspath(args.cli), os.path.abspath(args.provider), "mirror"
    root = tempfile.mkdtemp(prefix=prefix)
    try:
        scenario(Workspace(args, root))
    except Failure as e:
        print(f"\nFAIL: {e}", flush=True)
        return 1
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print("\nPASS")
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--provider", required=True)
    ap.add_argument("--protocol", type=int, choices=(5, 6), required=True)
    ap.add_argument("--mode", choices=("mirror", "reattach"), default="mirror")
    ap.add_argument("--transport", choices=("unix", "tcp"),
                    help="TFPP_PLUGIN_TRANSPORT for the provider; tcp runs the lifecycle and an import only")
    ap.add_argument("--quick", action="store_true", help="the lifecycle and an import only")
    ap.add_argument("--earlier-provider", metavar="PROVIDER",
                    help="release 0.0.9 of the example (schema version 0), to test state upgrades")
    ap.add_argument("--needs-protocol-6", metavar="PROVIDER",
                    help="a provider with nested attributes: restricted to protocol 5 it must refuse to start")
    args = ap.parse_args()
    args.cli = os.path.abspath(args.cli)
    args.provider = os.path.abspath(args.provider)

    root = tempfile.mkdtemp(prefix="tfpp-e2e-")
    debug = None
    try:
        ws = Workspace(args, root)
        ws.no_installation()
        version = subprocess.run([args.cli, "version"], env=ws.env, capture_output=True, text=True).stdout
        args.cli_version = version
        print(version.strip().splitlines()[0], f"/ protocol {args.protocol} / {args.mode}",
              f"/ {args.transport}" if args.transport else "", flush=True)
        if args.mode == "mirror":
            ws.install_mirror()
        else:
            ws.no_installation()
            debug, reattach = start_debug_provider(ws)
            ws.env["TF_REATTACH_PROVIDERS"] = reattach
        lifecycle(ws)
        if args.transport or args.quick:
            import_then_empty_plan(ws)
            check_protocol(ws)
            if args.transport:
                check_transport(ws)
            print("\nPASS", flush=True)
            return 0
        provider_functions(ws)
        if args.protocol == 6:
            directory_lifecycle(ws)
            import_then_empty_plan(ws)
            if args.mode == "mirror":  # a reattached provider's log lines go to its own stderr, not the CLI log
                provider_meta_logged(ws)
            known_after_apply(ws)
            chosen_while_planning(ws)
            moved_across_types(ws)
            partial_failure(ws)
            if version.startswith("OpenTofu"):  # ephemeral resources: Terraform 1.10+, OpenTofu 1.11+
                ephemeral_and_write_only(ws, with_alias=args.mode != "reattach")
                import_by_identity(ws)  # resource identity: Terraform 1.12+, OpenTofu 1.12+
            if args.earlier_provider and args.mode == "mirror":
                upgrade_from_earlier_release(args, os.path.abspath(args.earlier_provider))
        elif args.needs_protocol_6:
            check_needs_protocol_6(args, os.path.abspath(args.needs_protocol_6))
        if args.mode == "mirror":
            check_protocol(ws)
        else:
            debug.send_signal(signal.SIGINT)
            check(debug.wait(timeout=10) == 0, "debug provider did not exit cleanly on SIGINT")
            debug = None
        print("\nPASS", flush=True)
        return 0
    except (Failure, subprocess.TimeoutExpired) as e:
        print(f"\nFAIL: {e}", flush=True)
        if os.path.exists(os.path.join(root, "cli.log")):
            print("--- last lines of the CLI log ---")
            with open(os.path.join(root, "cli.log")) as f:
                print("".join(f.readlines()[-40:]))
        return 1
    finally:
        if debug is not None:
            debug.kill()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
