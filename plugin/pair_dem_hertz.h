// pair_style dem/hertz in a LAMMPS built with the DEM package (tools/intree): LAMMPS's style
// header for PairDEM with the hertz law. The plugin registers the same class (dem_plugin.cpp).
// SPDX-License-Identifier: GPL-2.0-or-later
#ifdef PAIR_CLASS
// clang-format off
PairStyle(dem/hertz,PairDEMHertz);
// clang-format on
#else

#ifndef LMP_PAIR_DEM_HERTZ_H
#define LMP_PAIR_DEM_HERTZ_H

#include "laws.h"
#include "pair_dem.h"

#include <string_view>

namespace LAMMPS_NS {
using PairDEMHertz = DEM_NS::PairDEM<DEM_NS::LawStyle<dem::HertzLaw>>;
static_assert(std::string_view(dem::HertzLaw::style) == "dem/hertz");
}    // namespace LAMMPS_NS

#endif
#endif
