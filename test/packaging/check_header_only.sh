#!/usr/bin/env bash
# tfpp's header-only mode: examples/local and a small consumer built with
# -Dtfpp:header_only=true, outside the tree, with tfpp as a subproject. No
# tfpp library is built or linked (the link commands and the symbols say so);
# the example then goes through examples/local's OpenTofu lifecycle.
#   check_header_only.sh SOURCE_DIR MSGPACK_INCLUDE_DIR TOFU
set -euo pipefail
src=$1 msgpack=$2 tofu=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cp "$src"/test/packaging/header_only/meson.build "$src"/test/packaging/consumer_* "$work/"
mkdir "$work/local" "$work/subprojects"
cp "$src"/examples/local/*.cpp "$src"/examples/local/*.hpp "$work/local/"
ln -s "$src" "$work/subprojects/tfpp"
opts=(-Dtfpp:header_only=true -Ddebug=false)  # no debug information: ccache finds a clone's objects anywhere
[ -n "$msgpack" ] && opts+=("-Dtfpp:msgpack_include_dir=$msgpack")
meson setup "$work/build" "$work" "${opts[@]}" > "$work/setup.log" 2>&1 || { cat "$work/setup.log"; exit 1; }
start=$(date +%s)
ninja -C "$work/build" -j2 > "$work/build.log" || { cat "$work/build.log"; exit 1; }
echo "header-only build of examples/local and the consumer: $(( $(date +%s) - start )) s"

ninja -C "$work/build" -t commands > "$work/commands.txt"
grep -q -- '-DTFPP_HEADER_ONLY' "$work/commands.txt" || fail "TFPP_HEADER_ONLY is not defined"
grep -E 'src/(codec|diag|plan|provider|rpc|schema|serve|value)/[a-z_0-9]+\.cpp' "$work/commands.txt" \
    && fail "tfpp's src/ was compiled"
grep -E -- '-o terraform-provider-(local|consumer) ' "$work/commands.txt" > "$work/links.txt"
[ "$(wc -l < "$work/links.txt")" = 2 ] || fail "the two link commands were not found"
grep -E 'libtfpp[a-z_]*\.a' "$work/links.txt" && fail "a tfpp library is linked"
find "$work/build" -name 'libtfpp*' | grep . && fail "a tfpp library was built"
for b in terraform-provider-local terraform-provider-consumer; do
    # tfpp's type-independent code is in the binary, as inline (weak) code from the headers.
    nm -C "$work/build/$b" > "$work/symbols.txt"
    grep -q ' W tfpp::detail::plan_resource_change(tfpp::block_schema const&' "$work/symbols.txt" \
        || fail "$b has no inline planner"
    grep -q ' W tfpp::detail::serve_provider(' "$work/symbols.txt" || fail "$b has no inline serve_provider"
done
echo "PASS: no libtfpp*.a built or linked; the planner and the server come from the headers"
"$work/build/terraform-provider-consumer" --schema-json | python3 -c 'import json, sys; json.load(sys.stdin)' \
    || fail "the consumer's --schema-json"
python3 "$src/test/e2e/run_e2e.py" --cli "$tofu" --provider "$work/build/terraform-provider-local" --protocol 6
echo "PASS: examples/local built header-only goes through the OpenTofu lifecycle"
