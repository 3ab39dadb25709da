// pair_style dem/hertz/kk in a LAMMPS built with the DEM and KOKKOS packages (tools/intree):
// LAMMPS's style header for PairDEMKokkos with the hertz law. The plugin registers the same
// classes (dem_plugin.cpp).
// SPDX-License-Identifier: GPL-2.0-or-later
#ifdef PAIR_CLASS
// clang-format off
PairStyle(dem/hertz/kk,PairDEMHertzKokkos<LMPDeviceType>);
PairStyle(dem/hertz/kk/device,PairDEMHertzKokkos<LMPDeviceType>);
PairStyle(dem/hertz/kk/host,PairDEMHertzKokkos<LMPHostType>);
// clang-format on
#else

#ifndef LMP_PAIR_DEM_HERTZ_KOKKOS_H
#define LMP_PAIR_DEM_HERTZ_KOKKOS_H

#include "laws.h"
#include "pair_dem_kokkos.h"

namespace LAMMPS_NS {
template <class DeviceType>
using PairDEMHertzKokkos = DEM_NS::PairDEMKokkos<DeviceType, DEM_NS::LawStyle<dem::HertzLaw>>;
}    // namespace LAMMPS_NS

#endif
#endif
