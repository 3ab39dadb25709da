// Tangential (shear) models the laws share, chosen per pair of types by tan_mode:
//   0  linear spring with Coulomb limit: F* = F_s,old - k_s ds, |F_s| <= mu |F_n|. PFC's shear
//      spring (linear eq. 6-9, Hertz eq. 7, 10-12) and Rocky's "linear spring Coulomb limit".
//      Sliding starts when |F*| >= fric |F_n| and goes on while |F*| >= fric_dyn |F_n|, limited to
//      fric_dyn |F_n|; with fric_dyn = fric (the default) this is PFC's single coefficient.
//   1  Rocky's "Coulomb limit": F_s = -mu |F_n| v_s/|v_s|, no spring; mu = fric below the sliding
//      speed v_slide, fric_dyn above it; no force while |v_s| <= 1e-9 |v| (round-off).
//   2  Rocky's "Mindlin-Deresiewicz" (Hertz normal force only, see hertz.h).
// F_s acts on particle 2; ds = v_s dt is its shear displacement relative to particle 1.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "pfc.h"

namespace dem {

enum TanMode { TAN_SPRING = 0, TAN_COULOMB = 1, TAN_MINDLIN = 2 };

struct Tangential {
  int mode = TAN_SPRING;
  double fric = 0.0;         // static friction coefficient (PFC's fric)
  double fric_dyn = 0.0;     // dynamic friction coefficient
  double v_slide = 0.001;    // tan_mode 1: sliding above this shear speed (Rocky's 1 mm/s)
};

// Records the new shear force and the slip state and its events.
DEM_INLINE void set_shear_state(Vec3 fs, bool slip, ContactHistory &h, ContactResult &r)
{
  const bool was_slipping = h.slipping();
  h.fs = fs;
  h.state = slip ? 2 : 1;
  r.slip_started = slip && !was_slipping;
  r.slip_ended = !slip && was_slipping;
}

// The shear spring's trial force fs_old - ks ds within the Coulomb limit: sliding starts when
// |F*| >= fric fn_limit and goes on while |F*| >= fric_dyn fn_limit (slipping: it slid on the last
// step), limited to fric_dyn fn_limit; slip: the new state. In lanes, the rescale (a square root
// and a division) runs when any lane exceeds its limit.
template <class T>
DEM_INLINE Vec3T<T> coulomb_spring(const T &fric, const T &fric_dyn, const Vec3T<T> &fs_old,
                                   const T &ks, const Vec3T<T> &ds, const T &fn_limit,
                                   const mask_t<T> &slipping, mask_t<T> &slip)
{
  Vec3T<T> fs = fs_old - ks * ds;
  // compared squared: a sticking contact needs no square root (both sides are >= 0)
  const T mag2 = dot(fs, fs);
  const T onset = select(slipping, fric_dyn, fric) * fn_limit;
  slip = mag2 >= onset * onset;
  const T limit = select(slip, fric_dyn, fric) * fn_limit;
  const mask_t<T> over = mag2 > limit * limit;
  if (any(over)) fs = select(over, (limit / root(mag2)) * fs, fs);
  return fs;
}

// tan_mode 0. fs_old: the old force already rotated into the contact plane (and scaled, Hertz
// mode 1); fn_limit = |F_n| >= 0, the normal force that limits it. With ENERGY, r.d_slip is the
// slip part of the increment (ds less the elastic part) times the mean of the forces at its ends.
template <bool ENERGY>
DEM_INLINE void spring_coulomb(const Tangential &t, Vec3 fs_old, double ks, Vec3 ds,
                               double fn_limit, ContactHistory &h, ContactResult &r)
{
  bool slip;
  const Vec3 fs = coulomb_spring(t.fric, t.fric_dyn, fs_old, ks, ds, fn_limit, h.slipping(), slip);
  set_shear_state(fs, slip, h, r);
  if constexpr (ENERGY) {
    if (ks > 0.0) {
      const Vec3 ds_slip = ds + (1.0 / ks) * (fs - fs_old);
      r.d_slip = -0.5 * dot(fs_old + fs, ds_slip);
    }
  }
}

// tan_mode 0 without the Coulomb limit (dem/linear's no_slip, Woo's noSlip): the spring alone,
// which never slips and dissipates nothing
DEM_INLINE void spring_no_slip(Vec3 fs_old, double ks, Vec3 ds, ContactHistory &h, ContactResult &r)
{
  set_shear_state(fs_old - ks * ds, false, h, r);
}

// tan_mode 1: the force opposes the shear velocity; all its work is dissipated.
template <bool ENERGY>
DEM_INLINE void coulomb_limit(const Tangential &t, Vec3 fs_old, const Increments &inc,
                              double fn_limit, ContactHistory &h, ContactResult &r)
{
  const double speed = norm(inc.vs);
  const bool slip = speed >= t.v_slide;
  const double mu = slip ? t.fric_dyn : t.fric;
  // v_s = v - (v.n) n: in a head-on contact off the axes only round-off (1e-16 of the speeds
  // the particles had) is left, in a random direction: a shear speed below 1e-9 of the relative
  // speed counts as none
  const bool moving = speed * speed > 1e-18 * (inc.vn * inc.vn + speed * speed);
  const Vec3 fs = moving ? (-mu * fn_limit / speed) * inc.vs : Vec3{0.0, 0.0, 0.0};
  set_shear_state(fs, slip, h, r);
  if constexpr (ENERGY) r.d_slip = -0.5 * dot(fs_old + fs, inc.ds);
}

// tan_mode 0 or 1 (the Hertz law handles 2 itself)
template <bool ENERGY>
DEM_INLINE void shear_update(const Tangential &t, Vec3 fs_old, double ks, const Increments &inc,
                             double fn_limit, ContactHistory &h, ContactResult &r)
{
  if (t.mode == TAN_COULOMB)
    coulomb_limit<ENERGY>(t, fs_old, inc, fn_limit, h, r);
  else
    spring_coulomb<ENERGY>(t, fs_old, ks, inc.ds, fn_limit, h, r);
}

}    // namespace dem
