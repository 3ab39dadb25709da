#!/bin/bash
# Times each variant against the scalar reference, two at a time in lockstep (proto_simd's timing:
# CPU time per step, medians), and prints the machine's load before and after.
#   bench/simd/time.sh [dir=build] [steps=40] [rounds=3] VARIANT...      (default: the main variants)
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
opts=() names=() dir=build
for a in "$@"; do case "$a" in dir=*) dir=${a#dir=} ;; *=*) opts+=("$a") ;; *) names+=("$a") ;; esac; done
[ ${#opts[@]} -gt 0 ] || opts=(steps=40 rounds=3)
[ ${#names[@]} -gt 0 ] || names=(scalar-plain scalar@v3 stdx-atom stdx-flat stdx-atom@v3 stdx-flat@v3 kokkos-atom@v3 autovec-atom@v3)
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) (2 cores)"
for v in "${names[@]}"; do
  ./sid.sh $dir/proto_simd "${opts[@]}" warm=200 scalar "$v" </dev/null | tail -1
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
