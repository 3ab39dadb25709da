#!/usr/bin/env bash
# Chute-flow benchmark of dem/linear, dem/hertz and dem/hysteretic against LAMMPS's granular pair
# styles (see bench/README.md).
#
#   bench/run_chute.sh [-m all|linear|hertz|hysteretic] [-s STEPS] [-r REPEATS] [-t THREADS] [-k auto|0|1] [-n STEPS]
#     -m MODELS   all (default), linear (the first five cases below), hertz (the Hertz cases
#                 and gran/hooke/history/kk) or hysteretic (dem/hysteretic and dem/linear, CPU and /kk)
#     -s STEPS    MD steps per run (default 2000)
#     -r REPEATS  runs of every case; the fastest loop time is reported (default 2)
#     -t THREADS  Kokkos OpenMP threads of the /kk cases (default 2)
#     -k auto|0|1 fix freeze on the base in the /kk cases: 1 as in the original deck, 0 without;
#                 auto (default): 1 if dem/linear/kk accepts fix freeze (checked with a 0-step
#                 run), else 0 for all /kk cases
#     -n STEPS    steps of the normal-force-only mapping check (default 300, 0 skips it)
#   Environment: DEM_PLUGIN_BUILD (plugin build folder, as for tools/lmp; it must lie inside the
#   checkout or the dependency cache, because tools/lmp's sandbox has a private /tmp),
#   BENCH_LOGDIR (where the LAMMPS outputs go; default a new folder under /tmp).
#
# Cases, all on one MPI rank, all from bench/in.chute with LAMMPS's bench/data.chute:
#   hooke     gran/hooke/history (the original deck's model)
#   dem       dem/linear, parameters mapped onto the same physics
#   granular  pair granular hooke / mass_velocity / linear_history, mapped the same way
#   hooke_kk  gran/hooke/history/kk on THREADS Kokkos OpenMP threads
#   dem_kk    dem/linear/kk on THREADS Kokkos OpenMP threads (reported as skipped if missing)
#   hertz     gran/hertz/history with the deck's constants read as Hertz constants
#   dem_hertz dem/hertz, mapped onto gran/hertz/history
#   granular_hertz  pair granular hertz / viscoelastic / mindlin, mapped the same way
#   dem_hertz_kk    dem/hertz/kk on THREADS Kokkos OpenMP threads (LAMMPS has no Kokkos Hertz
#             style: compared with gran/hooke/history/kk)
#   dem_hyst  dem/hysteretic with the deck's stiffness, restitution and friction (no LAMMPS
#             equivalent: compared with dem/linear)
#   dem_hyst_kk     dem/hysteretic/kk on THREADS Kokkos OpenMP threads (compared with dem/linear/kk)
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$BENCH")
source "$REPO/tools/common.sh"    # LAMMPS_SRC, PLUGIN_BUILD, DEM_CACHE_DIR
source "$BENCH/common.sh"    # checks the plugin build folder and the data file; CHUTE_DATA, AWK_MEDIAN

steps=2000 repeats=2 threads=2 kk_freeze=auto check_steps=300 models=all
while getopts "m:s:r:t:k:n:h" opt; do
    case "$opt" in
        m) models=$OPTARG ;;
        s) steps=$OPTARG ;;
        r) repeats=$OPTARG ;;
        t) threads=$OPTARG ;;
        k) kk_freeze=$OPTARG ;;
        n) check_steps=$OPTARG ;;
        *) sed -n '2,19p' "$0"; exit 2 ;;
    esac
done
case "$models" in
    all) cases=(hooke dem granular hertz dem_hertz granular_hertz dem_hyst hooke_kk dem_kk dem_hertz_kk dem_hyst_kk) ;;
    linear) cases=(hooke dem granular hooke_kk dem_kk) ;;
    hertz) cases=(hertz dem_hertz granular_hertz hooke_kk dem_hertz_kk) ;;
    hysteretic) cases=(dem dem_hyst dem_kk dem_hyst_kk) ;;
    *) die "-m takes all, linear, hertz or hysteretic, not $models" ;;
