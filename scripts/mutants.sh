#!/usr/bin/env bash
# Run by hand (it takes hours, so CI does not): bash 4, git and cargo-mutants;
# not one of the portable scripts.
# Mutation testing: runs cargo-mutants on each FILE in turn (default: every
# source file of shared/ and crates/*/src), each mutant tested by the tests of
# the file's own package (the bundler's also by its corpus's; for some harness
# files, only the test targets that exercise them: see `test_targets`), and prints per file how many mutants
# were made, caught, missed, unviable and timed out, and the time taken.
# Mutants that no test can catch are excluded, each with its reason, in
# .cargo/mutants.toml; a missed mutant is a gap in the tests.
#
#   scripts/mutants.sh [--jobs N] [FILE...]
#
# Needs cargo-mutants (`cargo install --locked cargo-mutants`). Every mutant is
# a build and a test run: it runs under `nice -n 15`, one job unless --jobs.
# Each file's results (missed.txt, caught.txt, logs) are kept in
# target/mutants-out/<file path with / as _>/mutants.out.
#
# Exit: 0 no mutant missed, 1 some were, 2 usage or setup error. A mutant that
# times out (an endless loop) counts as caught, and is listed.
set -euo pipefail

usage() {
    echo "usage:" >&2
    sed -n '10s/^# \{0,1\}//p' "$0" >&2
    exit 2
}

jobs=1
files=()
while [ $# -gt 0 ]; do
    case $1 in
        --jobs) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
        -*) usage ;;
        *) files+=("$1"); shift ;;
    esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
