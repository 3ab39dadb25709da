// Keyword properties as given in pair_coeff, and the inheritance rules the PFC models share.
// Host code, no LAMMPS types: functions return an error message (empty on success).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/restitution.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace DEM_NS {

// Values of the N keywords of a law, and which of them were given. Plain data (restart files).
template <int N> struct KeyedValues {
  static constexpr int count = N;
  double value[N] = {};
  unsigned set = 0;    // bit k: keyword k was given
  bool has(int k) const { return (set >> k) & 1u; }
  void put(int k, double v)
  {
    value[k] = v;
    set |= 1u << k;
  }
};

// Index of key in names[0..n), or n.
inline int keyword_index(const char *const *names, int n, const std::string &key)
{
  int k = 0;
  while (k < n && key != names[k]) k++;
  return k;
}

inline std::string out_of_range(const std::string &key, double v, const char *allowed)
{
  return "keyword " + key + " = " + std::to_string(v) + " is out of range: allowed " + allowed;
}

// Range checks shared by the PFC models; "" if v is fine for a keyword of this kind.
inline std::string check_nonnegative(const std::string &key, double v)
{
  return (v >= 0.0 && !std::isinf(v)) ? "" : out_of_range(key, v, "[0, inf)");
}
inline std::string check_ratio(const std::string &key, double v)
{
  return (v >= 0.0 && v <= 1.0) ? "" : out_of_range(key, v, "[0, 1]");
}
inline std::string check_dp_mode(const std::string &key, double v)
{
  return (v >= 0.0 && v <= 3.0 && v == std::floor(v)) ? "" : out_of_range(key, v, "0, 1, 2 or 3");
}

// Two springs in series (PFC's inheritance of stiffness); a zero spring gives zero.
inline double series(double k1, double k2) { return (k1 > 0.0 && k2 > 0.0) ? k1 * k2 / (k1 + k2) : 0.0; }

// A property that is not inherited: the pair's own value, else the types' common value.
template <class P>
std::string same_or_pair(const P &a, const P &b, const P &pair, int k, const char *const *names, double &out)
{
  if (pair.has(k)) out = pair.value[k];
  else if (a.value[k] == b.value[k] && a.has(k) == b.has(k)) out = a.value[k];
  else
    return std::string("the two types differ in ") + names[k] + ", which is not inherited: set it for the pair of types";
  return {};
}

// The normal damping ratio: dp_nratio (key_ratio), or the one that makes a binary collision
// reach the restitution coefficient given (key_e). zeta_per_beta converts the law's beta_n to the
// linear damping ratio it is equivalent to (1 for the linear model); beta_n <= 1.
template <class P>
std::string normal_damping(const P &a, const P &b, const P &pair, int key_ratio, int key_e,
                           const char *const *names, bool no_tension, double zeta_per_beta, double &beta)
{
  const bool e_given = pair.has(key_e) || (!pair.has(key_ratio) && (a.has(key_e) || b.has(key_e)));
  if (!e_given) return same_or_pair(a, b, pair, key_ratio, names, beta);
  for (const P *p : {&a, &b, &pair})
    if (p->has(key_e) && p->has(key_ratio))
      return "restitution and dp_nratio are alternatives: give one or the other";
  double e;
  std::string err = same_or_pair(a, b, pair, key_e, names, e);
  if (!err.empty()) return err;
  if (no_tension) {
    const double e_min = dem::restitution_no_tension(zeta_per_beta);
    if (e < e_min)
      return "restitution " + std::to_string(e) + " is below " + std::to_string(e_min) +
          ", the least a no-tension dashpot (dp_mode 1 or 3) reaches with dp_nratio <= 1";
    beta = dem::damping_ratio_no_tension(e, zeta_per_beta) / zeta_per_beta;
  } else {
    beta = dem::damping_ratio_full(e) / zeta_per_beta;
  }
  return {};
}

}    // namespace DEM_NS
