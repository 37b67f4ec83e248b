#!/usr/bin/env bash
# Builds every binary in release once, then checks every problem (or the named
# ones) against its stored cases in io-tests/ under the judge's time limit.
# Each input is validated first by the problem's `PROBLEM-validate` binary: an
# input it rejects is the failed case INVALID, a missing validator an ERR.
# One line per case, `N passed, M failed` at the end; exit 1 on any failure.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
target_dir=${CARGO_TARGET_DIR:-target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac

# Not the bundler: check.sh runs no bundle, and the bundler alone brings syn.
cargo build --release --workspace --exclude bundle --bins --quiet
exec "$target_dir/release/judge" check --root "$root" --bin-dir "$target_dir/release" "$@"
