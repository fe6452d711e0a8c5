#!/usr/bin/env python3
"""Generates a tfpp provider with N resource types, for the schema benchmark.

    python3 bench/schema/gen.py --types N --out DIR [--group-size G]

The output is deterministic (same N and G, same bytes) and laid out the way a
provider author would split a large provider:

  DIR/things_GGG.hpp   models and resource declarations of one group of
                       resource types (G per group, default 20)
  DIR/things_GGG.cpp   the handler bodies of that group; includes only its
                       own header, so it compiles the models and the handlers
                       but none of the framework's per-resource machinery
  DIR/provider.hpp     the provider: `using resources = tfpp::type_list<...>`
                       naming every resource type
  DIR/main.cpp         `tfpp::serve<bench::provider>`: the one TU that
                       instantiates the framework (schema derivation, codecs,
                       planning, the RPC adapters) for every resource type
  DIR/manifest.json    the sources, for bench/schema/run.py

Each resource type "bench_thing_NNNN" has 20 top-level fields: strings,
int64, bool, double, tfpp::number, a list, a set and two maps of strings, a
sensitive string, optional_computed values with use_state_for_unknown,
computed values (the id among them), a field renamed with tfpp::terraform_name<"...">,
descriptions (field options and a `struct docs`), a single nested attribute,
a list nested attribute and a list block with min/max items. Every type has
its own nested structs, as real resources do. The handlers do trivial work:
create returns the plan with its computed values set, read returns the state,
update carries the computed values over, destroy does nothing.

Standard library only.
"""

import argparse
import json
import os
import sys

ITEMS_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "anchor")


def ident(i):
    return f"thing_{i:04d}"


def model_structs(t, tn):
    """The model of one resource type and its nested structs, named t_*."""
    out = []
    w = out.append
    w(f"struct {t}_endpoint {{")
    w("    tfpp::required<std::string> host;")
    w("    tfpp::optional<std::int64_t> port;")
    w("    tfpp::optional<bool> tls;")
    w("};")
    w("")
    w(f"struct {t}_rule {{")
    w("    tfpp::required<std::string, tfpp::description<\"Protocol: tcp, udp or icmp.\">> protocol;")
    w("    tfpp::required<std::int64_t> from_port;")
    w("    tfpp::optional<std::int64_t> to_port;")
    w("    tfpp::optional<std::vector<std::string>> cidr_blocks;")
    w("};")
    w("")
    w(f"struct {t}_setting {{")
    w("    tfpp::required<std::string> key;")
    w("    tfpp::optional<std::string> value;")
    w("    tfpp::optional<bool> secure;")
    w("")
    w("    struct docs {")
    w(f"        tfpp::doc key{{\"Name of the setting of a {tn}.\"}};")
    w("        tfpp::doc value{\"Value of the setting.\"};")
    w("    };")
    w("};")
    w("")
    w(f"struct {t}_model {{")
    w(f"    tfpp::computed<std::string, tfpp::use_state_for_unknown, "
      f"tfpp::description<\"Identifier of the {tn}.\">> id;")
    w(f"    tfpp::required<std::string, tfpp::requires_replace, "
      f"tfpp::description<\"Name of the {tn}; a change replaces it.\">> name;")
    w("    tfpp::optional<std::string, tfpp::terraform_name<\"description\">> description_;")
    w("    tfpp::optional<bool> enabled;")
    w("    tfpp::optional<std::int64_t> size;")
    w("    tfpp::optional<std::int64_t> priority;")
    w("    tfpp::optional<double> ratio;")
    w("    tfpp::optional<tfpp::number> weight;")
    w("    tfpp::optional<std::map<std::string, std::string>> tags;")
    w("    tfpp::optional<std::vector<std::string>> aliases;")
    w("    tfpp::optional<tfpp::set<std::string>> zones;")
    w("    tfpp::optional<std::string, tfpp::sensitive> password;")
    w("    tfpp::optional_computed<std::string, tfpp::use_state_for_unknown> region;")
    w("    tfpp::optional_computed<std::map<std::string, std::string>> labels;")
    w("    tfpp::computed<std::string, tfpp::use_state_for_unknown> arn;")
    w("    tfpp::computed<std::string> updated_at;")
    w("    tfpp::computed<std::int64_t> revision;")
    w(f"    tfpp::optional<{t}_endpoint> endpoint;")
    w(f"    tfpp::optional<std::vector<{t}_rule>> rules;")
    w(f"    tfpp::block_list<{t}_setting, tfpp::min_items<1>, tfpp::max_items<10>> setting;")
    w("")
    w("    struct docs {")
    w(f"        tfpp::doc enabled{{\"Whether the {tn} is enabled.\"}};")
    w("        tfpp::doc size{\"Size in units.\"};")
    w("        tfpp::doc tags{.markdown = \"Tags, as `key = value` pairs.\"};")
    w("        tfpp::doc password{\"Secret; never shown in plans.\"};")
    w("        tfpp::doc region{\"Region; defaults to the provider's.\"};")
    w("        tfpp::doc endpoint{\"Where the thing listens.\"};")
    w("        tfpp::doc rules{\"Traffic rules.\"};")
    w("        tfpp::doc setting{\"A key/value setting (1 to 10 blocks).\"};")
    w("    };")
    w("};")
    w("")
    return out


