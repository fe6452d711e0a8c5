#!/usr/bin/env python3
"""A release as scripts/release.sh makes it, installed by real OpenTofu from a
local HTTPS registry (registry.py) and from a network mirror.

    run_registry_test.py --tofu PATH --provider PATH [--provider-arm64 PATH] [--type local --namespace tfpp]
    run_registry_test.py --tofu PATH --dist DIR --public-key KEY.asc

--provider: a throwaway GPG key is made here and scripts/release.sh releases
the binary with it (and --provider-arm64's linux_arm64 build beside it, run
under qemu-user-static to ask it its version). --dist: an existing release and the key that signed it.
--type: examples/local (the default) or a provider made from the template
(scripts/new-provider.sh): its configuration writes files/greeting.txt.

Cases, each in a fresh directory with its own CLI configuration:
  registry_install    init verifies the signature and records the zh: (zip)
                      and h1: (unpacked) hashes computed here; plan, apply,
                      destroy of a local_file
  tampered_zip        one byte of the zip changed, the registry still
                      serving the original sums: init refuses
  wrong_signing_key   SHA256SUMS signed by a key the registry does not list:
                      init refuses
  sums_edited_after_signing  the zip changed and SHA256SUMS rewritten to
                      match, the old signature kept: init refuses
  network_mirror      `tofu providers mirror` from the registry, served over
                      HTTPS with the registry stopped; init and plan from it
  lock_both_platforms with --provider-arm64: `tofu providers lock
                      -platform=linux_amd64 -platform=linux_arm64` records
                      both zips' hashes and an h1: for each
"""

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import registry  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAMESPACE, TYPE = "tfpp", "local"  # set from --namespace and --type
TIMEOUT = 120  # seconds, for every OpenTofu command


class Failure(Exception):
    pass


def check(cond, message):
    if not cond:
        raise Failure(message)


def flat(text):
    """OpenTofu wraps diagnostics at 78 columns: compare with spaces folded."""
    return " ".join(text.split())


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def dirhash_h1(directory):
    """Go's golang.org/x/mod/sumdb/dirhash Hash1, as OpenTofu records h1:
    base64 of the SHA-256 of "<sha256 hex>  <relative path>\\n" lines sorted by path."""
    files = sorted(os.path.relpath(os.path.join(d, f), directory).replace(os.sep, "/")
                   for d, _, fs in os.walk(directory) for f in fs)
    summary = "".join(f"{sha256_file(os.path.join(directory, f))}  {f}\n" for f in files)
    return "h1:" + base64.b64encode(hashlib.sha256(summary.encode()).digest()).decode()


