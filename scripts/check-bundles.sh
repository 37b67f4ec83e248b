#!/usr/bin/env bash
# Run by CI (.ci/run) and by hand on Debian: bash 4 and GNU tools, with
# rustc 1.63 and 1.85 from scripts/toolchain.sh; not one of the portable scripts.
# Usage: scripts/check-bundles.sh [PROBLEM...]
#
# Checks, for every problem (or the named ones), the single files users paste,
# on the compilers the judges run:
#  1. crates/P/src/main.rs as AtCoder compiles it: bare `rustc -O` with only
#     --extern proconio=... --extern itertools=... --extern ac_library=... (the
#     rlibs of the workspace's release build: proconio 0.5.0, itertools 0.14.0
#     and ac-library-rs 0.2.0, as Cargo.lock pins), under edition 2024 and
#     edition 2021; each binary passes io-tests/P.
#  2. the bundle from scripts/bundle.sh P (kept as target/check-bundles/P.rs)
#     is at most 64 KiB and, with each compiler in BUNDLE_RUSTC (default
#     "1.63 1.85 stable": Debian 12's real rustc 1.63 and 1.85 fetched by
#     scripts/toolchain.sh, and the `rustc` on PATH), compiles with bare
#     `rustc --edition 2021 -O` (no Cargo, no --extern), and with edition 2024
#     too on the compilers that have it (1.85 and later), passes io-tests/P
#     through the judge harness, and (the edition-2021 build of each
#     compiler) agrees with P-naive (`judge stress`) on
#     every input of P-gen's exhaustive walk and on RANDOM_CASES (default 100)
#     seeded random inputs at sizes 1 and 10, unless the walk already holds
#     all of those. A bundle whose header says `// Needs rustc X.Y or later`
#     (one with ac-library-rs, which declares Rust 1.70) is not built with the
#     compilers older than X.Y (1.63), saying so. Warnings fail the stable build only: an older compiler may
#     warn about what a newer one accepts, and judges compile despite warnings
#     (they are shown).
# One line per check, with the seconds it took; `N passed, M failed` at the
# end; exit 1 on any failure.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=lib/pieces.sh
source scripts/lib/pieces.sh
target_dir=${CARGO_TARGET_DIR:-target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac
release=$target_dir/release
random_cases=${RANDOM_CASES:-100}
read -r -a compilers <<<"${BUNDLE_RUSTC:-1.63 1.85 stable}"
size_limit=$((64 * 1024))
started=$(date +%s)

if [ $# -gt 0 ]; then
    problems=("$@")
else
    problems=()
    for manifest in crates/*/Cargo.toml; do
        problems+=("$(basename "$(dirname "$manifest")")")
    done
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The compilers for the bundles: a rustc command and a label for each.
rustc_commands=()
rustc_labels=()
for compiler in "${compilers[@]}"; do
    case $compiler in
        stable) command=rustc ;;
        *)
            command=$(scripts/toolchain.sh "$compiler") || {
                echo "check-bundles.sh: cannot get rustc $compiler (above); BUNDLE_RUSTC=stable checks with the rustc on PATH alone" >&2
                exit 1
            }
            ;;
    esac
    rustc_commands+=("$command")
    rustc_labels+=("$("$command" -V | cut -d' ' -f1-2)")
done

# One release build of everything; its messages name the exact rlibs of the
# locked proconio, itertools and ac-library-rs (built for the bundler's corpus)
# for rustc's --extern.
cargo build --release --workspace --bins --message-format=json-render-diagnostics \
    >"$work/cargo.json" || {
    echo "check-bundles.sh: the workspace does not build (above): nothing to check" >&2
    exit 1
}
rlibs=$("$release/bundle" rlibs proconio itertools ac_library <"$work/cargo.json") || {
    echo "check-bundles.sh: cargo's messages name no rlib of proconio, itertools or ac_library (above)" >&2
    exit 1
}
externs=()
while IFS= read -r library; do
    externs+=(--extern "$library")
done <<<"$rlibs"
stable=$(rustc -V | cut -d' ' -f1-2)

passed=0
failed=0
# Each line ends with the seconds since the previous one: where CI time goes.
last=$EPOCHREALTIME
report() {
    local now=$EPOCHREALTIME
    printf '%s %s  [%s s]\n' "$1" "$2" "$(LC_ALL=C awk -v a="$last" -v b="$now" 'BEGIN { printf "%.1f", b - a }')"
    last=$now
}
pass() {
    passed=$((passed + 1))
    report 'ok  ' "$*"
}
fail() {
    failed=$((failed + 1))
    report FAIL "$*"
}
# Runs a harness command; on success reports its closing line, on failure its output.
harness() {
    local label=$1 log=$work/log
    shift
    if "$@" >"$log" 2>&1; then
        pass "$label ($(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1))"
    else
        fail "$label"
        sed 's/^/     /' "$log" | tail -n 40
    fi
}
show_log() { sed 's/^/     /' "$1" | tail -n 40; }
# rustc's diagnostics in LOG, one line and its source location each. Given the
# BUNDLE they are about, each location also names the part of the bundle it is
# in: main.rs, or the crate under the `// -----` rule that starts its section.
show_diagnostics() {
    grep -E -A1 '^(error|warning)' "$1" | grep -E '^(error|warning)|-->' |
        awk -v bundle="${2:-}" '
            BEGIN {
                if (bundle != "") { part[0] = "main.rs"; start[0] = 1; parts = 1 }
                while (bundle != "" && (getline line < bundle) > 0) {
                    number++
                    if (rule) {
                        name = line; sub(/^\/\/ /, "", name); sub(/,.*/, "", name)
                        part[parts] = "bundled " name; start[parts] = number; parts++
                    }
                    rule = line ~ /^\/\/ -+$/
                }
            }
            /-->/ {
                sub(/^ *--> */, "")
                where = ""
                split($0, at, ":")
                for (i = 0; i < parts; i++) if (at[2] + 0 >= start[i]) where = " (" part[i] ")"
                print "            at " $0 where
                next
            }
            { print "     " $0 }' | head -n 60
}

