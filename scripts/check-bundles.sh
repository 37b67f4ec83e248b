#!/usr/bin/env bash
# Usage: scripts/check-bundles.sh [PROBLEM...]
#
# Checks, for every problem (or the named ones), the single files users paste:
#  1. crates/P/src/main.rs compiles alone with bare rustc given only
#     --extern proconio=... --extern itertools=... (AtCoder's setup), and that
#     binary passes io-tests/P;
#  2. the bundle from scripts/bundle.sh P is at most 64 KiB, compiles with bare
#     `rustc --edition 2021 -O` (no Cargo, no --extern), passes io-tests/P through
#     the judge harness, and agrees with P-naive on every input of P-gen's
#     exhaustive walk and on RANDOM_CASES (default 100) seeded random inputs at
#     sizes 1 and 10 (`judge stress`).
# One line per check, `N passed, M failed` at the end; exit 1 on any failure.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
target_dir=${CARGO_TARGET_DIR:-target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac
release=$target_dir/release
random_cases=${RANDOM_CASES:-100}
size_limit=$((64 * 1024))
started=$(date +%s)

if [ $# -gt 0 ]; then
    problems=("$@")
else
    problems=()
    for manifest in crates/*/Cargo.toml; do
        problems+=("$(basename "$(dirname "$manifest")")")
    done
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One release build of everything; its messages name the exact rlibs of the
# locked proconio and itertools for rustc's --extern.
cargo build --release --workspace --bins --message-format=json-render-diagnostics \
    >"$work/cargo.json"
externs=()
while IFS= read -r library; do
    externs+=(--extern "$library")
done < <("$release/bundle" rlibs proconio itertools <"$work/cargo.json")

passed=0
failed=0
pass() {
    passed=$((passed + 1))
    printf 'ok   %s\n' "$*"
}
fail() {
    failed=$((failed + 1))
    printf 'FAIL %s\n' "$*"
}
# Runs a harness command; on success reports its closing line, on failure its output.
harness() {
    local label=$1 log=$work/log
    shift
    if "$@" >"$log" 2>&1; then
        pass "$label ($(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1))"
    else
        fail "$label"
        sed 's/^/     /' "$log" | tail -n 40
    fi
}

for problem in "${problems[@]}"; do
    printf '\n%s\n' "$problem"
    main=crates/$problem/src/main.rs

    # 1. main.rs as one file for a judge with the crates.
    with_crates=$work/with-crates-$problem
    mkdir -p "$with_crates"
    if rustc --edition 2021 -O "${externs[@]}" -L "dependency=$release/deps" \
        -o "$with_crates/$problem" "$main" 2>"$work/rustc.log"; then
        pass "$problem: main.rs compiles alone with --extern proconio, itertools"
        harness "$problem: that binary passes io-tests/$problem" \
            "$release/judge" check --root "$root" --bin-dir "$with_crates" "$problem"
    else
        fail "$problem: main.rs does not compile alone with --extern proconio, itertools"
        sed 's/^/     /' "$work/rustc.log" | tail -n 40
    fi

    # 2. The bundle, for a judge with std alone.
    bundle=$work/$problem.rs
    if ! "$release/bundle" --manifest-path "$root/Cargo.toml" "$problem" -o "$bundle" \
        2>"$work/bundle.log"; then
        fail "$problem: cannot bundle"
        sed 's/^/     /' "$work/bundle.log"
        continue
    fi
    size=$(wc -c <"$bundle")
    if [ "$size" -le "$size_limit" ]; then
        pass "$problem: bundle is $size bytes (limit $size_limit)"
    else
        fail "$problem: bundle is $size bytes, over $size_limit"
    fi
    bundled=$work/bundled-$problem
    mkdir -p "$bundled"
    if ! rustc --edition 2021 -O -o "$bundled/$problem" "$bundle" 2>"$work/rustc.log"; then
        fail "$problem: bundle does not compile with bare rustc"
        sed 's/^/     /' "$work/rustc.log" | tail -n 40
        continue
    fi
    if [ -s "$work/rustc.log" ]; then
        fail "$problem: bundle compiles with warnings"
        sed 's/^/     /' "$work/rustc.log" | tail -n 40
    else
        pass "$problem: bundle compiles with bare rustc --edition 2021 -O, no warnings"
    fi
    harness "$problem: bundle passes io-tests/$problem" \
        "$release/judge" check --root "$root" --bin-dir "$bundled" "$problem"

    # The brute-force comparison: judge stress runs BIN-DIR/P against
    # BIN-DIR/P-naive on BIN-DIR/P-gen's inputs. A scratch root keeps any input it
    # would store on a disagreement out of the repository (it is printed anyway).
    ln -s "$release/$problem-naive" "$release/$problem-gen" "$bundled/"
    scratch=$work/root-$problem
    mkdir -p "$scratch/crates/$problem" "$scratch/io-tests/$problem"
    cp "crates/$problem/Cargo.toml" "$scratch/crates/$problem/"
    stress=("$release/judge" stress --root "$scratch" --bin-dir "$bundled" "$problem")
    harness "$problem: bundle agrees with $problem-naive on the exhaustive walk" \
        "${stress[@]}" --all
    for size in 1 10; do
        harness "$problem: bundle agrees with $problem-naive on $random_cases random inputs of size $size" \
            "${stress[@]}" --cases "$random_cases" --seed 0 --size "$size"
    done
done

printf '\nbundle checks took %d s\n' $(($(date +%s) - started))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
