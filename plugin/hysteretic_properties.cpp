// SPDX-License-Identifier: GPL-2.0-or-later
#include "hysteretic_properties.h"

namespace DEM_NS {

std::string hysteretic_set(HystProperties &p, const std::string &key, double v)
{
  return set_keyword(p, keyword_table<dem::HystereticLaw>.data(), Y_COUNT, key, v);
}

std::string hysteretic_mix(const HystProperties &a, const HystProperties &b, const HystProperties &pair, bool,
                           dem::HystParams &out)
{
  out = dem::HystParams{};
  const char *const *names = hysteretic_keywords;
  for (const auto *p : {&a, &b, &pair})
    if (p->has(Y_EMOD) && p->has(Y_KN)) return "emod and kn are alternatives: give one or the other";
  if (pair.has(Y_EMOD))
    return "emod is a property of a type (pair_coeff I I): for a pair of types set kn";

  // loading stiffness: for the pair, from material (Rocky: K = E L per particle, L = 2R, in
  // series), or the types' springs in series
  if (pair.has(Y_KN)) {
    out.kn = pair.value[Y_KN];
  } else if (a.has(Y_EMOD) && b.has(Y_EMOD)) {
    out.from_material = true;
    out.inv_emod1 = 1.0 / a.value[Y_EMOD];
    out.inv_emod2 = 1.0 / b.value[Y_EMOD];
  } else if (a.has(Y_EMOD) || b.has(Y_EMOD)) {
    return "one type has emod and the other kn: set kn for the pair of types";
  } else {
    out.kn = series(a.value[Y_KN], b.value[Y_KN]);
  }
  std::string err = tangential_mix(a, b, pair, {Y_TAN_MODE, Y_FRIC, Y_FRIC_DYN, Y_V_SLIDE}, names, out.tan);
  if (!err.empty()) return err;
  if (!(err = same_or_pair(a, b, pair, Y_RESTITUTION, names, out.e)).empty()) return err;
  if (!(err = same_or_pair(a, b, pair, Y_DAMP, names, out.damp)).empty()) return err;
  if (!(err = same_or_pair(a, b, pair, Y_KT_RATIO, names, out.kt_ratio)).empty()) return err;
  if (out.tan.mode == dem::TAN_COULOMB && out.kt_ratio > 0.0)
    return "tan_mode 1 (Coulomb limit) has no shear spring: kt_ratio must be 0";

  // derived parameters that overflowed: K_nl (huge kn in series), 1/emod, K_nu = K_nl/e^2, K_t
  if (!std::isfinite(out.kn)) return not_finite("kn", type_values(a, b, pair, Y_KN), "a loading stiffness K_nl", out.kn);
  if (!std::isfinite(out.inv_emod1) || !std::isfinite(out.inv_emod2))
    return not_finite("emod", type_values(a, b, pair, Y_EMOD), "1/emod", std::max(out.inv_emod1, out.inv_emod2));
  if (!std::isfinite(out.kn / (out.e * out.e)))
    return not_finite("restitution",
                      "K_nl = " + short_number(out.kn) + " (from kn) and " + type_values(a, b, pair, Y_RESTITUTION),
                      "an unloading stiffness K_nl/e^2", out.kn / (out.e * out.e));
  if (!std::isfinite(out.kt_ratio * out.kn))
    return not_finite("kt_ratio", type_values(a, b, pair, Y_KT_RATIO), "a shear stiffness kt_ratio K_nl",
                      out.kt_ratio * out.kn);
  if (!out.from_material) out.ku = out.kn / (out.e * out.e);    // once, not per contact
  const bool spring = out.tan.mode == dem::TAN_SPRING && out.kt_ratio > 0.0;
  return rolling_mix(a, b, pair, {Y_RR_FRIC, Y_RR_MODEL, Y_RR_DAMP}, names, spring, out.roll);
}

}    // namespace DEM_NS