esac
selected() {    # selected CASE...: are all these cases part of this benchmark?
    local c x
    for c in "$@"; do
        for x in "${cases[@]}"; do [ "$x" = "$c" ] && continue 2; done
        return 1
    done
}


echo "# building the plugin (tools/build) in $PLUGIN_BUILD"
"$REPO/tools/build" >/dev/null 2>"${TMPDIR:-/tmp}/chute-build.$$" || { cat "${TMPDIR:-/tmp}/chute-build.$$" >&2; exit 1; }
rm -f "${TMPDIR:-/tmp}/chute-build.$$"

data=$CHUTE_DATA
logdir=${BENCH_LOGDIR:-$(mktemp -d "${TMPDIR:-/tmp}/chute-bench.XXXXXX")}
mkdir -p "$logdir"

# Diameter and density of the particles in data.chute (atom_style sphere:
# id type diameter density x y z [ix iy iz]); the dem/linear and dem/hertz mappings need the mass.
read -r ndata diameter density <<<"$(awk '
    /^[A-Z]/ { sec = $1; next }
    sec == "Atoms" && (NF == 7 || NF == 10) { n++; key = $3 " " $4; seen[key]++ }
    END { k = 0; for (s in seen) { k++; last = s }
          if (k != 1) { print "0 0 0"; exit } ; print n, last }' "$data")"
[ "$ndata" -gt 0 ] || die "the particles of $data do not all have the same diameter and density; the mappings in bench/pair_dem_*.lmp assume they do"
echo "# data: $data"
echo "#   $ndata atoms, all with diameter $diameter and density $density: m = pi/6 d^3 rho = $(awk -v d="$diameter" -v r="$density" 'BEGIN { printf "%.10g", atan2(0, -1) / 6 * d^3 * r }')"
echo "# $steps steps per run, $repeats runs per case (fastest reported), logs in $logdir"

common_vars=(-var data "$data" -var diameter "$diameter" -var density "$density")
declare -A status
# Does dem/linear/kk (dem/hertz/kk with -m hertz) exist, and does it accept fix freeze (as the
# original deck has)? The /kk styles share their code, so one probe answers for both.
probe_case=dem_kk probe_style=dem/linear/kk probe_pair=pair_dem_linear.lmp
selected dem_kk || probe_case=dem_hertz_kk probe_style=dem/hertz/kk probe_pair=pair_dem_hertz.lmp
if [ "$kk_freeze" = auto ]; then
    probe=$logdir/$probe_case.probe.log
    (cd "$REPO" && "$REPO/tools/lmp" -kk "$threads" -nocite -log none -in "$BENCH/in.chute" "${common_vars[@]}" \
        -var steps 0 -var pair "$BENCH/$probe_pair" -var kk /kk -var freeze 1) >"$probe" 2>&1 || true
    if grep -q "^Loop time" "$probe"; then
        kk_freeze=1
    elif grep -q "does not support fix freeze" "$probe"; then
        kk_freeze=0
        echo "# $probe_style refuses fix freeze: all /kk cases run without it (-var freeze 0), so their workloads stay equal"
    else
        kk_freeze=1
        if grep -q "Unrecognized pair style '$probe_style'" "$probe"; then
            status[$probe_case]="skipped: $(grep -m1 -E '^ERROR' "$probe")"
        fi    # any other error shows up as a failure of the case below
    fi
fi
echo "# /kk cases: fix freeze on the base $([ "$kk_freeze" = 1 ] && echo yes || echo no)"

declare -A label=([hooke]="gran/hooke/history" [dem]="dem/linear" [granular]="granular"
                  [hooke_kk]="gran/hooke/history/kk" [dem_kk]="dem/linear/kk"
                  [hertz]="gran/hertz/history" [dem_hertz]="dem/hertz" [granular_hertz]="granular hertz"
                  [dem_hertz_kk]="dem/hertz/kk" [dem_hyst]="dem/hysteretic" [dem_hyst_kk]="dem/hysteretic/kk")
