#!/bin/sh
# Receives problems from the Competitive Companion browser extension and makes
# each a problem of this workspace, with its samples and limits; runs until
# stopped. Options: `cargo drill listen --help`.
#
#   scripts/listen.sh [--port P]
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
cd "$root" || exit 2
# shellcheck source=scripts/lib/judge.sh
. scripts/lib/judge.sh
run_judge listen "$@"
