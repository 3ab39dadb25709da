// A contact's parameters and adhesion from keyword properties: the law's mixing (Style::mix), the
// unit check of its defaults and the adhesion's mixing, as the pair styles (two types and their
// pair) and the wall fixes (the fix's keywords as a like pair, WallMix) both need them. Host code.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "adhesion_properties.h"
#include "dem/hertz.h"
#include "dem/hysteretic.h"

#include <string>
#include <type_traits>

namespace DEM_NS {

// Which law a style's parameters belong to, for the adhesion models the sources exclude.
template <class Params>
constexpr AdhesionLaw adhesion_law_of = std::is_same_v<Params, dem::HertzParams> ? ADH_LAW_HERTZ
    : std::is_same_v<Params, dem::HystParams>                                   ? ADH_LAW_HYSTERETIC
                                                                                : ADH_LAW_LINEAR;

// p: the properties of type 1, type 2 and the pair (q: the same for adhesion); units: LAMMPS's
// unit style. JKR's E* comes from the Hertz parameters.
template <class Style>
std::string mix_contact(const typename Style::Properties (&p)[3], const AdhesionProperties (&q)[3], bool dim2,
                        const std::string &units, typename Style::Params &out, dem::Adhesion &a)
{
  using Params = typename Style::Params;
  std::string err = Style::mix(p[0], p[1], p[2], dim2, out);
  if (err.empty()) err = check_v_slide_units(p[0], p[1], p[2], Style::v_slide_key, out.tan, units);
  if (!err.empty()) return err;
  bool hertz_ok = true;
  if constexpr (adhesion_law_of<Params> == ADH_LAW_HERTZ)
    hertz_ok = out.alpha_h == 1.5 && out.rgap == 0.0 && out.hn_factor > 0.0;
  err = adhesion_mix(q[0], q[1], q[2], adhesion_law_of<Params>, hertz_ok, a);
  if constexpr (adhesion_law_of<Params> == ADH_LAW_HERTZ)
    if (err.empty() && a.model == dem::ADH_JKR) a.estar = dem::hertz_estar(out);
  return err;
}

}    // namespace DEM_NS