def header(group, indices, shared_model=False, one_tu=False):
    out = []
    w = out.append
    w(f"// Generated by bench/schema/gen.py: resource types {indices[0]}..{indices[-1]}.")
    w("#pragma once")
    w("")
    w("#include <tfpp/tfpp.hpp>")
    w("")
    w("#include <cstdint>")
    w("#include <map>")
    w("#include <optional>")
    w("#include <string>")
    w("#include <string_view>")
    w("#include <vector>")
    if shared_model:
        w("")
        w("#include \"shared_model.hpp\"")
    w("")
    w("namespace bench {")
    for i in indices:
        t = ident(i)
        tn = f"bench_{t}"
        w("")
        w(f"// ---- {tn}")
        if not shared_model:
            out += model_structs(t, tn)
        w(f"struct {t} {{")
        w(f"    using model = {'thing_model' if shared_model else t + '_model'};")
        w(f"    static constexpr std::string_view type_name = \"{tn}\";")
        w(f"    static constexpr tfpp::doc doc{{\"Benchmark resource type {i}.\"}};")
        if not one_tu:
            w("    static constexpr bool compiled_separately = true;  // in things_NNN.cpp")
        w("")
        w("    std::optional<model> create(model plan, tfpp::context& ctx);")
        w("    std::optional<model> read(model state, tfpp::context& ctx);")
        w("    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);")
        w("    void destroy(const model& state, tfpp::context& ctx);")
        w("};")
    w("")
    w("}  // namespace bench")
    return "\n".join(out) + "\n"


def source(group, indices, one_tu=False):
    out = []
    w = out.append
    w(f"// Generated by bench/schema/gen.py: handlers of resource types {indices[0]}..{indices[-1]}.")
    w(f"#include \"things_{group:03d}.hpp\"")
    if not one_tu:
        w("#include \"provider.hpp\"")
        w("")
        w("#include <tfpp/compile.hpp>")
    w("")
    w("namespace bench {")
    for i in indices:
        t = ident(i)
        w("")
        w(f"std::optional<{t}::model> {t}::create(model plan, tfpp::context&) {{")
        w(f"    plan.id = \"{t}/\" + *plan.name;")
        w(f"    plan.arn = \"arn:bench:{t}:\" + *plan.name;")
        w("    if (!plan.region.is_known()) plan.region = \"local\";")
        w("    if (!plan.labels.is_known()) plan.labels = std::map<std::string, std::string>{};")
        w("    plan.updated_at = \"2026-01-01T00:00:00Z\";")
        w("    plan.revision = std::int64_t{1};")
        w("    return plan;")
        w("}")
        w("")
        w(f"std::optional<{t}::model> {t}::read(model state, tfpp::context&) {{ return state; }}")
        w("")
        w(f"std::optional<{t}::model> {t}::update(model plan, const model& prior, tfpp::context&) {{")
        w("    plan.id = prior.id;")
        w("    plan.arn = prior.arn;")
        w("    if (!plan.region.is_known()) plan.region = prior.region;")
        w("    if (!plan.labels.is_known()) plan.labels = prior.labels;")
        w("    plan.updated_at = \"2026-01-02T00:00:00Z\";")
        w("    plan.revision = prior.revision.value_or(0) + 1;")
        w("    return plan;")
        w("}")
        w("")
        w(f"void {t}::destroy(const model&, tfpp::context&) {{}}")
    w("")
    w("}  // namespace bench")
    if not one_tu:
        w("")
        w("// The framework code of these types is compiled here, not in main.cpp.")
        for i in indices:
            w(f"template struct tfpp::compiled_resource<bench::provider, bench::{ident(i)}>;")
    return "\n".join(out) + "\n"


