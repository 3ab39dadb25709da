// pair_style dem/linear/kk in a LAMMPS built with the DEM and KOKKOS packages (tools/intree):
// LAMMPS's style header for PairDEMKokkos with the linear law. The plugin registers the same
// classes (dem_plugin.cpp).
// SPDX-License-Identifier: GPL-2.0-or-later
#ifdef PAIR_CLASS
// clang-format off
PairStyle(dem/linear/kk,PairDEMLinearKokkos<LMPDeviceType>);
PairStyle(dem/linear/kk/device,PairDEMLinearKokkos<LMPDeviceType>);
PairStyle(dem/linear/kk/host,PairDEMLinearKokkos<LMPHostType>);
// clang-format on
#else

#ifndef LMP_PAIR_DEM_LINEAR_KOKKOS_H
#define LMP_PAIR_DEM_LINEAR_KOKKOS_H

#include "laws.h"
#include "pair_dem_kokkos.h"

namespace LAMMPS_NS {
template <class DeviceType>
using PairDEMLinearKokkos = DEM_NS::PairDEMKokkos<DeviceType, DEM_NS::LawStyle<dem::LinearLaw>>;
}    // namespace LAMMPS_NS

#endif
#endif
