#!/usr/bin/env python3
"""A throwaway PostgreSQL 15 server for the end-to-end tests (stdlib only).

    with PostgresServer() as pg:
        pg.psql("create role app")                 # over the Unix socket, trust
        pg.psql("select 1", tcp=True)              # over 127.0.0.1, SCRAM password
        env = pg.env()                             # PGHOST, PGPORT, PGUSER, ...
        pg.stop(); pg.start()                      # same data directory and port

The server is made from Debian's packages (/usr/lib/postgresql/15/bin, or
$PG_BINDIR) in a fresh temporary directory:

    <root>/data      the cluster: initdb -E UTF8 --locale=C, fsync off
    <root>/socket    its Unix socket (`.host`): trust for everyone
    <root>/server.log

It listens on that socket and on 127.0.0.1 at a free port (`.port`), where
the superuser (`.superuser`) logs in with its password (`.password`) by
SCRAM-SHA-256. PostgreSQL refuses to run as root: when this process is root,
initdb, pg_ctl and the server run as the `postgres` system user (made when
absent), and the temporary directory is given to it.

The server is stopped and the directory removed when the `with` block ends,
whatever ends it, and also at interpreter exit and on SIGTERM/SIGHUP (a
test killed by its runner), since the postmaster runs in a session of its
own and would otherwise outlive the test.

    python3 test/e2e/pg_server.py --self-test
"""

import atexit
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

DEFAULT_BINDIR = "/usr/lib/postgresql/15/bin"
SYSTEM_USER = "postgres"

# Servers not yet closed, for the atexit and signal handlers.
_live = []
_live_lock = threading.Lock()
_handlers_installed = False


class ServerError(Exception):
    pass


class PsqlError(ServerError):
    def __init__(self, sql, returncode, stdout, stderr):
        self.sql, self.returncode, self.stdout, self.stderr = sql, returncode, stdout, stderr
        super().__init__(f"psql exited {returncode}: {stderr.strip() or stdout.strip()}\n--- sql:\n{sql}")


def _close_all():
    with _live_lock:
        servers = list(_live)
    for s in servers:
        s.close(mode="immediate")


def _on_signal(signum, frame):
    # Unwind: `with` blocks and finally clauses run, then atexit; close
    # everything first anyway, in case the stack is stuck somewhere.
    _close_all()
    raise SystemExit(128 + signum)


def _install_handlers():
    global _handlers_installed
    if _handlers_installed:
        return
    _handlers_installed = True
    atexit.register(_close_all)
    if threading.current_thread() is not threading.main_thread():
        return
    for sig in (signal.SIGTERM, signal.SIGHUP):
        try:
            if signal.getsignal(sig) in (signal.SIG_DFL, None):
                signal.signal(sig, _on_signal)
        except (OSError, ValueError):
            pass
    # SIGINT raises KeyboardInterrupt, which unwinds the `with` block.


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _system_user():
    """(uid, gid) of the user the server runs as when we are root."""
    try:
        pw = pwd.getpwnam(SYSTEM_USER)
    except KeyError:
        # Its exit status alone says nothing: a test running beside this one
        # may have made the user first. The user existing afterwards does.
        made = subprocess.run(["useradd", "--system", "--user-group", "--no-create-home", "--home-dir",
                               "/var/lib/postgresql", "--shell", "/bin/bash", SYSTEM_USER], check=False)
        try:
            pw = pwd.getpwnam(SYSTEM_USER)
        except KeyError:
            raise ServerError(f"cannot make the system user {SYSTEM_USER!r} (useradd exited {made.returncode})") from None
    return pw.pw_uid, pw.pw_gid


def _traversable_by_others(path):
    """Whether every directory from / to path lets other users through."""
    path = os.path.realpath(path)
    while True:
        if not os.stat(path).st_mode & 0o001:
            return False
        parent = os.path.dirname(path)
        if parent == path:
            return True
        path = parent


