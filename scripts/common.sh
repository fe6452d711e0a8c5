# Shared by scripts/run-example.sh and scripts/test.sh: installs what the
# build needs and configures the build directory. Sourced, not run.

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${TFPP_BUILD_DIR:-$repo/build}"
source "$repo/scripts/go-env.sh"
# ccache (Meson uses it when it is on PATH) keys objects by paths relative to
# the clone, so a clean clone elsewhere finds the objects of the last one.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$repo}"
# The unit and serve tests' precompiled headers (Meson's cpp_pch) are cached
# only with these: ccache cannot see a macro or __TIME__ inside a .gch.
export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros}"

# A step's header says how long the one before it took, in wall time and in
# the CPU time of the processes it ran (two cores: up to twice the wall time),
# and the time so far.
run_start=$(date +%s) step_start=$run_start step_cpu=0 step_name=""
step() {
    local now cpu times_file
    now=$(date +%s) times_file=$(mktemp)
    times > "$times_file"  # in this shell: a subshell has no finished children
    cpu=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); t += p[1] * 60 + p[2] } printf "%d", t }' "$times_file")
    rm -f "$times_file"
    [ -z "$step_name" ] || printf '(%s: %d s, %d s of CPU)\n' "$step_name" $((now - step_start)) $((cpu - step_cpu))
    step_name="$*" step_start=$now step_cpu=$cpu
    printf '\n==> %s   [%d s so far]\n' "$*" $((now - run_start))
}

# A script that sets tfpp_user_cli_first=1 (run-example.sh) runs the user's
# own OpenTofu or Terraform when tfpp supports its version (scripts/find-cli.sh);
# the tests run the pinned ones.
if [ "${tfpp_user_cli_first:-0}" != 1 ]; then
    command -v go >/dev/null || { echo "Go (>= 1.25) is needed: OpenTofu, the go-cty golden vectors and the benchmark anchor come from the Go module proxy" >&2; exit 1; }
fi

step "Debian packages"
msgpack_dir="$("$repo/scripts/install-deps.sh")"

tofu=""
if [ "${tfpp_user_cli_first:-0}" = 1 ]; then
    step "OpenTofu or Terraform: yours (TFPP_TOFU, or on PATH) if tfpp supports its version, else the pinned OpenTofu built from the Go module proxy"
    tofu="$("$repo/scripts/find-cli.sh")"
elif [ -z "${tools_in_background:-}" ]; then  # scripts/test.sh builds the Go tools beside its build
    step "OpenTofu (built from the Go module proxy once, then cached)"
    tofu="$("$repo/scripts/build-go-tools.sh" tofu)"
fi
[ -z "$tofu" ] || "$tofu" version 2>/dev/null | sed -n "/^\(OpenTofu\|Terraform\) v/p"

configure() {  # extra meson options...
    local opts=(-Dmsgpack_include_dir="$msgpack_dir" ${tofu:+-Dtofu="$tofu"} "$@")
    if [ -f "$build/build.ninja" ]; then
        meson setup --reconfigure "$build" "${opts[@]}" >/dev/null
    else
        meson setup "$build" "$repo" "${opts[@]}" >/dev/null
    fi
}
