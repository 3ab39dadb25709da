// The choice of copy: once, by the CPU's features (libgcc's __builtin_cpu_supports reads CPUID
// and, for AVX, whether the OS saves the YMM registers); no environment variable, no build flag.
// SPDX-License-Identifier: GPL-2.0-or-later
#include <cstdio>

#include "kernel.h"

#define DEM_DECLARE(ns)                                                                            \
  namespace ns {                                                                                   \
  double sum_norms(const double *, int);                                                           \
  double trap(const double *, const double *);                                                     \
  int lanes();                                                                                     \
  }
DEM_DECLARE(dem_simd_generic)
DEM_DECLARE(dem_simd_v3)

static Kernels choose()
{
  bool v3 = false;
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
      __builtin_cpu_supports("bmi2");
#endif
  if (v3) return {"x86-64-v3", dem_simd_v3::lanes(), dem_simd_v3::sum_norms, dem_simd_v3::trap};
  return {"generic", dem_simd_generic::lanes(), dem_simd_generic::sum_norms, dem_simd_generic::trap};
}

const Kernels &kernels()
{
  static const Kernels k = [] {
    const Kernels c = choose();
    std::printf("dispatch: the %s copy (%d lanes of double)\n", c.isa, c.lanes);
    return c;
  }();
  return k;
}
