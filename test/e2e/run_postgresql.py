#!/usr/bin/env python3
"""End-to-end test of examples/postgresql: a real OpenTofu (or Terraform)
binary drives the provider against a real, throwaway PostgreSQL 15 server.

    run_postgresql.py --cli PATH --provider PATH [--protocol 6|5] [--scenario NAME ...]

Every scenario gets a server of its own (test/e2e/pg_server.py: initdb in a
temporary directory, a free port, the Unix socket in that directory) and a
working directory of its own, the provider installed by `init` from a
filesystem mirror as tfpp/postgresql 0.1.0. What the CLI reports is checked,
and what the server holds is checked too, by psql queries on pg_catalog.

Scenarios (all by default; --scenario picks some, --list names them):

  lifecycle        each resource: create, empty plan, in-place update,
                   replacement, destroy; nothing left
  injection        names with quotes, semicolons and spaces; a table that
                   an injected DROP would remove survives
  scale            50 roles, 10 databases, 100 grants in one apply
                   (-parallelism=10), an empty plan, destroy; wall times
  drift            changes made with psql are planned back and repaired; a
                   role dropped by hand is planned for creation
  import           objects made with psql imported (import blocks, the
                   import command, and identities with OpenTofu)
  generate         import blocks alone, `plan -generate-config-out`: the
                   generated configuration imports without change (from
                   Terraform 1.14 the provider writes it: no defaults, no
                   owner that is the provider's own role)
  partial_failure  an apply that creates a role and fails on a grant keeps
                   the role in the state
  function         provider::postgresql::quote_ident against the server's own
  data_sources     postgresql_role and postgresql_schemas
  server_stopped   the server stopped before and during an apply: clear
                   errors, consistent state, convergence once it is back
  interrupted      SIGINT while the provider waits on a row lock, and an
                   update timeout that expires: the CLI exits promptly and
                   nothing is left waiting on the server

Every command, every psql query and their output are printed.
"""

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pg_server import PostgresServer, PsqlError  # noqa: E402

VERSION = "0.1.0"
SOURCE = "tfpp/postgresql"

# What the CLI prints when a provider crashes or stops answering: never
# acceptable, not even in the scenarios where the apply fails.
CRASH_TEXT = re.compile(r"(?i)plugin exited|plugin did not respond|panic:|crash|rpc error: code = Unavailable|"
                        r"unexpected EOF|The plugin encountered an error|SIGSEGV|core dumped")
CONNECTION_ERROR = re.compile(r"(?i)connection refused|could not connect|connection to server|"
                              r"no such file or directory|server closed the connection|terminating connection|"
                              r"connection (was )?(lost|closed|reset)|is the server running")


class Failure(Exception):
    pass


def check(cond, message):
    if not cond:
        raise Failure(message)


def flat(text):
    """The CLI wraps long messages: compare with whitespace collapsed."""
    return " ".join(text.split())


def hcl(s):
    """A string as an HCL literal: quotes and backslashes escaped, and no
    template interpolation."""
    return json.dumps(s, ensure_ascii=False).replace("${", "$${").replace("%{", "%%{")


def hcl_list(items):
    return "[" + ", ".join(hcl(i) for i in items) + "]"


def version_tuple(text):
    m = re.search(r"v?(\d+)\.(\d+)\.(\d+)", text)
    return tuple(int(x) for x in m.groups()) if m else (0, 0, 0)


def plan_counts(out):
    """{"import": n, "add": n, "change": n, "destroy": n} from a plan's summary line, or all 0 for no changes."""
    m = re.search(r"Plan: (?:(\d+) to import, )?(\d+) to add, (\d+) to change, (\d+) to destroy", out)
    if not m:
        check("No changes" in out, "the plan has neither a summary line nor 'No changes'")
        return {"import": 0, "add": 0, "change": 0, "destroy": 0}
    return {"import": int(m.group(1) or 0), "add": int(m.group(2)), "change": int(m.group(3)),
            "destroy": int(m.group(4))}


def expect_counts(out, **expected):
    counts = plan_counts(out)
    for k, v in expected.items():
        check(counts[k] == v, f"the plan has {counts[k]} to {k}, expected {v}: {counts}")
    return counts


def no_crash(out):
    m = CRASH_TEXT.search(out)
    check(not m, f"the CLI reports a crashed or vanished provider: {m.group(0) if m else ''!r}")


# --- the server, through psql


class Db:
    """psql queries on the scenario's server, each printed with its result."""

    def __init__(self, pg):
        self.pg = pg

    def q(self, sql, database="postgres", quiet=False, **kw):
        if not quiet:
            print(f"\npsql[{database}]> {sql.strip()}", flush=True)
        try:
            out = self.pg.psql(sql, database=database, **kw)
        except PsqlError as e:
            print(e.stderr.rstrip(), flush=True)
            raise Failure(f"psql failed: {e.stderr.strip()}")
        if not quiet and out:
            print(out, flush=True)
        return out

    def json(self, sql, database="postgres", quiet=False):
        """The rows of `sql` as a list of dicts (names of any kind survive)."""
        out = self.q(f"select coalesce(json_agg(t), '[]') from ({sql}) t", database, quiet=quiet)
        return json.loads(out)

    @staticmethod
    def lit(s):
        return "'" + s.replace("'", "''") + "'"

    @staticmethod
    def ident(s):
        return '"' + s.replace('"', '""') + '"'

    def role(self, name):
        rows = self.json("select rolname, rolcanlogin as login, rolsuper as superuser, rolcreatedb as create_database, "
                         "rolcreaterole as create_role, rolconnlimit as connection_limit, "
                         "to_char(rolvaliduntil at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') as valid_until "
                         f"from pg_roles where rolname = {self.lit(name)}")
        return rows[0] if rows else None

    def roles_like(self, pattern):
        return [r["rolname"] for r in self.json(
            f"select rolname from pg_roles where rolname like {self.lit(pattern)} order by rolname")]

    def member_of(self, name):
        return [r["rolname"] for r in self.json(
            "select g.rolname from pg_auth_members m join pg_roles r on r.oid = m.member "
            f"join pg_roles g on g.oid = m.roleid where r.rolname = {self.lit(name)} order by 1")]

    def database(self, name):
        rows = self.json("select datname, pg_get_userbyid(datdba) as owner, datconnlimit as connection_limit, "
                         "pg_encoding_to_char(encoding) as encoding, datallowconn as allow_connections "
                         f"from pg_database where datname = {self.lit(name)}")
        return rows[0] if rows else None

    def databases_like(self, pattern):
        return [r["datname"] for r in self.json(
            f"select datname from pg_database where datname like {self.lit(pattern)} order by datname")]

    def schema(self, database, name):
        rows = self.json("select nspname, pg_get_userbyid(nspowner) as owner from pg_namespace "
                         f"where nspname = {self.lit(name)}", database)
        return rows[0] if rows else None

    def _acl(self, rows):
        acl = {}
        for r in rows:
            acl.setdefault(r["grantee"], []).append(r["privilege"] + ("*" if r["grantable"] else ""))
        return {k: sorted(v) for k, v in acl.items()}

    def database_acl(self, name):
        """{grantee: sorted privileges ("X*" with grant option)} from datacl."""
        return self._acl(self.json(
            "select coalesce(g.rolname, 'public') as grantee, a.privilege_type as privilege, a.is_grantable as grantable "
            "from pg_database d cross join lateral aclexplode(d.datacl) a left join pg_roles g on g.oid = a.grantee "
            f"where d.datname = {self.lit(name)}"))

    def schema_acl(self, database, name):
        return self._acl(self.json(
            "select coalesce(g.rolname, 'public') as grantee, a.privilege_type as privilege, a.is_grantable as grantable "
            "from pg_namespace n cross join lateral aclexplode(n.nspacl) a left join pg_roles g on g.oid = a.grantee "
            f"where n.nspname = {self.lit(name)}", database))

    def table_acl(self, database, schema, table):
        return self._acl(self.json(
            "select coalesce(g.rolname, 'public') as grantee, a.privilege_type as privilege, a.is_grantable as grantable "
            "from pg_class c join pg_namespace n on n.oid = c.relnamespace "
            "cross join lateral aclexplode(c.relacl) a left join pg_roles g on g.oid = a.grantee "
            f"where n.nspname = {self.lit(schema)} and c.relname = {self.lit(table)}", database))

    def lock_waiters(self):
        """Backends waiting for a lock (the provider's blocked statement)."""
        return self.json("select a.pid, a.application_name, a.query from pg_stat_activity a "
                         "where a.wait_event_type = 'Lock'", quiet=True)


# --- the CLI