declare -A launcher=([hooke]="" [dem]="" [granular]="" [hooke_kk]="-kk $threads" [dem_kk]="-kk $threads"
                     [hertz]="" [dem_hertz]="" [granular_hertz]="" [dem_hertz_kk]="-kk $threads"
                     [dem_hyst]="" [dem_hyst_kk]="-kk $threads")
declare -A where=([hooke]="1 rank" [dem]="1 rank" [granular]="1 rank"
                  [hooke_kk]="1 rank x $threads thr" [dem_kk]="1 rank x $threads thr"
                  [hertz]="1 rank" [dem_hertz]="1 rank" [granular_hertz]="1 rank"
                  [dem_hertz_kk]="1 rank x $threads thr" [dem_hyst]="1 rank" [dem_hyst_kk]="1 rank x $threads thr")
declare -A vars=([hooke]="-var pair $BENCH/pair_gran_hooke_history.lmp -var freeze 1"
                 [dem]="-var pair $BENCH/pair_dem_linear.lmp -var freeze 1"
                 [granular]="-var pair $BENCH/pair_granular.lmp -var freeze 1"
                 [hooke_kk]="-var pair $BENCH/pair_gran_hooke_history.lmp -var freeze $kk_freeze"
                 [dem_kk]="-var pair $BENCH/pair_dem_linear.lmp -var kk /kk -var freeze $kk_freeze"
                 [hertz]="-var pair $BENCH/pair_gran_hertz_history.lmp -var freeze 1"
                 [dem_hertz]="-var pair $BENCH/pair_dem_hertz.lmp -var freeze 1"
                 [granular_hertz]="-var pair $BENCH/pair_granular_hertz.lmp -var freeze 1"
                 [dem_hertz_kk]="-var pair $BENCH/pair_dem_hertz.lmp -var kk /kk -var freeze $kk_freeze"
                 [dem_hyst]="-var pair $BENCH/pair_dem_hysteretic.lmp -var freeze 1"
                 [dem_hyst_kk]="-var pair $BENCH/pair_dem_hysteretic.lmp -var kk /kk -var freeze $kk_freeze")
declare -A best_loop best_pair best_rate best_steps best_atoms all_loops all_pairs ke0 ke1 erot1 vx1

# Prints "loop steps atoms pair ke0 ke erot vx" from a LAMMPS output, or nothing if incomplete.
parse() {
    awk '
        /^ *Step +Atoms/ { getline; if (ke0 == "") ke0 = $3 }
        /^Loop time of/ { loop = $4; nsteps = $9; natoms = $12 }
        /^Pair +\|/ { split($0, f, "|"); pair = f[3] + 0 }
        /^BENCH final/ { ke = $4; erot = $6; vx = $8 }
        END { if (loop != "" && pair != "" && ke != "") print loop, nsteps, natoms, pair, ke0, ke, erot, vx }' "$1"
}

