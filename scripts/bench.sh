#!/usr/bin/env bash
# Benchmarks every problem (or the named ones) at judge scale against its
# input-only baseline, and prints a Markdown table.
#
#   scripts/bench.sh [--runs N] [--seed S] [--size K | --smoke] [PROBLEM...]
#
# For each problem: `<p>-gen SEED max` (or SIZE K, capped by the generator at its
# largest size) writes the input to $CARGO_TARGET_DIR/bench/ (default
# target/bench/; regenerated each time, never committed). The release binaries
# `<p>` and `<p>-baseline` (which reads the same tokens the same way and solves
# nothing) then each run once under GNU time for peak memory, then N times each,
# interleaved, for the median wall time. Standard output goes to /dev/null for both.
#
# Columns: median wall time of the solution and of the baseline (whole process,
# start-up included), their ratio, input bytes, cases (the first token, for
# multi-case problems; 1 for `single-case = true` in the crate's
# [package.metadata.judge]), throughput from the solution's median, and
# peak RSS.
#
# A problem needs a generator and a baseline (scripts/new-problem.sh PROBLEM
# --with gen,baseline): a named problem without them is an error (exit 2); with
# no problem named, such problems are skipped, each with a line.
#
# --smoke (= --size 1000 --runs 1) is the CI check: it asserts nothing about time,
# but exits 1 if any binary fails or the solution prints nothing.
#
#   scripts/bench.sh --growth [OPTION...] [PROBLEM...]
#
# How each problem's cost grows instead: the programs of shared/growth time the
# solution, baseline and naive at doubling generator sizes, fit time ∝ bytes^k,
# print a table per problem and write one SVG each and an index.html under
# $CARGO_TARGET_DIR/growth/. Exit 1 when a solution grows faster than the
# `growth` its crate claims. `--growth --help` lists the options; `--growth
# --self-test` checks that a quadratic toy is flagged and a linear one is not.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
target_dir=${CARGO_TARGET_DIR:-target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac
bin_dir=$target_dir/release
bench_dir=$target_dir/bench
# shellcheck source=lib/pieces.sh
source scripts/lib/pieces.sh

if [[ ${1:-} == --growth ]]; then
    shift
    # The problems' binaries and the growth tool with its toy; not the bundler.
    packages=(-p growth)
    for dir in crates/*/; do
        problem=${dir#crates/}
        packages+=(-p "${problem%/}")
    done
    cargo build --release --bins --quiet "${packages[@]}"
    exec "$bin_dir/growth" --root "$root" --bin-dir "$bin_dir" --out "$target_dir/growth" "$@"
fi

runs=7
seed=1
size=max
problems=()
usage() {
    echo "usage: scripts/bench.sh [--runs N] [--seed S] [--size K | --smoke] [PROBLEM...]" >&2
    echo "       scripts/bench.sh --growth [--help | OPTION...] [PROBLEM...]" >&2
    exit 2
}
while (($#)); do
    case $1 in
    --runs) (($# >= 2)) || usage; runs=$2; shift 2 ;;
    --seed) (($# >= 2)) || usage; seed=$2; shift 2 ;;
    --size) (($# >= 2)) || usage; size=$2; shift 2 ;;
    --smoke) size=1000; runs=1; shift ;;
    -h | --help) usage ;;
    -*) echo "bench: unknown option $1" >&2; usage ;;
    *) problems+=("$1"); shift ;;
    esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "bench: --runs needs a positive whole number" >&2; exit 2; }
named=$((${#problems[@]} > 0))
if ((!named)); then
    for dir in crates/*/; do
        problem=${dir#crates/}
        problems+=("${problem%/}")
    done
fi
benched=()
for problem in "${problems[@]}"; do
    [[ -f crates/$problem/Cargo.toml ]] || { echo "bench: no problem crates/$problem" >&2; exit 2; }
    missing=()
    for piece in gen baseline; do
        has_piece "$root" "$problem" "$piece" || missing+=("$piece")
    done
    if ((${#missing[@]} == 0)); then
        benched+=("$problem")
        continue
    fi
    lacks=$(printf ' and no %s' "${missing[@]}")
    words=$(IFS=,; echo "${missing[*]}")
    them=them
    ((${#missing[@]} > 1)) || them=it
    message="$problem has${lacks# and}, which bench needs: add $them with \`scripts/new-problem.sh $problem --with $words\`"
    if ((named)); then
        echo "bench: $message" >&2
        exit 2
    fi
    echo "bench: skipped: $message" >&2
done
problems=(${benched[@]+"${benched[@]}"})

# Only what it runs: not the bundler, nor the growth tool (--growth only).
build=()
for problem in "${problems[@]}"; do
    build+=(-p "$problem" --bin "$problem" --bin "$problem-gen" --bin "$problem-baseline")
done
if ((${#build[@]})); then
    cargo build --release --quiet "${build[@]}"
fi
mkdir -p "$bench_dir"

# Runs binary $1 on input $2 once under GNU time (when present); prints peak RSS
# in KiB (or "-"). Fails, showing stderr, if the binary fails or, with $3 = check,
# prints nothing.
measure_memory() {
    local binary=$1 input=$2 check=${3:-} name
    name=$(basename "$binary")
    local out=$bench_dir/$name.out err=$bench_dir/$name.stderr rss=$bench_dir/$name.rss
    local status=0
    if [[ -x /usr/bin/time ]]; then
        /usr/bin/time -f %M -o "$rss" "$binary" <"$input" >"$out" 2>"$err" || status=$?
    else
        echo - >"$rss"
        "$binary" <"$input" >"$out" 2>"$err" || status=$?
    fi
    if ((status != 0)); then
        echo "bench: $name failed (exit status $status) on $input:" >&2
        head -c 2000 "$err" >&2
        return 1
    fi
    if [[ $check == check && ! -s $out ]]; then
        echo "bench: $name printed nothing on $input" >&2
        return 1
    fi
    rm -f "$out"
    tail -n 1 "$rss"
}

# The median of the numbers on stdin (the lower middle one for an even count).
median() {
    sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

rows=()
failed=0
for problem in "${problems[@]}"; do
    solution=$bin_dir/$problem
    baseline=$bin_dir/$problem-baseline
    generator=$bin_dir/$problem-gen
    input=$bench_dir/$problem.in
    echo "bench: $problem: generating ($problem-gen $seed $size)" >&2
    # A generator caps a size above its largest.
    "$generator" "$seed" "$size" >"$input"
    bytes=$(wc -c <"$input")
    # `single-case = true` in [package.metadata.judge]: no leading case count.
    if grep -Eq '^single-case[[:space:]]*=[[:space:]]*true' "crates/$problem/Cargo.toml"; then
        cases=1
    else
        cases=$(awk '{ print $1; exit }' "$input")
    fi

    echo "bench: $problem: $runs runs each of $problem and $problem-baseline" >&2
    if ! solution_rss=$(measure_memory "$solution" "$input" check) ||
        ! baseline_rss=$(measure_memory "$baseline" "$input"); then
        failed=1
        continue
    fi

    solution_times=()
    baseline_times=()
    for ((run = 0; run < runs; run++)); do
        # Interleaved, so that a change in machine load hits both alike.
        # Microseconds from bash's own clock: reading it starts no process.
        start=${EPOCHREALTIME/[.,]/}
        "$solution" <"$input" >/dev/null
        middle=${EPOCHREALTIME/[.,]/}
        "$baseline" <"$input" >/dev/null
        end=${EPOCHREALTIME/[.,]/}
        solution_times+=($((middle - start)))
        baseline_times+=($((end - middle)))
    done
    solution_us=$(printf '%s\n' "${solution_times[@]}" | median)
    baseline_us=$(printf '%s\n' "${baseline_times[@]}" | median)

    rows+=("$(awk -v p="$problem" -v size="$size" -v bytes="$bytes" -v cases="$cases" \
        -v s="$solution_us" -v b="$baseline_us" -v srss="$solution_rss" -v brss="$baseline_rss" '
        function mib(kib) { return kib == "-" ? "-" : sprintf("%.1f", kib / 1024) }
        function group(n,   text, grouped) {
            text = sprintf("%d", n)
            while (length(text) > 3) {
                grouped = "," substr(text, length(text) - 2) grouped
                text = substr(text, 1, length(text) - 3)
            }
            return text grouped
        }
        BEGIN {
            printf "| %s | %s | %s | %s | %.2f | %.2f | %.2f | %.1f | %s | %s / %s |\n",
                p, size, group(bytes), group(cases), s / 1000, b / 1000, s / b,
                bytes / s, group(cases / (s / 1e6)), mib(srss), mib(brss)
        }')")
done

echo
echo "$(date '+%Y-%m-%d %H:%M %Z'); $(nproc) cores, $(grep -m 1 'model name' /proc/cpuinfo | sed 's/.*: //');" \
    "load average $(cut -d ' ' -f 1-3 /proc/loadavg); seed $seed, median of $runs runs"
echo
echo "| problem | gen size | input bytes | cases | solution ms | baseline ms | ratio | MB/s | cases/s | peak RSS MiB (solution / baseline) |"
echo "|---|---|---|---|---|---|---|---|---|---|"
if ((${#rows[@]})); then
    printf '%s\n' "${rows[@]}"
fi
exit "$failed"
