#!/bin/sh
# Makes a problem from a contest's problem package (Kattis/ICPC format: a
# folder, or a .zip or .kpp), or adds judges' test data (AtCoder's in/ and
# out/) to a problem. Nothing is overwritten. Options: `cargo drill help import`.
#
#   scripts/import.sh PACKAGE [--name NAME] [--time-limit-ms MS]
#   scripts/import.sh --cases FOLDER NAME
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
# Not from the root: a relative PACKAGE or FOLDER is the caller's.
exec cargo run --manifest-path "$root/Cargo.toml" --release --quiet -p judge --bin judge -- import --root "$root" "$@"