for rep in $(seq 1 "$repeats"); do
    for c in "${cases[@]}"; do
        case "${status[$c]:-}" in skipped*|failed*) continue ;; esac
        log=$logdir/$c.$rep.log
        printf '# run %d/%d  %-22s ... ' "$rep" "$repeats" "${label[$c]}" >&2
        # shellcheck disable=SC2086
        set +e
        (cd "$REPO" && "$REPO/tools/lmp" ${launcher[$c]} -nocite -log none -in "$BENCH/in.chute" \
            "${common_vars[@]}" -var steps "$steps" ${vars[$c]}) >"$log" 2>&1
        rc=$?
        set -e
        result=$(parse "$log")
        if [ -z "$result" ]; then
            err=$(grep -m1 -E '^ERROR' "$log" || tail -n 1 "$log")
            if [[ $c = dem*_kk ]] && grep -qE "Unrecognized pair style 'dem/(linear|hertz|hysteretic)/kk'|does not support" "$log"; then
                status[$c]="skipped: $err"
            else
                status[$c]="failed (exit $rc): $err"
            fi
            echo "${status[$c]}" >&2
            continue
        fi
        read -r loop nsteps natoms pair k0 k1 erot vx <<<"$result"
        echo "loop ${loop} s, pair ${pair} s" >&2
        all_loops[$c]="${all_loops[$c]:-}${all_loops[$c]:+ }$loop"
        all_pairs[$c]="${all_pairs[$c]:-}${all_pairs[$c]:+ }$pair"
        if [ -z "${best_loop[$c]:-}" ] || awk -v a="$loop" -v b="${best_loop[$c]}" 'BEGIN { exit !(a < b) }'; then
            best_loop[$c]=$loop best_pair[$c]=$pair best_steps[$c]=$nsteps best_atoms[$c]=$natoms
            best_rate[$c]=$(awk -v n="$natoms" -v s="$nsteps" -v t="$loop" 'BEGIN { printf "%.4g", n * s / t }')
        fi
        status[$c]=ok
        ke0[$c]=$k0 ke1[$c]=$k1 erot1[$c]=$erot vx1[$c]=$vx
    done
done

echo
echo "Chute flow, $ndata atoms, $steps steps; fastest of $repeats runs per case (the machine may be shared)"
printf '%-22s %-16s %10s %10s %14s   %s\n' "pair style" "resources" "Pair [s]" "Loop [s]" "atom-steps/s" "loop times of all runs [s]"
for c in "${cases[@]}"; do
    if [ "${status[$c]:-}" = ok ]; then
        printf '%-22s %-16s %10.3f %10.3f %14s   %s\n' "${label[$c]}" "${where[$c]}" "${best_pair[$c]}" \
            "${best_loop[$c]}" "${best_rate[$c]}" "${all_loops[$c]}"
    else
        printf '%-22s %-16s %s\n' "${label[$c]}" "${where[$c]}" "${status[$c]:-not run}"
    fi
done

echo
echo "Ratios (> 1: the first style takes longer)"
ratio() {    # ratio A B: time of case A over case B
    local a=$1 b=$2
    selected "$a" "$b" || return 0
    if [ "${status[$a]:-}" != ok ] || [ "${status[$b]:-}" != ok ]; then
        printf '  %-46s skipped (%s)\n' "${label[$a]} vs ${label[$b]}:" \
            "$([ "${status[$a]:-}" != ok ] && echo "${label[$a]} ${status[$a]:-not run}" || echo "${label[$b]} ${status[$b]:-not run}")"
        return
    fi
    # also the median over the repeats of the ratio within a repeat (the two runs are close in
    # time, so a slow period of the machine hits both; the runs of a case failed in none)
    awk -v pa="${best_pair[$a]}" -v pb="${best_pair[$b]}" -v la="${best_loop[$a]}" -v lb="${best_loop[$b]}" \
        -v all_a="${all_pairs[$a]}" -v all_b="${all_pairs[$b]}" -v name="${label[$a]} vs ${label[$b]}:" "$AWK_MEDIAN"'
        BEGIN {
            n = split(all_a, ta, " "); split(all_b, tb, " ")
            for (k = 1; k <= n; k++) r[k] = ta[k] / tb[k]
            printf "  %-46s Pair time x%.2f (median of the repeats x%.2f)   loop time x%.2f\n", name, pa / pb, median(r, n), la / lb
        }'
}
ratio dem hooke
ratio dem granular
ratio dem_kk hooke_kk
ratio granular hooke
ratio dem_hertz hertz
ratio dem_hertz granular_hertz
ratio dem_hertz_kk hooke_kk
ratio granular_hertz hertz
ratio hertz hooke
ratio dem_hyst dem
ratio dem_hyst_kk dem_kk

