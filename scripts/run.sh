#!/bin/sh
# Runs PROBLEM's release build once on FILE, or on stdin, and prints its
# output, then its time and memory: a custom test. --latest DIR: the newest
# download matching the problem's input-pattern, its answer written beside it.
#
#   scripts/run.sh PROBLEM [--input FILE | --case PATTERN | --latest DIR]
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
# Not from the root: a relative FILE or DIR is the caller's.
exec cargo run --manifest-path "$root/Cargo.toml" --release --quiet -p judge --bin judge -- run --root "$root" "$@"
