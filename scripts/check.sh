#!/usr/bin/env bash
# Usage: scripts/check.sh [PROBLEM...]
#
# Builds, in release, what it runs (the judge, and each problem's submission and
# validator), then checks every problem (or the named ones) against its stored
# cases in io-tests/ under the judge's time limit. When the problem has a
# validator (scripts/new-problem.sh NAME --with validate), each input is
# validated first by `PROBLEM-validate`: an input it rejects is the failed case
# INVALID. Without one, a line says the inputs are not validated. One line per
# case, `N passed, M failed` at the end; exit 1 on any failure. Outputs are
# compared as the crate's [package.metadata.judge] says (lines, tokens, float,
# or its checker `PROBLEM-check`, built here when the crate declares it).
# An interactive problem's cases are judged by its `PROBLEM-interact` binary.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=lib/pieces.sh
source scripts/lib/pieces.sh
target_dir=${CARGO_TARGET_DIR:-target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac

if [ $# -gt 0 ]; then
    problems=("$@")
else
    problems=()
    for manifest in crates/*/Cargo.toml; do
        problems+=("$(basename "$(dirname "$manifest")")")
    done
fi
# Only these binaries: the naive, generator and baseline serve other scripts,
# and the bundler (with syn) serves no check.
build=(-p judge --bin judge)
for problem in "${problems[@]}"; do
    if [ -f "crates/$problem/Cargo.toml" ]; then
        build+=(-p "$problem" --bin "$problem")
        if has_piece "$root" "$problem" validate; then
            build+=(--bin "$problem-validate")
        fi
        if has_piece "$root" "$problem" check; then
            build+=(--bin "$problem-check")
        fi
        # An interactive problem is judged by its interactor.
        if grep -qE '^interactive *= *true' "crates/$problem/Cargo.toml"; then
            build+=(--bin "$problem-interact")
        fi
    fi
done
cargo build --release --quiet "${build[@]}"
exec "$target_dir/release/judge" check --root "$root" --bin-dir "$target_dir/release" "$@"
