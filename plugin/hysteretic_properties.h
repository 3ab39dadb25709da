// Properties of dem/hysteretic as given in pair_coeff, their ranges, and how contacts inherit them.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/hysteretic.h"
#include "properties.h"

#include <string>

namespace DEM_NS {

// the keywords of dem::HystereticLaw and its parts (keyword_table), in its order
enum HystKey {
  Y_KN, Y_EMOD, Y_RESTITUTION, Y_DAMP, Y_KT_RATIO, Y_FRIC, Y_FRIC_DYN, Y_TAN_MODE, Y_V_SLIDE, Y_RR_FRIC, Y_RR_MODEL,
  Y_RR_DAMP, Y_COUNT
};

struct HystProperties : KeyedValues<Y_COUNT> {
  HystProperties()
  {
    value[Y_RESTITUTION] = 1.0;
    value[Y_V_SLIDE] = 0.001;    // Rocky's 1 mm/s, in the simulation's velocity units
  }
};

inline constexpr const char *const *hysteretic_keywords = keyword_names<dem::HystereticLaw>.data();
static_assert(keyword_table<dem::HystereticLaw>.size() == Y_COUNT);
static_assert(is_keyword(keyword_table<dem::HystereticLaw>.data(), Y_V_SLIDE, "v_slide") &&
              is_keyword(keyword_table<dem::HystereticLaw>.data(), Y_RR_FRIC, "rr_fric"));

std::string hysteretic_set(HystProperties &p, const std::string &key, double value);
std::string hysteretic_mix(const HystProperties &a, const HystProperties &b, const HystProperties &pair,
                           bool dim2, dem::HystParams &out);

// dem/hysteretic for the PairDEM templates
struct HystereticStyle {
  using Law = dem::HystereticLaw;
  using Params = dem::HystParams;
  using Properties = HystProperties;
  static constexpr const char *name = "dem/hysteretic";
  static constexpr const char *const *keywords = hysteretic_keywords;
  static constexpr const char *stiffness_keywords = "the stiffness kn (or emod) and restitution (K_nu = K_nl/e^2)";
  static constexpr int v_slide_key = Y_V_SLIDE;
  static std::string set(Properties &p, const std::string &key, double v) { return hysteretic_set(p, key, v); }
  static std::string mix(const Properties &a, const Properties &b, const Properties &pair, bool dim2, Params &out)
  {
    return hysteretic_mix(a, b, pair, dim2, out);
  }
  static Params mirrored(Params p)
  {
    std::swap(p.inv_emod1, p.inv_emod2);
    return p;
  }
};

}    // namespace DEM_NS
