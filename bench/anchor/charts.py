#!/usr/bin/python3
"""The SVG charts of docs/benchmarks.md, from the JSON that bench/anchor/run.py writes.

    /usr/bin/python3 bench/anchor/charts.py anchor.json OUT_DIR

Writes OUT_DIR/anchor-ratios.svg (tfpp/Go per case, the floor marked),
anchor-sets.svg (plan time of sets and lists to N = 10,000, both sides),
anchor-startup.svg (spawn → handshake line, every sample) and
anchor-compile.svg (compile CPU per resource model). Needs matplotlib
(Debian: python3-matplotlib); everything else is the standard library.
"""

import json
import os
import statistics
import sys

import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams.update({"svg.hashsalt": "tfpp", "svg.fonttype": "none", "font.size": 9, "axes.spines.top": False,
                     "axes.spines.right": False})
TFPP, GO, FLOOR = "#1f77b4", "#d62728", "#7f7f7f"
SKIPPED = ("response size",)  # equal on both sides by construction: no information in a ratio


def median(v):
    return statistics.median(v) if v else None


def save(fig, out_dir, name):
    path = os.path.join(out_dir, name)
    fig.savefig(path, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    return path


def ratios(data, out_dir):
    """Each case's tfpp/Go ratio: the median over the runs, the lowest and highest run as a bar."""
    by_label = {}
    for p in data["passes"]:
        for r in p["rows"]:
            if not any(s in r["label"] for s in SKIPPED):
                by_label.setdefault(r["label"], []).append(r)
    labels = list(by_label)
    names = [label + (" (Go/tfpp)" if by_label[label][0]["higher_is_better"] else "") for label in labels]
    fig, ax = plt.subplots(figsize=(7.5, 0.26 * len(labels) + 1.2))
    for i, label in enumerate(labels):
        rs = by_label[label]
        # Calls per second: Go/tfpp, so that left of the line is better on every row.
        flip = (lambda v: 1 / v if v else v) if rs[0]["higher_is_better"] else (lambda v: v)
        vs = [flip(r["ratio"]) for r in rs]
        upper_bound = any(r["go_censored"] for r in rs)
        ax.plot([min(vs), max(vs)], [i, i], color=TFPP, lw=3, alpha=0.35, solid_capstyle="butt")
        ax.plot(median(vs), i, "<" if upper_bound else "o", color=TFPP, ms=5)
        floors = [flip(r["floor_ratio"]) for r in rs if r.get("floor_ratio")]
        if floors:
            ax.plot(median(floors), i, "|", color=FLOOR, ms=11, mew=2)
    ax.axvline(1, color=GO, lw=1)
    ax.set_xscale("log")
    ax.set_yticks(range(len(labels)), names)
    ax.invert_yaxis()
    ax.set_xlabel("tfpp / Go (log scale; left of the red line tfpp is faster or smaller)")
    ax.set_title(f"tfpp against terraform-plugin-framework, median of {len(data['passes'])} run(s)", loc="left")
    ax.plot([], [], "o", color=TFPP, label="tfpp/Go (bar: lowest to highest run)")
    ax.plot([], [], "<", color=TFPP, label="upper bound: Go gave no answer within the timeout")
    ax.plot([], [], "|", color=FLOOR, ms=11, mew=2, label="floor: bare gRPC echo / Go")
    fig.legend(loc="upper left", bbox_to_anchor=(0.0, 0.0), fontsize=7, frameon=False)
    ax.grid(axis="x", which="both", alpha=0.2)
    return save(fig, out_dir, "anchor-ratios.svg")


def case_median(data, case, side, key):
    """The median over the runs of each run's median; (value, censored)."""
    per_run, cut = [], False
    for p in data["passes"]:
        runs = p["results"].get(case, {}).get(side, [])
        v = [x for r in runs for x in (r.get(key) or [])]
        cut |= any(r.get(key[:-3] + "_censored") for r in runs)
        if v:
            per_run.append(median(v))
    return median(per_run), cut


def sets(data, out_dir):
    fig, ax = plt.subplots(figsize=(6.5, 4))
    for side, color in (("tfpp", TFPP), ("go", GO)):
        for kind, style in (("set", "-"), ("list", "--")):
            xs, ys, cut = [], [], []
            for n in data["set_sizes"]:
                v, c = case_median(data, f"B4s-{kind}-{n}", side, "plan_ms")
                if v is not None:
                    xs.append(n), ys.append(v), cut.append(c)
            if not xs:
                continue
            ax.plot(xs, ys, style, color=color, marker="o", label=f"{'tfpp' if side == 'tfpp' else 'Go'} {kind}")
            for x, y, c in zip(xs, ys, cut):
                if c:
                    ax.plot(x, y, "o", color="white", mec=color, ms=7)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("elements (one of them changed)")
    ax.set_ylabel("plan of the update, ms (log)")
    ax.set_title("Sets against lists (open circle: no answer within the timeout)", loc="left")
    ax.legend(frameon=False)
    ax.grid(which="both", alpha=0.2)
    return save(fig, out_dir, "anchor-sets.svg")


def startup(data, out_dir):
    names = [("tfpp", "tfpp (examples/local)", TFPP), ("echo", "floor: bare gRPC C++ server", FLOOR),
             ("go", "Go (terraform-provider-local)", GO)]
    series = [(label, color, [r["handshake_ms"] for p in data["passes"]
                              for r in p["results"].get("B1", {}).get(side, []) if r.get("handshake_ms") is not None])
              for side, label, color in names]
    series = [s for s in series if s[2]]
    fig, ax = plt.subplots(figsize=(6.5, 3))
    ax.boxplot([v for *_, v in series], vert=False, widths=0.5, showfliers=False,
               medianprops={"color": "black"})
    for i, (_, color, v) in enumerate(series, start=1):
        jitter = [i + 0.18 * ((k * 37 % 11) / 10 - 0.5) for k in range(len(v))]
        ax.plot(v, jitter, ".", color=color, alpha=0.5, ms=4)
    ax.set_yticks(range(1, len(series) + 1), [label for label, *_ in series])
    ax.set_xlabel("spawn → go-plugin handshake line, ms (static release builds, AutoMTLS)")
    ax.set_title(f"Start-up, every sample of {len(data['passes'])} run(s)", loc="left")
    # A rare stall (another process's burst on a 2-core machine) would squash the rest: cut it off, say so.
    right = 1.3 * max(sorted(v)[int(0.95 * (len(v) - 1))] for *_, v in series)
    beyond = sum(x > right for *_, v in series for x in v)
    ax.set_xlim(0, right)
    if beyond:
        ax.annotate(f"{beyond} sample(s) beyond {right:.0f} ms not shown", (1, 0), xycoords="axes fraction",
                    ha="right", va="bottom", fontsize=7)
    ax.grid(axis="x", alpha=0.2)
    return save(fig, out_dir, "anchor-startup.svg")


def compile_time(data, out_dir):
    builds = data["builds"]
    ns = sorted(int(k[len("tfpp_N"):]) for k in builds if k.startswith("tfpp_N"))
    fig, (left, right) = plt.subplots(1, 2, figsize=(8, 3.2))
    cpu = [builds[f"tfpp_N{n}"]["cpu_s"] for n in ns]
    left.bar([str(n) for n in ns], cpu, color=TFPP)
    for i, c in enumerate(cpu):
        left.annotate(f"{c:.0f} s", (i, c), ha="center", va="bottom", fontsize=7)
    if len(ns) > 1:
        # What one more resource type costs: the slope between the smallest and largest provider.
        per_type = (cpu[-1] - cpu[0]) / (ns[-1] - ns[0])
        left.set_title(f"Compile + link CPU: {per_type:.2f} s per resource type", loc="left")
    left.set_xlabel("resource types (20 attributes each) in the generated provider")
    left.set_ylabel("compile + link CPU, s")
    clean = [("tfpp", builds.get("tfpp_clean_local"), TFPP)]
    go_clean = (data.get("go_build") or {}).get("clean_local")
    if go_clean:
        clean.append(("Go", go_clean, GO))
    clean = [(name, b, c) for name, b, c in clean if b]
    if clean:
        for j, (key, hatch) in enumerate((("wall_s", ""), ("cpu_s", "//"))):
            right.bar([k + 0.38 * j for k in range(len(clean))], [b[key] for _, b, _ in clean], width=0.36,
                      color=[c for *_, c in clean], hatch=hatch, label=("wall", "CPU")[j])
        right.set_xticks([k + 0.19 for k in range(len(clean))], [name for name, *_ in clean])
        right.set_ylabel("s")
        right.set_title("Clean build of the local provider, -j2", loc="left")
        right.legend(frameon=False, fontsize=7)
    else:
        right.set_axis_off()
    fig.tight_layout()
    return save(fig, out_dir, "anchor-compile.svg")


def main(argv):
    if len(argv) != 2:
        raise SystemExit(__doc__)
    with open(argv[0], encoding="utf-8") as f:
        data = json.load(f)
    os.makedirs(argv[1], exist_ok=True)
    written = [ratios(data, argv[1]), sets(data, argv[1]), startup(data, argv[1]), compile_time(data, argv[1])]
    print("charts: " + ", ".join(written))


if __name__ == "__main__":
    main(sys.argv[1:])