class PostgresServer:
    def __init__(self, bindir=None, superuser="tfpp_admin", password=None, port=None, verbose=False):
        self.bindir = bindir or os.environ.get("PG_BINDIR") or DEFAULT_BINDIR
        self.superuser = superuser
        self.password = password or "pw-" + os.urandom(9).hex()
        self.port = port
        self.verbose = verbose
        self.root = None
        self.data = self.host = self.logfile = None
        self.running = False
        self._closed = False
        self.as_root = os.geteuid() == 0
        self.uid = self.gid = None
        psql = os.path.join(self.bindir, "psql")
        self.psql_path = psql if os.access(psql, os.X_OK) else shutil.which("psql")

    # --- the context manager

    def __enter__(self):
        try:
            self.create()
            return self
        except BaseException:
            self.close(mode="immediate")
            raise

    def __exit__(self, *exc):
        self.close()
        return False

    # --- setting up

    def _log(self, msg):
        if self.verbose:
            print(f"pg_server: {msg}", file=sys.stderr, flush=True)

    def _as_server_user(self):
        """subprocess arguments that run a command as the server's user."""
        if not self.as_root:
            return {}
        return {"user": self.uid, "group": self.gid, "extra_groups": []}

    def _run(self, cmd, timeout=120, check=True):
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
        env.update({"LC_ALL": "C", "HOME": self.root, "TZ": "UTC"})
        self._log("$ " + " ".join(cmd))
        p = subprocess.run(cmd, cwd=self.root, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                           timeout=timeout, **self._as_server_user())
        if check and p.returncode != 0:
            raise ServerError(f"{os.path.basename(cmd[0])} exited {p.returncode}:\n{p.stdout}{p.stderr}"
                              f"{self.log_tail()}")
        return p

    def _tempdir(self):
        base = tempfile.gettempdir()
        # The server user needs to get in, and a Unix socket path has at most
        # 107 bytes: fall back to /tmp when the usual place does not suit.
        if (self.as_root and not _traversable_by_others(base)) or len(base) > 60:
            base = "/tmp"
        return tempfile.mkdtemp(prefix="tfpp-pg-", dir=base)

    def create(self):
        for tool in ("initdb", "pg_ctl", "postgres"):
            if not os.access(os.path.join(self.bindir, tool), os.X_OK):
                raise ServerError(f"no {tool} in {self.bindir}: install postgresql-15 (or set PG_BINDIR)")
        if not self.psql_path:
            raise ServerError("no psql: install postgresql-client-15")
        _install_handlers()
        with _live_lock:
            _live.append(self)
        self.root = self._tempdir()
        self.data = os.path.join(self.root, "data")
        self.host = os.path.join(self.root, "socket")
        self.logfile = os.path.join(self.root, "server.log")
        os.mkdir(self.host, 0o755)
        os.chmod(self.root, 0o755)  # clients (the provider) reach the socket directory
        pwfile = os.path.join(self.root, "pwfile")
        with open(pwfile, "w") as f:
            f.write(self.password + "\n")
        open(self.logfile, "w").close()
        if self.as_root:
            self.uid, self.gid = _system_user()
            for p in (self.root, self.host, pwfile, self.logfile):
                os.chown(p, self.uid, self.gid)

        start = time.monotonic()
        self._run([os.path.join(self.bindir, "initdb"), "-D", self.data, "-U", self.superuser, "--pwfile", pwfile,
                   "-E", "UTF8", "--locale=C", "--auth-local=trust", "--auth-host=scram-sha-256", "--no-sync",
                   "--no-instructions"])
        os.remove(pwfile)
        with open(os.path.join(self.data, "pg_hba.conf"), "w") as f:
            f.write("# written by test/e2e/pg_server.py\n"
                    "local all all trust\n"
                    "host  all all 127.0.0.1/32 scram-sha-256\n")
        self._log(f"initdb: {time.monotonic() - start:.2f}s")

        ports = [self.port] if self.port else [free_port() for _ in range(3)]
        for i, port in enumerate(ports):
            self.port = port
            self._write_conf()
            try:
                self.start()
                return
            except ServerError:
                # another process took the port between free_port() and now
                if i == len(ports) - 1 or "in use" not in self.log_tail():
                    raise

    def _write_conf(self):
        conf = os.path.join(self.data, "postgresql.auto.conf")
        with open(conf, "w") as f:
            f.write(f"""# written by test/e2e/pg_server.py: a throwaway server, fast and small
listen_addresses = '127.0.0.1'
port = {self.port}
unix_socket_directories = '{self.host}'
unix_socket_permissions = 0777
password_encryption = 'scram-sha-256'
max_connections = 200
shared_buffers = '16MB'
fsync = off
synchronous_commit = off
full_page_writes = off
wal_level = minimal
max_wal_senders = 0
checkpoint_timeout = '1h'
autovacuum = off
dynamic_shared_memory_type = 'mmap'
huge_pages = off
logging_collector = off
log_connections = off
log_line_prefix = '%m [%p] %q%u@%d '
log_min_error_statement = 'error'
lc_messages = 'C'
timezone = 'UTC'
""")
        if self.as_root:
            os.chown(conf, self.uid, self.gid)

    # --- running

    def start(self):
        """Starts the server (again): same data directory, same port."""
        if self.running:
            return
        start = time.monotonic()
        self._run([os.path.join(self.bindir, "pg_ctl"), "-D", self.data, "-l", self.logfile, "-w", "-t", "60",
                   "-s", "start"], timeout=90)
        self.running = True
        self._log(f"started on port {self.port} and {self.host} in {time.monotonic() - start:.2f}s")

    def stop(self, mode="fast"):
        """Stops the server: fast (disconnects clients, clean shutdown) or immediate."""
        if not self.data or not os.path.exists(os.path.join(self.data, "postmaster.pid")):
            self.running = False
            return
        p = self._run([os.path.join(self.bindir, "pg_ctl"), "-D", self.data, "-m", mode, "-w", "-t", "30", "-s",
                       "stop"], timeout=60, check=False)
        if p.returncode != 0 and mode != "immediate":
            p = self._run([os.path.join(self.bindir, "pg_ctl"), "-D", self.data, "-m", "immediate", "-w", "-t",
                           "30", "-s", "stop"], timeout=60, check=False)
        if p.returncode != 0:
            self._kill_postmaster()
        self.running = False
        self._log(f"stopped ({mode})")

    def _kill_postmaster(self):
        try:
            with open(os.path.join(self.data, "postmaster.pid")) as f:
                pid = int(f.readline())
        except (OSError, ValueError):
            return
        for sig, wait in ((signal.SIGQUIT, 5), (signal.SIGKILL, 5)):
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                return
            deadline = time.monotonic() + wait
            while time.monotonic() < deadline:
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    return
                time.sleep(0.1)

    def close(self, mode="immediate"):
        """Stops the server and removes its directory; safe to call twice."""
        if self._closed:
            return
        self._closed = True
        try:
            if self.data:
                self.stop(mode=mode)
        except Exception as e:  # never mask the test's own failure
            print(f"pg_server: stopping the server failed: {e}", file=sys.stderr)
            self._kill_postmaster()
        finally:
            if self.root:
                shutil.rmtree(self.root, ignore_errors=True)
            with _live_lock:
                if self in _live:
                    _live.remove(self)

    def log_tail(self, lines=30):
        try:
            with open(self.logfile, errors="replace") as f:
                tail = f.readlines()[-lines:]
        except (OSError, TypeError):
            return ""
        return "\n--- last lines of the server log ---\n" + "".join(tail)

    # --- clients

    def env(self, tcp=False, database="postgres"):
        """libpq's environment for a client of this server (the provider):
        the socket directory, or 127.0.0.1 with tcp."""
        return {
            "PGHOST": "127.0.0.1" if tcp else self.host,
            "PGPORT": str(self.port),
            "PGUSER": self.superuser,
            "PGPASSWORD": self.password,
            "PGDATABASE": database,
        }

    def _client_env(self, tcp, user, password, database, appname=None):
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
        env.update(self.env(tcp=tcp, database=database))
        env["PGCONNECT_TIMEOUT"] = "10"
        env["PGSSLMODE"] = "disable"
        env["LC_ALL"] = "C"
        if user is not None:
            env["PGUSER"] = user
        if password is not None:
            env["PGPASSWORD"] = password
        elif not tcp:
            env.pop("PGPASSWORD")  # the socket trusts: prove it
        if appname:
            env["PGAPPNAME"] = appname
        return env

    def psql_command(self):
        return [self.psql_path, "-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1"]

    def psql(self, sql, database="postgres", tcp=False, user=None, password=None, check=True, timeout=60):
        """Runs sql (one or more statements, each in its own transaction
        unless it says BEGIN) and returns psql's unaligned, tuples-only
        output without the trailing newline. Raises PsqlError with stderr
        when a statement fails (unless check=False)."""
        p = subprocess.run(self.psql_command(), input=sql, env=self._client_env(tcp, user, password, database),
                           capture_output=True, text=True, timeout=timeout)
        if check and p.returncode != 0:
            raise PsqlError(sql, p.returncode, p.stdout, p.stderr)
        return p.stdout.rstrip("\n")

    def psql_session(self, database="postgres", appname="tfpp-e2e-session", tcp=False):
        """A psql process kept open, reading statements from its stdin (for
        a transaction that holds a lock): write to .stdin, then close it."""
        return subprocess.Popen(self.psql_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True,
                                env=self._client_env(tcp, None, None, database, appname))

    def quote_ident(self, name):
        return '"' + name.replace('"', '""') + '"'

    def quote_literal(self, s):
        return "'" + s.replace("'", "''") + "'"


