// SPDX-License-Identifier: GPL-2.0-or-later
#include "hertz_properties.h"

namespace DEM_NS {

std::string hertz_set(HertzProperties &p, const std::string &key, double v)
{
  return set_keyword(p, keyword_table<dem::HertzLaw>.data(), H_COUNT, key, v);
}

// G = E / (2 (1 + nu)): hz_emod (Rocky and most users give E and nu) as a shear modulus
static double shear_from_young(double e, double nu) { return e / (2.0 * (1.0 + nu)); }

// A type's shear modulus: hz_shear, or from hz_emod and the type's hz_poiss.
static double shear_modulus(const HertzProperties &p)
{
  return p.has(H_EMOD) ? shear_from_young(p.value[H_EMOD], p.value[H_POISS]) : p.value[H_SHEAR];
}

// Contact shear modulus and Poisson's ratio from the pieces' (eq. 18-19). A piece with G = 0
// makes the contact carry no Hertz force.
static void inherit_elastic(const HertzProperties &a, const HertzProperties &b, double &g, double &nu)
{
  const double g1 = shear_modulus(a), g2 = shear_modulus(b);
  const double nu1 = a.value[H_POISS], nu2 = b.value[H_POISS];
  if (g1 == 0.0 || g2 == 0.0) {
    g = 0.0;
    nu = 0.5 * (nu1 + nu2);
    return;
  }
  const double e_star = 1.0 / ((1.0 - nu1) / (2.0 * g1) + (1.0 - nu2) / (2.0 * g2));
  const double g_star = 1.0 / ((2.0 - nu1) / g1 + (2.0 - nu2) / g2);
  nu = (4.0 * g_star - e_star) / (2.0 * g_star - e_star);
  g = 2.0 * g_star * (2.0 - nu);
}

std::string hertz_mix(const HertzProperties &a, const HertzProperties &b, const HertzProperties &pair,
                      bool, dem::HertzParams &out)
{
  out = dem::HertzParams{};
  const char *const *names = hertz_keywords;
  double g, nu, v;
  for (const auto *p : {&a, &b, &pair})
    if (p->has(H_SHEAR) && p->has(H_EMOD)) return "hz_shear and hz_emod are alternatives: give one or the other";
  inherit_elastic(a, b, g, nu);
  if (pair.has(H_SHEAR)) g = pair.value[H_SHEAR];
  if (pair.has(H_POISS)) nu = pair.value[H_POISS];
  if (pair.has(H_EMOD)) g = shear_from_young(pair.value[H_EMOD], nu);    // with the contact's nu
  out.hn_factor = 2.0 * g / (3.0 * (1.0 - nu));
  out.ks_factor = 2.0 * (1.0 - nu) / (2.0 - nu);
  if (!std::isfinite(out.hn_factor))    // huge hz_shear
    return not_finite("hz_shear", type_values(a, b, pair, H_SHEAR), "a Hertz factor 2G/(3(1-nu))", out.hn_factor);
  // friction: the minimum (eq. 20)
  std::string err = tangential_mix(a, b, pair, {H_TAN_MODE, H_FRIC, H_FRIC_DYN, H_V_SLIDE}, names, out.tan);
  if (!err.empty()) return err;
  if (!(err = same_or_pair(a, b, pair, H_RGAP, names, out.rgap)).empty()) return err;
  if (!(err = same_or_pair(a, b, pair, H_ALPHA, names, out.alpha_h)).empty()) return err;
  // the tangent stiffness alpha_h h_n delta^(alpha_h - 1) is computed as (alpha_h h_n) times the
  // power, which underflows to 0 for a huge exponent: inf times 0
  if (!std::isfinite(out.alpha_h * 2.0 * out.hn_factor))
    return not_finite("hz_alpha", type_values(a, b, pair, H_ALPHA), "a tangent-stiffness factor alpha_h h_n",
                      out.alpha_h * 2.0 * out.hn_factor);
  if (!(err = same_or_pair(a, b, pair, H_MODE, names, v)).empty()) return err;
  out.hz_mode = static_cast<int>(v);
  if (!(err = same_or_pair(a, b, pair, H_DP_ALPHA, names, out.alpha_d)).empty()) return err;
  if (!(err = same_or_pair(a, b, pair, H_DP_MODE, names, v)).empty()) return err;
  out.dp.mode = static_cast<int>(v);
  if (!(err = same_or_pair(a, b, pair, H_DP_SRATIO, names, out.dp.sratio)).empty()) return err;
  if (out.dp.sratio > 0.0 && out.tan.mode == dem::TAN_COULOMB)
    return "tan_mode 1 (Coulomb limit) has no shear spring: dp_sratio must be 0";
  if (out.hz_mode == 1 && out.tan.mode != dem::TAN_SPRING)
    return "hz_mode 1 scales the shear spring force of tan_mode 0 only";
  if (out.tan.mode == dem::TAN_MINDLIN && out.alpha_h != 1.5)
    return "tan_mode 2 (Mindlin-Deresiewicz) needs the Hertz exponent hz_alpha 1.5";
  // the rolling spring uses eq. 8's k_s, which every Hertz contact has
  if (!(err = rolling_mix(a, b, pair, {H_RR_FRIC, H_RR_MODEL, H_RR_DAMP}, names, true, out.roll)).empty()) return err;

  // restitution: with eq. 13's tangent stiffness k_n = 3/2 h_n delta^(1/2) and dp_alpha 0 the
  // normal dashpot is 2 beta_n sqrt(3/2 m_c h_n) delta^(1/4) v_n, Tsuji's form, which maps exactly
  // onto the linear spring-dashpot with zeta = 2 beta_n sqrt(3/2) / sqrt(5) (Antypov & Elliott
  // 2011), for the full and the no-tension dashpot alike: e does not depend on the impact speed
  for (const auto *p : {&a, &b, &pair})
    if (p->has(H_RESTITUTION) && (out.alpha_h != 1.5 || out.alpha_d != 0.0))
      return "restitution needs hz_alpha 1.5 and dp_alpha 0 (then the dashpot scales as Tsuji's, "
             "delta^(1/4), and e does not depend on the impact speed; with dp_alpha > 0 it does)";
  return normal_damping(a, b, pair, H_DP_NRATIO, H_RESTITUTION, names, out.dp.mode & 1,
                        std::sqrt(1.2), out.dp.nratio);
}

}    // namespace DEM_NS
