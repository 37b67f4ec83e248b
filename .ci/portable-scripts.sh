#!/usr/bin/env bash
# CI only (bash, with shellcheck, dash and busybox, which .ci/run installs):
# the scripts users run are POSIX sh. Each passes `shellcheck -s sh`
# and does its job under dash and under busybox sh, judged by its exit status
# and a line of its own output.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in shellcheck dash busybox; do
    command -v "$tool" >/dev/null ||
        { echo "portable-scripts: needs $tool (.ci/run installs it)" >&2; exit 1; }
done

portable=(check new-problem stress bundle outputs bench listen submit watch run import verify verify-libs-ci)
for name in "${portable[@]}"; do
    [ "$(head -n 1 "scripts/$name.sh")" = "#!/bin/sh" ] ||
        { echo "portable-scripts: scripts/$name.sh does not start with #!/bin/sh" >&2; exit 1; }
done
files=()
for name in "${portable[@]}"; do files+=("scripts/$name.sh"); done
shellcheck -x -s sh "${files[@]}" scripts/lib/judge.sh
echo "shellcheck -s sh: ${portable[*]} clean"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# expect SHELL STATUS PATTERN SCRIPT ARGS...: the exit status, and a line of
# the script's output that matches PATTERN (none for an empty one).
expect() {
    local shell=$1 status=$2 pattern=$3 script=$4
    shift 4
    local got=0
    # shellcheck disable=SC2086 # "busybox sh" is two words
    $shell "scripts/$script.sh" "$@" >"$scratch/out" 2>&1 || got=$?
    local line
    line=$(grep -E "$pattern" "$scratch/out" | tail -n 1 || true)
    if [ "$got" -ne "$status" ] || { [ -n "$pattern" ] && [ -z "$line" ]; }; then
        cat "$scratch/out" >&2
        echo "portable-scripts: $shell scripts/$script.sh $*: exit $got;" \
            "expected exit $status and a line matching /$pattern/" >&2
        exit 1
    fi
    echo "$shell scripts/$script.sh $*: $line"
}
for shell in dash "busybox sh"; do
    expect "$shell" 0 '^[1-9][0-9]* passed, 0 failed$' check --force connect3
    expect "$shell" 0 ' 0 not written$' outputs line-sg
    expect "$shell" 0 '^20 passed, 0 failed$' stress connect3 --cases 20 --seed 1
    expect "$shell" 0 '^\| connect3 \|' bench --smoke connect3
    expect "$shell" 0 '' bundle connect3 -o "$scratch/connect3.rs"
    [ -s "$scratch/connect3.rs" ] || { echo "portable-scripts: bundle.sh wrote nothing" >&2; exit 1; }
    rm "$scratch/connect3.rs"
    expect "$shell" 0 '^usage: judge new' new-problem --help
    # A real problem, made in a scratch workspace (the clone's stays as it is).
    rm -rf "$scratch/ws" && mkdir -p "$scratch/ws/crates" "$scratch/ws/io-tests"
    printf '[workspace]\nmembers = ["crates/*"]\n' >"$scratch/ws/Cargo.toml"
    expect "$shell" 0 '^wrote crates/demo/src/main.rs$' new-problem demo --root "$scratch/ws" --time-limit-ms 500
    grep -qx 'time-limit-ms = 500' "$scratch/ws/crates/demo/Cargo.toml" ||
        { echo "portable-scripts: new-problem.sh under $shell: no time limit in the manifest" >&2; exit 1; }
    expect "$shell" 0 '^usage: judge listen' listen --help
    expect "$shell" 0 '^usage: judge submit' submit --help
    expect "$shell" 0 '^usage: judge watch' watch --help
    expect "$shell" 0 '^usage: judge run' run --help
    expect "$shell" 0 '^usage: judge import' import --help
    expect "$shell" 2 'not a package folder, nor a .zip or .kpp file' import "$scratch/none"
    expect "$shell" 0 '^usage: judge verify' verify --help
    expect "$shell" 2 'connect3/submissions: no submissions/ to verify' verify connect3
    expect "$shell" 2 '^usage: scripts/verify-libs-ci.sh shard K N \| merge$' verify-libs-ci shard 1
    # A mistake reaches the tool, which says so.
    expect "$shell" 2 'no problem crates/nonexistent' bench nonexistent
done
