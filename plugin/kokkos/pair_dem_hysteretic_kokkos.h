// pair_style dem/hysteretic/kk in a LAMMPS built with the DEM and KOKKOS packages (tools/intree):
// LAMMPS's style header for PairDEMKokkos with the hysteretic law. The plugin registers the same
// classes (dem_plugin.cpp).
// SPDX-License-Identifier: GPL-2.0-or-later
#ifdef PAIR_CLASS
// clang-format off
PairStyle(dem/hysteretic/kk,PairDEMHystereticKokkos<LMPDeviceType>);
PairStyle(dem/hysteretic/kk/device,PairDEMHystereticKokkos<LMPDeviceType>);
PairStyle(dem/hysteretic/kk/host,PairDEMHystereticKokkos<LMPHostType>);
// clang-format on
#else

#ifndef LMP_PAIR_DEM_HYSTERETIC_KOKKOS_H
#define LMP_PAIR_DEM_HYSTERETIC_KOKKOS_H

#include "laws.h"
#include "pair_dem_kokkos.h"

namespace LAMMPS_NS {
template <class DeviceType>
using PairDEMHystereticKokkos =
    DEM_NS::PairDEMKokkos<DeviceType, DEM_NS::LawStyle<dem::HystereticLaw>>;
}    // namespace LAMMPS_NS

#endif
#endif
