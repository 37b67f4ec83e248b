#!/bin/sh
# Judges every problem (or the named ones) on its stored cases in io-tests/,
# after building what it runs: a line per case, then `N passed, M failed`;
# exit 1 on any failure. Options: `cargo judge help check`.
#
#   scripts/check.sh [PROBLEM...]
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
cd "$root" || exit 2
# The judge that `cargo judge` ran last starts without cargo, whose own look
# at a workspace of hundreds of problems costs more than a check that judges
# nothing; it hands over to `cargo judge check` when anything it is built
# from has changed since (`cargo judge help check`, --cargo-if-stale).
release="${CARGO_TARGET_DIR:-target}/release"
if [ -x "$release/judge" ] && [ -f "$release/judge-passed/_cargo" ]; then
    exec "$release/judge" check --cargo-if-stale "$@"
fi
exec cargo judge check "$@"
