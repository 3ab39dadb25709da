// pair_style dem/linear in a LAMMPS built with the DEM package (tools/intree): LAMMPS's style
// header for PairDEM with the linear law. The plugin registers the same class (dem_plugin.cpp).
// SPDX-License-Identifier: GPL-2.0-or-later
#ifdef PAIR_CLASS
// clang-format off
PairStyle(dem/linear,PairDEMLinear);
// clang-format on
#else

#ifndef LMP_PAIR_DEM_LINEAR_H
#define LMP_PAIR_DEM_LINEAR_H

#include "laws.h"
#include "pair_dem.h"

#include <string_view>

namespace LAMMPS_NS {
using PairDEMLinear = DEM_NS::PairDEM<DEM_NS::LawStyle<dem::LinearLaw>>;
static_assert(std::string_view(dem::LinearLaw::style) == "dem/linear");
}    // namespace LAMMPS_NS

#endif
#endif