for problem in "${problems[@]}"; do
    printf '\n%s\n' "$problem"
    main=crates/$problem/src/main.rs

    # 1. main.rs as one file for a judge with the crates (AtCoder).
    for edition in 2024 2021; do
        with_crates=$work/$problem/atcoder-$edition
        mkdir -p "$with_crates"
        # judge check validates every .in with the problem's validator first.
        ln -s "$release/$problem-validate" "$with_crates/"
        what="$problem: main.rs with --extern proconio, itertools, ac_library ($stable, edition $edition)"
        if rustc --edition "$edition" -O "${externs[@]}" -L "dependency=$release/deps" \
            -o "$with_crates/$problem" "$main" 2>"$work/rustc.log"; then
            pass "$what compiles"
            harness "$problem: that binary passes io-tests/$problem" \
                "$release/judge" check --root "$root" --bin-dir "$with_crates" "$problem"
        else
            fail "$what does not compile"
            show_diagnostics "$work/rustc.log"
            # proconio's attributes live in a proc-macro crate, which rustc
            # finds beside proconio's rlib only if Cargo built it.
            if grep -qE 'fastout|derive_readable' "$main"; then
                echo "     main.rs uses proconio's #[fastout] or #[derive_readable]: they need the"
                echo "     proc-macro crate proconio-derive, which rustc finds in $release/deps"
                echo "     only when the workspace builds proconio with its 'derive' feature (as AtCoder does)."
            fi
        fi
    done

    # 2. The bundle, for a judge with std alone.
    # Kept under target/ so that the locations in rustc's messages can be opened.
    bundle=$target_dir/check-bundles/$problem.rs
    mkdir -p "${bundle%/*}"
    if ! "$release/bundle" --manifest-path "$root/Cargo.toml" "$problem" -o "$bundle" \
        2>"$work/bundle.log"; then
        fail "$problem: cannot bundle"
        show_log "$work/bundle.log"
        continue
    fi
    size=$(wc -c <"$bundle")
    if [ "$size" -le "$size_limit" ]; then
        pass "$problem: bundle is $size bytes (limit $size_limit)"
    else
        fail "$problem: bundle is $size bytes, over $size_limit"
    fi

    # Without a naive and a generator (scripts/new-problem.sh P --with naive,gen)
    # the bundle is checked on the stored cases alone.
    compare=true
    if ! has_piece "$root" "$problem" naive || ! has_piece "$root" "$problem" gen; then
        compare=false
        echo "note: $problem has no naive or no generator: its bundles are checked on io-tests/$problem alone"
    fi

    # The brute-force comparison: judge stress runs BIN-DIR/P against
    # BIN-DIR/P-naive on BIN-DIR/P-gen's inputs. A scratch root keeps any input it
    # would store on a disagreement out of the repository (it is printed anyway).
    scratch=$work/root-$problem
    mkdir -p "$scratch/crates/$problem" "$scratch/io-tests/$problem"
    cp "crates/$problem/Cargo.toml" "$scratch/crates/$problem/"

    # Random inputs that the exhaustive walk already holds prove nothing new
    # (connect3's walk is its whole input space): compare them only when one
    # of them is new. judge stress's case i is `P-gen SEED+i SIZE`.
    gen=$release/$problem-gen
    random_sizes=()
    walk_size=0
    if $compare; then walk_size=$("$gen" --count-all); fi
    for ((i = 0; i < walk_size; i++)); do "$gen" --all "$i" | cksum; done | sort -u >"$work/walk.sums"
    for size in 1 10; do
        $compare || continue
        for ((i = 0; i < random_cases; i++)); do "$gen" "$i" "$size" | cksum; done |
            sort -u >"$work/random.sums"
        if [ -n "$(comm -23 "$work/random.sums" "$work/walk.sums")" ]; then
            random_sizes+=("$size")
        else
            pass "$problem: the $random_cases random inputs of size $size are all in the exhaustive walk ($walk_size inputs)"
        fi
    done

    # The oldest rustc the bundle asks for in its header, if any (the bundler
    # writes it when a bundled crate declares a newer rust-version).
    needs=$(sed -n 's|^// Needs rustc \([0-9.]*\) or later.*|\1|p' "$bundle" | head -n 1)
    for i in "${!rustc_commands[@]}"; do
        compiler=${rustc_labels[$i]}
        version=${compiler#rustc }
        if [ -n "$needs" ] && [ "$(printf '%s\n' "$needs" "$version" | sort -V | head -n 1)" != "$needs" ]; then
            echo "note: $problem's bundle needs rustc $needs or later ($(grep -m1 '^// Needs rustc' "$bundle" | sed 's|^// Needs rustc [0-9.]* or later: ||; s|\.$||')): not built with $compiler"
            continue
        fi
        # Edition 2024 needs rustc 1.85; Baekjoon's 1.73 and our 1.63 floor are 2021.
        editions=(2021)
        [ "${compilers[$i]}" = 1.63 ] || editions+=(2024)
        for edition in "${editions[@]}"; do
            bundled=$work/$problem/bundle-$i-$edition
            mkdir -p "$bundled"
            ln -s "$release/$problem-validate" "$release/$problem-naive" "$release/$problem-gen" "$bundled/"
            if ! "${rustc_commands[$i]}" --edition "$edition" -O -o "$bundled/$problem" "$bundle" \
                2>"$work/rustc.log"; then
                fail "$problem: bundle does not compile with $compiler --edition $edition"
                show_diagnostics "$work/rustc.log" "$bundle"
                continue
            fi
            if [ ! -s "$work/rustc.log" ]; then
                pass "$problem: bundle compiles with $compiler --edition $edition -O, no warnings"
            elif [ "$compiler" = "$stable" ]; then
                fail "$problem: bundle compiles with $compiler --edition $edition with warnings"
                show_log "$work/rustc.log"
            else
                pass "$problem: bundle compiles with $compiler --edition $edition -O (warnings below)"
                show_log "$work/rustc.log"
            fi
            harness "$problem: $compiler edition $edition bundle passes io-tests/$problem" \
                "$release/judge" check --root "$root" --bin-dir "$bundled" "$problem"
            # The brute-force comparison once per compiler: the editions differ
            # only in how the same source compiles, which the io-tests show.
            [ "$edition" = 2021 ] && $compare || continue
            stress=("$release/judge" stress --root "$scratch" --bin-dir "$bundled" "$problem")
            harness "$problem: $compiler bundle agrees with $problem-naive on the exhaustive walk" \
                "${stress[@]}" --all
            for size in "${random_sizes[@]}"; do
                harness "$problem: $compiler bundle agrees with $problem-naive on $random_cases random inputs of size $size" \
                    "${stress[@]}" --cases "$random_cases" --seed 0 --size "$size"
            done
        done
    done
done

printf '\nbundle checks took %d s\n' $(($(date +%s) - started))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
