#!/usr/bin/env bash
# A change timed against a baseline: run_paired.sh in this checkout and in another one (say a
# `git worktree` at the commit before the change, built with its tools/build), one after the other,
# PAIRS times, swapping which goes first in each pair. The first of two back-to-back invocations
# on a shared machine tends to come out a few percent lower (measured), so a fixed order
# shows a gain that is not there.
#   bench/run_ab.sh OTHER PAIRS RUN_PAIRED_ARGS...
#     OTHER             the baseline checkout (its build folder is OTHER/build, as tools/build makes it)
#     PAIRS             invocations of each checkout
#     RUN_PAIRED_ARGS   as for run_paired.sh, e.g. -d packing -s 200 -r 8 dem dem_hyst
#   Prints each invocation's ratio (median of its rounds of Pair times) and the median of each side.
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$BENCH")
source "$REPO/tools/common.sh"
source "$BENCH/common.sh"    # AWK_MEDIAN

[ $# -ge 4 ] || { sed -n '7,11p' "$0"; exit 2; }
other=$(cd "$1" && pwd) pairs=$2
shift 2
[ -x "$other/bench/run_paired.sh" ] || die "$other has no bench/run_paired.sh"
[ "$other" != "$REPO" ] || die "OTHER must be another checkout than this one"

echo "# this checkout ($REPO) against $other, $pairs pairs: run_paired.sh $*"
results=()
for k in $(seq "$pairs"); do
    order=("$REPO" "$other")
    [ $((k % 2)) = 0 ] && order=("$other" "$REPO")
    for side in "${order[@]}"; do
        r=$(cd "$side" && DEM_PLUGIN_BUILD="$side/build" bench/run_paired.sh "$@" 2>&1 |
            sed -n 's/.*Pair time, median of the rounds x\([0-9.]*\).*/\1/p') ||
            die "run_paired.sh $* failed in $side (run it there for its message)"
        [ -n "$r" ] || die "run_paired.sh printed no Pair-time ratio in $side"
        name=this; [ "$side" = "$other" ] && name=other
        echo "pair $k  $name  $r"
        results+=("$name $r")
    done
done
printf '%s\n' "${results[@]}" | awk "$AWK_MEDIAN"'
    { v[$1, ++n[$1]] = $2 }
    END { for (s in n) { for (k = 1; k <= n[s]; k++) a[k] = v[s, k]; printf "%s: median x%.3f of %d\n", s, median(a, n[s]), n[s] } }'
