#!/bin/bash
# Instructions per neighbour pair of each variant of the prototype (callgrind, the host's valgrind
# bound into the sid userland as bench/hotpath.sh does): deterministic, unlike the loaded machine's
# timings.   bench/simd/irs.sh [dir=build] [steps=3] [warm=200] [temp=0.001] VARIANT...
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../tools/common.sh"
cd "$here"
steps=3 warm=200 temp=0.001 dir=build names=()
for a in "$@"; do
  case "$a" in dir=*) dir=${a#dir=} ;; steps=*) steps=${a#steps=} ;; warm=*) warm=${a#warm=} ;; temp=*) temp=${a#temp=} ;; *) names+=("$a") ;; esac
done
out=build/cg/irs.out
mkdir -p build/cg
IN_SID_BINDS="--ro-bind /usr/libexec/valgrind /usr/libexec/valgrind --ro-bind $(command -v valgrind.bin) /usr/bin/valgrind.bin" \
  in_sid /usr/bin/valgrind.bin --tool=callgrind --callgrind-out-file=$out \
  $dir/proto_simd count=1 steps=$steps warm=$warm temp=$temp scalar "${names[@]}" </dev/null >/dev/null 2>&1
pairs=201480
# the warm-up runs the scalar loop too: its calls are warm + steps
callgrind_annotate --inclusive=yes --threshold=100 $out 2>/dev/null |
  awk -v steps=$steps -v warm=$warm -v pairs=$pairs '
    match($0, /dem_simd_(generic|v3)::[a-z0-9_]+\(proto/) {
      f = substr($0, RSTART, RLENGTH - 6); v = $1; gsub(",", "", v)
      n = (f == "dem_simd_generic::scalar_loop") ? steps + warm : steps
      r = v / n / pairs; if (r > best[f]) best[f] = r }
    END { for (f in best) printf "  %-36s %6.1f instructions per pair\n", f, best[f] }' | sort -k2 -rn