class Shared:
    """What all scenarios share: the filesystem mirror and the CLI config."""

    def __init__(self, args, root):
        self.args = args
        self.root = root
        mirror = os.path.join(root, "mirror")
        for host in ("registry.opentofu.org", "registry.terraform.io"):
            d = os.path.join(mirror, host, *SOURCE.split("/"), VERSION, "linux_amd64")
            os.makedirs(d, exist_ok=True)
            target = os.path.join(d, "terraform-provider-postgresql_v" + VERSION)
            try:
                os.link(args.provider, target)  # no copy of a large binary when on the same filesystem
            except OSError:
                shutil.copy2(args.provider, target)
        self.cli_config = os.path.join(root, "cli.tfrc")
        with open(self.cli_config, "w") as f:
            f.write('provider_installation {\n  filesystem_mirror {\n    path = "%s"\n  }\n}\n' % mirror)
        # The caller's TF_* settings (a missing TF_CLI_CONFIG_FILE prints a warning first) stay out.
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "PLUGIN_"))}
        out = subprocess.run([args.cli, "version"], capture_output=True, text=True,
                             env={**env, "CHECKPOINT_DISABLE": "1"}).stdout
        lines = [l for l in out.splitlines() if re.match(r"(OpenTofu|Terraform) v\d", l)]
        check(lines, f"{args.cli} version printed no version: {out!r}")
        self.cli_version = lines[0].strip()
        self.opentofu = self.cli_version.startswith("OpenTofu")
        v = version_tuple(self.cli_version)
        # write-only attributes: OpenTofu 1.11, Terraform 1.11; resource identity: both 1.12
        self.write_only = v >= (1, 11, 0)
        self.identity = v >= (1, 12, 0)
        # GenerateResourceConfig: Terraform 1.14; OpenTofu generates configuration itself
        self.provider_generates = not self.opentofu and v >= (1, 14, 0)