def flip_a_byte(path):
    """Changes the byte in the middle of the file (inside the compressed binary)."""
    with open(path, "r+b") as f:
        f.seek(os.path.getsize(path) // 2)
        byte = f.read(1)
        f.seek(-1, os.SEEK_CUR)
        f.write(bytes([byte[0] ^ 0xFF]))


class GPG:
    """A throwaway keyring in its own GNUPGHOME; close() stops its agent."""

    def __init__(self, home):
        os.makedirs(home, mode=0o700)
        self.env = dict(os.environ, GNUPGHOME=home)

    def run(self, *args, **kw):
        return subprocess.run(["gpg", "--batch", *args], env=self.env, capture_output=True, text=True,
                              check=True, timeout=60, **kw).stdout

    def generate(self, uid):
        """An ed25519 signing key without a passphrase; its fingerprint."""
        self.run("--pinentry-mode", "loopback", "--passphrase", "", "--quick-gen-key", uid, "ed25519", "sign", "2d")
        out = self.run("--with-colons", "--list-keys", f"={uid}")
        return next(line.split(":")[9] for line in out.splitlines() if line.startswith("fpr:"))

    def armor(self, fpr):
        return self.run("--armor", "--export", fpr)

    def sign(self, fpr, path):
        self.run("--yes", "--local-user", fpr, "--output", path + ".sig", "--detach-sign", path)

    def close(self):
        subprocess.run(["gpgconf", "--kill", "all"], env=self.env, capture_output=True, timeout=30)


class Workspace:
    """A configuration directory and an environment that reads nothing of
    the machine's: its own HOME, CLI configuration and CA file."""

    def __init__(self, args, root, name, ca_file):
        self.args = args
        self.root = os.path.join(root, name)
        self.work = os.path.join(self.root, "work")
        os.makedirs(os.path.join(self.work, "files"))
        self.cli_config = os.path.join(self.root, "cli.tfrc")
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("TF_", "OPENTOFU_", "PLUGIN_", "SSL_CERT_"))}
        self.env.update({
            "TF_IN_AUTOMATION": "1",
            "CHECKPOINT_DISABLE": "1",
            "TF_CLI_CONFIG_FILE": self.cli_config,
            "HOME": self.root,
            "SSL_CERT_FILE": ca_file,  # Go reads it instead of the system's roots
        })

    def write_cli_config(self, text):
        with open(self.cli_config, "w") as f:
            f.write(text)

    def write_main_tf(self, source, version, content="Hello from the registry"):
        # Both providers write files/greeting.txt: examples/local's local_file,
        # or the template's note resource.
        if TYPE == "local":
            body = (f'provider "local" {{\n  base_directory = "${{path.module}}/files"\n}}\n\n'
                    f'resource "local_file" "greeting" {{\n  filename = "greeting.txt"\n  content  = "{content}"\n}}\n')
        else:
            body = (f'provider "{TYPE}" {{\n  directory = "${{path.module}}/files"\n}}\n\n'
                    f'resource "{TYPE}_note" "greeting" {{\n  name = "greeting"\n  text = "{content}"\n}}\n')
        with open(os.path.join(self.work, "main.tf"), "w") as f:
            f.write(f'''terraform {{
  required_providers {{
    {TYPE} = {{
      source  = "{source}"
      version = "{version}"
    }}
  }}
}}

''' + body)

    def run(self, *cli_args, expect=(0,)):
        print("$ tofu " + " ".join(cli_args), flush=True)
        start = time.monotonic()
        p = subprocess.run([self.args.tofu, *cli_args, "-no-color"], cwd=self.work, env=self.env,
                           stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=TIMEOUT)
        out = p.stdout + p.stderr
        print("  " + out.strip().replace("\n", "\n  "), flush=True)
        print(f"  [exit {p.returncode}, {time.monotonic() - start:.2f} s]", flush=True)
        check(p.returncode in expect, f"tofu {' '.join(cli_args)} exited {p.returncode}, expected {expect}")
        return out

    def lock_hashes(self, address):
        with open(os.path.join(self.work, ".terraform.lock.hcl")) as f:
            text = f.read()
        block = re.search(r'provider "%s" \{(.*?)\n\}' % re.escape(address), text, re.S)
        check(block is not None, f"the lock file has no block for {address}:\n{text}")
        return set(re.findall(r'"((?:h1|zh):[^"]+)"', block.group(1)))

    def installed_dir(self, address, version):
        return os.path.join(self.work, ".terraform", "providers", address, version, "linux_amd64")


class Release:
    """The release under test: its files, and the hashes computed here."""

    def __init__(self, dist, scratch):
        releases = [r for r in registry.load_releases(dist) if r.name == TYPE]
        check(len(releases) == 1, f"{dist} must hold exactly one release of terraform-provider-{TYPE}")
        r = releases[0]
        check(("linux", "amd64") in r.platforms, f"{dist} has no linux_amd64 zip")
        self.dist, self.version, self.protocols = dist, r.version, r.protocols
        self.zip_name = r.platforms[("linux", "amd64")][0]
        self.zip = os.path.join(dist, self.zip_name)
        self.sums = os.path.join(dist, r.sums_name)
        self.zh = "zh:" + sha256_file(self.zip)
        with open(self.sums) as f:
            self.sums_zh = {"zh:" + line.split()[0] for line in f if line.strip()}
        unpacked = os.path.join(scratch, "unpacked")
        with zipfile.ZipFile(self.zip) as z:
            names = z.namelist()
            check(names == [f"terraform-provider-{TYPE}_v{self.version}"], f"the zip holds {names}")
            check((z.getinfo(names[0]).external_attr >> 16) & 0o111, "the zip lost the executable bit")
            z.extractall(unpacked)
        self.h1 = dirhash_h1(unpacked)
        self.executable = os.path.join(unpacked, names[0])

    def copy(self, where):
        """A copy of the release directory to tamper with."""
        shutil.copytree(self.dist, where)
        return where


