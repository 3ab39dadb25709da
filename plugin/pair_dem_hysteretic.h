// pair_style dem/hysteretic in a LAMMPS built with the DEM package (tools/intree): LAMMPS's style
// header for PairDEM with the hysteretic law. The plugin registers the same class (dem_plugin.cpp).
// SPDX-License-Identifier: GPL-2.0-or-later
#ifdef PAIR_CLASS
// clang-format off
PairStyle(dem/hysteretic,PairDEMHysteretic);
// clang-format on
#else

#ifndef LMP_PAIR_DEM_HYSTERETIC_H
#define LMP_PAIR_DEM_HYSTERETIC_H

#include "laws.h"
#include "pair_dem.h"

#include <string_view>

namespace LAMMPS_NS {
using PairDEMHysteretic = DEM_NS::PairDEM<DEM_NS::LawStyle<dem::HystereticLaw>>;
static_assert(std::string_view(dem::HystereticLaw::style) == "dem/hysteretic");
}    // namespace LAMMPS_NS

#endif
#endif