class Workspace:
    def __init__(self, shared, name, pg, transport):
        self.shared = shared
        self.args = shared.args
        self.pg = pg
        self.db = Db(pg)
        self.transport = transport
        self.root = os.path.join(shared.root, name)
        self.work = os.path.join(self.root, "work")
        self.log = os.path.join(self.root, "cli.log")
        os.makedirs(self.work)
        self.env = {k: v for k, v in os.environ.items()
                    if not (k.startswith("TF_") or k.startswith("PLUGIN_") or k.startswith("PG"))}
        self.env.update({
            "TF_IN_AUTOMATION": "1",
            "CHECKPOINT_DISABLE": "1",
            "TF_CLI_CONFIG_FILE": shared.cli_config,
            "TF_LOG_PROVIDER": "DEBUG",  # the provider's statements, which must never show a password
            "TF_LOG_PATH": self.log,
            "TFPP_PROTOCOL_VERSIONS": str(self.args.protocol),
            "HOME": self.root,
            # the provider reads its password from libpq's environment
            "PGPASSWORD": pg.password,
        })
        self.initialized = False

    # main.tf

    def provider_block(self, transport=None, extra=""):
        transport = transport or self.transport
        host = "127.0.0.1" if transport == "tcp" else self.pg.host
        return (f'provider "postgresql" {{\n  host     = {hcl(host)}\n  port     = {self.pg.port}\n'
                f'  username = {hcl(self.pg.superuser)}\n{extra}}}\n')

    def write(self, body, transport=None, provider_extra="", provider=None):
        """main.tf: the provider from the mirror, its configuration (the
        scenario's transport, the password from PGPASSWORD), then body."""
        provider = provider if provider is not None else self.provider_block(transport, provider_extra)
        text = f'''terraform {{
  required_providers {{
    postgresql = {{
      source  = "{SOURCE}"
      version = "{VERSION}"
    }}
  }}
}}

{provider}
{body}'''
        path = os.path.join(self.work, "main.tf")
        with open(path, "w") as f:
            f.write(text)
        # aligned as a person would write it (a syntax error shows in the next command)
        subprocess.run([self.args.cli, "fmt", "-no-color", path], cwd=self.work, env=self.env,
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
        with open(path) as f:
            print("\n--- main.tf\n" + f.read().rstrip() + "\n---", flush=True)

    # commands

    def cmdline(self, cli_args):
        return [self.args.cli, *cli_args, "-no-color"]

    def run(self, *cli_args, expect=(0,), timeout=300, quiet=False):
        if not self.initialized and cli_args[0] not in ("init", "version"):
            self.init()
        print("\n$ " + " ".join([os.path.basename(self.args.cli), *cli_args]), flush=True)
        start = time.monotonic()
        p = subprocess.run(self.cmdline(cli_args), cwd=self.work, env=self.env, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=timeout)
        out = p.stdout + p.stderr
        elapsed = time.monotonic() - start
        if not quiet:
            print(out.rstrip(), flush=True)
        print(f"[exit {p.returncode}, {elapsed:.2f}s]", flush=True)
        no_crash(out)
        check(p.returncode in expect, f"{' '.join(cli_args)} exited {p.returncode}, expected {expect}")
        self.last_elapsed = elapsed
        return p.returncode, out

    def init(self):
        self.initialized = True
        _, out = self.run("init", "-input=false")
        check(SOURCE in out, f"init did not install {SOURCE}")

    def start(self, *cli_args):
        """The CLI in the background, in a session of its own (a Ctrl-C
        reaches its whole process group, the provider included), its output
        in a file: (process, output path)."""
        if not self.initialized:
            self.init()
        print("\n$ " + " ".join([os.path.basename(self.args.cli), *cli_args]) + " &", flush=True)
        path = os.path.join(self.root, f"background-{time.monotonic_ns()}.out")
        with open(path, "w") as out:
            p = subprocess.Popen(self.cmdline(cli_args), cwd=self.work, env=self.env, stdin=subprocess.DEVNULL,
                                 stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        p.started = time.monotonic()
        return p, path

    def finish(self, p, path, timeout):
        """Waits for a background CLI; its exit code and output (printed)."""
        try:
            code = p.wait(timeout=timeout)
        finally:
            with open(path) as f:
                out = f.read()
            print(out.rstrip(), flush=True)
        print(f"[exit {code}, {time.monotonic() - p.started:.2f}s since start]", flush=True)
        no_crash(out)
        return code, out

    # state

    def show(self):
        _, out = self.run("show", "-json", quiet=True)
        return json.loads(out[: out.rindex("}") + 1])

    def resources(self):
        """{address: values} of the managed resources in the state."""
        state = self.show()
        found = {}

        def walk(module):
            for r in module.get("resources", []):
                if r.get("mode") == "managed":
                    found[r["address"]] = r["values"]
            for child in module.get("child_modules", []):
                walk(child)
        walk(state.get("values", {}).get("root_module", {}))
        return found

    def outputs(self):
        _, out = self.run("output", "-json")
        return {k: v["value"] for k, v in json.loads(out[: out.rindex("}") + 1]).items()}

    def state_list(self):
        _, out = self.run("state", "list", expect=(0, 1))
        return sorted(line.strip() for line in out.splitlines()
                      if re.match(r"^(data\.)?postgresql_\w+\.", line.strip()))

    def state_file(self):
        path = os.path.join(self.work, "terraform.tfstate")
        with open(path) as f:
            return f.read()

    def stored_instance(self, address):
        """The instance as the state file holds it, identity included."""
        state = json.loads(self.state_file())
        kind, name = address.split(".")[:2]
        for r in state.get("resources", []):
            if r.get("mode") == "managed" and r.get("type") == kind and r.get("name") == name:
                return r["instances"][0]
        raise Failure(f"{address} is not in the state file")

    def plan_empty(self):
        _, out = self.run("plan", "-detailed-exitcode", expect=(0,))
        return out

    def check_protocol(self):
        """The provider's own log line says which protocol major served."""
        if not os.path.exists(self.log):
            return
        with open(self.log, errors="replace") as f:
            log = f.read()
        served = set(re.findall(r"tf_proto_version=(\d)", log))
        check(served == {str(self.args.protocol)},
              f"provider served protocol(s) {sorted(served)}, expected {self.args.protocol}")


# --- scenarios

SCENARIOS = {}
# Scenarios whose outcome depends on the CLI's side too (its plan rendering,
# import and generated configuration, functions, data sources, signals and
# partial state): every CLI and protocol runs them. The others test the
# provider's own dealings with the server (escaping, scale, drift, a stopped
# server); one run (OpenTofu over protocol 6) covers those.
CLI_FACING = set()


def scenario(name, transport, cli_facing=True):
    def register(f):
        SCENARIOS[name] = (f, transport)
        if cli_facing:
            CLI_FACING.add(name)
        return f
    return register


@scenario("lifecycle", "socket")
def lifecycle(ws):
    """Each resource through create, an empty plan, in-place updates,
    replacement and destroy, with the server checked after each step."""
    db = ws.db
    wo = ws.shared.write_only
    identity = ws.shared.identity and ws.args.protocol == 6
    secret1, secret2 = "app-Secret-1'x", "app-Secret-2\"y"

    def config(step):
        app_password = ""
        if wo:
            pw, version = (secret1, 1) if step < 2 else (secret2, 2)
            app_password = f"  password_wo         = {hcl(pw)}\n  password_wo_version = {version}\n"
        owner_name = "lc_owner" if step < 4 else "lc_owner_renamed"
        schema_name = "lc_schema" if step < 4 else "lc_schema_renamed"
        db_name = "lc_db" if step < 5 else "lc_db_renamed"
        app = {
            1: '  login            = true\n  connection_limit = 10\n  valid_until      = "2031-01-01T00:00:00Z"\n',
        }.get(step, '  login            = true\n  connection_limit = 20\n  valid_until      = "2032-06-30T12:00:00Z"\n'
                    '  roles            = [postgresql_role.group.name]\n')
        database = (f'  owner            = postgresql_role.owner.name\n  connection_limit = 5\n' if step == 1 else
                    '  owner            = postgresql_role.group.name\n  connection_limit = 7\n')
        if step == 1:
            schema = ('  owner    = postgresql_role.owner.name\n'
                      '  policy {\n    role       = postgresql_role.app.name\n    privileges = ["USAGE"]\n  }\n')
        else:
            schema = ('  owner    = postgresql_role.other.name\n'
                      '  policy {\n    role       = postgresql_role.app.name\n    privileges = ["CREATE", "USAGE"]\n  }\n'
                      '  policy {\n    role       = postgresql_role.group.name\n    privileges = ["USAGE"]\n  }\n')
        connect = '["CONNECT"]' if step == 1 else '["CONNECT", "TEMPORARY"]'
        grant_option = "false" if step == 1 else "true"
        tables = ""
        if step in (3, 3.5):
            privileges = '["SELECT"]' if step == 3 else '["INSERT", "SELECT"]'
            tables = f'''
resource "postgresql_grant" "tables" {{
  database    = postgresql_database.db.name
  role        = postgresql_role.app.name
  object_type = "table"
  schema      = postgresql_schema.s.name
  objects     = ["t1", "t2"]
  privileges  = {privileges}
}}
'''
        return f'''resource "postgresql_role" "owner" {{
  name = "{owner_name}"
}}

resource "postgresql_role" "other" {{
  name = "lc_other"
}}

resource "postgresql_role" "group" {{
  name = "lc_group"
}}

resource "postgresql_role" "app" {{
  name             = "lc_app"
{app}{app_password}}}

resource "postgresql_database" "db" {{
  name             = "{db_name}"
{database}}}

resource "postgresql_schema" "s" {{
  name     = "{schema_name}"
  database = postgresql_database.db.name
{schema}}}

resource "postgresql_grant" "connect" {{
  database    = postgresql_database.db.name
  role        = postgresql_role.app.name
  object_type = "database"
  privileges  = {connect}
}}

resource "postgresql_grant" "public_schema" {{
  database          = postgresql_database.db.name
  role              = postgresql_role.app.name
  object_type       = "schema"
  schema            = "public"
  privileges        = ["CREATE", "USAGE"]
  with_grant_option = {grant_option}
}}
{tables}'''

    # create
    ws.write(config(1))
    _, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    expect_counts(out, add=8, change=0, destroy=0)
    check(re.search(r'\+ connection_limit\s+= -1', out), "the default connection_limit (-1) is not planned")
    check(re.search(r'\+ encoding\s+= "UTF8"', out), "the default encoding is not planned")
    ws.run("apply", "-auto-approve")
    app = db.role("lc_app")
    check(app and app["login"] and app["connection_limit"] == 10 and not app["superuser"],
          f"lc_app on the server: {app}")
    check(app["valid_until"] == "2031-01-01T00:00:00Z", f"valid_until on the server: {app['valid_until']}")
    owner = db.role("lc_owner")
    check(owner and not owner["login"] and owner["connection_limit"] == -1, f"lc_owner on the server: {owner}")
    d = db.database("lc_db")
    check(d and d["owner"] == "lc_owner" and d["connection_limit"] == 5 and d["encoding"] == "UTF8",
          f"lc_db on the server: {d}")
    s = db.schema("lc_db", "lc_schema")
    check(s and s["owner"] == "lc_owner", f"lc_schema on the server: {s}")
    check(db.schema_acl("lc_db", "lc_schema").get("lc_app") == ["USAGE"], "the schema policy is not granted")
    check(db.database_acl("lc_db").get("lc_app") == ["CONNECT"], "CONNECT is not granted")
    check(db.schema_acl("lc_db", "public").get("lc_app") == ["CREATE", "USAGE"], "the public schema grant is missing")
    if wo:
        check(db.q("select current_user", tcp=True, user="lc_app", password=secret1) == "lc_app",
              "lc_app cannot log in with its write-only password")
        check(secret1 not in ws.state_file(), "the write-only password is in the state")
        with open(ws.log, errors="replace") as f:
            log = f.read()
        check("running ALTER ROLE" in log and "tf_req_id=" in log,
              "the provider's statements, with their request fields, are not in the debug log")
        for secret in ("app-Secret-1", "SCRAM-SHA-256$"):
            check(secret not in log, f"the debug log shows {secret!r}: the password or its hash")
    r = ws.resources()
    check(r["postgresql_grant.connect"]["id"] == "lc_db/lc_app/database",
          f"the database grant's id: {r['postgresql_grant.connect']['id']}")
    check(r["postgresql_grant.public_schema"]["id"] == "lc_db/lc_app/schema/public",
          f"the schema grant's id: {r['postgresql_grant.public_schema']['id']}")
    check(r["postgresql_database.db"]["owner"] == "lc_owner" and r["postgresql_schema.s"]["database"] == "lc_db",
          "owner or database not in the state")
    check(r["postgresql_role.app"].get("password_wo") is None, "the state holds password_wo")
    if identity:
        for address, expected in (("postgresql_role.app", {"name": "lc_app"}),
                                  ("postgresql_database.db", {"name": "lc_db"}),
                                  ("postgresql_schema.s", {"database": "lc_db", "name": "lc_schema"}),
                                  ("postgresql_grant.public_schema", {"id": "lc_db/lc_app/schema/public"})):
            stored = ws.stored_instance(address).get("identity")
            check(stored == expected, f"{address}'s identity in the state: {stored}, expected {expected}")
    ws.plan_empty()

    # in-place updates: role (limit, membership, valid_until, password), database (limit, owner),
    # schema (owner, policies), grants (privileges, grant option)
    ws.write(config(2))
    _, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    expect_counts(out, add=0, change=5, destroy=0)
    check("forces replacement" not in out, "an in-place change is planned as a replacement")
    ws.run("apply", "-auto-approve")
    app = db.role("lc_app")
    check(app["connection_limit"] == 20 and app["valid_until"] == "2032-06-30T12:00:00Z", f"lc_app: {app}")
    check(db.member_of("lc_app") == ["lc_group"], f"lc_app is a member of {db.member_of('lc_app')}")
    d = db.database("lc_db")
    check(d["owner"] == "lc_group" and d["connection_limit"] == 7, f"lc_db after the update: {d}")
    check(db.schema("lc_db", "lc_schema")["owner"] == "lc_other", "the schema's owner did not change")
    acl = db.schema_acl("lc_db", "lc_schema")
    check(acl.get("lc_app") == ["CREATE", "USAGE"] and acl.get("lc_group") == ["USAGE"], f"schema ACL: {acl}")
    check(db.database_acl("lc_db").get("lc_app") == ["CONNECT", "TEMPORARY"], "TEMPORARY was not granted")
    check(db.schema_acl("lc_db", "public").get("lc_app") == ["CREATE*", "USAGE*"],
          "with_grant_option was not applied to the public schema grant")
    if wo:
        check(db.q("select current_user", tcp=True, user="lc_app", password=secret2) == "lc_app",
              "the new write-only password does not work")
        try:
            ws.pg.psql("select 1", tcp=True, user="lc_app", password=secret1)
            raise Failure("the old password still works after password_wo_version changed")
        except PsqlError:
            pass
    ws.plan_empty()

    # grants on tables made by hand: create, then a change of privileges in place
    db.q("create table lc_schema.t1 (i int); create table lc_schema.t2 (i int); create table lc_schema.t3 (i int)",
         "lc_db")
    ws.write(config(3))
    ws.run("apply", "-auto-approve")
    for t in ("t1", "t2"):
        check(db.table_acl("lc_db", "lc_schema", t).get("lc_app") == ["SELECT"], f"SELECT on {t} not granted")
    check("lc_app" not in db.table_acl("lc_db", "lc_schema", "t3"), "a table not listed got privileges")
    check(ws.resources()["postgresql_grant.tables"]["id"] == "lc_db/lc_app/table/lc_schema/t1,t2",
          f"the table grant's id: {ws.resources()['postgresql_grant.tables']['id']}")
    ws.plan_empty()
    ws.write(config(3.5))
    _, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    expect_counts(out, add=0, change=1, destroy=0)
    ws.run("apply", "-auto-approve")
    for t in ("t1", "t2"):
        check(db.table_acl("lc_db", "lc_schema", t).get("lc_app") == ["INSERT", "SELECT"], f"INSERT on {t} not granted")
    ws.plan_empty()
    # a grant removed from the configuration is revoked
    ws.write(config(2))
    ws.run("apply", "-auto-approve")
    for t in ("t1", "t2"):
        check("lc_app" not in db.table_acl("lc_db", "lc_schema", t), f"destroying the grant left privileges on {t}")
    # (the scenarios never rely on DROP SCHEMA ... CASCADE: schemas are emptied by hand before they go)
    db.q("DROP TABLE lc_schema.t1, lc_schema.t2, lc_schema.t3", "lc_db")

    # replacement: a new name for a role and a schema
    ws.write(config(4))
    _, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check("forces replacement" in out, "a new name is not planned as a replacement")
    check(re.search(r"postgresql_role\.owner must be replaced", out) and
          re.search(r"postgresql_schema\.s must be replaced", out), "the role and the schema are not replaced")
    ws.run("apply", "-auto-approve")
    check(db.role("lc_owner") is None and db.role("lc_owner_renamed") is not None, "the role was not replaced")
    check(db.schema("lc_db", "lc_schema") is None, "the old schema still exists")
    s = db.schema("lc_db", "lc_schema_renamed")
    check(s and s["owner"] == "lc_other", f"the new schema: {s}")
    acl = db.schema_acl("lc_db", "lc_schema_renamed")
    check(acl.get("lc_app") == ["CREATE", "USAGE"] and acl.get("lc_group") == ["USAGE"], f"the new schema's ACL: {acl}")
    ws.plan_empty()

    # replacement of the database: its schema and grants follow
    ws.write(config(5))
    _, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check(re.search(r"postgresql_database\.db must be replaced", out), "the database is not replaced")
    ws.run("apply", "-auto-approve")
    check(db.database("lc_db") is None, "the old database still exists")
    d = db.database("lc_db_renamed")
    check(d and d["owner"] == "lc_group" and d["connection_limit"] == 7, f"the new database: {d}")
    check(db.schema("lc_db_renamed", "lc_schema_renamed") is not None, "the schema was not made in the new database")
    check(db.database_acl("lc_db_renamed").get("lc_app") == ["CONNECT", "TEMPORARY"], "grants on the new database")
    ws.plan_empty()

    # destroy
    ws.run("destroy", "-auto-approve")
    check(db.roles_like("lc\\_%") == [], f"roles left: {db.roles_like('lc_%')}")
    check(db.databases_like("lc\\_%") == [], f"databases left: {db.databases_like('lc_%')}")
    check(ws.state_list() == [], "the state is not empty after destroy")


@scenario("injection", "tcp", cli_facing=False)
def injection(ws):
    """Names that would break out of a statement that did not quote them."""
    db = ws.db
    db.q("create table x (i int); insert into x values (42)")
    role = 'a"; DROP TABLE x; --'
    quoted_role = "it's o'brien; DROP TABLE x; --"
    database = 'db "quoted"; DROP TABLE x; -- name'
    schema = "s' ; DROP TABLE x; -- \"q\" with spaces"
    table = 't"; DROP TABLE x; --'
    password = "p'w\"; DROP TABLE x; --\\"
    wo = ws.shared.write_only

    def config(limit, table_grant):
        pw = f"  login               = true\n  password_wo         = {hcl(password)}\n  password_wo_version = 1\n" \
            if wo else "  login = true\n"
        tables = f"""
resource "postgresql_grant" "evil_table" {{
  database    = postgresql_database.evil.name
  role        = postgresql_role.evil.name
  object_type = "table"
  schema      = postgresql_schema.evil.name
  objects     = [{hcl(table)}]
  privileges  = ["SELECT", "DELETE"]
}}
""" if table_grant else ""
        return f"""resource "postgresql_role" "evil" {{
  name             = {hcl(role)}
  connection_limit = {limit}
}}

resource "postgresql_role" "quoted" {{
  name = {hcl(quoted_role)}
{pw}  roles = [postgresql_role.evil.name]
}}

resource "postgresql_database" "evil" {{
  name  = {hcl(database)}
  owner = postgresql_role.evil.name
}}

resource "postgresql_schema" "evil" {{
  name     = {hcl(schema)}
  database = postgresql_database.evil.name
  owner    = postgresql_role.quoted.name
  policy {{
    role       = postgresql_role.evil.name
    privileges = ["USAGE"]
  }}
}}

resource "postgresql_grant" "evil" {{
  database    = postgresql_database.evil.name
  role        = postgresql_role.quoted.name
  object_type = "database"
  privileges  = ["CONNECT", "TEMPORARY"]
}}

resource "postgresql_grant" "evil_public" {{
  database    = postgresql_database.evil.name
  role        = postgresql_role.quoted.name
  object_type = "schema"
  schema      = "public"
  privileges  = ["CREATE"]
}}
{tables}
output "quoted" {{
  value = provider::postgresql::quote_ident(postgresql_role.evil.name)
}}
"""

    def table_x_intact():
        check(db.q("select count(*) from x") == "1", "table x lost its row")

    ws.write(config(2, False))
    ws.run("apply", "-auto-approve")
    table_x_intact()
    r = db.role(role)
    check(r is not None and r["connection_limit"] == 2, f"the role {role!r} on the server: {r}")
    check(db.member_of(quoted_role) == [role], f"membership: {db.member_of(quoted_role)}")
    d = db.database(database)
    check(d is not None and d["owner"] == role, f"the database {database!r}: {d}")
    s = db.schema(database, schema)
    check(s is not None and s["owner"] == quoted_role, f"the schema {schema!r}: {s}")
    check(db.schema_acl(database, schema).get(role) == ["USAGE"], "the schema policy for the role")
    check(db.database_acl(database).get(quoted_role) == ["CONNECT", "TEMPORARY"], "the database grant")
    check(db.schema_acl(database, "public").get(quoted_role) == ["CREATE"], "the public schema grant")
    if wo:
        check(db.q("select current_user", tcp=True, user=quoted_role, password=password) == quoted_role,
              "the password with quotes and a backslash does not work")
    expected_quote = db.q(f"select quote_ident({db.lit(role)})")
    check(ws.outputs()["quoted"] == expected_quote, "quote_ident differs from the server's")
    ws.plan_empty()

    # ALTER ROLE with the name quoted; a grant on a table with an odd name in the odd schema
    db.q(f"CREATE TABLE {db.ident(schema)}.{db.ident(table)} (i int)", database)
    ws.write(config(3, True))
    _, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    expect_counts(out, add=1, change=1, destroy=0)
    ws.run("apply", "-auto-approve")
    check(db.role(role)["connection_limit"] == 3, "ALTER ROLE on the quoted name did not happen")
    check(db.table_acl(database, schema, table).get(role) == ["DELETE", "SELECT"], "the table grant")
    grant_id = ws.resources()["postgresql_grant.evil_table"]["id"]
    print(f"(the table grant's id: {grant_id!r})", flush=True)
    table_x_intact()
    ws.plan_empty()
    ws.write(config(3, False))
    ws.run("apply", "-auto-approve")
    check(role not in db.table_acl(database, schema, table), "the table grant was not revoked")
    db.q(f"DROP TABLE {db.ident(schema)}.{db.ident(table)}", database)

    ws.run("destroy", "-auto-approve")
    check(db.role(role) is None and db.role(quoted_role) is None, "the roles were not dropped")
    check(db.database(database) is None, "the database was not dropped")
    table_x_intact()


# The scale scenario's objects (bench/postgresql/run.py measures the same).
SCALE_RESOURCES = '''locals {
  roles     = [for i in range(50) : format("sc_role_%02d", i)]
  databases = [for i in range(10) : format("sc_db_%02d", i)]
  # 50 grants on databases and 50 on their public schemas: each (database,
  # role, object) once, the roles spread over the databases
  database_grants = { for i in range(50) : "db-${i}" => {
    database   = local.databases[i % 10]
    role       = local.roles[i]
    privileges = i % 2 == 0 ? ["CONNECT"] : ["CONNECT", "TEMPORARY"]
  } }
  schema_grants = { for i in range(50) : "schema-${i}" => {
    database   = local.databases[i % 10]
    role       = local.roles[(i + 25) % 50]
    privileges = i % 3 == 0 ? ["USAGE"] : ["CREATE", "USAGE"]
  } }
}

resource "postgresql_role" "r" {
  for_each         = toset(local.roles)
  name             = each.value
  login            = true
  connection_limit = 3
}

resource "postgresql_database" "d" {
  count            = 10
  name             = local.databases[count.index]
  connection_limit = 20
}

resource "postgresql_grant" "database" {
  for_each    = local.database_grants
  database    = postgresql_database.d[index(local.databases, each.value.database)].name
  role        = postgresql_role.r[each.value.role].name
  object_type = "database"
  privileges  = each.value.privileges
}

resource "postgresql_grant" "schema" {
  for_each    = local.schema_grants
  database    = postgresql_database.d[index(local.databases, each.value.database)].name
  role        = postgresql_role.r[each.value.role].name
  object_type = "schema"
  schema      = "public"
  privileges  = each.value.privileges
}
'''


@scenario("scale", "tcp", cli_facing=False)
def scale(ws):
    """50 roles, 10 databases and 100 grants in one apply, parallel."""
    db = ws.db
    ws.write(SCALE_RESOURCES)
    ws.init()
    times = {}
    _, out = ws.run("apply", "-auto-approve", "-parallelism=10", timeout=900)
    times["apply"] = ws.last_elapsed
    check("Resources: 160 added" in out, "apply did not add 160 resources")

    roles = [f"sc_role_{i:02d}" for i in range(50)]
    databases = [f"sc_db_{i:02d}" for i in range(10)]
    check(db.roles_like("sc\\_role\\_%") == roles, "the 50 roles are not all on the server")
    check(db.databases_like("sc\\_db\\_%") == databases, "the 10 databases are not all on the server")
    check(db.q("select count(*) from pg_roles where rolname like 'sc\\_role\\_%' and rolcanlogin and rolconnlimit = 3")
          == "50", "the roles' attributes are wrong")
    expected_db, expected_schema = {}, {}
    for i in range(50):
        expected_db.setdefault(databases[i % 10], {})[roles[i]] = \
            ["CONNECT"] if i % 2 == 0 else ["CONNECT", "TEMPORARY"]
        expected_schema.setdefault(databases[i % 10], {})[roles[(i + 25) % 50]] = \
            ["USAGE"] if i % 3 == 0 else ["CREATE", "USAGE"]
    found = 0
    for d in databases:
        acl = {k: v for k, v in db.database_acl(d).items() if k.startswith("sc_role_")}
        check(acl == expected_db[d], f"grants on database {d}: {acl}, expected {expected_db[d]}")
        acl = {k: v for k, v in db.schema_acl(d, "public").items() if k.startswith("sc_role_")}
        check(acl == expected_schema[d], f"grants on {d}.public: {acl}, expected {expected_schema[d]}")
        found += len(expected_db[d]) + len(expected_schema[d])
    check(found == 100, f"{found} grants found, expected 100")

    ws.run("plan", "-detailed-exitcode", "-parallelism=10", expect=(0,), timeout=900)
    times["plan"] = ws.last_elapsed
    _, out = ws.run("destroy", "-auto-approve", "-parallelism=10", timeout=900)
    times["destroy"] = ws.last_elapsed
    check("Resources: 160 destroyed" in out, "destroy did not destroy 160 resources")
    check(db.roles_like("sc\\_%") == [], "roles left after destroy")
    check(db.databases_like("sc\\_%") == [], "databases left after destroy")
    print("\nwall times (160 resources, -parallelism=10): " +
          ", ".join(f"{k} {v:.2f}s" for k, v in times.items()), flush=True)


@scenario("drift", "socket", cli_facing=False)
def drift(ws):
    """Changes made behind Terraform's back are planned back and repaired."""
    db = ws.db
    ws.write('''resource "postgresql_role" "app" {
  name             = "dr_app"
  login            = true
  connection_limit = 10
}

resource "postgresql_role" "other" {
  name = "dr_other"
}

resource "postgresql_database" "db" {
  name             = "dr_db"
  connection_limit = 50
}

resource "postgresql_schema" "s" {
  name     = "dr_schema"
  database = postgresql_database.db.name
  policy {
    role       = postgresql_role.app.name
    privileges = ["USAGE"]
  }
}

resource "postgresql_grant" "connect" {
  database    = postgresql_database.db.name
  role        = postgresql_role.app.name
  object_type = "database"
  privileges  = ["CONNECT", "TEMPORARY"]
}
''')
    ws.run("apply", "-auto-approve")
    ws.plan_empty()

    db.q("ALTER ROLE dr_app CONNECTION LIMIT 5")
    db.q("REVOKE TEMPORARY ON DATABASE dr_db FROM dr_app")
    db.q("ALTER DATABASE dr_db CONNECTION LIMIT 3")
    db.q("GRANT CREATE ON SCHEMA dr_schema TO dr_app", "dr_db")
    check(db.database_acl("dr_db").get("dr_app") == ["CONNECT"], "the REVOKE by hand did not happen")

    _, out = ws.run("plan", "-refresh-only", "-detailed-exitcode", expect=(2,))
    check(re.search(r"connection_limit\s+= 10 -> 5", out), "refresh does not show the role's new limit")
    _, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    expect_counts(out, add=0, change=4, destroy=0)
    check(re.search(r"connection_limit\s+= 5 -> 10", out), "the plan does not put the role's limit back")
    check(re.search(r"connection_limit\s+= 3 -> 50", out), "the plan does not put the database's limit back")
    check(re.search(r'\+\s+"TEMPORARY"', out), "the plan does not grant TEMPORARY again")
    ws.run("apply", "-auto-approve")
    check(db.role("dr_app")["connection_limit"] == 10, "the role's limit was not repaired")
    check(db.database("dr_db")["connection_limit"] == 50, "the database's limit was not repaired")
    check(db.database_acl("dr_db").get("dr_app") == ["CONNECT", "TEMPORARY"], "TEMPORARY was not granted again")
    check(db.schema_acl("dr_db", "dr_schema").get("dr_app") == ["USAGE"],
          f"CREATE granted by hand was not revoked: {db.schema_acl('dr_db', 'dr_schema')}")
    ws.plan_empty()

    # a role dropped by hand is planned for creation; a schema dropped by hand too
    db.q("DROP ROLE dr_other")
    db.q("DROP SCHEMA dr_schema", "dr_db")
    _, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    expect_counts(out, add=2, change=0, destroy=0)
    check(re.search(r"postgresql_role\.other will be created", out), "the dropped role is not planned for creation")
    check(re.search(r"postgresql_schema\.s will be created", out), "the dropped schema is not planned for creation")
    ws.run("apply", "-auto-approve")
    check(db.role("dr_other") is not None, "the dropped role was not created again")
    check(db.schema_acl("dr_db", "dr_schema").get("dr_app") == ["USAGE"], "the schema was not made again")
    ws.plan_empty()
    ws.run("destroy", "-auto-approve")
    check(db.roles_like("dr\\_%") == [] and db.databases_like("dr\\_%") == [], "objects left after destroy")


@scenario("import", "tcp")
def import_existing(ws):
    """Objects made with psql are imported; the plan shows the imports and
    nothing else, and is empty afterwards."""
    db = ws.db
    db.q("CREATE ROLE im_owner")
    db.q("CREATE ROLE im_group")
    db.q("CREATE ROLE im_role LOGIN CONNECTION LIMIT 4 CREATEDB VALID UNTIL '2031-01-01 00:00:00+00' IN ROLE im_group")
    db.q("CREATE DATABASE im_db OWNER im_owner TEMPLATE template0 ENCODING 'UTF8' CONNECTION LIMIT 12")
    db.q("GRANT CONNECT ON DATABASE im_db TO im_role")
    db.q("CREATE SCHEMA im_schema AUTHORIZATION im_owner; GRANT USAGE ON SCHEMA im_schema TO im_role; "
         "CREATE TABLE public.t1 (i int); CREATE TABLE public.t2 (i int); "
         "GRANT SELECT, UPDATE ON public.t1, public.t2 TO im_role", "im_db")
    before = {"role": db.role("im_role"), "db": db.database("im_db"), "db_acl": db.database_acl("im_db"),
              "schema_acl": db.schema_acl("im_db", "im_schema"), "t1": db.table_acl("im_db", "public", "t1")}

    # References, as a user writes them: they order the destroy (grants and
    # schemas before the database, the database before its owner).
    resources = '''resource "postgresql_role" "owner" {
  name = "im_owner"
}

resource "postgresql_role" "group" {
  name = "im_group"
}

resource "postgresql_role" "role" {
  name             = "im_role"
  login            = true
  connection_limit = 4
  create_database  = true
  valid_until      = "2031-01-01T00:00:00Z"
  roles            = [postgresql_role.group.name]
}

resource "postgresql_database" "db" {
  name             = "im_db"
  owner            = postgresql_role.owner.name
  connection_limit = 12
}

resource "postgresql_schema" "s" {
  name     = "im_schema"
  database = postgresql_database.db.name
  owner    = postgresql_role.owner.name
  policy {
    role       = postgresql_role.role.name
    privileges = ["USAGE"]
  }
}

resource "postgresql_grant" "connect" {
  database    = postgresql_database.db.name
  role        = postgresql_role.role.name
  object_type = "database"
  privileges  = ["CONNECT"]
}
'''
    imports = '''import {
  to = postgresql_role.owner
  id = "im_owner"
}

import {
  to = postgresql_role.group
  id = "im_group"
}

import {
  to = postgresql_role.role
  id = "im_role"
}

import {
  to = postgresql_database.db
  id = "im_db"
}

import {
  to = postgresql_schema.s
  id = "im_db.im_schema"
}

import {
  to = postgresql_grant.connect
  id = "im_db/im_role/database"
}
'''
    ws.write(resources + "\n" + imports)
    _, out = ws.run("plan", "-detailed-exitcode", expect=(0, 2))
    expect_counts(out, **{"import": 6, "add": 0, "change": 0, "destroy": 0})
    check(not re.search(r"will be updated in-place|must be replaced|will be created", out),
          "the import plan changes something")
    _, out = ws.run("apply", "-auto-approve")
    check("6 imported, 0 added, 0 changed, 0 destroyed" in out, "apply did not just import")
    r = ws.resources()
    check(r["postgresql_role.role"]["connection_limit"] == 4 and r["postgresql_role.role"]["login"] is True,
          f"the imported role: {r['postgresql_role.role']}")
    check(r["postgresql_grant.connect"]["id"] == "im_db/im_role/database", "the imported grant's id")
    check(r["postgresql_schema.s"]["database"] == "im_db" and r["postgresql_schema.s"]["name"] == "im_schema",
          "the imported schema")
    ws.plan_empty()
    ws.write(resources)  # the import blocks gone
    ws.plan_empty()

    # the import command, with the full id of a grant on tables
    table_grant = '''
resource "postgresql_grant" "tables" {
  database    = postgresql_database.db.name
  role        = postgresql_role.role.name
  object_type = "table"
  schema      = "public"
  objects     = ["t1", "t2"]
  privileges  = ["SELECT", "UPDATE"]
}
'''
    ws.write(resources + table_grant)
    _, out = ws.run("import", "postgresql_grant.tables", "im_db/im_role/table/public/t1,t2")
    check("Import successful" in out, "import of the table grant did not succeed")
    r = ws.resources()["postgresql_grant.tables"]
    check(sorted(r["objects"]) == ["t1", "t2"] and sorted(r["privileges"]) == ["SELECT", "UPDATE"],
          f"the imported table grant: {r}")
    ws.plan_empty()

    # identity import (resource identity: OpenTofu 1.12 over protocol 6)
    ident = ""
    if ws.shared.identity and ws.args.protocol == 6:
        db.q("CREATE ROLE im_ident CONNECTION LIMIT 2")
        db.q("CREATE SCHEMA im_ident_schema", "im_db")
        db.q("GRANT USAGE ON SCHEMA im_ident_schema TO im_ident", "im_db")
        ident = '''
resource "postgresql_role" "ident" {
  name             = "im_ident"
  connection_limit = 2
}

resource "postgresql_schema" "ident" {
  name     = "im_ident_schema"
  database = postgresql_database.db.name
  policy {
    role       = postgresql_role.ident.name
    privileges = ["USAGE"]
  }
}

resource "postgresql_grant" "ident" {
  database    = postgresql_database.db.name
  role        = postgresql_role.ident.name
  object_type = "schema"
  schema      = postgresql_schema.ident.name
  privileges  = ["USAGE"]
}
'''
        ws.write(resources + table_grant + ident + '''
import {
  to       = postgresql_role.ident
  identity = { name = "im_ident" }
}

import {
  to       = postgresql_schema.ident
  identity = { database = "im_db", name = "im_ident_schema" }
}

import {
  to       = postgresql_grant.ident
  identity = { id = "im_db/im_ident/schema/im_ident_schema" }
}
''')
        _, out = ws.run("plan", "-detailed-exitcode", expect=(0, 2))
        expect_counts(out, **{"import": 3, "add": 0, "change": 0, "destroy": 0})
        ws.run("apply", "-auto-approve")
        check(ws.stored_instance("postgresql_role.ident").get("identity") == {"name": "im_ident"},
              "the role's identity is not in the state")
        check(ws.stored_instance("postgresql_schema.ident").get("identity") ==
              {"database": "im_db", "name": "im_ident_schema"}, "the schema's identity is not in the state")
        r = ws.resources()
        check(r["postgresql_role.ident"]["connection_limit"] == 2, "the role imported by identity was not read")
        check(r["postgresql_schema.ident"]["owner"] == ws.pg.superuser, "the schema imported by identity")
        check(r["postgresql_grant.ident"]["privileges"] == ["USAGE"], "the grant imported by identity was not read")
        ws.write(resources + table_grant + ident)
        ws.plan_empty()
    else:
        print(f"\n(import by identity skipped: {ws.shared.cli_version}, protocol {ws.args.protocol})", flush=True)

    after = {"role": db.role("im_role"), "db": db.database("im_db"), "db_acl": db.database_acl("im_db"),
             "schema_acl": db.schema_acl("im_db", "im_schema"), "t1": db.table_acl("im_db", "public", "t1")}
    check(before == after, f"importing changed the server: {before} -> {after}")

    ws.run("destroy", "-auto-approve")
    check(db.roles_like("im\\_%") == [], f"roles left: {db.roles_like('im_%')}")
    check(db.databases_like("im\\_%") == [], "the database is left")


@scenario("generate", "tcp")
def generate(ws):
    """Objects made with psql, import blocks alone: `plan
    -generate-config-out` writes their configuration, which imports them
    with no change and plans empty afterwards."""
    db = ws.db
    db.q("CREATE ROLE gen_owner")
    db.q("CREATE ROLE gen_login LOGIN CONNECTION LIMIT 3")
    db.q("CREATE DATABASE gen_mine TEMPLATE template0 ENCODING 'UTF8'")  # owned by the provider's role
    db.q("CREATE DATABASE gen_theirs OWNER gen_owner TEMPLATE template0 ENCODING 'UTF8' CONNECTION LIMIT 7")
    ws.write("".join(f'import {{\n  to = {to}\n  id = "{id}"\n}}\n\n' for to, id in (
        ("postgresql_role.owner", "gen_owner"), ("postgresql_role.login", "gen_login"),
        ("postgresql_database.mine", "gen_mine"), ("postgresql_database.theirs", "gen_theirs"))))
    _, out = ws.run("plan", "-generate-config-out=generated.tf", "-detailed-exitcode", expect=(0, 2))
    expect_counts(out, **{"import": 4, "add": 0, "change": 0, "destroy": 0})
    with open(os.path.join(ws.work, "generated.tf")) as f:
        text = f.read()
    print("\n--- generated.tf\n" + text.rstrip() + "\n---", flush=True)

    def block(address):
        kind, name = address.split(".")
        m = re.search(r'resource "%s" "%s" \{\n(.*?)\n\}' % (kind, name), text, re.S)
        check(m, f"generated.tf has no block for {address}")
        return {k: v for k, v in re.findall(r"^\s*(\w+)\s*=\s*(.*?)\s*$", m.group(1), re.M)}

    theirs, mine, login = block("postgresql_database.theirs"), block("postgresql_database.mine"), \
        block("postgresql_role.login")
    check(theirs.get("owner") == '"gen_owner"' and theirs.get("connection_limit") == "7",
          f"the database's owner or limit is not in the generated configuration: {theirs}")
    check(login.get("login") == "true" and login.get("connection_limit") == "3", f"the role: {login}")
    if ws.shared.provider_generates:
        # the provider's GenerateResourceConfig: no values equal to their
        # defaults, and the hook left out the provider's own role
        check("owner" not in mine, f"the owner of gen_mine is the provider's role, yet generated: {mine}")
        for name in ("encoding", "template", "allow_connections"):
            check(name not in theirs, f"{name} equals its default, yet generated: {theirs}")
        check("superuser" not in login and "create_role" not in login, f"defaults generated for the role: {login}")
    else:
        print(f"\n({ws.shared.cli_version} generates configuration itself, not with the provider)", flush=True)

    ws.run("apply", "-auto-approve")
    ws.write("")  # the import blocks done with, generated.tf stays as the configuration
    ws.plan_empty()
    check(db.database("gen_mine")["owner"] == ws.pg.superuser, "the import changed gen_mine's owner")
    # the generated blocks do not reference each other: the database goes before its owner
    ws.run("destroy", "-auto-approve", "-target=postgresql_database.theirs")
    ws.run("destroy", "-auto-approve")
    check(db.roles_like("gen\\_%") == [], f"roles left: {db.roles_like('gen_%')}")
    check(db.databases_like("gen\\_%") == [], "databases left")


@scenario("partial_failure", "socket")
def partial_failure(ws):
    """One apply creates a role, then fails on a grant for it on a table
    that does not exist: the role is kept, in the state and on the server."""
    db = ws.db
    ws.write('''resource "postgresql_role" "pf" {
  name = "pf_role"
}

resource "postgresql_grant" "on_absent_table" {
  database    = "postgres"
  role        = postgresql_role.pf.name
  object_type = "table"
  schema      = "public"
  objects     = ["no_such_table"]
  privileges  = ["SELECT"]
}
''')
    _, out = ws.run("apply", "-auto-approve", expect=(1,))
    check("no_such_table" in flat(out) and re.search(r"(?i)does not exist|not found|no such|missing", flat(out)),
          "the error does not say the table does not exist")
    check(db.role("pf_role") is not None, "the role is not on the server")
    listed = ws.state_list()
    check("postgresql_role.pf" in listed, f"the role is not in the state: {listed}")
    _, shown = ws.run("show")
    if "postgresql_grant.on_absent_table" in listed:
        check("tainted" in shown, "a failed grant is in the state without being tainted")

    db.q("CREATE TABLE public.no_such_table (i int)")
    _, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    expect_counts(out, add=1, change=0)
    ws.run("apply", "-auto-approve")
    check(db.table_acl("postgres", "public", "no_such_table").get("pf_role") == ["SELECT"], "SELECT not granted")
    ws.plan_empty()
    ws.run("destroy", "-auto-approve")
    check(db.role("pf_role") is None, "the role is left")


@scenario("function", "socket")
def function(ws):
    """provider::postgresql::quote_ident quotes as the server's quote_ident does."""
    db = ws.db
    names = {"q": "my table", "plain": "plain", "inner_quote": 'a"b', "upper": "Upper", "digit": "1abc",
             "underscore": "_ok_1", "unicode": "naïve", "keyword": "select"}
    ws.write("".join(f'output "{k}" {{\n  value = provider::postgresql::quote_ident({hcl(v)})\n}}\n\n'
                     for k, v in names.items()))
    ws.run("apply", "-auto-approve")
    got = ws.outputs()
    check(got["q"] == '"my table"', f'quote_ident("my table") gave {got["q"]!r}')
    check(got["plain"] == "plain", f'quote_ident("plain") gave {got["plain"]!r}')
    check(got["inner_quote"] == '"a""b"', f'quote_ident(\'a"b\') gave {got["inner_quote"]!r}')
    for k, v in names.items():
        server = db.q(f"select quote_ident({db.lit(v)})")
        check(got[k] == server, f"quote_ident({v!r}): the provider gives {got[k]!r}, the server {server!r}")


@scenario("data_sources", "tcp")
def data_sources(ws):
    """postgresql_role reads a role made by psql; postgresql_schemas lists
    schemas. The password comes from the configuration here, not PGPASSWORD."""
    db = ws.db
    db.q("CREATE ROLE ds_group")
    db.q("CREATE ROLE ds_role LOGIN CREATEDB CONNECTION LIMIT 7 VALID UNTIL '2030-01-01 00:00:00+00' IN ROLE ds_group")
    db.q("CREATE SCHEMA ds_a; CREATE SCHEMA ds_b; CREATE SCHEMA other_c")
    db.q("CREATE DATABASE ds_db")
    db.q("CREATE SCHEMA ds_elsewhere", "ds_db")
    del ws.env["PGPASSWORD"]
    ws.env["TF_VAR_pg_password"] = ws.pg.password
    provider = ws.provider_block(extra='  password = var.pg_password\n  database = "postgres"\n  sslmode  = "disable"\n'
                                       '  connect_timeout = 10\n  max_connections = 2\n')
    ws.write('''variable "pg_password" {
  type      = string
  sensitive = true
}

data "postgresql_role" "r" {
  name = "ds_role"
}

data "postgresql_schemas" "default" {}

data "postgresql_schemas" "like" {
  like = "ds_%"
}

data "postgresql_schemas" "system" {
  include_system_schemas = true
}

data "postgresql_schemas" "elsewhere" {
  database = "ds_db"
}

output "role" {
  value = data.postgresql_role.r
}

output "default" {
  value = data.postgresql_schemas.default.schemas
}

output "like" {
  value = data.postgresql_schemas.like.schemas
}

output "system" {
  value = data.postgresql_schemas.system.schemas
}

output "elsewhere" {
  value = data.postgresql_schemas.elsewhere.schemas
}
''', provider=provider)
    ws.run("apply", "-auto-approve")
    out = ws.outputs()
    role = out["role"]
    check(role["login"] is True and role["create_database"] is True and role["superuser"] is False
          and role["create_role"] is False and role["connection_limit"] == 7, f"the role read: {role}")
    check(sorted(role["roles"]) == ["ds_group"], f"the role's memberships: {role['roles']}")
    check(role["valid_until"] and role["valid_until"].startswith("2030-01-01"), f"valid_until: {role['valid_until']}")
    check(out["default"] == ["ds_a", "ds_b", "other_c", "public"], f"schemas: {out['default']}")
    check(out["like"] == ["ds_a", "ds_b"], f"schemas like ds_%: {out['like']}")
    check("pg_catalog" in out["system"] and "information_schema" in out["system"] and "ds_a" in out["system"],
          f"schemas with the system ones: {out['system']}")
    check(out["system"] == sorted(out["system"]), "the schemas are not sorted")
    check(out["elsewhere"] == ["ds_elsewhere", "public"], f"schemas of ds_db: {out['elsewhere']}")
    ws.plan_empty()

    # a role that does not exist is an error that names it
    ws.write('variable "pg_password" {\n  type      = string\n  sensitive = true\n}\n\n'
             'data "postgresql_role" "missing" {\n  name = "ds_no_such_role"\n}\n', provider=provider)
    _, out = ws.run("plan", expect=(1,))
    check("ds_no_such_role" in flat(out), "the error does not name the missing role")

    # a wrong password is a clear error, not a crash
    ws.env["TF_VAR_pg_password"] = "wrong"
    _, out = ws.run("plan", expect=(1,))
    check("password authentication failed" in flat(out), "a wrong password does not say so")


@scenario("server_stopped", "tcp", cli_facing=False)
def server_stopped(ws):
    """The server is down when an apply starts, then goes down during one:
    clear errors, the state stays consistent, and once the server is back
    an apply converges."""
    db = ws.db

    def config(limit, with_b):
        b = '\nresource "postgresql_role" "b" {\n  name = "st_b"\n}\n' if with_b else ""
        return f'resource "postgresql_role" "a" {{\n  name             = "st_a"\n  connection_limit = {limit}\n}}\n' + b

    extra = "  connect_timeout = 5\n"
    ws.write(config(1, False), provider_extra=extra)
    ws.run("apply", "-auto-approve")
    before = ws.state_list()

    # down before the apply
    ws.write(config(2, True), provider_extra=extra)
    ws.pg.stop()
    start = time.monotonic()
    _, out = ws.run("apply", "-auto-approve", expect=(1,), timeout=120)
    check(time.monotonic() - start < 60, "the failing apply took a minute or more")
    check(CONNECTION_ERROR.search(flat(out)), "the error does not say the server cannot be reached")
    check(ws.state_list() == before, "the state changed while the server was down")
    ws.pg.start()
    ws.run("apply", "-auto-approve")
    check(db.role("st_a")["connection_limit"] == 2 and db.role("st_b") is not None, "apply did not converge")
    ws.plan_empty()

    # down during the apply: the provider's ALTER ROLE waits on a row lock
    # held by another session when the server shuts down (fast: all
    # sessions are ended)
    blocker = start_blocker(ws, "st_a", 9)
    try:
        ws.write(config(3, False), provider_extra=extra)  # st_b destroyed, st_a altered
        p, path = ws.start("apply", "-auto-approve")
        try:
            wait_for_lock_waiter(ws, p, path)
            ws.pg.stop(mode="fast")
            code, out = ws.finish(p, path, timeout=60)
        finally:
            kill_group(p)
        check(code == 1, f"the apply exited {code} when the server went away")
        check(CONNECTION_ERROR.search(flat(out)), "the error does not say the connection was lost")
    finally:
        end_blocker(blocker, commit=False)
    listed = ws.state_list()
    check("postgresql_role.a" in listed, f"st_a is not in the state: {listed}")
    ws.pg.start()
    ws.run("apply", "-auto-approve")
    check(db.role("st_a")["connection_limit"] == 3 and db.role("st_b") is None, "apply did not converge")
    ws.plan_empty()
    ws.run("destroy", "-auto-approve")
    check(db.roles_like("st\\_%") == [], "roles left")


# --- blocking a role's row


def start_blocker(ws, role, limit):
    """A psql session that alters `role` in an open transaction, holding its
    pg_authid row: anyone else's ALTER ROLE on it waits."""
    print(f"\npsql[postgres, background]> BEGIN; ALTER ROLE {role} CONNECTION LIMIT {limit};  -- kept open",
          flush=True)
    s = ws.pg.psql_session(appname="tfpp-e2e-blocker")
    s.stdin.write(f"BEGIN;\nALTER ROLE {Db.ident(role)} CONNECTION LIMIT {limit};\n")
    s.stdin.flush()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        state = ws.pg.psql("select state from pg_stat_activity where application_name = 'tfpp-e2e-blocker'")
        if state == "idle in transaction":
            return s
        if s.poll() is not None:  # read stderr only once it ended: reading a live session blocks
            raise Failure(f"the blocking psql session ended: {s.stderr.read()}")
        time.sleep(0.1)
    s.kill()
    raise Failure("the blocking session did not get its transaction open")


def end_blocker(s, commit=False):
    if s.poll() is None:
        try:
            s.stdin.write("COMMIT;\n" if commit else "ROLLBACK;\n")
            s.stdin.close()
            s.wait(timeout=10)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            s.kill()
            s.wait()
    print(f"(blocking session ended: {'COMMIT' if commit else 'ROLLBACK'})", flush=True)


def wait_for_lock_waiter(ws, p, path, timeout=60):
    """Until a backend waits for the blocker's lock: the CLI's apply is
    stuck inside the provider."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        waiters = ws.db.lock_waiters()
        if waiters:
            print(f"(the provider's statement waits on the lock after {time.monotonic() - p.started:.1f}s: "
                  f"{waiters[0]['query']!r})", flush=True)
            return waiters
        if p.poll() is not None:
            with open(path) as f:
                print(f.read(), flush=True)
            raise Failure(f"the apply ended (exit {p.returncode}) before waiting on the lock")
        time.sleep(0.2)
    raise Failure("no statement of the provider waited on the lock")


def kill_group(p):
    if p.poll() is None:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.wait()


@scenario("interrupted", "socket")
def interrupted(ws):
    """SIGINT while the provider waits on a row lock: the CLI exits within
    15 s and the provider's statement is cancelled on the server. Then an
    update timeout of 2 s ends the same wait by itself."""
    db = ws.db

    def config(limit, timeouts=""):
        return (f'resource "postgresql_role" "r" {{\n  name             = "ij_role"\n  connection_limit = {limit}\n'
                f'{timeouts}}}\n')

    ws.write(config(1))
    ws.run("apply", "-auto-approve")
    before = ws.state_list()

    # SIGINT to the CLI's process group, as Ctrl-C in a terminal
    blocker = start_blocker(ws, "ij_role", 3)
    try:
        ws.write(config(2))
        p, path = ws.start("apply", "-auto-approve")
        try:
            wait_for_lock_waiter(ws, p, path)
            time.sleep(2)
            print("\n(SIGINT to the CLI's process group)", flush=True)
            os.killpg(p.pid, signal.SIGINT)
            interrupted_at = time.monotonic()
            try:
                code, out = ws.finish(p, path, timeout=15)
            except subprocess.TimeoutExpired:
                raise Failure("the CLI did not exit within 15 s of SIGINT")
            print(f"(exited {time.monotonic() - interrupted_at:.2f}s after SIGINT)", flush=True)
        finally:
            kill_group(p)
        check(code != 0, "the interrupted apply exited 0")
        # the statement must not linger: once the blocker ends it would run
        deadline = time.monotonic() + 5
        while db.lock_waiters() and time.monotonic() < deadline:
            time.sleep(0.2)
        check(not db.lock_waiters(), "the provider's statement still waits on the server after the interrupt "
                                     "(it was not cancelled)")
    finally:
        end_blocker(blocker, commit=False)
    check(db.role("ij_role")["connection_limit"] == 1, "the role changed although the apply was interrupted")
    check(ws.state_list() == before, "the state lists other resources after the interrupt")
    _, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check(re.search(r"connection_limit\s+= 1 -> 2", out), "the plan after the interrupt is not the pending change")
    ws.run("apply", "-auto-approve")
    check(db.role("ij_role")["connection_limit"] == 2, "the apply after the interrupt did not converge")
    ws.plan_empty()

    # timeouts { update = "2s" }: the wait ends by itself
    blocker = start_blocker(ws, "ij_role", 7)
    try:
        ws.write(config(4, '  timeouts {\n    update = "2s"\n  }\n'))
        start = time.monotonic()
        _, out = ws.run("apply", "-auto-approve", expect=(1,), timeout=60)
        elapsed = time.monotonic() - start
        check(elapsed < 10, f"the apply with a 2 s update timeout took {elapsed:.1f}s")
        check(re.search(r"(?i)time(d)?[ -]?out|deadline|cancel", flat(out)),
              "the error does not say the update timed out or was cancelled")
        deadline = time.monotonic() + 5
        while db.lock_waiters() and time.monotonic() < deadline:
            time.sleep(0.2)
        check(not db.lock_waiters(), "the timed-out statement still waits on the server")
    finally:
        end_blocker(blocker, commit=False)
    check(db.role("ij_role")["connection_limit"] == 2, "the role changed although the update timed out")
    _, out = ws.run("plan", "-detailed-exitcode", expect=(2,))
    check(re.search(r"connection_limit\s+= 2 -> 4", out), "the plan after the timeout is not the pending change")
    ws.run("apply", "-auto-approve")
    check(db.role("ij_role")["connection_limit"] == 4, "the apply after the timeout did not converge")
    ws.plan_empty()
    ws.run("destroy", "-auto-approve")
    check(db.role("ij_role") is None, "the role is left")


# --- main


def run_scenario(shared, name):
    f, transport = SCENARIOS[name]
    print(f"\n{'=' * 70}\n=== {name} ({transport}): {f.__doc__.strip().splitlines()[0]}\n{'=' * 70}", flush=True)
    start = time.monotonic()
    ws = None
    with PostgresServer() as pg:
        print(f"server: socket {pg.host}, 127.0.0.1:{pg.port}, superuser {pg.superuser}", flush=True)
        try:
            ws = Workspace(shared, name, pg, transport)
            f(ws)
            ws.check_protocol()
            print(f"\n=== {name}: PASS ({time.monotonic() - start:.1f}s)", flush=True)
            return True
        except Exception as e:  # Failure, a timeout, or a surprise (KeyError...): the next scenario still runs
            if not isinstance(e, (Failure, subprocess.TimeoutExpired, PsqlError)):
                traceback.print_exc()
            print(f"\n=== {name}: FAIL: {e}", flush=True)
            if ws and os.path.exists(ws.log):
                print("--- last lines of the CLI log ---")
                with open(ws.log, errors="replace") as log:
                    print("".join(log.readlines()[-40:]))
            print(pg.log_tail(40))
            return False


def main():
    ap = argparse.ArgumentParser(description="End-to-end test of examples/postgresql against PostgreSQL 15.",
                                 epilog="Scenarios: " + ", ".join(SCENARIOS))
    ap.add_argument("--cli", help="tofu or terraform binary")
    ap.add_argument("--provider", help="terraform-provider-postgresql binary")
    ap.add_argument("--protocol", type=int, choices=(5, 6), default=6)
    ap.add_argument("--scenario", action="append", choices=list(SCENARIOS), metavar="NAME",
                    help="run only this scenario (repeatable); all by default")
    ap.add_argument("--cli-facing", action="store_true",
                    help="only the scenarios whose outcome also depends on the CLI (see CLI_FACING)")
    ap.add_argument("--list", action="store_true", help="list the scenarios and exit")
    ap.add_argument("--keep", action="store_true", help="keep the working directories (printed) for inspection")
    args = ap.parse_args()
    if args.list:
        for name, (f, transport) in SCENARIOS.items():
            facing = "cli" if name in CLI_FACING else "-"
            print(f"{name:16} {transport:7} {facing:4} {f.__doc__.strip().splitlines()[0]}")
        return 0
    if not args.cli or not args.provider:
        ap.error("--cli and --provider are required")
    args.cli = os.path.abspath(args.cli)
    args.provider = os.path.abspath(args.provider)
    for what, path in (("--cli", args.cli), ("--provider", args.provider)):
        if not os.access(path, os.X_OK):
            ap.error(f"{what} {path} is not an executable")

    root = tempfile.mkdtemp(prefix="tfpp-pg-e2e-")
    results = {}
    try:
        shared = Shared(args, root)
        print(f"{shared.cli_version} / protocol {args.protocol} / {args.provider}", flush=True)
        names = args.scenario or [n for n in SCENARIOS if not args.cli_facing or n in CLI_FACING]
        for name in names:
            results[name] = run_scenario(shared, name)
    finally:
        if args.keep:
            print(f"\n(kept {root})")
        else:
            shutil.rmtree(root, ignore_errors=True)
    print("\n" + "\n".join(f"{'PASS' if ok else 'FAIL'}  {name}" for name, ok in results.items()))
    if all(results.values()):
        print("\nPASS", flush=True)
        return 0
    print(f"\nFAIL: {', '.join(n for n, ok in results.items() if not ok)}", flush=True)
    return 1


if __name__ == "__main__":
    sys.exit(main())
