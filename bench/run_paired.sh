#!/usr/bin/env bash
# Paired timing of two contact models on the chute deck (or a dense packing), in turn in one
# LAMMPS process (see bench/README.md, "How to run"): on a shared machine, separate runs of the same case differ by
# up to 30%, which hides differences of 10%; runs that alternate every second or so in one process
# share the slow periods, and the ratio per round is steady to a few percent.
#
#   bench/run_paired.sh [-d chute|packing] [-s STEPS] [-r ROUNDS] [-t THREADS] [-n RANKS] [-u MU_R] A B
#     A, B        cases: hooke, dem, granular, hertz, dem_hertz, granular_hertz, dem_hyst (as in
#                 run_chute.sh), dem_rr (dem/linear with rolling resistance rr_fric MU_R),
#                 granular_rr (granular with rolling sds, mapped onto dem_rr), dem_scalar,
#                 dem_hertz_scalar, dem_hyst_scalar, dem_rr_scalar (dem/linear, dem/hertz,
#                 dem/hysteretic, dem/linear with rolling resistance, with the scalar loop: simd no); on the bonded deck only: bpm (LAMMPS's bpm/rotational
#                 bonds), dem_pb (dem/linear's parallel bonds), dem_pb_drawn (the same, strengths drawn per bond),
#                 dem_fj, dem_fj8 (flat joints of 3 and 8 elements with the bonds' springs and strengths);
#                 the ratio printed is B : A
#     -d DECK     chute (in.chute, the default: a dilute flow, 0.5 contacts per atom), packing
#                 (in.packing: a dense fcc packing, about 6 contacts per atom) or bonded (in.bonded:
#                 a bonded simple cubic lattice, 3 bonds per atom)
#     -s STEPS    steps per run (default 200)
#     -r ROUNDS   rounds of A B B A (default 8)
#     -t THREADS  run both on Kokkos with THREADS OpenMP threads (the /kk variants; LAMMPS has
#                 a Kokkos version of gran/hooke/history only)
#     -n RANKS    run on RANKS MPI ranks (default 1)
#     -u MU_R     rolling friction coefficient of dem_rr and granular_rr (default 0.1)
#   Prints the ratio of the Pair times (Pair + Bond: BPM's bonds are timed as Bond) and of the loop
#   times (which include the communication).
#   Environment: DEM_PLUGIN_BUILD, BENCH_LOGDIR, as for run_chute.sh.
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$BENCH")
source "$REPO/tools/common.sh"    # LAMMPS_SRC, PLUGIN_BUILD, DEM_CACHE_DIR
source "$BENCH/common.sh"    # checks the plugin build folder and the data file; CHUTE_DATA, AWK_MEDIAN

steps=200 rounds=8 threads=0 ranks=1 mur=0.1 deck=chute
while getopts "d:s:r:t:n:u:h" opt; do
    case "$opt" in
        d) deck=$OPTARG ;;
        s) steps=$OPTARG ;;
        r) rounds=$OPTARG ;;
        t) threads=$OPTARG ;;
        n) ranks=$OPTARG ;;
        u) mur=$OPTARG ;;
        *) sed -n '7,22p' "$0"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { sed -n '7,22p' "$0"; exit 2; }
case "$deck" in chute|packing|bonded) ;; *) die "-d takes chute, packing or bonded, not $deck" ;; esac

declare -A file=([hooke]=pair_gran_hooke_history.lmp [dem]=pair_dem_linear.lmp [granular]=pair_granular.lmp
                 [hertz]=pair_gran_hertz_history.lmp [dem_hertz]=pair_dem_hertz.lmp
                 [granular_hertz]=pair_granular_hertz.lmp [dem_hyst]=pair_dem_hysteretic.lmp
                 [dem_rr]=pair_dem_linear_rr.lmp [granular_rr]=pair_granular_rolling.lmp
                 [dem_scalar]=pair_dem_linear_scalar.lmp [dem_rr_scalar]=pair_dem_linear_rr_scalar.lmp [dem_hertz_scalar]=pair_dem_hertz_scalar.lmp
                 [dem_hyst_scalar]=pair_dem_hysteretic_scalar.lmp
                 [bpm]=bonds_bpm.lmp [dem_pb]=bonds_dem.lmp [dem_pb_drawn]=bonds_dem_drawn.lmp
                 [dem_fj]=bonds_dem_fj.lmp [dem_fj8]=bonds_dem_fj8.lmp)