class Test:
    def __init__(self, args, root):
        self.args, self.root = args, root
        self.servers = []
        self.tls = registry.TLS(self.make_dir("tls"))
        self.gpg = GPG(os.path.join(root, "gnupg"))

    def make_dir(self, name):
        path = os.path.join(self.root, name)
        os.makedirs(path)
        return path

    def prepare(self):
        # The other key: one the registry does not list, for wrong_signing_key.
        self.other_key = self.gpg.generate("someone else <other@tfpp.invalid>")
        if self.args.provider:
            key = self.gpg.generate("tfpp release test <release-test@tfpp.invalid>")
            self.armor = self.gpg.armor(key)
            dist = os.path.join(self.root, "dist")
            cmd = ["bash", os.path.join(REPO, "scripts", "release.sh"), "--binary", self.args.provider,
                   *(["--binary", self.args.provider_arm64] if self.args.provider_arm64 else []),
                   "--out", dist, "--gpg-key", key]
            print("$ GNUPGHOME=<throwaway> scripts/release.sh --binary PROVIDER --out DIST --gpg-key "
                  + key, flush=True)
            start = time.monotonic()
            p = subprocess.run(cmd, env=self.gpg.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, timeout=300)
            elapsed = time.monotonic() - start
            print("  " + p.stdout.strip().replace("\n", "\n  "), flush=True)
            check(p.returncode == 0, f"scripts/release.sh exited {p.returncode}")
        else:
            dist = os.path.abspath(self.args.dist)
            with open(self.args.public_key) as f:
                self.armor = f.read()
        self.key_id = registry.key_id_of(self.armor)
        self.release = Release(dist, self.make_dir("scratch"))
        print(f"release {self.release.version}, protocols {self.release.protocols}, "
              f"{self.release.zip_name}: {os.path.getsize(self.release.zip)} bytes, {self.release.zh}, "
              f"{self.release.h1}, signing key {self.key_id}", flush=True)
        if self.args.provider:
            print(f"release command: {elapsed:.2f} s; zip {os.path.getsize(self.release.zip) / 2**20:.2f} MiB",
                  flush=True)
            # The same binary released again gives the same zip, byte for byte.
            again = os.path.join(self.root, "dist-again")
            subprocess.run(["bash", os.path.join(REPO, "scripts", "release.sh"), "--binary", self.args.provider,
                            *(["--binary", self.args.provider_arm64] if self.args.provider_arm64 else []),
                            "--out", again, "--no-sign"], capture_output=True, timeout=300, check=True)
            check(sha256_file(os.path.join(again, self.release.zip_name)) == self.release.zh[3:],
                  "two releases of the same binary gave different zips")
            with open(self.args.provider, "rb") as a, open(self.release.executable, "rb") as b:
                check(a.read() == b.read(), "the zip does not hold the released binary")

    def registry(self, dist):
        """A registry serving `dist`, listing the release key as its signer."""
        server = registry.Server(self.tls)
        server.add_provider(NAMESPACE, dist, [(self.key_id, self.armor)])
        self.servers.append(server.start())
        return server

    def workspace(self, name):
        return Workspace(self.args, self.root, name, self.tls.ca_file)

    def direct(self, ws):
        # Explicit, so no implied local mirror directory is searched.
        ws.write_cli_config("provider_installation {\n  direct {}\n}\n")

    # -- the cases -------------------------------------------------------------

    def registry_install(self):
        rel = self.release
        server = self.registry(rel.dist)
        ws = self.workspace("registry_install")
        self.direct(ws)
        address = f"{server.host}/{NAMESPACE}/{TYPE}"
        ws.write_main_tf(address, rel.version)
        out = ws.run("init")
        signed = f"- Installed {address} v{rel.version} (signed, key ID {self.key_id})"
        check(signed in out, f"init does not say: {signed}")
        hashes = ws.lock_hashes(address)
        check(rel.zh in hashes, f"the lock file lacks the zip's hash {rel.zh}: {sorted(hashes)}")
        check(rel.h1 in hashes, f"the lock file lacks the unpacked zip's hash {rel.h1}: {sorted(hashes)}")
        # OpenTofu 1.12 also records a zh: for every other line of the signed
        # SHA256SUMS (the manifest's, here); nothing may come from elsewhere.
        check(hashes <= {rel.h1} | rel.sums_zh, f"unexpected lock file hashes {sorted(hashes)}")
        print(f"  lock file hashes: {sorted(hashes)}", flush=True)
        installed = os.path.join(ws.installed_dir(address, rel.version), f"terraform-provider-{TYPE}_v{rel.version}")
        check(os.access(installed, os.X_OK) and sha256_file(installed) == sha256_file(rel.executable),
              "the installed provider is not the released binary")
        check(f"/files/{NAMESPACE}/{TYPE}/{rel.version}/{rel.zip_name}" in server.requests,
              "the zip was not downloaded from the registry")

        out = ws.run("plan", "-detailed-exitcode", expect=(2,))
        check("1 to add, 0 to change, 0 to destroy" in out, "plan does not add the file")
        ws.run("apply", "-auto-approve")
        written = os.path.join(ws.work, "files", "greeting.txt")
        with open(written) as f:
            check(f.read() == "Hello from the registry", "apply did not write the file")
        ws.run("destroy", "-auto-approve")
        check(not os.path.exists(written), "destroy left the file")
        return f"signed, key ID {self.key_id}; lock file has {rel.zh[:15]}... and {rel.h1}"

    def refused(self, name, dist, expected):
        """init against a registry serving `dist` fails with `expected`."""
        server = self.registry(dist)
        ws = self.workspace(name)
        self.direct(ws)
        address = f"{server.host}/{NAMESPACE}/{TYPE}"
        ws.write_main_tf(address, self.release.version)
        out = ws.run("init", expect=(1,))
        check(expected in flat(out), f"init's error does not say: {expected}")
        check(not os.path.exists(ws.installed_dir(address, self.release.version)), "the provider was installed")
        check(not os.path.exists(os.path.join(ws.work, ".terraform.lock.hcl")), "a lock file was written")
        return expected

    def tampered_zip(self):
        dist = self.release.copy(os.path.join(self.root, "dist-tampered"))
        zip_path = os.path.join(dist, self.release.zip_name)
        flip_a_byte(zip_path)
        got = "zh:" + sha256_file(zip_path)
        return self.refused("tampered_zip", dist,
                            f"archive has incorrect checksum {got} (expected {self.release.zh})")

    def wrong_signing_key(self):
        dist = self.release.copy(os.path.join(self.root, "dist-wrong-key"))
        self.gpg.sign(self.other_key, os.path.join(dist, os.path.basename(self.release.sums)))
        return self.refused("wrong_signing_key", dist,
                            "the provider is not signed with a valid signing key; please contact the provider "
                            "author (authentication signature from unknown issuer)")

    def sums_edited_after_signing(self):
        dist = self.release.copy(os.path.join(self.root, "dist-edited-sums"))
        zip_path = os.path.join(dist, self.release.zip_name)
        flip_a_byte(zip_path)
        sums = os.path.join(dist, os.path.basename(self.release.sums))
        with open(sums) as f:
            lines = f.read().replace(self.release.zh[3:], sha256_file(zip_path))
        with open(sums, "w") as f:
            f.write(lines)
        return self.refused("sums_edited_after_signing", dist,
                            "the provider is not signed with a valid signing key; please contact the provider "
                            "author (error checking signature: openpgp: invalid signature")

    def network_mirror(self):
        rel = self.release
        server = self.registry(rel.dist)
        # OpenTofu 1.12.6 cannot ask a network mirror for a provider whose
        # hostname has a port (it requests "localhost:PORT/tfpp/local/index.json"
        # as a URL of scheme "localhost"), so this address names a host without
        # one, and a `host` block in the CLI configuration sends its registry
        # requests to this server.
        host = "registry.tfpp.test"
        address = f"{host}/{NAMESPACE}/{TYPE}"
        source = self.workspace("network_mirror_source")
        source.write_cli_config(f'host "{host}" {{\n  services = {{\n    "providers.v1" = "{server.url}/v1/providers/"\n'
                                f'  }}\n}}\nprovider_installation {{\n  direct {{}}\n}}\n')
        source.write_main_tf(address, rel.version)
        mirror_dir = os.path.join(self.root, "mirror")
        out = source.run("providers", "mirror", mirror_dir)
        check("Package authenticated: signed" in out, "providers mirror did not authenticate a signed package")
        index = os.path.join(mirror_dir, host, NAMESPACE, TYPE)
        with open(os.path.join(index, rel.version + ".json")) as f:
            archive = json.load(f)["archives"]["linux_amd64"]
        check(archive["url"] == rel.zip_name and rel.zh in archive["hashes"],
              f"the mirror's {rel.version}.json does not list the zip and its hash: {archive}")
        check(sha256_file(os.path.join(index, rel.zip_name)) == rel.zh[3:], "the mirror's zip is not the release")
        server.stop()  # from here on only the mirror can answer

        mirror = registry.Server(self.tls, mirror_dir)
        self.servers.append(mirror.start())
        ws = self.workspace("network_mirror")
        ws.write_cli_config(f'provider_installation {{\n  network_mirror {{\n    url = "{mirror.url}/mirror/"\n  }}\n}}\n')
        ws.write_main_tf(address, rel.version)
        out = ws.run("init")
        installed = f"- Installed {address} v{rel.version} (verified checksum)"
        check(installed in out, f"init does not say: {installed}")
        hashes = ws.lock_hashes(address)
        check(hashes == {rel.zh, rel.h1}, f"lock file hashes {sorted(hashes)}, expected {rel.zh} and {rel.h1}")
        check(f"/mirror/{host}/{NAMESPACE}/{TYPE}/{rel.zip_name}" in mirror.requests,
              "the zip was not downloaded from the mirror")
        out = ws.run("plan", "-detailed-exitcode", expect=(2,))
        check("1 to add, 0 to change, 0 to destroy" in out, "plan does not add the file")
        return "verified checksum; the mirror served index.json, %s.json and the zip" % rel.version

    def stop(self):
        for s in self.servers:
            s.stop()
        if hasattr(self, "gpg"):
            self.gpg.close()


