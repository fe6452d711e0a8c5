#!/usr/bin/env bash
# Releases a provider as the Terraform/OpenTofu registries expect it: one zip
# per platform holding terraform-provider-NAME_vVERSION, the registry
# manifest, a SHA256SUMS file over both, and its detached GPG signature.
#
# usage:
#   scripts/release.sh [--build-dir DIR] [--binary PATH]... [--out DIR]
#                      [--gpg-key KEYID | --no-sign] [--name NAME]
#
# Without --binary, builds the static release binary of examples/local in
# DIR (default $TFPP_STATIC_BUILD_DIR or build-static, where scripts/test.sh
# builds its static provider). --binary may be repeated, one per platform
# (linux_amd64, linux_arm64: scripts/arm64.sh builds the latter).
# The version and protocol versions come from the binary (--version,
# --manifest-json), the platform from its ELF header; OUT defaults to dist,
# the key to $GPG_FINGERPRINT.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
start_ns=$(date +%s%N)

usage() { sed -n '7,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
die() { echo "release: $*" >&2; exit 1; }

build_dir="${TFPP_STATIC_BUILD_DIR:-$repo/build-static}"
binaries=() out="dist" key="${GPG_FINGERPRINT:-}" sign=1 name=""
while [ $# -gt 0 ]; do
    case "$1" in
        --build-dir) build_dir="${2:?}"; shift 2 ;;
        --binary) binaries+=("${2:?}"); shift 2 ;;
        --out) out="${2:?}"; shift 2 ;;
        --gpg-key) key="${2:?}"; shift 2 ;;
        --no-sign) sign=0; shift ;;
        --name) name="${2:?}"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "release: unknown argument $1" >&2; usage ;;
    esac
done

# Fail before building when the release could not be signed anyway.
if [ "$sign" = 1 ]; then
    [ -n "$key" ] || die "no signing key: pass --gpg-key KEYID or set GPG_FINGERPRINT (or --no-sign for an unsigned trial)"
    command -v gpg >/dev/null || die "gpg is not installed (apt-get install gpg gpg-agent)"
    gpg --batch --list-secret-keys "$key" >/dev/null 2>&1 || die "gpg has no secret key $key (GNUPGHOME=${GNUPGHOME:-~/.gnupg})"
fi

if [ "${#binaries[@]}" -eq 0 ]; then
    msgpack_dir="$("$repo/scripts/install-deps.sh")"
    # The options of scripts/test.sh's static step, so both share one build
    # directory (bench/anchor builds its harness there too: benchmarks stay on).
    opts=(-Dstatic_release=true -Dbuildtype=release -Dtests=false -Dmsgpack_include_dir="$msgpack_dir")
    if [ -f "$build_dir/build.ninja" ]; then
        meson setup --reconfigure "$build_dir" "${opts[@]}" >/dev/null
    else
        meson setup "$build_dir" "$repo" "${opts[@]}" >/dev/null
    fi
    ninja -C "$build_dir" -j2 examples/terraform-provider-local
    binaries=("$build_dir/examples/terraform-provider-local")
fi

if [ -z "$name" ]; then  # terraform-provider-NAME, or an unpacked terraform-provider-NAME_vX.Y.Z
    [[ "$(basename "${binaries[0]}")" =~ ^terraform-provider-([a-z0-9-]+)(_v.*)?$ ]] \
        || die "cannot tell the provider's type name from $(basename "${binaries[0]}"): pass --name NAME"
    name="${BASH_REMATCH[1]}"
fi
[[ "$name" =~ ^[a-z0-9][a-z0-9-]*$ ]] || die "invalid provider type name '$name' (lower-case letters, digits and dashes)"

