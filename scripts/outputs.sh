#!/usr/bin/env bash
# Writes the expected output of every new case of a problem from its brute
# force: builds the judge and the problem's naive and validator in release, then
# for each io-tests/PROBLEM/NAME.in without a NAME.out, validates it (when the
# crate has src/bin/validate.rs), runs PROBLEM-naive on it and writes NAME.out.
# An existing file is never overwritten; an input the validator rejects, or on
# which the naive fails or runs out of time, gets nothing and is reported.
#
#   scripts/outputs.sh PROBLEM [--naive-time-limit-ms MS]
#
# Exit: 0 every input has its output, 1 an output was not written, 2 usage or
# setup error.
set -euo pipefail

usage() {
    echo "usage:" >&2
    sed -n '9,12s/^# \{0,1\}//p' "$0" >&2
    exit 2
}
[ $# -ge 1 ] || usage
problem=$1
case $problem in -*) usage ;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
target_dir=${CARGO_TARGET_DIR:-target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac

[ -f "crates/$problem/Cargo.toml" ] || { echo "outputs: no problem crates/$problem" >&2; exit 2; }
build=(-p "$problem" --bin "$problem-naive")
if [ -f "crates/$problem/src/bin/validate.rs" ]; then
    build+=(--bin "$problem-validate")
fi
cargo build --release --quiet -p judge --bin judge
cargo build --release --quiet "${build[@]}"
exec "$target_dir/release/judge" outputs --root "$root" --bin-dir "$target_dir/release" "$@"
