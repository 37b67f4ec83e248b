#!/usr/bin/env bash
# Writes the expected output of every new case of a problem from its brute
# force: builds the judge and the problem's naive and validator in release, then
# for each io-tests/PROBLEM/NAME.in without a NAME.out, validates it (when the
# problem has a validator), runs PROBLEM-naive on it and writes NAME.out.
# An existing file is never overwritten; an input the validator rejects, or on
# which the naive fails or runs out of time, gets nothing and is reported.
# See `judge outputs --help`.
#
#   scripts/outputs.sh PROBLEM [--naive-time-limit-ms MS]
#
# Exit: 0 every input has its output, 1 an output was not written, 2 usage or
# setup error.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
problem=${1:-}
if [ -z "$problem" ] || [ ! -f "$root/crates/$problem/Cargo.toml" ]; then
    echo "usage: scripts/outputs.sh PROBLEM [--naive-time-limit-ms MS] (PROBLEM: a folder of crates/)" >&2
    exit 2
fi
cd "$root"
target_dir=${CARGO_TARGET_DIR:-target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac

# shellcheck source=lib/pieces.sh
source scripts/lib/pieces.sh
build=(-p judge --bin judge)
# Without a naive, the judge says how to add one.
for piece in naive validate; do
    if has_piece "$root" "$problem" "$piece"; then
        build+=(-p "$problem" --bin "$problem-$piece")
    fi
done
cargo build --release --quiet "${build[@]}"
exec "$target_dir/release/judge" outputs --root "$root" --bin-dir "$target_dir/release" "$@"