def lock_both_platforms(test):
    """`tofu providers lock` for linux_amd64 and linux_arm64 from the registry."""
    rel = test.release
    arm64 = registry.load_releases(rel.dist)[0].platforms.get(("linux", "arm64"))
    check(arm64 is not None, f"{rel.dist} has no linux_arm64 zip")
    arm64_zh = "zh:" + sha256_file(os.path.join(rel.dist, arm64[0]))
    server = test.registry(rel.dist)
    ws = test.workspace("lock_both_platforms")
    test.direct(ws)
    address = f"{server.host}/{NAMESPACE}/{TYPE}"
    ws.write_main_tf(address, rel.version)
    ws.run("providers", "lock", "-platform=linux_amd64", "-platform=linux_arm64")
    hashes = ws.lock_hashes(address)
    check({rel.zh, arm64_zh} <= hashes, f"the lock file lacks a zip's hash ({rel.zh}, {arm64_zh}): {sorted(hashes)}")
    h1 = sorted(h for h in hashes if h.startswith("h1:"))
    check(len(h1) == 2 and rel.h1 in h1, f"expected an h1: for each platform, {rel.h1} among them: {h1}")
    check(f"/files/{NAMESPACE}/{TYPE}/{rel.version}/{arm64[0]}" in server.requests,
          "the linux_arm64 zip was not downloaded from the registry")
    return f"{len(hashes)} hashes, h1: {', '.join(h[:15] + '...' for h in h1)}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tofu", required=True, help="the OpenTofu binary")
    given = ap.add_mutually_exclusive_group(required=True)
    given.add_argument("--provider", help="a provider binary to release with scripts/release.sh")
    given.add_argument("--dist", help="a directory scripts/release.sh wrote (needs --public-key)")
    ap.add_argument("--public-key", help="with --dist: the ASCII-armoured key that signed it")
    ap.add_argument("--provider-arm64", help="with --provider: its linux_arm64 build, released beside it")
    ap.add_argument("--type", default="local", help="the provider's type name")
    ap.add_argument("--namespace", default="tfpp", help="its registry namespace")
    args = ap.parse_args()
    global NAMESPACE, TYPE
    NAMESPACE, TYPE = args.namespace, args.type
    if args.dist and not args.public_key:
        ap.error("--dist needs --public-key")
    args.tofu = os.path.abspath(args.tofu)
    if args.provider:
        args.provider = os.path.abspath(args.provider)
    if args.provider_arm64:
        args.provider_arm64 = os.path.abspath(args.provider_arm64)

    root = tempfile.mkdtemp(prefix="tfpp-registry-")
    test = None
    results = []
    try:
        test = Test(args, root)
        test.prepare()
        cases = [test.registry_install, test.tampered_zip, test.wrong_signing_key,
                 test.sums_edited_after_signing, test.network_mirror]
        if args.provider_arm64:
            cases.append(lambda: lock_both_platforms(test))
            cases[-1].__name__ = "lock_both_platforms"
        for case in cases:
            print(f"\n=== {case.__name__}", flush=True)
            start = time.monotonic()
            try:
                detail = case()
                results.append((case.__name__, True, f"{detail} ({time.monotonic() - start:.1f} s)"))
            except (Failure, subprocess.TimeoutExpired, subprocess.CalledProcessError, OSError) as e:
                results.append((case.__name__, False, str(e)))
            print(("PASS " if results[-1][1] else "FAIL ") + f"{case.__name__}: {results[-1][2]}", flush=True)
    except (Failure, subprocess.TimeoutExpired, subprocess.CalledProcessError, OSError) as e:
        detail = getattr(e, "stderr", None) or ""
        results.append(("prepare", False, f"{e} {detail}".strip()))
        print(f"FAIL prepare: {results[-1][2]}", flush=True)
    finally:
        if test is not None:
            test.stop()
        shutil.rmtree(root, ignore_errors=True)

    print()
    for name, ok, detail in results:
        print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}")
    failed = sum(1 for _, ok, _ in results if not ok)
    print(f"registry: {len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
