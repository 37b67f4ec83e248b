# Sourced by the scripts, from the workspace's root. run_judge COMMAND ARG...
# does what `cargo drill COMMAND ARG...` does (shared/cargo-drill), with or
# without it installed: it starts the judge that cargo built last, which goes
# on only when it is the one cargo would run now (`--cargo-if-stale`: `cargo
# judge --help`) and else hands over to cargo; before there is one, cargo runs
# it. At a thousand problems cargo's reading of the workspace costs more than
# a check that finds nothing changed.
#
# `check` runs judge-check (package judge-cli), `judge check` built without
# the judge's other commands, so that a first check.sh waits for none of them.
run_judge() {
    package=judge
    binary=judge
    if [ "$1" = check ]; then
        package=judge-cli
        binary=judge-check
    fi
    if [ -x "${CARGO_TARGET_DIR:-target}/release/$binary" ]; then
        exec "${CARGO_TARGET_DIR:-target}/release/$binary" --cargo-if-stale "$@"
    fi
    exec cargo run --release --quiet -p "$package" --bin "$binary" -- "$@"
}
