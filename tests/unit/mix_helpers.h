// The mixing of the pair styles (plugin/law_style.h) as the unit tests call it: a law's keyword
// values set and mixed for two types and their pair, without adhesion; adhesion's part alone.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/hertz.h"
#include "dem/linear.h"
#include "law_style.h"

#include <string>

namespace DEM_NS {

using LinearStyle = LawStyle<dem::LinearLaw>;
using HertzStyle = LawStyle<dem::HertzLaw>;
using LinearProperties = LinearStyle::Properties;
using HertzProperties = HertzStyle::Properties;

inline std::string linear_set(LinearProperties &p, const std::string &key, double v)
{
  return LinearStyle::set(p, key, v);
}
inline std::string hertz_set(HertzProperties &p, const std::string &key, double v)
{
  return HertzStyle::set(p, key, v);
}

template <class Style>
std::string mix_types(const typename Style::Properties &a, const typename Style::Properties &b,
                      const typename Style::Properties &pair, bool dim2,
                      typename Style::Params &out)
{
  const typename Style::Properties p[3] = {a, b, pair};
  const AdhesionProperties q[3];
  dem::Adhesion adhesion;
  return mix_contact<Style>(p, q, dim2, "si", out, adhesion);
}
inline std::string linear_mix(const LinearProperties &a, const LinearProperties &b,
                              const LinearProperties &pair, bool dim2, dem::LinearParams &out)
{
  return mix_types<LinearStyle>(a, b, pair, dim2, out);
}
inline std::string hertz_mix(const HertzProperties &a, const HertzProperties &b,
                             const HertzProperties &pair, bool dim2, dem::HertzParams &out)
{
  return mix_types<HertzStyle>(a, b, pair, dim2, out);
}

// adhesion's mixing for a contact of law Law whose parameters are p
template <class Law>
std::string adhesion_mix(const AdhesionProperties &a, const AdhesionProperties &b,
                         const AdhesionProperties &pair, typename Law::Params p, dem::Adhesion &out)
{
  std::string err;
  const AdhesionProperties q[3] = {a, b, pair};
  Mixer<AdhesionProperties, AdhesionProperties> m{q, q, adhesion_table.data(), 0, false, &err};
  dem::Mixed<typename Law::Params> x{p, out};
  dem::AdhesionPart::mix<Law>(m, x);
  return err;
}

}    // namespace DEM_NS
