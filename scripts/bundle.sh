#!/usr/bin/env bash
# Usage: scripts/bundle.sh PROBLEM [-o FILE] [--allow-oversize]
#
# Prints (or writes to FILE) crates/PROBLEM/src/main.rs bundled with the real
# source of the crates it uses (proconio, and itertools if used), read from Cargo's
# registry at the versions in Cargo.lock, cut to what rustc finds used: one file
# for judges that offer std alone, which compiles with `rustc --edition 2021 -O
# FILE` on Rust 1.63 and later. Over 64 KiB it fails unless --allow-oversize.
# For judges with proconio and itertools (AtCoder), submit src/main.rs as it is.
# Details: shared/bundle/README.md.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
target_dir=${CARGO_TARGET_DIR:-$root/target}
case $target_dir in /*) ;; *) target_dir=$PWD/$target_dir ;; esac

if [ $# -eq 0 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
    sed -n '2,11s/^# \{0,1\}//p' "$0" >&2
    exit 2
fi

cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p bundle --bin bundle
exec "$target_dir/release/bundle" --manifest-path "$root/Cargo.toml" "$@"