echo
echo "Physics check: relative differences of the final state (last run of each case)"
echo "  KE = translational kinetic energy, dKE = its change over the run, Erot = rotational energy,"
echo "  vx = mean downhill velocity of the flowing spheres; the tangential models differ slightly"
physics() {
    local a=$1 b=$2
    selected "$a" "$b" || return 0
    if [ "${status[$a]:-}" != ok ] || [ "${status[$b]:-}" != ok ]; then
        printf '  %-46s skipped\n' "${label[$a]} vs ${label[$b]}:"
        return
    fi
    awk -v name="${label[$a]} vs ${label[$b]}:" \
        -v a0="${ke0[$a]}" -v a1="${ke1[$a]}" -v ar="${erot1[$a]}" -v av="${vx1[$a]}" \
        -v b0="${ke0[$b]}" -v b1="${ke1[$b]}" -v br="${erot1[$b]}" -v bv="${vx1[$b]}" '
        function rel(x, y) { return y == 0 ? 0 : (x - y) / (y < 0 ? -y : y) }
        BEGIN { printf "  %-46s KE %+.2e  dKE %+.2e  Erot %+.2e  vx %+.2e\n", name,
                       rel(a1, b1), rel(a1 - a0, b1 - b0), rel(ar, br), rel(av, bv) }'
}
physics dem hooke
physics granular hooke
physics dem_kk hooke_kk
if [ "$kk_freeze" = 1 ]; then physics dem_kk dem; fi    # same deck: differences are round-off grown by chaos
physics dem_hertz hertz
physics granular_hertz hertz
if [ "$kk_freeze" = 1 ]; then physics dem_hertz_kk dem_hertz; fi
physics dem_hyst dem    # different normal models: for scale only
if [ "$kk_freeze" = 1 ]; then physics dem_hyst_kk dem_hyst; fi

# With k_t = 0 only the normal spring and dashpot act, and dem/linear must reproduce
# gran/hooke/history to round-off: this checks the stiffness and damping mapping exactly. The
# same for dem/hertz against gran/hertz/history (there: Kt = 0 and fric 0).
check_failed=0
mapping_check() {    # mapping_check DEM_CASE LAMMPS_CASE
    local a=$1 b=$2 c log
    selected "$a" "$b" || return 0
    declare -A chk
    for c in "$b" "$a"; do
        log=$logdir/$c.normal-only.log
        # shellcheck disable=SC2086
        (cd "$REPO" && "$REPO/tools/lmp" -nocite -log none -in "$BENCH/in.chute" "${common_vars[@]}" \
            -var steps "$check_steps" -var tangential 0 ${vars[$c]}) >"$log" 2>&1 || true
        chk[$c]=$(parse "$log")
    done
    if [ -z "${chk[$a]}" ] || [ -z "${chk[$b]}" ]; then
        printf '  %-46s failed, see %s\n' "${label[$a]} vs ${label[$b]}, k_t = 0:" "$logdir/{$a,$b}.normal-only.log"
        check_failed=1
        return
    fi
    read -r _ _ _ _ a0 a1 ar av <<<"${chk[$a]}"
    read -r _ _ _ _ b0 b1 br bv <<<"${chk[$b]}"
    awk -v name="${label[$a]} vs ${label[$b]}, k_t = 0:" -v n="$check_steps" \
        -v a0="$a0" -v a1="$a1" -v av="$av" -v b0="$b0" -v b1="$b1" -v bv="$bv" '
        function rel(x, y) { return y == 0 ? 0 : (x - y) / (y < 0 ? -y : y) }
        BEGIN { d = rel(a1 - a0, b1 - b0)
                printf "  %-46s KE %+.2e  dKE %+.2e  vx %+.2e  (%d steps; expected ~0)\n", name,
                       rel(a1, b1), d, rel(av, bv), n
                exit (d > 1e-6 || d < -1e-6) }' || { echo "  MAPPING CHECK FAILED"; check_failed=1; }
}
if [ "$check_steps" -gt 0 ]; then
    mapping_check dem hooke
    mapping_check dem_hertz hertz
fi

for c in "${cases[@]}"; do
    case "${status[$c]:-}" in failed*) exit 1 ;; esac
done
exit "$check_failed"
