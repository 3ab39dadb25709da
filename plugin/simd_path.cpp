// The choice of the SIMD path's copy (pair_simd.h), once, by the CPU's features: the x86-64-v3
// copy where the plugin has one and the CPU runs it, else the generic one. No environment variable
// or build flag takes part (pair_style's simd keyword chooses the scalar loop instead).
// SPDX-License-Identifier: GPL-2.0-or-later
#include "pair_simd.h"

#define DEM_SIMD_COPY(ns)                                               \
  namespace ns {                                                        \
  void linear_loop(const DEM_NS::SimdPass &, DEM_NS::SimdEvents &);     \
  void hertz_loop(const DEM_NS::SimdPass &, DEM_NS::SimdEvents &);      \
  void hysteretic_loop(const DEM_NS::SimdPass &, DEM_NS::SimdEvents &); \
  int lanes();                                                          \
  }
DEM_SIMD_COPY(dem_simd_generic)
#if defined(DEM_SIMD_V3)
DEM_SIMD_COPY(dem_simd_v3)
#endif

namespace DEM_NS {

const SimdPath &simd_path()
{
  static const SimdPath path = [] {
    SimdPath p;
#if defined(DEM_SIMD_V3)
    if (dem::cpu_has_x86_64_v3()) {
      p.isa = "x86-64-v3";
      p.lanes = dem_simd_v3::lanes();
      p.linear = dem_simd_v3::linear_loop;
      p.hertz = dem_simd_v3::hertz_loop;
      p.hysteretic = dem_simd_v3::hysteretic_loop;
      return p;
    }
#endif
    p.lanes = dem_simd_generic::lanes();
    if (p.lanes > 0) {
      p.isa = "generic";
      p.linear = dem_simd_generic::linear_loop;
      p.hertz = dem_simd_generic::hertz_loop;
      p.hysteretic = dem_simd_generic::hysteretic_loop;
    }
    return p;
  }();
  return path;
}

}    // namespace DEM_NS
