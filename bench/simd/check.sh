#!/bin/bash
# Every variant against the plugin's scalar pair step, bit for bit (positions, velocities, spins,
# forces, torques, history, contact flags, event counts), on the packing as bench/in.packing has it
# (temperature 0.001, after 200 steps) and shaken (temperature 20 and 2000: contacts open, form,
# slip, and turn fast enough for the exact rotation of the shear force).
#   bench/simd/check.sh [build|build-clang]   (the reference's state hash: the same for both builds)
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
dir=${1:-build}
status=0
for run in "temp=0.001 warm=200 steps=50" "temp=20 warm=0 steps=60" "temp=2000 warm=0 steps=10"; do
  out=$(./sid.sh $dir/proto_simd rounds=0 $run </dev/null) || status=1
  echo "$out" | grep "^reference"
  echo "  $run: $(echo "$out" | grep -c 'bit for bit') variants bit for bit equal, $(echo "$out" | grep -c DIFFERS) differ"
  echo "$out" | grep DIFFERS || true
done
exit $status
