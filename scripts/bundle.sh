#!/bin/sh
# Prints (or writes to FILE) crates/PROBLEM/src/main.rs bundled with the source
# of the crates it uses, cut to what it uses: one std-only file for judges
# without proconio and itertools. Details: shared/bundle/README.md.
#
#   scripts/bundle.sh PROBLEM [-o FILE] [--allow-oversize]
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
# Not from the root: a relative FILE is the caller's.
exec cargo run --manifest-path "$root/Cargo.toml" --release --quiet -p bundle --bin bundle -- \
    --manifest-path "$root/Cargo.toml" "$@"
