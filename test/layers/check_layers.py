#!/usr/bin/env python3
"""The layer rules of include/tfpp, checked on the include graph.

    check_layers.py REPO_ROOT

Each folder of include/tfpp is a layer; a header includes only its own layer
and the layers below it. A public header includes no other folder's
detail/; a detail/ header reaches into a lower folder's detail/ only through
the seams listed below. The root headers (tfpp.hpp, serve.hpp, testing.hpp,
compile.hpp) are entry points that include public headers only, and no
layer includes them (fwd.hpp belongs to core). Detail headers define no
public name: what they declare lives in a detail namespace. Examples, docs
and the README name no detail:: entity. Only rpc/detail/convert.hpp sets the
text fields of protocol messages. A detail/NAME-inl.hpp file holds the code
of src/LAYER/NAME.cpp: its declaring header (one header of its layer)
includes it in the header-only mode (TFPP_HEADER_ONLY), it includes that
header back (not a cycle), and it may define the public names a public
declaring header declares. Calls to the operating system live in the
platform layer (include/tfpp/platform/, src/platform/): no other file of the
library includes a system header (<unistd.h>, <sys/...>, <windows.h>, ...)
or calls the system by name (docs/platforms.md). CONTRIBUTING.md explains
the rules.
"""
import fnmatch
import re
import sys
from pathlib import Path

LAYERS = ["core", "platform", "value", "diag", "schema", "codec", "docs", "plan", "provider", "rpc", "serve", "testing"]
ENTRY_POINTS = {"tfpp.hpp", "serve.hpp", "testing.hpp", "compile.hpp"}

# (includer, included): the only lower detail/ headers another folder may use.
SEAMS = {
    # The planner and the checker walk encoded values in place and write new
    # ones: the codec's views and writer.
    ("plan/detail/*", "codec/detail/msgpack_view.hpp"),
    ("plan/detail/*", "codec/detail/msgpack_writer.hpp"),
    # The engine plans, checks and validates what its handlers see, and
    # tells null values by their bytes.
    ("provider/detail/*", "codec/detail/msgpack_view.hpp"),
    ("provider/detail/*", "plan/detail/planner.hpp"),
    ("provider/detail/*", "plan/detail/checker.hpp"),
    ("provider/detail/*", "schema/detail/validation.hpp"),
    # The configuration generated from a state is written as encoded bytes.
    ("provider/detail/generated_config.hpp", "codec/detail/msgpack_writer.hpp"),
    # tfpp::unique finds duplicates of elements that have no operator< in
    # the order sets use.
    ("schema/detail/validation.hpp", "value/detail/set_elements.hpp"),
    # The engine runs handlers on encoded values; the protocol services, the
    # server and the in-process test driver are its three callers.
    ("rpc/detail/*", "provider/detail/engine.hpp"),
    ("rpc/detail/*", "provider/detail/*requests.hpp"),  # the engine's requests, one header per kind
    ("serve/detail/*", "provider/detail/engine.hpp"),
    ("testing/detail/*", "provider/detail/engine.hpp"),
    # Each RPC is one request for the logger: its fields and its masks.
    ("rpc/detail/*", "diag/detail/log_context.hpp"),
    # The test driver computes proposed new states on encoded values, as
    # Core does.
    ("testing/detail/*", "codec/detail/msgpack_view.hpp"),
    ("testing/detail/*", "codec/detail/msgpack_writer.hpp"),
    # Calls to the operating system live in one small layer
    # (docs/platforms.md); the layers that start processes and listen use it.
    ("rpc/detail/*", "platform/detail/*"),
    ("serve/detail/*", "platform/detail/*"),
    ("testing/detail/*", "platform/detail/*"),
    # A reference provider is started as Terraform starts it: AutoMTLS with
    # a client certificate made as the server makes its own.
    ("testing/detail/plugin_process.hpp", "serve/detail/tls.hpp"),
}

# The string fields of the protocol's messages that tfpp fills from runtime
# text: only rpc/detail/convert.hpp sets them, making each valid UTF-8.
TEXT_SETTER = re.compile(r'\b(?:set_|mutable_)(?:summary|detail|text|attribute_name|element_key_string|description|'
                         r'deprecation_message)\(')
TEXT_FILE = "rpc/detail/convert.hpp"

INCLUDE = re.compile(r'^\s*#\s*include\s*<tfpp/([^>]+)>', re.M)

# The operating system's headers (POSIX, Linux, macOS, Windows) and its calls
# that no standard C or C++ header declares: only the platform layer has them.
PLATFORM_DIRS = ("include/tfpp/platform/", "src/platform/")
OS_HEADER = re.compile(
    r'^\s*#\s*include\s*[<"]((?:sys|netinet|arpa|net|linux|asm|mach|mach-o|libkern)/[^>"]+|'
    r'(?:unistd|signal|spawn|fcntl|poll|grp|pwd|dirent|malloc|getopt|pthread|sched|netdb|termios|dlfcn|semaphore|'
    r'syslog|ifaddrs|utmpx?|crt_externs|libproc|execinfo|ucontext|windows|winsock2?|ws2tcpip|afunix|io|process|'
    r'direct|tlhelp32|psapi|shlobj|ntdef|winternl)\.h)[>"]', re.M | re.I)
