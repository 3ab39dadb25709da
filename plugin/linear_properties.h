// Properties of dem/linear as given in pair_coeff, their ranges, and PFC's inheritance rules
// (eq. 15-16) that turn per-type values into per-contact parameters. Host code, no LAMMPS types:
// functions return an error message (empty on success) that the pair style reports.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/linear.h"
#include "properties.h"

#include <string>

namespace DEM_NS {

// the keywords of dem::LinearLaw and its parts (keyword_table), in its order
enum LinearKey {
  K_KN, K_KS, K_FRIC, K_RGAP, K_LIN_MODE, K_DP_NRATIO, K_DP_SRATIO, K_DP_MODE,
  K_EMOD, K_KRATIO, K_RESTITUTION, K_TAN_MODE, K_FRIC_DYN, K_V_SLIDE, K_HOLD_GAP, K_NO_SLIP, K_RR_FRIC,
  K_RR_MODEL, K_RR_DAMP, K_CB_TENF, K_CB_SHEARF, K_PB_RMUL, K_PB_KN, K_PB_KS, K_PB_TEN, K_PB_COH, K_PB_FA,
  K_PB_MCF, K_PB_EMOD, K_PB_KRATIO, K_COUNT
};
inline constexpr const char *const *linear_keywords = keyword_names<dem::LinearLaw>.data();
static_assert(keyword_table<dem::LinearLaw>.size() == K_COUNT);
static_assert(is_keyword(keyword_table<dem::LinearLaw>.data(), K_V_SLIDE, "v_slide") &&
              is_keyword(keyword_table<dem::LinearLaw>.data(), K_HOLD_GAP, "hold_gap") &&
              is_keyword(keyword_table<dem::LinearLaw>.data(), K_RR_FRIC, "rr_fric") &&
              is_keyword(keyword_table<dem::LinearLaw>.data(), K_CB_TENF, "cb_tenf") &&
              is_keyword(keyword_table<dem::LinearLaw>.data(), K_PB_RMUL, "pb_rmul") &&
              is_keyword(keyword_table<dem::LinearLaw>.data(), K_PB_KRATIO, "pb_kratio"));

struct LinearProperties : KeyedValues<K_COUNT> {    // PFC's defaults are all 0, except:
  LinearProperties()
  {
    value[K_V_SLIDE] = 0.001;    // Rocky's 1 mm/s, in the simulation's units
    value[K_PB_RMUL] = 1.0;      // the parallel bond's radius multiplier and moment contribution
    value[K_PB_MCF] = 1.0;
  }
};

// Parse "keyword value" into p; returns an error message naming the keyword and its range.
std::string linear_set(LinearProperties &p, const std::string &key, double value);

// Per-contact parameters of the types' properties a and b (a == b for like types) and the values
// set explicitly for the pair (pair.set == 0 if none). dim2: 2d simulation.
std::string linear_mix(const LinearProperties &a, const LinearProperties &b,
                       const LinearProperties &pair, bool dim2, dem::LinearParams &out);

// dem/linear for the PairDEM templates
struct LinearStyle {
  using Law = dem::LinearLaw;
  using Params = dem::LinearParams;
  using Properties = LinearProperties;
  static constexpr const char *name = "dem/linear";
  static constexpr const char *const *keywords = linear_keywords;
  static constexpr const char *stiffness_keywords = "the stiffness kn (or emod; and of a parallel bond pb_kn or pb_emod, times its area from pb_rmul)";
  static constexpr int v_slide_key = K_V_SLIDE;
  static std::string set(Properties &p, const std::string &key, double v) { return linear_set(p, key, v); }
  static std::string mix(const Properties &a, const Properties &b, const Properties &pair, bool dim2, Params &out)
  {
    return linear_mix(a, b, pair, dim2, out);
  }
  // the parameters with particles 1 and 2 exchanged
  static Params mirrored(Params p)
  {
    std::swap(p.inv_emod1, p.inv_emod2);
    return p;
  }
};

}    // namespace DEM_NS
