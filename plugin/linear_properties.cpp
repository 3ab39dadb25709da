// SPDX-License-Identifier: GPL-2.0-or-later
#include "linear_properties.h"

#include "dem/restitution.h"

#include <cmath>

namespace DEM_NS {

const char *const linear_keywords[K_COUNT] = {"kn", "ks", "fric", "rgap", "lin_mode", "dp_nratio",
                                              "dp_sratio", "dp_mode", "emod", "kratio", "restitution"};

static bool is_integer(double v) { return v == std::floor(v); }

std::string linear_set(LinearProperties &p, const std::string &key, double v)
{
  int k = 0;
  while (k < K_COUNT && key != linear_keywords[k]) k++;
  if (k == K_COUNT)
    return "unknown keyword " + key +
        " (allowed: kn ks fric rgap lin_mode dp_nratio dp_sratio dp_mode emod kratio restitution)";
  const std::string bad = "keyword " + key + " = " + std::to_string(v) + " is out of range: ";
  switch (k) {
    case K_KN: case K_KS: case K_FRIC: case K_KRATIO:
      if (!(v >= 0.0) || std::isinf(v)) return bad + "allowed [0, inf)";
      break;
    case K_RGAP:
      if (!std::isfinite(v)) return bad + "must be a finite real number";
      break;
    case K_LIN_MODE:
      if (v != 0.0 && v != 1.0) return bad + "allowed 0 or 1";
      break;
    case K_DP_NRATIO: case K_DP_SRATIO:
      if (!(v >= 0.0 && v <= 1.0)) return bad + "allowed [0, 1]";
      break;
    case K_DP_MODE:
      if (!(v >= 0.0 && v <= 3.0 && is_integer(v))) return bad + "allowed 0, 1, 2 or 3";
      break;
    case K_EMOD:
      if (!(v > 0.0) || std::isinf(v)) return bad + "allowed (0, inf)";
      break;
    case K_RESTITUTION:
      if (!(v > 0.0 && v <= 1.0)) return bad + "allowed (0, 1]";
      break;
  }
  p.value[k] = v;
  p.set |= 1u << k;
  return {};
}

static double series(double k1, double k2) { return (k1 > 0.0 && k2 > 0.0) ? k1 * k2 / (k1 + k2) : 0.0; }

// A property that is not inherited: the pair's own value, else the types' common value.
static std::string same_or_pair(const LinearProperties &a, const LinearProperties &b,
                                const LinearProperties &pair, int k, double &out)
{
  if (pair.has(k)) out = pair.value[k];
  else if (a.value[k] == b.value[k] && a.has(k) == b.has(k)) out = a.value[k];
  else
    return std::string("the two types differ in ") + linear_keywords[k] +
        ", which is not inherited: set it for the pair of types";
  return {};
}

std::string linear_mix(const LinearProperties &a, const LinearProperties &b,
                       const LinearProperties &pair, bool dim2, dem::LinearParams &out)
{
  out = dem::LinearParams{};
  out.dim2 = dim2;
  for (const auto *p : {&a, &b, &pair})
    if (p->has(K_EMOD) && (p->has(K_KN) || p->has(K_KS)))
      return "emod/kratio and kn/ks are alternatives: give one or the other";

  if ((a.has(K_KRATIO) && !a.has(K_EMOD)) || (b.has(K_KRATIO) && !b.has(K_EMOD)) || pair.has(K_KRATIO))
    return "kratio needs emod on the same type";

  // stiffness: explicit for the pair, from material (Woo's series connector, PFC eq. 17),
  // or the types' springs in series (PFC eq. 15)
  if (pair.has(K_KN) || pair.has(K_KS)) {
    out.kn = pair.value[K_KN];
    out.ks = pair.value[K_KS];
  } else if (a.has(K_EMOD) && b.has(K_EMOD)) {
    out.from_material = true;
    out.inv_emod1 = 1.0 / a.value[K_EMOD];
    out.inv_emod2 = 1.0 / b.value[K_EMOD];
    // kratio mixes as the arithmetic mean (Woo averages ktDivKn); 0 on either side means ks = 0
    const double ka = a.value[K_KRATIO], kb = b.value[K_KRATIO];
    out.kratio = (ka > 0.0 && kb > 0.0) ? 0.5 * (ka + kb) : 0.0;
  } else if (a.has(K_EMOD) || b.has(K_EMOD)) {
    return "one type has emod and the other kn/ks: set kn and ks for the pair of types";
  } else {
    out.kn = series(a.value[K_KN], b.value[K_KN]);
    out.ks = series(a.value[K_KS], b.value[K_KS]);
  }

  // friction: the minimum (PFC eq. 16)
  out.fric = pair.has(K_FRIC) ? pair.value[K_FRIC] : std::min(a.value[K_FRIC], b.value[K_FRIC]);

  double v;
  std::string err;
  if (!(err = same_or_pair(a, b, pair, K_RGAP, out.rgap)).empty()) return err;
  if (!(err = same_or_pair(a, b, pair, K_LIN_MODE, v)).empty()) return err;
  out.lin_mode = static_cast<int>(v);
  if (!(err = same_or_pair(a, b, pair, K_DP_MODE, v)).empty()) return err;
  out.dp_mode = static_cast<int>(v);
  if (!(err = same_or_pair(a, b, pair, K_DP_SRATIO, out.dp_sratio)).empty()) return err;

  // normal damping: dp_nratio, or the ratio that gives the restitution coefficient asked for
  const bool e_given = pair.has(K_RESTITUTION) || (!pair.has(K_DP_NRATIO) && (a.has(K_RESTITUTION) || b.has(K_RESTITUTION)));
  if (e_given) {
    for (const auto *p : {&a, &b, &pair})
      if (p->has(K_RESTITUTION) && p->has(K_DP_NRATIO))
        return "restitution and dp_nratio are alternatives: give one or the other";
    double e;
    if (!(err = same_or_pair(a, b, pair, K_RESTITUTION, e)).empty()) return err;
    if (out.dp_mode & 1) {
      const double e_min = dem::restitution_no_tension(1.0);
      if (e < e_min)
        return "restitution " + std::to_string(e) + " is below " + std::to_string(e_min) +
            ", the least a no-tension dashpot (dp_mode 1 or 3) reaches with dp_nratio <= 1";
      out.dp_nratio = dem::damping_ratio_no_tension(e);
    } else {
      out.dp_nratio = dem::damping_ratio_full(e);
    }
  } else if (!(err = same_or_pair(a, b, pair, K_DP_NRATIO, out.dp_nratio)).empty()) {
    return err;
  }
  return {};
}

}    // namespace DEM_NS
