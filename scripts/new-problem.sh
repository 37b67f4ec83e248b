#!/bin/sh
# Makes a problem, or adds pieces to one: `judge new` (shared/judge/src/commands/new.rs).
#
#   scripts/new-problem.sh NAME [--url URL] [--time-limit-ms MS] [--memory-limit-mb MB]
#                               [--compare tokens|float[:E]|checker] [--with PIECE,... | --full]
#                               [--interactive]
#
# Every option is explained by `cargo judge help new`. This workspace's, wherever it is run from.
root=$(cd "$(dirname "$0")/.." && pwd)
exec cargo run --manifest-path "$root/Cargo.toml" --release --quiet -p judge --bin judge -- new --root "$root" "$@"
