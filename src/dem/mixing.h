// Mixing: how the keyword values of two types, and of their pair where given (pair_coeff I J),
// become a contact's parameters (PFC's inheritance rules). The law and each part with keywords
// have a hook `mix` (and a part may have `check`, run once every part has mixed) written against
// a mixer m that the host code supplies, so that no message is built here:
//   m.has(side, k), m.value(side, k)   keyword k of type 1, type 2 or the pair (MixSide)
//   m.given(k)                         k was given for either type or the pair
//   m.name(k)                          its name
//   m.same_or_pair(k, v)               a value that is not inherited: the pair's, else the types'
//                                      common one (false, with the error, if the types differ)
//   m.fail(pieces...)                  the error, from texts and numbers in order; returns false
//   m.fail_not_finite(k, derived, v)   a derived value v that overflowed, from k's values
//   m.dim2                             a 2d run
// k counts the hook's own keywords (those of its table), from 0. A hook returns false on an error.
// Host code (not DEM_INLINE): it runs once per pair of types, never in a kernel.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "restitution.h"
#include "tangential.h"

#include <algorithm>
#include <cmath>

namespace dem {

enum MixSide { TYPE1, TYPE2, PAIR };

// Two springs in series (PFC's inheritance of stiffness); a zero spring gives zero.
inline double series(double k1, double k2)
{
  return (k1 > 0.0 && k2 > 0.0) ? k1 * k2 / (k1 + k2) : 0.0;
}

// Where a law keeps the tangential keywords in its table.
struct TangentialKeys {
  int mode, fric, fric_dyn, v_slide;
};

// The tangential model of a contact. fric is the smaller of the types' (PFC eq. 16, 20), and so is
// fric_dyn, a type's fric_dyn defaulting to its fric; a pair that sets fric alone has fric_dyn = fric.
template <class M> bool mix_tangential(M &m, TangentialKeys k, Tangential &out)
{
  out.fric = m.has(PAIR, k.fric) ? m.value(PAIR, k.fric)
                                 : std::min(m.value(TYPE1, k.fric), m.value(TYPE2, k.fric));
  auto dynamic = [&](int side) {
    return m.has(side, k.fric_dyn) ? m.value(side, k.fric_dyn) : m.value(side, k.fric);
  };
  if (m.has(PAIR, k.fric_dyn))
    out.fric_dyn = m.value(PAIR, k.fric_dyn);
  else if (m.has(PAIR, k.fric))
    out.fric_dyn = out.fric;
  else
    out.fric_dyn = std::min(dynamic(TYPE1), dynamic(TYPE2));
  if (out.fric_dyn > out.fric)
    return m.fail("fric_dyn = ", out.fric_dyn, " exceeds fric = ", out.fric,
                  ": the dynamic friction coefficient must not exceed the static one");
  double v;
  if (!m.same_or_pair(k.mode, v)) return false;
  out.mode = static_cast<int>(v);
  if (!m.same_or_pair(k.v_slide, out.v_slide)) return false;
  if (m.given(k.v_slide) && out.mode != TAN_COULOMB)
    return m.fail("v_slide applies to tan_mode 1 (Coulomb limit) only");
  if (out.mode == TAN_MINDLIN && out.fric_dyn != out.fric)
    return m.fail("tan_mode 2 (Mindlin-Deresiewicz) has a single friction coefficient, fric: do "
                  "not set fric_dyn");
  return true;
}

// The normal damping ratio: dp_nratio (key_ratio), or the one that makes a binary collision
// reach the restitution coefficient given (key_e). zeta_per_beta converts the law's beta_n to the
// linear damping ratio it is equivalent to (1 for the linear model); beta_n <= 1.
template <class M>
bool mix_normal_damping(M &m, int key_ratio, int key_e, bool no_tension, double zeta_per_beta,
                        double &beta)
{
  const bool e_given = m.has(PAIR, key_e) ||
      (!m.has(PAIR, key_ratio) && (m.has(TYPE1, key_e) || m.has(TYPE2, key_e)));
  if (!e_given) return m.same_or_pair(key_ratio, beta);
  for (int side : {TYPE1, TYPE2, PAIR})
    if (m.has(side, key_e) && m.has(side, key_ratio))
      return m.fail("restitution and dp_nratio are alternatives: give one or the other");
  double e;
  if (!m.same_or_pair(key_e, e)) return false;
  if (no_tension) {
    const double e_min = restitution_no_tension(zeta_per_beta);
    if (e < e_min)
      return m.fail(
          "restitution ", e, " is below ", e_min,
          ", the least a no-tension dashpot (dp_mode 1 or 3) reaches with dp_nratio <= 1");
    beta = damping_ratio_no_tension(e, zeta_per_beta) / zeta_per_beta;
  } else {
    beta = damping_ratio_full(e) / zeta_per_beta;
  }
  return true;
}

}    // namespace dem
