#!/usr/bin/env bash
# Creates a provider repository from templates/provider: one resource, a unit
# test through tfpp/testing.hpp, an end-to-end test with OpenTofu, docs
# templates and examples. The repository stands alone: nothing in it points
# into this tree.
#
#   scripts/new-provider.sh NAME DIR [--namespace NS] [--build-system meson|cmake] [--tfpp-release FILE [--tfpp-url URL]]
#
# NAME: the provider's type name (lower-case letters and digits, e.g. "notes");
# NS: its registry namespace (default "example"), as in source = "NS/NAME".
# meson (the default): tfpp comes in as the Meson wrap subprojects/tfpp.wrap
#   of its release tarball FILE (tfpp-VERSION.tar.xz), by its SHA-256 and the
#   URL (default file://FILE) where the team keeps it. Without --tfpp-release
#   the tarball is made from this tree's git HEAD into its dist/ (scripts/dist.sh).
# cmake: find_package(tfpp) of the installed package, target tfpp::tfpp.
set -euo pipefail
tfpp="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
usage() { sed -n '7p' "$0" | sed 's/^# *//' >&2; exit 2; }
[ $# -ge 2 ] || usage
name="$1" dir="$2" namespace="example" build_system="meson" release="" url=""
shift 2
while [ $# -gt 0 ]; do
    case "$1" in
        --namespace) namespace="${2:?}"; shift 2 ;;
        --build-system) build_system="${2:?}"; shift 2 ;;
        --tfpp-release) release="${2:?}"; shift 2 ;;
        --tfpp-url) url="${2:?}"; shift 2 ;;
        *) usage ;;
    esac
done
[[ "$name" =~ ^[a-z][a-z0-9]*$ ]] || { echo "new-provider: NAME must be lower-case letters and digits: $name" >&2; exit 2; }
[[ "$namespace" =~ ^[a-z0-9][a-z0-9-]*$ ]] || { echo "new-provider: invalid namespace $namespace" >&2; exit 2; }
case "$build_system" in meson|cmake) ;; *) echo "new-provider: --build-system is meson or cmake" >&2; exit 2 ;; esac
if [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then echo "new-provider: $dir is not empty" >&2; exit 1; fi

version="$(sed -n "s/^ *version: *'\([0-9.]*\)'.*/\1/p" "$tfpp/meson.build" | head -1)"
if [ "$build_system" = meson ] && [ -z "$release" ]; then
    git -C "$tfpp" rev-parse --git-dir >/dev/null 2>&1 \
        || { echo "new-provider: not a git checkout; give tfpp's release tarball with --tfpp-release FILE" >&2; exit 2; }
    if [ -x "$tfpp/scripts/dist.sh" ]; then  # tfpp's source release (meson dist)
        release="$("$tfpp/scripts/dist.sh" | tail -1)"
    else
        release="$tfpp/dist/tfpp-$version.tar.xz"
        mkdir -p "$tfpp/dist"
        git -C "$tfpp" archive --format=tar --prefix="tfpp-$version/" HEAD | xz -c > "$release.tmp"
        mv "$release.tmp" "$release"
    fi
    echo "new-provider: made $release from git HEAD"
fi

if [ -n "$release" ]; then
    [ -f "$release" ] || { echo "new-provider: no file $release" >&2; exit 1; }
    release="$(realpath "$release")"
fi

mkdir -p "$dir"
cp -r "$tfpp/templates/provider/." "$dir/"
cd "$dir"
# Paths first (examples/resources/scaffold_note), then every file's text.
find . -depth -name '*scaffold*' | while read -r p; do mv "$p" "$(dirname "$p")/$(basename "$p" | sed "s/scaffold/$name/g")"; done
find . -type f -print0 | xargs -0 sed -i "s|example/scaffold|$namespace/$name|g; s/scaffold/$name/g"
other="$([ "$build_system" = meson ] && echo cmake || echo meson)"
sed -i "/^<!-- $other -->\$/,/^<!-- \/$other -->\$/d; /^<!-- \/\{0,1\}$build_system -->\$/d" README.md

if [ "$build_system" = meson ]; then
    rm CMakeLists.txt
    top="$(tar -tf "$release" | awk -F/ 'NR == 1 { print $1 }')"  # the tarball's top directory
    mkdir -p subprojects
    cat > subprojects/tfpp.wrap <<WRAP
[wrap-file]
directory = $top
source_url = ${url:-file://$release}
source_filename = $(basename "$release")
source_hash = $(sha256sum "$release" | cut -d' ' -f1)

[provide]
tfpp = tfpp_dep
WRAP
else
    rm meson.build meson_options.txt scripts/setup.sh scripts/tfpp-dir.sh scripts/release.sh
    rmdir scripts
fi
if command -v git >/dev/null; then git init -q . && echo "new-provider: git repository initialised"; fi
echo "new-provider: terraform-provider-$name ($namespace/$name, $build_system) created in $(pwd); see its README.md"
