// A contact's parameters and adhesion from keyword properties: the law's mixing (Style::mix), the
// unit check of its defaults and the adhesion's mixing, as the pair styles (two types and their
// pair, or a contact's own values with coeff contact) and the wall fixes (the fix's keywords, a
// contact's own values) both need them. Host code.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "adhesion_properties.h"
#include "dem/hertz.h"
#include "dem/hysteretic.h"
#include "hertz_properties.h"
#include "hysteretic_properties.h"
#include "linear_properties.h"

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

// A contact's own values (no inheritance: the fix wall/dem keywords, pair_coeff under coeff contact)
// are mixed as two like types whose pair has them set, so that the pair-level values (kn, ks,
// fric, ...) are used as given. Linear's emod/kratio are per-type keywords only (and hysteretic's
// emod): they stay on the two like types, where the law turns the modulus into the contact's
// stiffness with the radii (as PFC's deformability method does for a contact's emod).
template <class Style> struct OwnValues {
  static typename Style::Properties pair_part(typename Style::Properties p) { return p; }
};
template <> struct OwnValues<LinearStyle> {
  static LinearProperties pair_part(LinearProperties p)
  {
    p.set &= ~((1u << K_EMOD) | (1u << K_KRATIO));
    return p;
  }
};
template <> struct OwnValues<HystereticStyle> {
  static HystProperties pair_part(HystProperties p)
  {
    p.set &= ~(1u << Y_EMOD);
    return p;
  }
};

// The three property sets (type 1, type 2, the pair) that mix_contact turns into the contact whose
// own values are p and q
template <class Style>
void own_values(const typename Style::Properties &p, const AdhesionProperties &q, typename Style::Properties (&p3)[3],
                AdhesionProperties (&q3)[3])
{
  p3[0] = p3[1] = p;
  p3[2] = OwnValues<Style>::pair_part(p);
  q3[0] = q3[1] = q;
  q3[2] = AdhesionProperties{};
}

}    // namespace DEM_NS
