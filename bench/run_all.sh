#!/usr/bin/env bash
# Every paired ratio of the speed comparisons and of rolling resistance in one
# table: bench/run_paired.sh once per row, the chute and the packing, one core, Kokkos on two
# threads and two MPI ranks, plus a null pair (gran/hooke/history against itself) that states
# the machine's noise. See bench/README.md, "Current results".
#
#   bench/run_all.sh [-r ROUNDS] [-s STEPS] [-t THREADS] [-n RANKS] [-u MU_R] [-o ROWS]
#     -r ROUNDS   rounds of A B B A per row (default 8)
#     -s STEPS    steps per run (default 200)
#     -t THREADS  Kokkos threads of the /kk rows (default 2)
#     -n RANKS    MPI ranks of the MPI rows (default 2)
#     -u MU_R     rolling friction of the rolling rows (default 0.1)
#     -o ROWS     only the rows whose name contains one of these comma-separated words, e.g.
#                 -o rolling,noise (row names: see the table)
#   Environment: DEM_PLUGIN_BUILD, BENCH_LOGDIR as for run_paired.sh (each row's output is kept
#   in the log folder, whose name is printed).
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$BENCH")
source "$REPO/tools/common.sh"

rounds=8 steps=200 threads=2 ranks=2 mur=0.1 only=""
while getopts "r:s:t:n:u:o:h" opt; do
    case "$opt" in
        r) rounds=$OPTARG ;;
        s) steps=$OPTARG ;;
        t) threads=$OPTARG ;;
        n) ranks=$OPTARG ;;
        u) mur=$OPTARG ;;
        o) only=$OPTARG ;;
        *) sed -n '7,17p' "$0"; exit 2 ;;
    esac
done
logdir=${BENCH_LOGDIR:-$(mktemp -d "${TMPDIR:-/tmp}/bench-all.XXXXXX")}
mkdir -p "$logdir"
"$REPO/tools/build" >/dev/null