def provider_header(groups, n, items=False):
    out = []
    w = out.append
    w(f"// Generated by bench/schema/gen.py: the provider of {n} resource types.")
    w("#pragma once")
    w("")
    for g, _ in groups:
        w(f"#include \"things_{g:03d}.hpp\"")
    if items:
        w("#include \"items.hpp\"")
    w("")
    w("namespace bench {")
    w("")
    w("struct provider_config {")
    w("    tfpp::optional<std::string, tfpp::description<\"Region used when a resource sets none.\">> region;")
    w("};")
    w("")
    w("struct provider {")
    w("    static constexpr std::string_view type_name = \"bench\";")
    w("    using config = provider_config;")
    names = [ident(i) for _, idx in groups for i in idx]
    if items:
        names += ["items_list_resource", "items_set_resource"]
    w("    using resources = tfpp::type_list<")
    for k, name in enumerate(names):
        w(f"        {name}{',' if k + 1 < len(names) else '>;'}")
    w("};")
    w("")
    w("}  // namespace bench")
    return "\n".join(out) + "\n"


MAIN = """// Generated by bench/schema/gen.py.
#include "provider.hpp"

#include <tfpp/serve.hpp>

int main(int argc, char** argv) { return tfpp::serve<bench::provider>(argc, argv, {.address = "tfpp/bench"}); }
"""


def write_if_changed(path, text):
    # Unchanged files keep their timestamps, so a rerun need not recompile them.
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def generate(n, out_dir, group_size=20, shared_model=False, one_tu=False, items=False):
    if n < 1:
        raise ValueError("need at least one resource type")
    if group_size < 1:
        raise ValueError("group size must be positive")
    os.makedirs(out_dir, exist_ok=True)
    indices = list(range(n))
    groups = [(g, indices[k:k + group_size]) for g, k in enumerate(range(0, n, group_size))]
    handler_tus = []
    shared_path = os.path.join(out_dir, "shared_model.hpp")
    if shared_model:
        text = "\n".join(["// Generated by bench/schema/gen.py --shared-model: the one model of every type.",
                          "#pragma once", "", "#include <tfpp/tfpp.hpp>", "", "#include <cstdint>",
                          "#include <map>", "#include <string>", "#include <vector>", "", "namespace bench {", ""]
                         + model_structs("thing", "bench_thing_xxxx") + ["", "}  // namespace bench", ""])
        write_if_changed(shared_path, text)
    elif os.path.exists(shared_path):
        os.remove(shared_path)
    for g, idx in groups:
        write_if_changed(os.path.join(out_dir, f"things_{g:03d}.hpp"), header(g, idx, shared_model, one_tu))
        write_if_changed(os.path.join(out_dir, f"things_{g:03d}.cpp"), source(g, idx, one_tu))
        handler_tus.append(f"things_{g:03d}.cpp")
    for name in ("items.hpp", "items.cpp"):
        path = os.path.join(out_dir, name)
        if items:
            with open(os.path.join(ITEMS_DIR, name), encoding="utf-8") as f:
                write_if_changed(path, f.read())
        elif os.path.exists(path):
            os.remove(path)
    if items:
        handler_tus.append("items.cpp")
    write_if_changed(os.path.join(out_dir, "provider.hpp"), provider_header(groups, n, items))
    write_if_changed(os.path.join(out_dir, "main.cpp"), MAIN)
    manifest = {
        "types": n,
        "group_size": group_size,
        "shared_model": shared_model,
        "one_tu": one_tu,
        "attributes_per_type": 20,
        "main": "main.cpp",
        "handler_tus": handler_tus,
        "items": items,
        "type_names": [f"bench_{ident(i)}" for i in indices] + (["bench_items_list", "bench_items_set"] if items else []),
    }
    write_if_changed(os.path.join(out_dir, "manifest.json"), json.dumps(manifest, indent=1) + "\n")
    # Stale groups of an earlier, larger N would confuse a reader of the tree.
    keep = {f"things_{g:03d}.{ext}" for g, _ in groups for ext in ("hpp", "cpp")}
    for name in os.listdir(out_dir):
        if name.startswith("things_") and name not in keep:
            os.remove(os.path.join(out_dir, name))
    return manifest


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--types", type=int, required=True, help="number of resource types")
    p.add_argument("--out", required=True, help="output directory")
    p.add_argument("--group-size", type=int, default=20, help="resource types per handler TU (default 20)")
    p.add_argument("--shared-model", action="store_true",
                   help="every resource type uses the same model structs (a runtime proxy for an N whose "
                        "main.cpp cannot be compiled; its compile time says nothing about distinct models)")
    p.add_argument("--one-tu", action="store_true",
                   help="instantiate the framework for every type in main.cpp (no tfpp::compiled_resource): "
                        "the cost of a provider that does not split its resources")
    p.add_argument("--items", action="store_true",
                   help="add bench_items_list and bench_items_set (bench/anchor/items.hpp), the large-collection "
                        "resources of the tfpp/Go benchmark")
    args = p.parse_args(argv)
    m = generate(args.types, args.out, args.group_size, args.shared_model, args.one_tu, args.items)
    print(f"gen.py: {m['types']} resource types in {len(m['handler_tus'])} handler TUs + main.cpp -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
