#!/usr/bin/env bash
# Creates a provider repository from templates/provider: one resource, a unit
# test through tfpp/testing.hpp, an end-to-end test with OpenTofu, docs
# templates and examples, and the release command. tfpp is linked in as the
# Meson subproject subprojects/tfpp (replace the link with a git submodule or
# a copy when the repository leaves this machine).
#
#   scripts/new-provider.sh NAME DIR [--namespace NS]
#
# NAME: the provider's type name (lower-case letters and digits, e.g. "notes");
# NS: its registry namespace (default "example"), as in source = "NS/NAME".
set -euo pipefail
tfpp="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
usage() { sed -n '9p' "$0" | sed 's/^# //' >&2; exit 2; }
[ $# -ge 2 ] || usage
name="$1" dir="$2" namespace="example"
shift 2
while [ $# -gt 0 ]; do
    case "$1" in
        --namespace) namespace="${2:?}"; shift 2 ;;
        *) usage ;;
    esac
done
[[ "$name" =~ ^[a-z][a-z0-9]*$ ]] || { echo "new-provider: NAME must be lower-case letters and digits: $name" >&2; exit 2; }
[[ "$namespace" =~ ^[a-z0-9][a-z0-9-]*$ ]] || { echo "new-provider: invalid namespace $namespace" >&2; exit 2; }
if [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then echo "new-provider: $dir is not empty" >&2; exit 1; fi

mkdir -p "$dir"
cp -r "$tfpp/templates/provider/." "$dir/"
cd "$dir"
# Paths first (examples/resources/scaffold_note), then every file's text.
find . -depth -name '*scaffold*' | while read -r p; do mv "$p" "$(dirname "$p")/$(basename "$p" | sed "s/scaffold/$name/g")"; done
find . -type f -print0 | xargs -0 sed -i "s|example/scaffold|$namespace/$name|g; s/scaffold/$name/g"
mkdir -p subprojects
ln -s "$tfpp" subprojects/tfpp
if command -v git >/dev/null; then git init -q . && echo "new-provider: git repository initialised"; fi
echo "new-provider: terraform-provider-$name ($namespace/$name) created in $(pwd); see its README.md"
