#!/usr/bin/env python3
"""Runs a command beside a throwaway PostgreSQL 15 server (test/e2e/pg_server.py):
the command finds the server through libpq's environment (PGHOST, PGPORT,
PGUSER, PGPASSWORD, PGDATABASE), and the server is stopped and removed when
the command ends, however it ends.

    with_postgresql.py [--tcp] -- COMMAND [ARG...]
"""

import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pg_server import PostgresServer  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tcp", action="store_true", help="127.0.0.1 with the password instead of the Unix socket")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        ap.error("no command given")
    with PostgresServer() as pg:
        env = dict(os.environ)
        env.update(pg.env(tcp=args.tcp))
        print(f"PostgreSQL at {env['PGHOST']}:{env['PGPORT']} as {env['PGUSER']}", flush=True)
        return subprocess.call(command, env=env)


if __name__ == "__main__":
    sys.exit(main())