# name | deck | run_paired options | A | B | what B : A is (in the order they run: rolling
# resistance, MPI, noise, the other targets)
rows=(
    "rolling-cpu|chute||dem|dem_rr|dem/linear rr_fric $mur : dem/linear, 1 core"
    "rolling-kk|chute|-t $threads|dem|dem_rr|dem/linear/kk rr_fric $mur : dem/linear/kk, $threads threads"
    "rolling-granular|chute||granular_rr|dem_rr|dem/linear rr_fric : granular rolling sds, 1 core"
    "rolling-sds|chute||granular|granular_rr|granular rolling sds : granular, 1 core"
    "rolling-packing|packing||dem|dem_rr|dem/linear rr_fric $mur : dem/linear, packing, 1 core"
    "chute-cpu|chute||hooke|dem|dem/linear : gran/hooke/history, 1 core"
    "chute-mpi|chute|-n $ranks|hooke|dem|dem/linear : gran/hooke/history, $ranks ranks (loop time)"
    "packing-cpu|packing||hooke|dem|dem/linear : gran/hooke/history, 1 core"
    "packing-mpi|packing|-n $ranks|hooke|dem|dem/linear : gran/hooke/history, $ranks ranks (loop time)"
    "noise|chute||hooke|hooke|gran/hooke/history : itself (null test)"
    "chute-kk|chute|-t $threads|hooke|dem|dem/linear/kk : gran/hooke/history/kk, $threads threads"
    "packing-kk|packing|-t $threads|hooke|dem|dem/linear/kk : gran/hooke/history/kk, $threads threads"
    "chute-hertz|chute||hertz|dem_hertz|dem/hertz : gran/hertz/history, 1 core"
    "packing-hertz|packing||hertz|dem_hertz|dem/hertz : gran/hertz/history, 1 core"
    "chute-hyst|chute||dem|dem_hyst|dem/hysteretic : dem/linear, 1 core"
    "packing-hyst|packing||dem|dem_hyst|dem/hysteretic : dem/linear, 1 core"
    "packing-hyst-lammps|packing||hooke|dem_hyst|dem/hysteretic : gran/hooke/history, 1 core"
    "simd-packing|packing||dem_scalar|dem|dem/linear : dem/linear simd no (the SIMD path), 1 core"
    "simd-chute|chute||dem_scalar|dem|dem/linear : dem/linear simd no (the SIMD path), 1 core"
    "simd-hertz|packing||dem_hertz_scalar|dem_hertz|dem/hertz : dem/hertz simd no (the SIMD path), 1 core"
    "simd-hyst|packing||dem_hyst_scalar|dem_hyst|dem/hysteretic : dem/hysteretic simd no (the SIMD path), 1 core"
    "simd-rolling|packing||dem_rr_scalar|dem_rr|dem/linear rr_fric $mur : the same with simd no (the SIMD path), 1 core"
    "simd-hyst-chute|chute||dem_hyst_scalar|dem_hyst|dem/hysteretic : dem/hysteretic simd no (the SIMD path), 1 core"
    "bonded-cpu|bonded||bpm|dem_pb|dem/linear parallel bonds : bpm/rotational + gran/hooke/history, 1 core"
    "bonded-mpi|bonded|-n $ranks|bpm|dem_pb|dem/linear parallel bonds : bpm/rotational + gran/hooke/history, $ranks ranks (loop time)"
)
wanted() {
    [ -z "$only" ] && return 0
    local w
    for w in ${only//,/ }; do [[ $1 == *"$w"* ]] && return 0; done
    return 1
}

echo "# bench/run_all.sh: $rounds rounds of A B B A, $steps steps per run; logs in $logdir"
echo "# load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
declare -A pair_med loop_med loop_a loop_b
for row in "${rows[@]}"; do
    IFS='|' read -r name deck opts a b what <<<"$row"
    wanted "$name" || continue
    out=$logdir/$name.txt
    echo "# $name: $what ..." >&2
    # shellcheck disable=SC2086
    if BENCH_LOGDIR="$logdir/$name" "$BENCH/run_paired.sh" -d "$deck" -r "$rounds" -s "$steps" -u "$mur" $opts "$a" "$b" >"$out" 2>&1; then
        pair_med[$name]=$(awk '/Pair time, median/ { for (k = 1; k <= NF; k++) if ($k ~ /^x/) { print substr($k, 2) " " $(k+2) " " $(k+4); exit } }' "$out" | tr -d ',)')
        read -r lm la lb <<<"$(awk '/loop time, median/ { for (k = 1; k <= NF; k++) if ($k ~ /^x/) { m = substr($k, 2); break }
                                     print m, $(NF-4), $(NF-1) }' "$out" | tr -d 's,')"
        loop_med[$name]=$lm loop_a[$name]=$la loop_b[$name]=$lb
    else
        pair_med[$name]="failed: $(tail -n 1 "$out")"
    fi
done

echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-21s %-62s %-24s %s\n' "row" "B : A" "Pair time (min-max)" "loop time"
for row in "${rows[@]}"; do
    IFS='|' read -r name deck opts a b what <<<"$row"
    wanted "$name" || continue
    read -r med lo hi _ <<<"${pair_med[$name]} x x"
    if [[ ${pair_med[$name]} == failed* ]]; then
        printf '%-21s %-62s %s\n' "$name" "$what" "${pair_med[$name]}"
    else
        printf '%-21s %-62s %-24s %s\n' "$name" "$what" "$med ($lo-$hi)" "${loop_med[$name]}"
    fi
done
# MPI: the speed-up of each style, from the loop times of the 1-core (-cpu) and the RANKS-rank rows
# (separate processes, so as noisy as separate runs), and their ratio, which the paired ratios
# give within one process each: S_dem / S_hooke = (dem : hooke at 1 rank) / (dem : hooke at RANKS).
for deck in chute packing; do
    one=$deck-cpu two=$deck-mpi
    [ -n "${loop_a[$one]:-}" ] && [ -n "${loop_a[$two]:-}" ] || continue
    awk -v d="$deck" -v n="$ranks" -v a1="${loop_a[$one]}" -v b1="${loop_b[$one]}" -v a2="${loop_a[$two]}" \
        -v b2="${loop_b[$two]}" -v r1="${loop_med[$one]}" -v r2="${loop_med[$two]}" 'BEGIN {
        printf "%s, 1 -> %d ranks: speed-up gran/hooke/history %.2f, dem/linear %.2f (loop times); dem : hooke speed-up ratio %.2f (paired: %.3f / %.3f)\n",
               d, n, a1 / a2, b1 / b2, (b1 / b2) / (a1 / a2), r1, r2 }'
done