OS_CALL = re.compile(
    r'(?:(?<![\w:])::\s*|(?<![\w.>:]))\b(posix_spawn\w*|waitpid|wait4|sigaction|sigprocmask|pthread_sigmask|'
    r'sig(?:empty|fill|add|del)set|mkdtemp|mkstemp|mkostemp|pipe2?|accept4|eventfd|prctl|getppid|getpid|setsid|'
    r'setpgid|fork|vfork|execv\w*|execl\w*|dup2?|fchownat|fchown|fchmodat|fchmod|chown|getgrnam|getpwnam|getuid|'
    r'geteuid|ioctl|fcntl|sched_getaffinity|gmtime_r|localtime_r|getopt_long|malloc_trim|mallopt|sysconf|isatty|'
    r'CreateProcess\w*|WaitForSingleObject|WSAStartup|closesocket)\s*\(|'
    r'(?<![\w:])::\s*(write|read|close|open|openat|poll|select|kill|unlink|rmdir|mkdir|access|stat|lstat|fstat|'
    r'socket|bind|listen|accept|connect|send|recv|getenv)\s*\(|'
    r'\b(environ|pid_t|uid_t|gid_t|ssize_t|sigset_t|pollfd|sockaddr\w*|cpu_set_t|STD(?:IN|OUT|ERR)_FILENO|'
    r'O_(?:RDONLY|WRONLY|RDWR|CREAT|TRUNC|APPEND|CLOEXEC|NONBLOCK|DIRECTORY|NOFOLLOW)|SOCK_CLOEXEC|FIONREAD|'
    r'EFD_\w+|PR_SET_\w+|SIGPIPE|SIGHUP|SIGQUIT|SIGKILL|HANDLE|DWORD)\b')


def layer_of(rel):
    if "/" not in rel:
        return "core" if rel == "fwd.hpp" else None  # None: an entry point
    return rel.split("/", 1)[0]


def rank(rel):
    layer = layer_of(rel)
    return len(LAYERS) if layer is None else LAYERS.index(layer)


def is_detail(rel):
    return "/detail/" in rel


def seam_allows(includer, included):
    return any(fnmatch.fnmatchcase(includer, who) and fnmatch.fnmatchcase(included, what) for who, what in SEAMS)


