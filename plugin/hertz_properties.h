// Properties of dem/hertz as given in pair_coeff, their ranges, and PFC's inheritance rules
// (eq. 18-20) that turn per-type values into per-contact parameters.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/hertz.h"
#include "properties.h"

#include <string>

namespace DEM_NS {

// the keywords of dem::HertzLaw and its parts (keyword_table), in its order
enum HertzKey {
  H_SHEAR, H_POISS, H_ALPHA, H_MODE, H_FRIC, H_RGAP, H_DP_NRATIO, H_DP_SRATIO, H_DP_ALPHA, H_DP_MODE,
  H_RESTITUTION, H_TAN_MODE, H_FRIC_DYN, H_V_SLIDE, H_EMOD, H_RR_FRIC, H_RR_MODEL, H_RR_DAMP, H_COUNT
};

struct HertzProperties : KeyedValues<H_COUNT> {
  HertzProperties()    // PFC's defaults: hz_alpha 1.5, the rest 0; Rocky's v_slide 1 mm/s
  {
    value[H_ALPHA] = 1.5;
    value[H_V_SLIDE] = 0.001;
  }
};

inline constexpr const char *const *hertz_keywords = keyword_names<dem::HertzLaw>.data();
static_assert(keyword_table<dem::HertzLaw>.size() == H_COUNT);
static_assert(is_keyword(keyword_table<dem::HertzLaw>.data(), H_EMOD, "hz_emod") &&
              is_keyword(keyword_table<dem::HertzLaw>.data(), H_RR_FRIC, "rr_fric"));

// Parse "keyword value" into p; returns an error message naming the keyword and its range.
std::string hertz_set(HertzProperties &p, const std::string &key, double value);

// Per-contact parameters of the types' properties a and b and the values set for the pair.
std::string hertz_mix(const HertzProperties &a, const HertzProperties &b, const HertzProperties &pair,
                      bool dim2, dem::HertzParams &out);

// dem/hertz for the PairDEM templates
struct HertzStyle {
  using Law = dem::HertzLaw;
  using Params = dem::HertzParams;
  using Properties = HertzProperties;
  static constexpr const char *name = "dem/hertz";
  static constexpr const char *const *keywords = hertz_keywords;
  static constexpr const char *stiffness_keywords = "the stiffness hz_shear (or hz_emod)";
  static constexpr int v_slide_key = H_V_SLIDE;
  static std::string set(Properties &p, const std::string &key, double v) { return hertz_set(p, key, v); }
  static std::string mix(const Properties &a, const Properties &b, const Properties &pair, bool dim2, Params &out)
  {
    return hertz_mix(a, b, pair, dim2, out);
  }
  static Params mirrored(Params p) { return p; }    // symmetric in the two particles
};

}    // namespace DEM_NS
