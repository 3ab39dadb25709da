#!/usr/bin/env bash
# Cycles per contact of the pair loop on bench/in.packing, estimated without timing anything:
# callgrind (the host's valgrind, bound into the sid userland) counts how often each instruction
# runs, bench/hotpath.py takes the path most contacts follow, and llvm-mca's Zen 3 model estimates
# its cycles. On this shared machine, paired timings of the same code spread by +-5 %; this
# is deterministic (a change that moves nothing gives the same number). It models neither cache
# misses nor mispredicted branches, so check what it predicts with bench/run_ab.sh.
#   bench/hotpath.sh [-k] [-s STEPS] CASE
#     CASE      dem, dem_hertz or dem_hyst (the pair files of run_paired.sh)
#     -k        the Kokkos kernel for the common settings on one thread instead of the CPU loop
#     -s STEPS  steps to profile (default 60: dem/hysteretic's contacts take the damped path
#               once they have unloaded, which most have not after 10 steps)
#   Needs valgrind and llvm-mca on the host. Writes hotpath.CASE.s (the path) in $TMPDIR.
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$BENCH")
source "$REPO/tools/common.sh"

kk=0 steps=60
while getopts "ks:h" opt; do
    case "$opt" in
        k) kk=1 ;;
        s) steps=$OPTARG ;;
        *) sed -n '8,12p' "$0"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { sed -n '8,12p' "$0"; exit 2; }
declare -A file=([dem]=pair_dem_linear.lmp [dem_hertz]=pair_dem_hertz.lmp [dem_hyst]=pair_dem_hysteretic.lmp)
declare -A style=([dem]=Linear [dem_hertz]=Hertz [dem_hyst]=Hysteretic)
[ -n "${file[$1]:-}" ] || die "unknown case $1 (dem, dem_hertz, dem_hyst)"
for tool in valgrind.bin llvm-mca objdump; do command -v $tool >/dev/null || die "$tool not found on the host"; done
"$REPO/tools/build" >/dev/null
cd "$REPO"

out=$(mktemp -d "${TMPDIR:-/tmp}/hotpath.XXXXXX")
args=(-nocite -log none -in bench/in.packing -var steps "$steps" -var diameter 1 -var density 1 -var freeze 1
      -var pair "bench/${file[$1]}")
if [ $kk = 1 ]; then
    args+=(-var kk /kk -k on t 1 -sf kk -pk kokkos neigh half newton off)
    function="exec_range<DEM_NS::TagDEMCompute<4, 1, 0, 0, 0> >"    # HALF list, PLAIN, no tally, no energy, no optional parts
fi
IN_SID_BINDS="--ro-bind /usr/libexec/valgrind /usr/libexec/valgrind --ro-bind $(command -v valgrind.bin) /usr/bin/valgrind.bin --bind $out $out" \
    in_sid --setenv LAMMPS_PLUGIN_PATH "$PLUGIN_BUILD/plugin" --setenv OMP_NUM_THREADS 1 \
    /usr/bin/valgrind.bin --tool=callgrind --dump-instr=yes --callgrind-out-file="$out/callgrind.out" \
    "$LAMMPS_BUILD/lmp" "${args[@]}" >"$out/lammps.log" 2>&1 || die "callgrind run failed: $out/lammps.log"
# the CPU loop without newton, tallies, energy tracking or adhesion
[ $kk = 0 ] && function="PairDEM<DEM_NS::LawStyle<dem::${style[$1]}Law> >::compute_loop<false, false, false, false>"

# the Kokkos kernels of all three laws have the same name but for the law's
[ $kk = 1 ] && function=$(grep -o "^fn=([0-9]*) .*${function}.*" "$out/callgrind.out" |
                          grep "dem::${style[$1]}Law>" | head -1 | sed 's/^fn=([0-9]*) //')
python3 "$BENCH/hotpath.py" "$out/callgrind.out" "$function" "$PLUGIN_BUILD/plugin/dem_plugin.so" >"$out/hotpath.$1.s"
llvm-mca -mcpu=znver3 -iterations=300 "$out/hotpath.$1.s" 2>/dev/null |
    awk -v c="$1" -v kk="$kk" '/^Instructions:/ {n = $2} /^Total Cycles:/ {
        printf "%s%s: %d instructions, %.1f cycles per contact (llvm-mca, znver3)\n", c, kk ? " /kk" : "", n / 300, $3 / 300 }'
echo "# path: $out/hotpath.$1.s"
