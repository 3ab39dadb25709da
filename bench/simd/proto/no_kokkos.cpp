// Without Kokkos's headers: no Kokkos variant (kokkos_width() 0 tells the driver)
// SPDX-License-Identifier: GPL-2.0-or-later
#include "system.h"
#define DEM_NO_KOKKOS(ns)                                                                          \
  namespace ns {                                                                                   \
  int kokkos_width() { return 0; }                                                                 \
  void kokkos_atom(const proto::Loop &, proto::Counts &) {}                                        \
  void kokkos_flat(const proto::Loop &, proto::Counts &) {}                                        \
  }
DEM_NO_KOKKOS(dem_simd_generic)
DEM_NO_KOKKOS(dem_simd_v3)