def self_test():
    t0 = time.monotonic()
    with PostgresServer(verbose=True) as pg:
        print(f"server up in {time.monotonic() - t0:.2f}s: socket {pg.host}, port {pg.port}, "
              f"superuser {pg.superuser}, euid {os.geteuid()}", flush=True)
        check = pg.psql("select 1")
        print(f"socket:  select 1 -> {check!r}")
        assert check == "1", check
        who = pg.psql("select current_user || ' ' || coalesce(inet_server_addr()::text, 'unix socket')")
        print(f"socket:  {who}")
        check = pg.psql("select 1", tcp=True)
        print(f"tcp:     select 1 -> {check!r} (password)")
        assert check == "1", check
        who = pg.psql("select current_user || ' ' || inet_server_addr()::text || ' ' || "
                      "(select auth_method from pg_hba_file_rules where type = 'host' limit 1)", tcp=True)
        print(f"tcp:     {who}")
        try:
            pg.psql("select 1", tcp=True, password="wrong")
            raise AssertionError("a wrong password was accepted over TCP")
        except PsqlError as e:
            assert "password authentication failed" in e.stderr, e.stderr
            print("tcp:     a wrong password is refused")
        owner = pwd.getpwuid(os.stat(pg.data).st_uid).pw_name
        print(f"data directory owned by {owner}; server: {pg.psql('show server_version')}, "
              f"encoding {pg.psql('show server_encoding')}, fsync {pg.psql('show fsync')}")
        # several statements, CREATE DATABASE among them (not one transaction)
        out = pg.psql("create database selftest; select datname from pg_database where datname = 'selftest';")
        assert out == "selftest", out
        try:
            pg.psql("select * from missing_table")
            raise AssertionError("a failing statement did not raise")
        except PsqlError as e:
            assert "missing_table" in e.stderr, e.stderr
            print("psql:    a failing statement raises with its stderr")
        t1 = time.monotonic()
        pg.stop()
        try:
            pg.psql("select 1", timeout=20)
            raise AssertionError("the stopped server answered")
        except PsqlError:
            pass
        pg.start()
        assert pg.psql("select count(*) from pg_database where datname = 'selftest'", tcp=True) == "1"
        print(f"stop + start on the same port with the data kept: {time.monotonic() - t1:.2f}s")
        root = pg.root
    assert not os.path.exists(root), "the directory was not removed"
    print(f"stopped and removed; total {time.monotonic() - t0:.2f}s")
    print("SELF-TEST PASS")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    print(__doc__)
    sys.exit(2)
