#!/usr/bin/env python3
"""A provider registry and a provider network mirror over HTTPS, for tests:
Python's standard library only, on 127.0.0.1, with a throwaway CA.

The registry serves releases as scripts/release.sh writes them (a zip per
platform, the manifest, SHA256SUMS and its .sig) from a release directory;
the shasum it advertises is read from SHA256SUMS, as a real registry records
it at publish time, so a zip changed afterwards is served with the original
hash. The mirror serves the directory `tofu providers mirror DIR` writes.

Used by run_registry_test.py; also runnable by hand to try a release:

    registry.py --dist dist --public-key key.asc [--mirror DIR]

prints the host to use in `source` and the CA file for SSL_CERT_FILE.
"""

import argparse
import json
import os
import re
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

RELEASE_ZIP = re.compile(r"^terraform-provider-(?P<name>[a-z0-9-]+)_(?P<version>[^_]+)"
                         r"_(?P<os>[a-z0-9]+)_(?P<arch>[a-z0-9]+)\.zip$")
RELEASE_SUMS = re.compile(r"^terraform-provider-(?P<name>[a-z0-9-]+)_(?P<version>[^_]+)_SHA256SUMS$")


class TLS:
    """A CA and a certificate for localhost and 127.0.0.1 signed by it,
    made with openssl in `directory`; clients trust ca_file only."""

    def __init__(self, directory):
        self.ca_file = os.path.join(directory, "ca.pem")
        self.cert_file = os.path.join(directory, "server.pem")
        self.key_file = os.path.join(directory, "server.key")
        ca_key = os.path.join(directory, "ca.key")
        csr = os.path.join(directory, "server.csr")
        ext = os.path.join(directory, "server.ext")
        with open(ext, "w") as f:
            # Go checks the SAN only (no CN fallback), and wants serverAuth.
            f.write("subjectAltName=DNS:localhost,IP:127.0.0.1\n"
                    "extendedKeyUsage=serverAuth\nkeyUsage=critical,digitalSignature\n"
                    "basicConstraints=critical,CA:FALSE\n")
        ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        for cmd in (
            ["openssl", "req", "-x509", *ec, "-keyout", ca_key, "-out", self.ca_file, "-days", "2",
             "-subj", "/CN=tfpp throwaway test CA", "-addext", "basicConstraints=critical,CA:TRUE",
             "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
            ["openssl", "req", *ec, "-keyout", self.key_file, "-out", csr, "-subj", "/CN=localhost"],
            ["openssl", "x509", "-req", "-in", csr, "-CA", self.ca_file, "-CAkey", ca_key,
             "-CAcreateserial", "-days", "2", "-extfile", ext, "-out", self.cert_file],
        ):
            subprocess.run(cmd, check=True, capture_output=True, timeout=60)


class Release:
    """One version of one provider in a release directory."""

    def __init__(self, directory, sums_name):
        m = RELEASE_SUMS.match(sums_name)
        self.directory, self.name, self.version = directory, m["name"], m["version"]
        self.sums_name, self.sig_name = sums_name, sums_name + ".sig"
        self.platforms = {}  # (os, arch) -> (zip name, sha256 hex from SHA256SUMS)
        self.protocols = []
        with open(os.path.join(directory, sums_name)) as f:
            for line in f:
                digest, filename = line.split()
                z = RELEASE_ZIP.match(filename)
                if z and z["name"] == self.name and z["version"] == self.version:
                    self.platforms[(z["os"], z["arch"])] = (filename, digest)
                elif filename == f"terraform-provider-{self.name}_{self.version}_manifest.json":
                    with open(os.path.join(directory, filename)) as mf:
                        self.protocols = json.load(mf)["metadata"]["protocol_versions"]
        self.files = {self.sums_name, self.sig_name} | {z for z, _ in self.platforms.values()}


def load_releases(directory):
    return [Release(directory, f) for f in sorted(os.listdir(directory)) if RELEASE_SUMS.match(f)]


class Server:
    """The registry (for the providers added) and the mirror (for
    mirror_dir) on one HTTPS port; `requests` lists the paths asked for."""

    def __init__(self, tls, mirror_dir=None):
        self.tls = tls
        self.mirror_dir = mirror_dir
        self.providers = {}  # (namespace, type) -> ({version: Release}, [signing key])
        self.requests = []
        self._httpd = None
        self._thread = None

    def add_provider(self, namespace, release_dir, public_keys):
        """public_keys: [(key_id, ascii_armor)] the registry says may sign."""
        for r in load_releases(release_dir):
            versions, _ = self.providers.setdefault((namespace, r.name), ({}, public_keys))
            versions[r.version] = r

    @property
    def host(self):
        return f"localhost:{self._httpd.server_address[1]}"

    @property
    def url(self):
        return f"https://{self.host}"

    def start(self):
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(self.tls.cert_file, self.tls.key_file)
        app = self

        class Handler(_Handler):
            server_app = app

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        # The handshake happens in the handler's thread, so a stalled client
        # cannot block the accept loop.
        self._httpd.socket = ctx.wrap_socket(self._httpd.socket, server_side=True,
                                             do_handshake_on_connect=False)
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.1},
                                        daemon=True)
        self._thread.start()
        return self

    def stop(self):
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._thread.join(timeout=10)
            self._httpd = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    # -- the registry protocol ------------------------------------------------

    def route(self, path):
        """(status, content type, body bytes or a file path)."""
        if path == "/.well-known/terraform.json" and self.providers:
            return self.json({"providers.v1": "/v1/providers/"})
        parts = path.strip("/").split("/")
        if parts[:2] == ["v1", "providers"] and len(parts) >= 5:
            found = self.providers.get((parts[2], parts[3]))
            if found is None:
                return 404, "text/plain", b"no such provider\n"
            versions, keys = found
            if parts[4:] == ["versions"]:
                return self.json({"versions": [
                    {"version": v, "protocols": r.protocols,
                     "platforms": [{"os": o, "arch": a} for o, a in sorted(r.platforms)]}
                    for v, r in sorted(versions.items())]})
            if len(parts) == 8 and parts[5] == "download" and parts[4] in versions:
                return self.download(parts[2], versions[parts[4]], (parts[6], parts[7]), keys)
        if parts[0] == "files" and len(parts) == 5:
            found = self.providers.get((parts[1], parts[2]))
            release = found and found[0].get(parts[3])
            if release and parts[4] in release.files:
                return 200, "application/octet-stream", os.path.join(release.directory, parts[4])
        if parts[0] == "mirror" and self.mirror_dir:
            return self.mirror_file(parts[1:])
        return 404, "text/plain", b"not found\n"

    def download(self, namespace, release, platform, keys):
        if platform not in release.platforms:
            return 404, "text/plain", b"no such platform\n"
        filename, digest = release.platforms[platform]
        base = f"{self.url}/files/{namespace}/{release.name}/{release.version}/"
        return self.json({
            "protocols": release.protocols,
            "os": platform[0],
            "arch": platform[1],
            "filename": filename,
            "download_url": base + filename,
            "shasums_url": base + release.sums_name,
            "shasums_signature_url": base + release.sig_name,
            "shasum": digest,
            "signing_keys": {"gpg_public_keys": [{"key_id": k, "ascii_armor": a} for k, a in keys]},
        })

    def mirror_file(self, parts):
        if any(p in ("", ".", "..") for p in parts):
            return 404, "text/plain", b"not found\n"
        full = os.path.join(self.mirror_dir, *parts)
        if not os.path.isfile(full):
            return 404, "text/plain", b"not found\n"
        # OpenTofu refuses index files without exactly this content type.
        kind = "application/json" if full.endswith(".json") else "application/zip"
        return 200, kind, full

    @staticmethod
    def json(value):
        return 200, "application/json", json.dumps(value).encode()


