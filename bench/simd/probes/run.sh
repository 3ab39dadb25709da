#!/bin/bash
# The library probes of README.md, each compiled and run inside the sid userland (g++ 16, clang++ 21,
# Debian's Kokkos 5.2); the CUDA probe with the host's nvcc where there is one.
#   bench/simd/probes/run.sh
# SPDX-License-Identifier: GPL-2.0-or-later
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
mkdir -p build/probes
sid() { ./sid.sh "$@" </dev/null; }
b=build/probes/a.out

echo "## Kokkos SIMD: lanes of simd<double> by the TU's flags"
for f in "" "-march=x86-64-v3" "-march=x86-64-v3 -DKK_FORCE_AVX2" "-march=x86-64-v3 -DKOKKOS_ARCH_AVX2"; do
  echo "# g++ -O2 $f"
  sid g++ -std=c++20 -fopenmp -O2 $f -I/usr/include/kokkos probes/kokkos_abi.cpp -o $b && sid $b
done

echo "## std::experimental::simd: lanes, ABI tag in the symbols, where, masked loads"
for cxx in g++ clang++; do for f in "" "-march=x86-64-v3"; do
  echo "# $cxx -O2 $f"
  sid $cxx -std=c++17 -O2 $f probes/stdx_abi.cpp -o $b && sid $b && sid nm -C $b | grep " T kernel"
done; done

echo "## C++26 std::simd (libstdc++ 16's <simd>)"
for cxx in g++ clang++; do
  echo "# $cxx -std=c++26"
  sid $cxx -std=c++26 -O2 probes/stdsimd26.cpp -o $b 2>&1 | grep -m2 error || sid $b
done

echo "## a target attribute, target_clones or #pragma GCC target instead of per-file flags"
for cxx in g++ clang++; do for d in "" -DPRAGMA; do
  echo "# $cxx $d"
  sid $cxx -std=c++17 -O2 $d probes/target_attr.cpp -o $b && sid $b
done; done

echo "## GCC's vectoriser on the generic law with T = double (probes/omp_bisect.cpp, x86-64-v3)"
for v in "-fopenmp-simd" "-fopenmp-simd -fno-trapping-math" "-DUSE_IVDEP" "-DUSE_IVDEP -fno-trapping-math" \
         "-DUSE_IVDEP -fno-trapping-math -DWITH_BRANCHES"; do
  for st in 1 2 5; do
    r=$(sid g++ -O3 -std=c++17 -fno-math-errno -ffp-contract=off -march=x86-64-v3 $v -DSTAGE=$st -Iproto \
          -I../../src -fopt-info-vec-all -c probes/omp_bisect.cpp -o /dev/null 2>&1 |
        grep -E 'omp_bisect.cpp:1[0-9]:[0-9]+: (optimized: loop vectorized|missed: not vectorized|missed: couldn)' | head -1 |
        sed 's/.*: \(optimized\|missed\): //')
    echo "  g++ $v STAGE $st: ${r:-not vectorized}"
  done
done
for v in "-fopenmp-simd" "-fopenmp-simd -DWITH_BRANCHES"; do
  r=$(sid clang++ -O3 -std=c++17 -fno-math-errno -ffp-contract=off -march=x86-64-v3 $v -DSTAGE=5 -Iproto -I../../src \
        -Rpass=loop-vectorize -c probes/omp_bisect.cpp -o /dev/null 2>&1 | grep -m1 "vectorized loop" | sed 's/.*remark: //')
  echo "  clang++ $v STAGE 5: ${r:-not vectorized}"
done

echo "## the generic law on a GPU (T = double): registers against the plugin's dem::linear_step"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [ -x "$nvcc" ]; then
  ccbin=(); command -v g++-12 >/dev/null && ccbin=(-ccbin g++-12)
  "$nvcc" "${ccbin[@]}" -arch=sm_90 -O3 -std=c++17 -Xptxas -v -DDEM_WITH_KOKKOS -Iprobes/cuda_shim -Iproto \
    -I../../src -c probes/cuda_lanes.cu -o build/probes/cuda_lanes.o 2>&1 |
    grep -E "error|Compiling entry|registers" | sed 's/ptxas info *: //'
else
  echo "  (no nvcc on the host)"
fi
