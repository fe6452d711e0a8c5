#!/usr/bin/env python3
"""check_layers.py fails where it should: on a copy of the library's tree
(include/, src/), unchanged it passes, and each planted breach of the
platform rule (a system header, a system call, outside the platform layer)
makes it fail naming the file and what it found, while the same lines inside
the platform layer, or in a comment or a string, pass.

    check_layers_test.py REPO_ROOT
"""
import importlib.util
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CHECKER = Path(__file__).with_name("check_layers.py")

# (file, text appended, what the checker must say; None: it must pass)
CASES = [
    ("include/tfpp/serve/detail/socket_dir.hpp", "#include <unistd.h>\n", "includes the system header <unistd.h>"),
    ("include/tfpp/serve/detail/hclog.hpp", "#include <sys/socket.h>\n", "includes the system header <sys/socket.h>"),
    ("src/serve/serve.cpp", "#include <windows.h>\n", "includes the system header <windows.h>"),
    ("include/tfpp/value/number.hpp", '#include "poll.h"\n', "includes the system header <poll.h>"),
    ("include/tfpp/testing/detail/acceptance_process.hpp",
     "namespace tfpp::testing::detail { inline void reap(int pid) { ::waitpid(pid, nullptr, 0); } }\n",
     "uses waitpid"),
    ("include/tfpp/serve/detail/arguments.hpp",
     "namespace tfpp::detail { inline void out(const char* s) { (void)::write(1, s, 1); } }\n", "uses write"),
    ("include/tfpp/rpc/detail/call.hpp", "namespace tfpp::detail { inline char** env() { return environ; } }\n",
     "uses environ"),
    ("include/tfpp/serve/detail/automtls.hpp",
     "namespace tfpp::detail { inline void mask() { sigset_t s; sigfillset(&s); } }\n", "uses sigset_t"),
    # The platform layer may; comments, strings and tfpp's own names may mention them.
    ("include/tfpp/platform/detail/output.hpp", "#include <sys/uio.h>\n", None),
    ("include/tfpp/serve/detail/hclog.hpp", "// ::write(fd, ...) and <unistd.h> are the platform's\n", None),
    ("include/tfpp/serve/detail/hclog.hpp",
     'namespace tfpp::detail { inline const char* why() { return "waitpid(2) failed"; } }\n', None),
    ("include/tfpp/serve/detail/hclog.hpp",
     "namespace tfpp::detail { inline void note() { log::write(log::level::info, \"m\", \"x\", {}); } }\n", None),
]


def load_checker():
    spec = importlib.util.spec_from_file_location("check_layers", CHECKER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    repo = Path(sys.argv[1])
    checker = load_checker()
    failures = []
    with tempfile.TemporaryDirectory(prefix="check-layers-") as tmp:
        root = Path(tmp)
        for part in ["include", "src"]:
            shutil.copytree(repo / part, root / part)
        if checker.platform_problems(root):
            failures.append(f"the unchanged tree fails: {checker.platform_problems(root)}")
        for rel, text, expected in CASES:
            path = root / rel
            original = path.read_text()
            path.write_text(original + text)
            found = "\n".join(checker.platform_problems(root))
            path.write_text(original)
            if expected is None and found:
                failures.append(f"{rel} + {text!r}: should pass, but:\n{found}")
            elif expected is not None and (f"{rel}:" not in found or expected not in found):
                failures.append(f"{rel} + {text!r}: should fail with '{expected}' at {rel}, but:\n{found or 'nothing'}")
        # The whole checker, as the layers test runs it, fails on a breach (once: it takes seconds).
        rel, text, expected = CASES[0]
        (root / rel).write_text((root / rel).read_text() + text)
        r = subprocess.run([sys.executable, str(CHECKER), str(root)], capture_output=True, text=True)
        if r.returncode == 0 or expected not in r.stdout:
            failures.append(f"check_layers.py passes a tree with {rel} + {text!r} ({r.returncode}):\n{r.stdout}")
    for f in failures:
        print(f)
    print(f"{len(CASES)} planted cases and the whole checker once, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
