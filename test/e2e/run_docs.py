#!/usr/bin/env python3
"""The documentation a provider writes (--docs) against HashiCorp's own
tfplugindocs, the tool Go providers use and the registry's docs follow.

    run_docs.py --provider PATH --tfplugindocs PATH --name local [--source DIR]
                [--tfplugindocs-fails-with TEXT]

For the provider's repository DIR (examples/ and templates/, as tfplugindocs
reads them; none when DIR is not given):
  1. `provider --docs=COPY` writes the pages; with DIR, they must be the
     committed DIR/docs (regenerate them with the same command when they
     are stale);
  2. `tfplugindocs generate` from the same templates, examples and the
     provider's `--schema-json` writes its pages: the file lists match and
     every line is the same, except that tfpp's lines may end with the
     constraints and default that only the binary knows (the schema JSON
     has no place for them). Where tfplugindocs cannot render a schema
     (group blocks, which it refuses), --tfplugindocs-fails-with names its
     error: the test checks that it still fails so, and compares nothing;
  3. `tfplugindocs validate` accepts tfpp's pages, and refuses them once a
     page loses its front matter (the validator is really checking);
  4. a template calling an unknown function fails with the template's name
     and line.
"""

import argparse
import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

DETAILS = re.compile(r"^( Constraints: .*\.)?( Defaults to `[^`]*`\.)?$")


class Failure(Exception):
    pass


def check(ok, message):
    if not ok:
        raise Failure(message)


def run(cmd, cwd=None, expect=0):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    if expect is not None and p.returncode != expect:
        raise Failure(f"{' '.join(cmd)} exited {p.returncode}, not {expect}:\n{p.stdout}{p.stderr}")
    return p


def tree(root):
    out = []
    for d, _, files in os.walk(root):
        out += [os.path.relpath(os.path.join(d, f), root) for f in files]
    return sorted(out)


def copy_sources(source, dest):
    os.makedirs(dest)
    for part in ("examples", "templates"):
        if source and os.path.isdir(os.path.join(source, part)):
            shutil.copytree(os.path.join(source, part), os.path.join(dest, part))


def compare_with_tfplugindocs(ours, theirs):
    """Each line equal, or ours = theirs + details; returns the detail lines."""
    check(tree(ours) == tree(theirs), f"different pages:\n tfpp: {tree(ours)}\n tfplugindocs: {tree(theirs)}")
    details = 0
    for page in tree(ours):
        a = open(os.path.join(ours, page)).read().split("\n")
        b = open(os.path.join(theirs, page)).read().split("\n")
        check(len(a) == len(b), f"{page}: {len(a)} lines from tfpp, {len(b)} from tfplugindocs")
        for n, (x, y) in enumerate(zip(a, b), 1):
            if x == y:
                continue
            check(x.startswith(y) and DETAILS.match(x[len(y):]) and x[len(y):],
                  f"{page}:{n}:\n tfpp:         {x!r}\n tfplugindocs: {y!r}")
            details += 1
    return details


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--provider", required=True)
    ap.add_argument("--tfplugindocs", required=True)
    ap.add_argument("--name", required=True, help="the provider's type name, e.g. local")
    ap.add_argument("--source", help="the provider's repository: examples/, templates/ and the committed docs/")
    ap.add_argument("--tfplugindocs-fails-with", help="tfplugindocs cannot render this provider: its error")
    args = ap.parse_args()
    provider, tool = os.path.abspath(args.provider), os.path.abspath(args.tfplugindocs)
    root = tempfile.mkdtemp(prefix="tfpp-docs-")
    try:
        schema = json.loads(run([provider, "--schema-json"]).stdout)
        (entry,) = schema["provider_schemas"].values()
        schema["provider_schemas"] = {args.name: entry}  # the key tfplugindocs looks for
        schema_file = os.path.join(root, "schema.json")
        with open(schema_file, "w") as f:
            json.dump(schema, f)

        ours, theirs = os.path.join(root, "tfpp"), os.path.join(root, "tfplugindocs")
        copy_sources(args.source, ours)
        copy_sources(args.source, theirs)

        written = run([provider, "--docs=" + ours]).stdout.split()
        check(sorted(written) == ["docs/" + p for p in tree(os.path.join(ours, "docs"))],
              f"--docs listed {written}")
        print(f"tfpp wrote {len(written)} pages: {' '.join(written)}")
        if args.source:
            committed = os.path.join(args.source, "docs")
            stale = [p for p in tree(os.path.join(ours, "docs"))
                     if not os.path.exists(os.path.join(committed, p))
                     or not filecmp.cmp(os.path.join(ours, "docs", p), os.path.join(committed, p), shallow=False)]
            stale += [p for p in tree(committed) if not os.path.exists(os.path.join(ours, "docs", p))]
            check(not stale, f"{committed} is stale ({', '.join(stale)}): run `{args.name} provider --docs` "
                             f"in {args.source}")
            print(f"the committed {os.path.relpath(committed)} is current")

        version = run([tool, "--version"], expect=None)
        print((version.stdout + version.stderr).strip(), flush=True)
        generate = [tool, "generate", "--provider-dir", theirs, "--provider-name", args.name,
                    "--providers-schema", schema_file]
        if args.tfplugindocs_fails_with:
            failed = run(generate, expect=1)
            check(args.tfplugindocs_fails_with in failed.stdout + failed.stderr,
                  f"tfplugindocs no longer fails with {args.tfplugindocs_fails_with!r}: compare the pages\n"
                  f"{failed.stdout}{failed.stderr}")
            print(f"tfplugindocs cannot render this provider ({args.tfplugindocs_fails_with}): nothing to compare")
        else:
            run(generate)
            details = compare_with_tfplugindocs(os.path.join(ours, "docs"), os.path.join(theirs, "docs"))
            print(f"PASS: every page matches tfplugindocs line for line; {details} lines add constraints or defaults")

        validate = [tool, "validate", "--provider-name", args.name, "--providers-schema", schema_file]
        run(validate + ["--provider-dir", ours])
        print("PASS: tfplugindocs validate accepts the pages")
        broken = os.path.join(root, "broken")
        shutil.copytree(ours, broken)
        page = os.path.join(broken, "docs", "index.md")
        text = open(page).read()
        with open(page, "w") as f:
            f.write(text[text.index("\n---\n") + 5:])  # without its front matter
        refused = run(validate + ["--provider-dir", broken], expect=1)
        print("PASS: tfplugindocs validate refuses a page without front matter:",
              (refused.stdout + refused.stderr).strip().splitlines()[-1])

        bad = os.path.join(root, "bad")
        copy_sources(None, bad)
        os.makedirs(os.path.join(bad, "templates"))
        with open(os.path.join(bad, "templates", "index.md.tmpl"), "w") as f:
            f.write("# {{ .ProviderShortName }}\n\n{{ .Description | shout }}\n")
        failed = run([provider, "--docs=" + bad], expect=1)
        check("templates/index.md.tmpl, line 3" in failed.stderr and 'function "shout" not defined' in failed.stderr,
              f"unexpected error: {failed.stderr}")
        print("PASS: a broken template is named with its line:", failed.stderr.strip())
        return 0
    except Failure as e:
        print(f"FAIL: {e}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