command -v cargo-mutants >/dev/null || {
    echo "mutants: cargo-mutants is not installed: cargo install --locked cargo-mutants" >&2
    exit 2
}
if [ ${#files[@]} -eq 0 ]; then
    # The bundler's corpus programs are its test subjects, not code under test.
    mapfile -t files < <(git ls-files 'shared/*/src/*.rs' 'crates/*/src/*.rs' | grep -v '^shared/bundle/corpus/')
fi

# The test targets of `cargo test` for a file's mutants: the harness's checking
# helpers, its generators' command line and random stream are exercised by its
# unit tests and tests/harness/ (one binary since the harness's integration tests
# were merged); the process-wide test binaries beside it (signals, rlimits, the
# allocator) would add to each mutant's time without exercising them.
test_targets() {
    case $1 in
        shared/judge/readers/src/validate.rs | shared/judge/judging/src/crosscheck.rs | \
            shared/judge/readers/src/generator.rs | shared/judge/readers/src/rng.rs)
            echo "--lib --test harness" ;;
        # The comparisons, verdicts, manifest reader and checker runs are
        # pinned, message by message, by their unit tests.
        shared/judge/compare/src/lib.rs | shared/judge/text/src/decimal.rs | \
            shared/judge/judging/src/verdict.rs | shared/judge/cases/src/problem.rs | \
            shared/judge/judging/src/answer.rs)
            echo "--lib" ;;
        # Checking a problem, as check.sh and the scaffold test run it.
        shared/judge/check/src/lib.rs) echo "--lib --test harness" ;;
        # The interactor's library, run as the fixture guess-interact.
        shared/judge/readers/src/interact.rs) echo "--lib --test harness" ;;
        shared/judge/src/commands/outputs.rs) echo "--lib --test harness" ;;
        shared/judge/check/src/io_tests.rs) echo "--lib --test harness" ;;
        # Case files, as the harness's file-I/O tests judge them.
        shared/judge/judging/src/case_io.rs) echo "--lib --test harness" ;;
        # A package's programs and their verification, proven by the
        # importer's test packages (see mutants_options).
        shared/judge/cases/src/programs.rs | shared/judge/src/commands/verify.rs)
            echo "--lib --test import" ;;
        # The substitutions are pinned by the bundler's unit tests.
        shared/bundle/src/substitute.rs) echo "--bin bundle" ;;
        # A tool's tests are selected by name (none runs in a plain `cargo
        # test`: docs/testing.md); a problem's run as they are.
        shared/*) echo "--lib --bins --test *" ;;
        *) echo "" ;;
    esac
}

# More options of cargo-mutants for a file's mutants: the bundler is tested
# also by its corpus, real programs bundled and compiled, which cargo-mutants'
# unmutated baseline does not time (it runs the bundler's own tests alone), so
# the time limit of a mutant's tests is set here. (A package a flag: cargo-mutants
# 27 takes `--test-package=a,b` for `a` alone.) A package's programs are tested
# by another package's test target (`--test import`), which cargo-mutants'
# baseline, building the mutated package alone, cannot name: its baseline is
# skipped, run by this script instead on the packages named, and the limit set.
# So are the harness's layers (shared/judge/<layer>/, packages of their own):
# beside their unit tests, the judge package's test targets exercise them.
mutants_options() {
    case $1 in
        shared/bundle/src/substitute.rs) ;;
        shared/bundle/src/*) echo "--test-package=bundle --test-package=bundle-corpus --minimum-test-timeout=120" ;;
        shared/judge/cases/src/programs.rs | shared/judge/src/commands/verify.rs)
            echo "--test-package=judge-cases --test-package=judge --test-package=import --baseline=skip --timeout=240" ;;
        # Pinned by their own unit tests alone (test_targets: --lib).
        shared/judge/compare/src/lib.rs | shared/judge/text/src/decimal.rs | \
            shared/judge/judging/src/verdict.rs | shared/judge/cases/src/problem.rs | \
            shared/judge/judging/src/answer.rs) ;;
        shared/judge/*/src/*)
            local layer=${1#shared/judge/}
            echo "--test-package=judge-${layer%%/*} --test-package=judge --baseline=skip --timeout=240" ;;
    esac
}

# The environment of a file's mutants' tests: the POSIX backend and the
# thread-per-stream supervision it shares with Windows run only when
# JUDGE_RUNNER=unix picks them (on Linux; CI runs the package's tests so too).
mutants_env() {
    case $1 in
        shared/judge/runner/src/unix.rs | shared/judge/runner/src/threads.rs) echo "JUDGE_RUNNER=unix" ;;
    esac
}

# nextest runs the test binaries side by side and stops at the first failure,
# so a caught mutant costs a fraction of the whole suite.
test_tool=()
test_command=(cargo test --profile=mutants)
if cargo nextest --version >/dev/null 2>&1; then
    test_tool=(--test-tool=nextest)
    test_command=(cargo nextest run --cargo-profile=mutants)
fi

out_root=${CARGO_TARGET_DIR:-target}/mutants-out
failed=0
printf '%-40s %7s %6s %6s %8s %8s %7s\n' file mutants caught missed unviable timeouts seconds
for file in "${files[@]}"; do
    [ -f "$file" ] || { echo "mutants: no file $file" >&2; exit 2; }
    out=$out_root/${file//\//_}
    mkdir -p "$out"
    # As cargo arguments, the targets limit both the build and the test run.
    cargo_args=()
    for target in $(test_targets "$file"); do cargo_args+=("--cargo-arg=$target"); done
    read -r -a options <<<"$(mutants_options "$file")"
    read -r -a environment <<<"$(mutants_env "$file")"
    start=$(date +%s)
    # A baseline skipped is run here, on the packages whose tests it names.
    baseline_packages=()
    if [[ " ${options[*]} " == *" --baseline=skip "* ]]; then
        for option in "${options[@]}"; do
            case $option in --test-package=*) baseline_packages+=(-p "${option#--test-package=}") ;; esac
        done
    fi
    if [ ${#baseline_packages[@]} -gt 0 ]; then
        read -r -a targets <<<"$(test_targets "$file")"
        if ! env "${environment[@]}" nice -n 15 "${test_command[@]}" "${baseline_packages[@]}" \
            "${targets[@]}" >"$out/stdout.txt" 2>&1; then
            echo "mutants: $file: the unmodified tree failed to build or test; see $out/stdout.txt" >&2
            exit 2
        fi
    fi
    # cargo-mutants exits non-zero when a mutant is missed; the counts say so.
    env "${environment[@]}" nice -n 15 cargo mutants --jobs "$jobs" --file "$file" --output "$out" \
        "${test_tool[@]}" "${cargo_args[@]}" "${options[@]}" >"$out/stdout.txt" 2>&1 || true
    seconds=$(($(date +%s) - start))
    count() { grep -c . "$out/mutants.out/$1.txt" 2>/dev/null || true; }
    if grep -q '^Found 0 mutants' "$out/stdout.txt"; then
        printf '%-40s %7d %6d %6d %8d %8d %7d\n' "$file" 0 0 0 0 0 "$seconds"
        continue
    fi
    if [ ${#baseline_packages[@]} -eq 0 ] && ! grep -q '^ok *Unmutated baseline' "$out/stdout.txt"; then
        echo "mutants: $file: the unmodified tree failed to build or test; see $out/stdout.txt" >&2
        exit 2
    fi
    caught=$(count caught) missed=$(count missed) unviable=$(count unviable) timeouts=$(count timeout)
    total=$((caught + missed + unviable + timeouts))
    printf '%-40s %7d %6d %6d %8d %8d %7d\n' "$file" "$total" "$caught" "$missed" "$unviable" "$timeouts" "$seconds"
    [ "$missed" -eq 0 ] || failed=1
    sed 's/^/    missed: /' "$out/mutants.out/missed.txt"
    # A mutant that makes a loop endless is caught by the time limit.
    sed 's/^/    timeout: /' "$out/mutants.out/timeout.txt"
done
exit $failed