case "$(uname -m)" in x86_64) host_arch=amd64 ;; aarch64) host_arch=arm64 ;; *) host_arch="$(uname -m)" ;; esac
version="" manifest_json="" protocols="" platforms=()
for i in "${!binaries[@]}"; do
    b="${binaries[$i]}"
    { [ -f "$b" ] && [ -x "$b" ]; } || die "$b is not an executable"
    b="$(cd "$(dirname "$b")" && pwd)/$(basename "$b")"
    binaries[$i]="$b"
    case "$(LC_ALL=C readelf -h "$b" 2>/dev/null | sed -n 's/^ *Machine: *//p')" in
        "Advanced Micro Devices X86-64") arch=amd64 ;;
        AArch64) arch=arm64 ;;
        *) die "$b is not a Linux x86-64 or AArch64 executable" ;;
    esac
    for p in "${platforms[@]}"; do [ "$p" != "linux_$arch" ] || die "two binaries for linux_$arch"; done
    platforms+=("linux_$arch")

    # Asked of the binary, never typed in: what the zip is called and what
    # the registry advertises must be what the binary says it is and serves.
    # A binary of another architecture runs under qemu-user-static when the
    # kernel does not start it itself (binfmt_misc).
    runner=()
    if [ "$arch" != "$host_arch" ] && ! "$b" --version >/dev/null 2>&1; then
        qemu="qemu-$( [ "$arch" = arm64 ] && echo aarch64 || echo x86_64 )-static"
        command -v "$qemu" >/dev/null ||
            die "cannot run the linux_$arch binary $b on this $host_arch machine (apt-get install qemu-user-static)"
        runner=(env QEMU_LD_PREFIX="/usr/$( [ "$arch" = arm64 ] && echo aarch64 || echo x86_64 )-linux-gnu" "$qemu")
    fi
    v="$("${runner[@]}" "$b" --version)" || die "$b --version failed"
    [[ "$v" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]] || die "$b --version printed '$v', not a semantic version"
    m="$("${runner[@]}" "$b" --manifest-json)" || die "$b --manifest-json failed"
    p="$(python3 -c '
import json, sys
m = json.loads(sys.argv[1])
p = m["metadata"]["protocol_versions"]
assert m["version"] == 1 and p and all(v in ("5.0", "6.0") for v in p), m
print(" ".join(p))' "$m" 2>/dev/null)" || die "$b --manifest-json printed no valid registry manifest: $m"
    if [ -z "$version" ]; then
        version="$v" manifest_json="$m" protocols="$p"
    elif [ "$v" != "$version" ] || [ "$m" != "$manifest_json" ]; then
        die "$b is $v serving $m, but ${binaries[0]} is $version serving $manifest_json"
    fi

    needed="$(LC_ALL=C readelf -d "$b" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
    case "$needed" in
        *grpc*|*protobuf*|*libssl*|*libcrypto*|*absl*|*libstdc++*)
            echo "release: warning: $b needs $needed; users' machines may not have them" \
                 "(use the -Dstatic_release=true build)" >&2 ;;
    esac
done

prefix="terraform-provider-${name}_${version}"
manifest_name="${prefix}_manifest.json"
sums_name="${prefix}_SHA256SUMS"
zips=()
for p in "${platforms[@]}"; do zips+=("${prefix}_$p.zip"); done
mkdir -p "$out"
out="$(cd "$out" && pwd)"
rm -f "$out/${prefix}_"*.zip "$out/$manifest_name" "$out/$sums_name" "$out/$sums_name.sig"

# A fixed timestamp, file mode and entry order: the same binary gives the
# same zip (and so the same zh: hash) on every run and machine.
for i in "${!binaries[@]}"; do
    python3 - "${binaries[$i]}" "$out/${zips[$i]}" "terraform-provider-${name}_v${version}" <<'PY'
import os, sys, time, zipfile
src, dest, entry = sys.argv[1:]
epoch = max(int(os.environ.get("SOURCE_DATE_EPOCH", "0")), 315532800)  # 1980-01-01, zip's earliest date
info = zipfile.ZipInfo(entry, time.gmtime(epoch)[:6])
info.create_system = 3  # Unix, so the mode bits below are honoured on unpack
info.external_attr = 0o100755 << 16
info.compress_type = zipfile.ZIP_DEFLATED
with open(src, "rb") as f, zipfile.ZipFile(dest, "w") as z:
    z.writestr(info, f.read())  # zlib level 6: level 9 took 3x as long for 0.7% less
PY
done
printf '%s\n' "$manifest_json" > "$out/$manifest_name"
(cd "$out" && sha256sum "${zips[@]}" "$manifest_name" | LC_ALL=C sort -k2 > "$sums_name")

if [ "$sign" = 1 ]; then
    # A binary (not armoured) detached signature, as the registries serve it.
    gpg --batch --yes --local-user "$key" --output "$out/$sums_name.sig" --detach-sign "$out/$sums_name"
else
    echo "release: --no-sign: $sums_name.sig left out; no registry will accept this release" >&2
fi

echo "released terraform-provider-$name $version for ${platforms[*]} (protocols $protocols) into $out:"
for f in "${zips[@]}" "$manifest_name" "$sums_name" "$sums_name.sig"; do
    if [ -f "$out/$f" ]; then printf '  %10d bytes  %s\n' "$(stat -c %s "$out/$f")" "$f"; fi
done
elapsed_ms=$(( ($(date +%s%N) - start_ns) / 1000000 ))
printf 'release: %d.%03d s\n' $((elapsed_ms / 1000)) $((elapsed_ms % 1000))
