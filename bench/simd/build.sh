#!/bin/bash
# Builds the SIMD prototype (bench/simd/CMakeLists.txt) inside the sid userland and checks that
# each instruction set's objects define no symbol outside their own namespace (the ODR check).
#   bench/simd/build.sh [gcc|clang]     (build/ or build-clang/ in bench/simd)
#   then: bench/simd/sid.sh build/proto_simd [steps] [rounds] [warm] [variants...]
# Not part of the plugin's build or tests.
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../tools/common.sh"
cd "$here"
compiler=${1:-gcc}
case "$compiler" in
  gcc) cxx=g++ dir=build ;;
  clang) cxx=clang++ dir=build-clang ;;
  *) echo "usage: $0 [gcc|clang]" >&2; exit 2 ;;
esac
in_sid cmake -S . -B "$dir" -G Ninja -DCMAKE_CXX_COMPILER=$cxx -DLAMMPS_SRC="$LAMMPS_SRC/src" >/dev/null </dev/null
in_sid cmake --build "$dir" </dev/null
# ODR check: the global symbols an ISA's object defines must all be in its namespace
status=0
for isa in generic v3; do
  for obj in $(find "$dir/CMakeFiles/dem_simd_proto.dir/isa" -name "*_$isa.cpp.o"); do
    stray=$(in_sid nm -C --defined-only "$obj" </dev/null | awk '$2 ~ /^[TWVuBDR]$/' | grep -v "dem_simd_$isa::" | grep -v " DW.ref.__gxx_personality_v0$" || true)
    if [ -n "$stray" ]; then
      echo "ODR check: $(basename "$obj") defines symbols outside dem_simd_$isa:"
      echo "$stray" | sed 's/^/    /'
      # Kokkos's core headers' weak symbols are the known finding (README.md, Kokkos SIMD, ODR)
      case "$obj" in *kernel_kokkos_*) echo "    (known: Kokkos_SIMD.hpp's core headers)" ;; *) status=1 ;; esac
    fi
  done
done
[ $status = 0 ] && echo "ODR check: every per-ISA object but the Kokkos ones defines only symbols of its own namespace"
exit $status
