#!/bin/sh
# What .github/workflows/verify.yml runs, a call per job, so that a test runs
# each of its commands on one machine (shared/judge/tests/harness/library_shards.rs).
#
#   scripts/verify-libs-ci.sh shard K N
#       verifies part K of N of the libraries' verifications: the Library
#       Checker problems they name imported from library-checker-problems/ (a
#       clone in the workspace, as the workflow checks it out), their generated
#       tests kept in .verify/cache/, the report in .verify/shard-K.report, the
#       parts balanced by .verify/times.report when a merge left one
#   scripts/verify-libs-ci.sh merge
#       puts .verify/shard-*.report together (a shard without a report is
#       named), writes .verify/times.report (the next run's balance) and the
#       site in .verify/site/
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
cd "$root" || exit 2
# shellcheck source=scripts/lib/judge.sh
. scripts/lib/judge.sh
usage() {
    echo "usage: scripts/verify-libs-ci.sh shard K N | merge" >&2
    exit 2
}
case $1 in
    shard)
        [ $# -eq 3 ] || usage
        part="$2/$3"
        report=".verify/shard-$2.report"
        mkdir -p .verify || exit 2
        set -- verify --libs --shard "$part" --import-from library-checker-problems \
            --cache .verify/cache --report "$report"
        if [ -f .verify/times.report ]; then
            set -- "$@" --times .verify/times.report
        fi
        run_judge "$@"
        ;;
    merge)
        [ $# -eq 1 ] || usage
        run_judge verify --libs --merge .verify/shard-*.report \
            --report .verify/times.report --site .verify/site
        ;;
    *) usage ;;
esac
