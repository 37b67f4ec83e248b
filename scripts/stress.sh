#!/usr/bin/env bash
# Stress test: builds the problem and the judge in release, then runs the
# submission against the problem's naive on generated inputs (each checked by
# PROBLEM-validate, when the problem has a validator) until they disagree (or
# the cases or time run out), judged as `scripts/check.sh` judges (a problem's
# checker gets the naive's output). A disagreement is re-run on the same input:
# if it repeats every time it is
# shrunk, printed and stored as io-tests/PROBLEM/stress-SEED.in/.out (never
# over an existing file); if not, it is reported as flaky and nothing is
# stored. See `judge stress` in shared/judge/src/main.rs for every option.
#
#   scripts/stress.sh PROBLEM [--cases N] [--seed S] [--size K] [--time SECONDS]
#                             [--naive-time-limit-ms MS] [--all]
#
# Exit: 0 every case agreed, 1 disagreement (flaky or not), 2 usage or setup
# error (a problem without a naive or a generator is one: the message names
# `scripts/new-problem.sh PROBLEM --with naive,gen`), 3 the generator, the
# validator, the naive or the checker failed, or the validator rejected a generated input
# (no verdict on the submission).
set -euo pipefail

usage() {
    echo "usage:" >&2
    sed -n '10,17s/^# \{0,1\}//p' "$0" >&2
    exit 2
}
[ $# -ge 1 ] || usage
problem=$1
case $problem in -*) usage ;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
target_dir=${CARGO_TARGET_DIR:-target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac

[ -f "crates/$problem/Cargo.toml" ] || { echo "stress: no problem crates/$problem" >&2; exit 2; }
cargo build --release --quiet -p judge --bin judge
cargo build --release --quiet -p "$problem" --bins
exec "$target_dir/release/judge" stress --root "$root" --bin-dir "$target_dir/release" "$@"