class _Handler(BaseHTTPRequestHandler):
    server_app = None
    server_version = "tfpp-test-registry"

    def do_GET(self):
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        self.server_app.requests.append(path)
        status, kind, body = self.server_app.route(path)
        if isinstance(body, str):
            with open(body, "rb") as f:
                body = f.read()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):  # the test asserts on `requests`; keep its output readable
        pass


def key_id_of(armor):
    """The 16-hex-digit ID of the primary key in an armoured public key."""
    with tempfile.TemporaryDirectory() as home:
        out = subprocess.run(["gpg", "--batch", "--homedir", home, "--with-colons", "--show-keys"],
                             input=armor, capture_output=True, text=True, check=True, timeout=60).stdout
    fpr = next(line.split(":")[9] for line in out.splitlines() if line.startswith("fpr:"))
    return fpr[-16:]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dist", required=True, help="a directory scripts/release.sh wrote")
    ap.add_argument("--public-key", required=True, help="the signing key, ASCII-armoured")
    ap.add_argument("--namespace", default="tfpp")
    ap.add_argument("--mirror", help="a directory `tofu providers mirror` wrote, served under /mirror/")
    args = ap.parse_args()
    with open(args.public_key) as f:
        armor = f.read()
    with tempfile.TemporaryDirectory(prefix="tfpp-registry-tls-") as tls_dir:
        server = Server(TLS(tls_dir), args.mirror)
        server.add_provider(args.namespace, args.dist, [(key_id_of(armor), armor)])
        with server:
            print(f"registry at {server.url} (source = \"{server.host}/{args.namespace}/NAME\"); "
                  f"SSL_CERT_FILE={server.tls.ca_file}; Ctrl-C stops it", flush=True)
            try:
                while True:
                    time.sleep(3600)
            except KeyboardInterrupt:
                pass


if __name__ == "__main__":
    sys.exit(main())
