#!/usr/bin/env bash
# Paired timing of fix wall/dem ... mesh against GRANSURF's fix surface/global (LAMMPS 4 Jul 2026)
# on the same STL file: an open box of 5 faces, each tiled by N x N squares of two triangles,
# with ~5000 spheres settled in it (bench/in.mesh). Rounds of A B B A in one LAMMPS process, as
# bench/run_paired.sh does, so that both share the machine's slow periods.
#
#   bench/run_mesh.sh [-n N] [-s STEPS] [-r ROUNDS]
#     -n N       squares per face edge (default 20: 4000 triangles)
#     -s STEPS   steps per run (default 500)
#     -r ROUNDS  rounds of A B B A (default 4)
# Prints the Modify time (all fixes: the wall fix plus nve/sphere and gravity, the same in both)
# of each round and the median ratio surface/global : wall/dem mesh (> 1: the plugin is faster).
# Needs a LAMMPS built with the GRANSURF package (tools/common.sh, LAMMPS_PACKAGES).
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$BENCH")
source "$REPO/tools/common.sh"    # PLUGIN_BUILD, LAMMPS_BUILD
source "$BENCH/common.sh"    # AWK_MEDIAN

n=20 steps=500 rounds=4
while getopts "n:s:r:h" opt; do
    case "$opt" in
        n) n=$OPTARG ;;
        s) steps=$OPTARG ;;
        r) rounds=$OPTARG ;;
        *) sed -n '7,11p' "$0"; exit 2 ;;
    esac
done
grep -qE '^PKG_GRANSURF:[A-Z]+=(ON|on|yes|1)' "$LAMMPS_BUILD/CMakeCache.txt" 2>/dev/null ||
    die "the LAMMPS in $LAMMPS_BUILD has no GRANSURF package (fix surface/global)"

# the STL file where tools/lmp's sandbox sees it (it mounts a private /tmp)
work=$PLUGIN_BUILD/bench-mesh
mkdir -p "$work"
stl=$work/box$n.stl
python3 -c "
import sys; sys.path.insert(0, '$REPO/tests/lammps')
from stlmesh import floor, write_stl
n, L, H = $n, 0.025, 0.05
tris = floor(n, -L, L, 0.0)
side = [tuple((x, -L, (y + L) * H / (2 * L)) for x, y, z in tri) for tri in floor(n, -L, L)]    # y = -L
side = [(a, c, b) for a, b, c in side]    # oriented as the floor (consistent normals)
for k in range(4):
    c, s = [(1, 0), (0, 1), (-1, 0), (0, -1)][k]
    tris += [tuple((c * x - s * y, s * x + c * y, z) for x, y, z in tri) for tri in side]
write_stl('$stl', tris, binary=True)
print(f'# {len(tris)} triangles in $stl')
"
log=$work/paired.n$n.log
echo "# surface/global : wall/dem mesh, $rounds rounds of A B B A, $steps steps per run, log $log"
(cd "$REPO" && "$REPO/tools/lmp" -nocite -log none -in "$BENCH/in.mesh" -var stl "$stl" -var steps "$steps" \
    -var rounds "$rounds") >"$log" 2>&1 || { grep -m1 -E '^ERROR' "$log" || tail -n 3 "$log"; die "LAMMPS failed, see $log"; }
grep -m1 '^# settled' "$log" || true
awk "$AWK_MEDIAN"'
    /^PAIRED [AB]$/ { which = $2; next }
    /^Modify +\|/ && which != "" { split($0, f, "|"); t[which, ++n[which]] = f[3] + 0; which = "" }
    END {
        rounds = int(n["A"] / 2)
        if (rounds < 1 || n["B"] != n["A"]) { print "incomplete output"; exit 1 }
        for (r = 1; r <= rounds; r++) {
            ta = t["A", 2 * r - 1] + t["A", 2 * r]; tb = t["B", 2 * r - 1] + t["B", 2 * r]
            ratio[r] = tb / ta; sa += ta; sb += tb
            printf "round %2d  Modify: wall/dem mesh %.3f s, surface/global %.3f s  ratio %.3f\n", r, ta, tb, ratio[r]
        }
        med = median(ratio, rounds)
        printf "surface/global : wall/dem mesh  Modify time, median of the rounds x%.3f (min %.3f, max %.3f), all rounds x%.3f\n",
               med, ratio[1], ratio[rounds], sb / sa
    }' "$log"
