#!/usr/bin/env bash
# Paired timing of two contact models on the chute deck (or a dense packing), in turn in one
# LAMMPS process (see bench/README.md, "Paired timing"): on a shared machine, separate runs of the same case differ by
# up to 30%, which hides differences of 10%; runs that alternate every second or so in one process
# share the slow periods, and the ratio per round is steady to a few percent.
#
#   bench/run_paired.sh [-d chute|packing] [-s STEPS] [-r ROUNDS] [-t THREADS] A B
#     A, B        cases: hooke, dem, granular, hertz, dem_hertz, granular_hertz, dem_hyst (as in
#                 run_chute.sh); the ratio printed is B : A
#     -d DECK     chute (in.chute, the default: a dilute flow, 0.5 contacts per atom) or packing
#                 (in.packing: a dense fcc packing, about 6 contacts per atom)
#     -s STEPS    steps per run (default 200)
#     -r ROUNDS   rounds of A B B A (default 8)
#     -t THREADS  run both on Kokkos with THREADS OpenMP threads (the /kk variants; LAMMPS has
#                 a Kokkos version of gran/hooke/history only)
#   Environment: DEM_PLUGIN_BUILD, BENCH_LOGDIR, as for run_chute.sh.
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$BENCH")
source "$REPO/tools/common.sh"    # LAMMPS_SRC, PLUGIN_BUILD, DEM_CACHE_DIR
source "$BENCH/common.sh"    # checks the plugin build folder and the data file; CHUTE_DATA, AWK_MEDIAN

steps=200 rounds=8 threads=0 deck=chute
while getopts "d:s:r:t:h" opt; do
    case "$opt" in
        d) deck=$OPTARG ;;
        s) steps=$OPTARG ;;
        r) rounds=$OPTARG ;;
        t) threads=$OPTARG ;;
        *) sed -n '7,16p' "$0"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { sed -n '7,16p' "$0"; exit 2; }
case "$deck" in chute|packing) ;; *) die "-d takes chute or packing, not $deck" ;; esac

declare -A file=([hooke]=pair_gran_hooke_history.lmp [dem]=pair_dem_linear.lmp [granular]=pair_granular.lmp
                 [hertz]=pair_gran_hertz_history.lmp [dem_hertz]=pair_dem_hertz.lmp
                 [granular_hertz]=pair_granular_hertz.lmp [dem_hyst]=pair_dem_hysteretic.lmp)
for c in "$1" "$2"; do [ -n "${file[$c]:-}" ] || die "unknown case $c (see bench/run_paired.sh -h)"; done
logdir=${BENCH_LOGDIR:-$(mktemp -d "${TMPDIR:-/tmp}/chute-paired.XXXXXX")}
mkdir -p "$logdir"
log=$logdir/paired.$deck.$1.$2.log

launch=() kk=""
[ "$threads" -gt 0 ] && launch=(-kk "$threads") kk=/kk
echo "# $2 : $1 on in.$deck, $rounds rounds of A B B A, $steps steps per run$kk, log $log"
# diameter and density as data.chute has them (run_chute.sh checks them; in.packing ignores data)
(cd "$REPO" && "$REPO/tools/lmp" "${launch[@]}" -nocite -log none -in "$BENCH/in.$deck" -var data "$CHUTE_DATA" \
    -var diameter 1 -var density 1 -var freeze 1 -var kk "$kk" -var steps "$steps" -var rounds "$rounds" \
    -var pair "$BENCH/${file[$1]}" -var pairB "$BENCH/${file[$2]}") >"$log" 2>&1 ||
    { grep -m1 -E '^ERROR' "$log" || tail -n 3 "$log"; die "LAMMPS failed, see $log"; }

# the Pair time of the run after each marker; per round (A + A) and (B + B)
awk -v a="$1" -v b="$2" "$AWK_MEDIAN"'
    /^PAIRED [AB]$/ { which = $2; next }
    /^Pair +\|/ && which != "" { split($0, f, "|"); t[which, ++n[which]] = f[3] + 0; which = "" }
    END {
        rounds = int(n["A"] / 2)
        if (rounds < 1 || n["B"] != n["A"]) { print "incomplete output"; exit 1 }
        for (r = 1; r <= rounds; r++) {
            ta = t["A", 2 * r - 1] + t["A", 2 * r]; tb = t["B", 2 * r - 1] + t["B", 2 * r]
            ratio[r] = tb / ta; sa += ta; sb += tb
            printf "round %2d  Pair %s %.3f s, %s %.3f s  ratio %.3f\n", r, a, ta, b, tb, ratio[r]
        }
        med = median(ratio, rounds)    # sorts the ratios: ratio[1] is the smallest
        printf "%s : %s  Pair time, median of the rounds x%.3f (min %.3f, max %.3f), all rounds x%.3f\n",
               b, a, med, ratio[1], ratio[rounds], sb / sa
    }' "$log"
