// Adhesion keywords of every dem/* pair style (src/dem/adhesion.h, doc/adhesion.md): parsing,
// range checks and the rule that turns per-type values into a contact's adhesion. Host code, no
// LAMMPS types: functions return an error message (empty on success).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/parts/adhesion.h"
#include "properties.h"

#include <cmath>
#include <string>

namespace DEM_NS {

// the keywords of dem::AdhesionPart, in its order
enum AdhesionKey { A_MODEL, A_FRAC, A_DIST, A_GAMMA, A_G, A_KEYS };
static_assert(dem::AdhesionPart::keyword_count == A_KEYS && is_keyword(dem::AdhesionPart::keywords, A_G, "adh_g"));
inline constexpr auto adhesion_keyword_names = keyword_names_of<A_KEYS>(dem::AdhesionPart::keywords);
inline constexpr const char *const *adhesion_keywords = adhesion_keyword_names.data();

struct AdhesionProperties : KeyedValues<A_KEYS> {};    // defaults: no adhesion

inline bool is_adhesion_keyword(const std::string &key)
{
  return keyword_index(adhesion_keywords, A_KEYS, key) < A_KEYS;
}

inline std::string adhesion_set(AdhesionProperties &p, const std::string &key, double v)
{
  return set_keyword(p, dem::AdhesionPart::keywords, A_KEYS, key, v, "adhesion keyword");
}

// Which law a pair style runs, for the combinations the sources exclude.
enum AdhesionLaw { ADH_LAW_LINEAR, ADH_LAW_HERTZ, ADH_LAW_HYSTERETIC };

// A contact's adhesion: every value is the pair's (pair_coeff I J, I != J), else the types'
// common value; types that differ need a value for the pair (Rocky sets adhesion per pair of
// materials). hertz_ok: the Hertz law has hz_alpha 1.5 and rgap 0 (JKR needs both).
inline std::string adhesion_mix(const AdhesionProperties &a, const AdhesionProperties &b, const AdhesionProperties &pair,
                                AdhesionLaw law, bool hertz_ok, dem::Adhesion &out)
{
  out = dem::Adhesion{};
  auto given = [&](int k) { return a.has(k) || b.has(k) || pair.has(k); };
  double v[A_KEYS];
  std::string err = same_or_pair(a, b, pair, A_MODEL, adhesion_keywords, v[A_MODEL]);
  if (!err.empty()) return err;
  out.model = static_cast<int>(v[A_MODEL]);
  if (out.model == dem::ADH_NONE) {    // a pair without adhesion ignores its types' values
    for (int k = A_FRAC; k < A_KEYS; k++)
      if (pair.has(k) || (!pair.has(A_MODEL) && given(k)))
        return std::string(adhesion_keywords[k]) + " is set but adh_model is 0 (no adhesion)";
    return {};
  }
  for (int k = A_FRAC; k < A_KEYS; k++)
    if (!(err = same_or_pair(a, b, pair, k, adhesion_keywords, v[k])).empty()) return err;
  out.frac = v[A_FRAC];
  out.dist = v[A_DIST];
  out.w = v[A_GAMMA];
  out.g = v[A_G];
  if (out.model == dem::ADH_CONSTANT || out.model == dem::ADH_LINEAR) {
    if (given(A_GAMMA)) return "adh_gamma is the JKR surface energy (adh_model 3) only";
    if (out.model == dem::ADH_LINEAR && given(A_G)) return "adh_g is the gravity of adh_model 1 (constant) only";
    if (out.model == dem::ADH_CONSTANT && !(out.g > 0.0))
      return "adh_model 1 (Rocky constant adhesion, f_c m g) needs the gravity acceleration adh_g > 0";
    if (out.model == dem::ADH_LINEAR && law == ADH_LAW_HERTZ)
      return "adh_model 2 (Rocky linear adhesion) scales a linear loading stiffness: use it with dem/linear or "
             "dem/hysteretic; dem/hertz has adh_model 1 and 3 (JKR)";
    return {};
  }
  // JKR
  if (law != ADH_LAW_HERTZ)
    return "adh_model 3 (JKR) extends the Hertz contact: it needs dem/hertz (Rocky offers JKR with its Hertzian "
           "model only)";
  if (!hertz_ok) return "adh_model 3 (JKR) needs hz_alpha 1.5 and rgap 0";
  if (given(A_FRAC) || given(A_DIST) || given(A_G))
    return "adh_frac, adh_dist and adh_g belong to adh_model 1 and 2; JKR (adh_model 3) takes adh_gamma";
  if (!(out.w > 0.0)) return "adh_model 3 (JKR) needs the surface energy adh_gamma > 0";
  return {};
}

// The reach of adhesion a beyond touching (adhesive_reach) must lie within the box (of largest
// edge `box`): a longer one is a value out of scale, and LAMMPS cannot bin a cutoff that long.
inline std::string check_reach(const dem::Adhesion &a, double reach, double box)
{
  if (std::isfinite(reach) && reach <= box) return {};
  const std::string source = a.model == dem::ADH_JKR
      ? "JKR's separation distance, from adh_gamma and the Hertz stiffness hz_shear or hz_emod"
      : "adh_dist";
  if (!std::isfinite(reach)) return "the adhesive reach (" + source + ") is not finite: check the adhesion values";
  return "the adhesive reach " + short_number(reach) + " (" + source + ") exceeds the box's largest edge " +
      short_number(box) + ": check the adhesion values";
}

}    // namespace DEM_NS
