// SPDX-License-Identifier: GPL-2.0-or-later
#include "linear_properties.h"

#include <cmath>
#include <utility>

namespace DEM_NS {

std::string linear_set(LinearProperties &p, const std::string &key, double v)
{
  return set_keyword(p, keyword_table<dem::LinearLaw>.data(), K_COUNT, key, v);
}

// Woo's noBreak (hold_gap) and noSlip (no_slip), the same for both types or set for the pair, and
// the settings they exclude
static std::string woo_options(const LinearProperties &a, const LinearProperties &b, const LinearProperties &pair,
                               dem::LinearParams &out)
{
  double v;
  std::string err;
  if (!(err = same_or_pair(a, b, pair, K_HOLD_GAP, linear_keywords, out.hold_gap)).empty()) return err;
  if (!(err = same_or_pair(a, b, pair, K_NO_SLIP, linear_keywords, v)).empty()) return err;
  out.no_slip = v != 0.0;
  if (out.no_slip && out.tan.mode != dem::TAN_SPRING)
    return "no_slip 1 takes the Coulomb limit off the shear spring: it needs tan_mode 0";
  if (out.hold_gap > 0.0 && (out.dp.mode & 1))
    return "hold_gap > 0 holds contacts in tension, which the no-tension normal dashpot (dp_mode 1 or 3) would "
           "cancel: use dp_mode 0 or 2";
  if (out.hold_gap > 0.0 && out.roll.model != dem::ROLL_NONE)
    return "hold_gap > 0 and rolling resistance (rr_fric > 0) cannot be combined: the rolling limit needs a "
           "compressive normal force";
  return "";
}

// PFC's contact bond: its strengths (cb_tenf, cb_shearf: either makes the pair of types take
// bonds), the same for both types or set for the pair; the settings it needs and excludes
static std::string contact_bond(const LinearProperties &a, const LinearProperties &b, const LinearProperties &pair,
                                dem::LinearParams &out)
{
  for (int k : {K_CB_TENF, K_CB_SHEARF})
    out.cbond = out.cbond || a.has(k) || b.has(k) || pair.has(k);
  if (!out.cbond) return "";
  std::string err;
  if (!(err = same_or_pair(a, b, pair, K_CB_TENF, linear_keywords, out.cb_tenf)).empty()) return err;
  if (!(err = same_or_pair(a, b, pair, K_CB_SHEARF, linear_keywords, out.cb_shearf)).empty()) return err;
  if (out.from_material || !(out.kn > 0.0))
    return "contact bonds (cb_tenf, cb_shearf) need a constant kn > 0 (not emod): a bond's reach is cb_tenf/kn";
  if (out.tan.mode != dem::TAN_SPRING) return "contact bonds (cb_tenf, cb_shearf) need the shear spring of tan_mode 0";
  if (out.hold_gap > 0.0) return "contact bonds (cb_tenf, cb_shearf) and hold_gap are alternatives";
  if (out.roll.model != dem::ROLL_NONE)
    return "contact bonds (cb_tenf, cb_shearf) and rolling resistance (rr_fric > 0) cannot be combined: the "
           "rolling limit needs a compressive normal force";
  // twice the stretch at which the tensile force reaches cb_tenf: the law breaks the bond, not the
  // pair's reach (the incremental lin_mode 1 may lag the gap a little)
  out.cb_reach = 2.0 * out.cb_tenf / out.kn;
  if (!std::isfinite(out.cb_reach)) return not_finite("cb_tenf", type_values(a, b, pair, K_CB_TENF), "2 cb_tenf/kn", out.cb_reach);
  return "";
}

// PFC's parallel bond (pb_kn, or pb_emod as PFC's pb_deformability, makes the pair of types take
// them), each value the same for both types or set for the pair
static std::string parallel_bond(const LinearProperties &a, const LinearProperties &b, const LinearProperties &pair,
                                 bool dim2, dem::LinearParams &out)
{
  dem::ParallelBond &pb = out.pb;
  const auto given = [&](int k) { return a.has(k) || b.has(k) || pair.has(k); };
  pb.on = given(K_PB_KN) || given(K_PB_EMOD);
  for (int k : {K_PB_RMUL, K_PB_KS, K_PB_TEN, K_PB_COH, K_PB_FA, K_PB_MCF, K_PB_KRATIO})
    if (!pb.on && given(k))
      return std::string(linear_keywords[k]) + " is a parallel bond's property: it needs pb_kn (or pb_emod)";
  if (!pb.on) return "";
  if (given(K_PB_EMOD) && (given(K_PB_KN) || given(K_PB_KS)))
    return "pb_emod/pb_kratio and pb_kn/pb_ks are alternatives: give one or the other";
  if (given(K_PB_KRATIO) && !given(K_PB_EMOD)) return "pb_kratio needs pb_emod";
  std::string err;
  double fa = 0.0;
  const std::pair<int, double *> keys[] = {{K_PB_RMUL, &pb.rmul}, {K_PB_KN, &pb.kn},     {K_PB_KS, &pb.ks},
                                           {K_PB_TEN, &pb.ten},   {K_PB_COH, &pb.coh},   {K_PB_FA, &fa},
                                           {K_PB_MCF, &pb.mcf},   {K_PB_EMOD, &pb.emod}, {K_PB_KRATIO, &pb.kratio}};
  for (const auto &[k, v] : keys)
    if (!(err = same_or_pair(a, b, pair, k, linear_keywords, *v)).empty()) return err;
  if (!(pb.kn > 0.0) && !(pb.emod > 0.0)) return "a parallel bond needs pb_kn > 0";
  if (out.cbond) return "a pair of types takes contact bonds (cb_tenf, cb_shearf) or parallel bonds (pb_kn), not both";
  if (out.hold_gap > 0.0) return "parallel bonds (pb_kn) and hold_gap are alternatives";
  pb.dim2 = dim2;
  pb.tan_fa = std::tan(fa * 3.14159265358979323846 / 180.0);
  // with pb_emod, per unit of R1 + R2 (dem::bond_reach)
  pb.reach = 2.0 * pb.ten / (pb.emod > 0.0 ? pb.emod : pb.kn);
  if (!std::isfinite(pb.reach))
    return not_finite("pb_ten", type_values(a, b, pair, K_PB_TEN), pb.emod > 0.0 ? "2 pb_ten/pb_emod" : "2 pb_ten/pb_kn",
                      pb.reach);
  return "";
}

std::string linear_mix(const LinearProperties &a, const LinearProperties &b,
                       const LinearProperties &pair, bool dim2, dem::LinearParams &out)
{
  out = dem::LinearParams{};
  out.dim2 = dim2;
  for (const auto *p : {&a, &b, &pair})
    if (p->has(K_EMOD) && (p->has(K_KN) || p->has(K_KS)))
      return "emod/kratio and kn/ks are alternatives: give one or the other";

  if (pair.has(K_EMOD) || pair.has(K_KRATIO))
    return "emod and kratio are properties of a type (pair_coeff I I): for a pair of types set kn and ks";
  if ((a.has(K_KRATIO) && !a.has(K_EMOD)) || (b.has(K_KRATIO) && !b.has(K_EMOD)))
    return "kratio needs emod on the same type";

  // stiffness: the types' springs in series (PFC eq. 15), or from material (Woo's series
  // connector, PFC eq. 17); a pair's kn or ks replaces only the one it names
  const bool pair_kn = pair.has(K_KN), pair_ks = pair.has(K_KS);
  if (a.has(K_EMOD) || b.has(K_EMOD)) {
    if (pair_kn && pair_ks) {
      out.kn = pair.value[K_KN];
      out.ks = pair.value[K_KS];
    } else if (pair_kn || pair_ks) {
      // the material's kn and ks depend on the radii of each contact: one cannot be kept alone
      return std::string("the types take kn and ks from emod/kratio, which depend on the radii: a pair of "
                         "types that sets ") + (pair_kn ? "kn" : "ks") + " must set both kn and ks";
    } else if (a.has(K_EMOD) && b.has(K_EMOD)) {
      out.from_material = true;
      out.inv_emod1 = 1.0 / a.value[K_EMOD];
      out.inv_emod2 = 1.0 / b.value[K_EMOD];
      // kratio mixes as the arithmetic mean (Woo averages ktDivKn); 0 on either side means ks = 0
      const double ka = a.value[K_KRATIO], kb = b.value[K_KRATIO];
      out.kratio = (ka > 0.0 && kb > 0.0) ? 0.5 * (ka + kb) : 0.0;
    } else {
      return "one type has emod and the other kn/ks: set kn and ks for the pair of types";
    }
  } else {
    out.kn = pair_kn ? pair.value[K_KN] : series(a.value[K_KN], b.value[K_KN]);
    out.ks = pair_ks ? pair.value[K_KS] : series(a.value[K_KS], b.value[K_KS]);
  }

  // derived parameters that overflowed (huge values in series; 1/emod of a subnormal emod)
  if (!std::isfinite(out.kn)) return not_finite("kn", type_values(a, b, pair, K_KN), "a contact stiffness k_n", out.kn);
  if (!std::isfinite(out.ks)) return not_finite("ks", type_values(a, b, pair, K_KS), "a contact stiffness k_s", out.ks);
  if (!std::isfinite(out.inv_emod1) || !std::isfinite(out.inv_emod2))
    return not_finite("emod", type_values(a, b, pair, K_EMOD), "1/emod", std::max(out.inv_emod1, out.inv_emod2));

  const char *const *names = linear_keywords;
  double v;
  std::string err = tangential_mix(a, b, pair, {K_TAN_MODE, K_FRIC, K_FRIC_DYN, K_V_SLIDE}, names, out.tan);
  if (!err.empty()) return err;
  if (!(err = same_or_pair(a, b, pair, K_RGAP, names, out.rgap)).empty()) return err;
  if (!(err = same_or_pair(a, b, pair, K_LIN_MODE, names, v)).empty()) return err;
  out.lin_mode = static_cast<int>(v);
  if (!(err = same_or_pair(a, b, pair, K_DP_MODE, names, v)).empty()) return err;
  out.dp.mode = static_cast<int>(v);
  if (!(err = same_or_pair(a, b, pair, K_DP_SRATIO, names, out.dp.sratio)).empty()) return err;
  if (out.tan.mode == dem::TAN_COULOMB && (out.dp.sratio > 0.0 || out.ks > 0.0 || out.kratio > 0.0))
    return "tan_mode 1 (Coulomb limit) has no shear spring: ks, kratio and dp_sratio must be 0";
  const bool spring = out.tan.mode == dem::TAN_SPRING && (out.from_material ? out.kratio > 0.0 : out.ks > 0.0);
  if (!(err = rolling_mix(a, b, pair, {K_RR_FRIC, K_RR_MODEL, K_RR_DAMP}, names, spring, out.roll)).empty()) return err;
  if (!(err = woo_options(a, b, pair, out)).empty()) return err;
  if (!(err = contact_bond(a, b, pair, out)).empty()) return err;
  if (!(err = parallel_bond(a, b, pair, dim2, out)).empty()) return err;
  // normal damping: dp_nratio, or the ratio that gives the restitution coefficient asked for
  return normal_damping(a, b, pair, K_DP_NRATIO, K_RESTITUTION, names, out.dp.mode & 1, 1.0, out.dp.nratio);
}

}    // namespace DEM_NS