def strip_comments_and_strings(text):
    text = re.sub(r'R"(\w*)\((?:.|\n)*?\)\1"', lambda m: '""' + "\n" * m.group(0).count("\n"), text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    text = re.sub(r"'(?:\\.|[^'\\\n])*'", "''", text)
    text = re.sub(r"/\*(?:.|\n)*?\*/", lambda m: "\n" * m.group(0).count("\n"), text)
    return re.sub(r"//[^\n]*", "", text)


def public_names_in_detail(text):
    """Lines of a detail header that declare something outside a detail namespace."""
    code = strip_comments_and_strings(text)
    stack = []  # one entry per open brace: the namespace path it opens, or None
    found = []
    line = 1
    i = 0
    pending_ns = None
    while i < len(code):
        c = code[i]
        if c == "\n":
            line += 1
        m = re.match(r"namespace\s+([\w:]+)\s*\{", code[i:]) if c == "n" else None
        if m and (i == 0 or not (code[i - 1].isalnum() or code[i - 1] == "_")):
            outer = next((s for s in reversed(stack) if s is not None), "")
            stack.append((outer + "::" if outer else "") + m.group(1))
            line += m.group(0).count("\n")
            i += m.end()
            continue
        if c == "{":
            ns_here = next((s for s in reversed(stack) if s is not None), "")
            stack.append(None)
            if pending_ns is not None:
                pending_ns = None
        elif c == "}":
            if stack:
                stack.pop()
        elif c == "#":  # a preprocessor line, with its continuations
            j = i
            while True:
                j = code.find("\n", j)
                if j < 0 or code[j - 1] != "\\":
                    break
                line += 1
                j += 1
            i = len(code) if j < 0 else j
            continue
        elif not c.isspace() and c != ";":
            if all(s is not None for s in stack):  # at namespace scope
                ns = stack[-1] if stack else ""
                if "detail" not in ns.split("::"):
                    found.append(line)
                    j = code.find(";", i)
                    k = code.find("{", i)
                    # skip to the end of this declaration
                    if j >= 0 and (k < 0 or j < k):
                        line += code[i:j].count("\n")
                        i = j + 1
                        continue
        i += 1
    return sorted(set(found))


def is_inline_part(rel):
    return rel.endswith("-inl.hpp")


def platform_problems(root):
    """Files of the library outside the platform layer that include a system header or name a system call."""
    include = root / "include" / "tfpp"
    problems = []
    for p in sorted(list(include.rglob("*.hpp")) + list(include.rglob("*.h")) + list((root / "src").rglob("*.cpp")) +
                    list((root / "src").rglob("*.hpp"))):
        rel = p.relative_to(root).as_posix()
        if rel.startswith(PLATFORM_DIRS):
            continue
        text = p.read_text()
        for m in OS_HEADER.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            problems.append(f"{rel}:{line}: includes the system header <{m.group(1)}>; calls to the operating "
                            f"system live in include/tfpp/platform/ (docs/platforms.md)")
        for n, line in enumerate(strip_comments_and_strings(text).splitlines(), 1):
            for m in OS_CALL.finditer(line):
                name = next(g for g in m.groups() if g)
                problems.append(f"{rel}:{n}: uses {name}, which the operating system declares; a function in "
                                f"include/tfpp/platform/ does (docs/platforms.md)")
    return problems


def main():
    root = Path(sys.argv[1])
    include = root / "include" / "tfpp"
    problems = []
    headers = sorted(p.relative_to(include).as_posix() for p in include.rglob("*.hpp"))
    graph = {}
    # Each -inl file: in its layer's detail/, included by exactly one header of that layer.
    declarer = {}
    for rel in headers:
        for inc in INCLUDE.findall((include / rel).read_text()):
            if is_inline_part(inc) and not is_inline_part(rel):
                declarer.setdefault(inc, []).append(rel)
    for rel in filter(is_inline_part, headers):
        who = declarer.get(rel, [])
        if not is_detail(rel) or rel.count("/") != 2:
            problems.append(f"{rel}: an -inl file belongs in its layer's detail/")
        if len(who) != 1 or layer_of(who[0]) != layer_of(rel):
            problems.append(f"{rel}: an -inl file is included by exactly one header of its layer, not {who or 'none'}")
            declarer.pop(rel, None)
        else:
            declarer[rel] = who[0]
    for rel in headers:
        text = (include / rel).read_text()
        layer = layer_of(rel)
        if layer is not None and layer not in LAYERS:
            problems.append(f"{rel}: folder '{layer}' is not a layer (known: {', '.join(LAYERS)})")
            continue
        graph[rel] = INCLUDE.findall(text)
        if rel in declarer:  # the -inl's include of its declaring header is no cycle
            graph[rel] = [inc for inc in graph[rel] if inc != declarer[rel]]
        for inc in INCLUDE.findall(text):
            if inc not in headers:
                problems.append(f"{rel}: includes <tfpp/{inc}>, which does not exist")
                continue
            if layer_of(inc) is None and inc != "fwd.hpp":
                if layer is not None:
                    problems.append(f"{rel}: includes the entry point <tfpp/{inc}>; include the layer's header")
                continue
            if layer is None:  # an entry point
                if is_detail(inc):
                    problems.append(f"{rel}: an entry point includes the detail header <tfpp/{inc}>")
                continue
            if rank(inc) > rank(rel):
                problems.append(f"{rel}: includes <tfpp/{inc}>, a higher layer ({layer_of(inc)} is above {layer})")
            if is_detail(inc) and layer_of(inc) != layer:
                if not is_detail(rel):
                    problems.append(f"{rel}: a public header includes another folder's detail header <tfpp/{inc}>")
                elif not seam_allows(rel, inc):
                    problems.append(f"{rel}: includes <tfpp/{inc}>, another folder's detail header that is no "
                                    f"listed seam (test/layers/check_layers.py SEAMS)")
        defines_public = rel in declarer and not is_detail(declarer[rel])
        if is_detail(rel) and not defines_public:
            for line in public_names_in_detail(text):
                problems.append(f"{rel}:{line}: declares a name outside a detail namespace; public names belong "
                                f"in public headers")

    # Cycles, file by file.
    state = {}

    def visit(node, path):
        state[node] = 1
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt]
                problems.append("include cycle: " + " -> ".join(cycle))
            elif nxt in graph and state.get(nxt) is None:
                visit(nxt, path + [nxt])
        state[node] = 2

    for node in graph:
        if state.get(node) is None:
            visit(node, [node])

    # Text reaches protocol messages through one file.
    for p in sorted(list(include.rglob("*.hpp")) + list((root / "src").glob("*.cpp"))):
        rel = p.relative_to(include).as_posix() if p.is_relative_to(include) else p.relative_to(root).as_posix()
        if rel == TEXT_FILE:
            continue
        for n, text in enumerate(p.read_text().splitlines(), 1):
            if TEXT_SETTER.search(text):
                problems.append(f"{rel}:{n}: sets a message's text field; only {TEXT_FILE} does, making it UTF-8")

    # The operating system is reached through the platform layer only.
    problems += platform_problems(root)

    # No detail:: name in what users read and copy.
    for pattern in ["examples/**/*.cpp", "examples/**/*.hpp", "docs/*.md", "README.md"]:
        for p in sorted(root.glob(pattern)):
            for n, text in enumerate(p.read_text().splitlines(), 1):
                if "detail::" in text:
                    problems.append(f"{p.relative_to(root)}:{n}: names a detail:: entity")

    for p in problems:
        print(p)
    edges = sum(len(v) for v in graph.values())
    print(f"{len(graph)} headers, {edges} includes, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