for c in "$1" "$2"; do [ -n "${file[$c]:-}" ] || die "unknown case $c (see bench/run_paired.sh -h)"; done
logdir=${BENCH_LOGDIR:-$(mktemp -d "${TMPDIR:-/tmp}/chute-paired.XXXXXX")}
mkdir -p "$logdir"
log=$logdir/paired.$deck.$1.$2.log

launch=() kk=""
[ "$threads" -gt 0 ] && launch=(-kk "$threads") kk=/kk
[ "$ranks" -gt 1 ] && launch+=(-np "$ranks")
echo "# $2 : $1 on in.$deck, $rounds rounds of A B B A, $steps steps per run$kk, $ranks rank(s), mu_r $mur, log $log"
# diameter and density as data.chute has them (run_chute.sh checks them; in.packing ignores data)
(cd "$REPO" && "$REPO/tools/lmp" "${launch[@]}" -nocite -log none -in "$BENCH/in.$deck" -var data "$CHUTE_DATA" \
    -var diameter 1 -var density 1 -var freeze 1 -var kk "$kk" -var steps "$steps" -var rounds "$rounds" -var mur "$mur" \
    -var pair "$BENCH/${file[$1]}" -var pairB "$BENCH/${file[$2]}") >"$log" 2>&1 ||
    { grep -m1 -E '^ERROR' "$log" || tail -n 3 "$log"; die "LAMMPS failed, see $log"; }

# the Pair and loop times of the run after each marker; per round (A + A) and (B + B)
awk -v a="$1" -v b="$2" "$AWK_MEDIAN"'
    /^PAIRED [AB]$/ { which = $2; wl = $2; wb = ""; next }
    /^Loop time of/ && wl != "" { l[wl, ++nl[wl]] = $4; wl = "" }
    /^Pair +\|/ && which != "" { split($0, f, "|"); t[which, ++n[which]] = f[3] + 0; wb = which; which = "" }
    /^Bond +\|/ && wb != "" { split($0, f, "|"); t[wb, n[wb]] += f[3]; wb = "" }
    END {
        rounds = int(n["A"] / 2)
        if (rounds < 1 || n["B"] != n["A"] || nl["A"] != n["A"] || nl["B"] != n["A"]) { print "incomplete output"; exit 1 }
        for (r = 1; r <= rounds; r++) {
            ta = t["A", 2 * r - 1] + t["A", 2 * r]; tb = t["B", 2 * r - 1] + t["B", 2 * r]
            la = l["A", 2 * r - 1] + l["A", 2 * r]; lb = l["B", 2 * r - 1] + l["B", 2 * r]
            ratio[r] = tb / ta; sa += ta; sb += tb; lratio[r] = lb / la; sla += la; slb += lb
            printf "round %2d  Pair %s %.3f s, %s %.3f s  ratio %.3f   loop %.3f s, %.3f s  ratio %.3f\n", r, a, ta, b, tb, ratio[r], la, lb, lratio[r]
        }
        med = median(ratio, rounds)    # sorts the ratios: ratio[1] is the smallest
        printf "%s : %s  Pair time, median of the rounds x%.3f (min %.3f, max %.3f), all rounds x%.3f\n",
               b, a, med, ratio[1], ratio[rounds], sb / sa
        lmed = median(lratio, rounds)
        printf "%s : %s  loop time, median of the rounds x%.3f (min %.3f, max %.3f), all rounds x%.3f; loop time of A %.3f s, B %.3f s\n",
               b, a, lmed, lratio[1], lratio[rounds], slb / sla, sla, slb
    }' "$log"
