// PFC Hertz contact model (Itasca PFC 6 "Hertz Model"; equation numbers refer to that page).
//
//   (4)  F_n^h = -h_n |g_c|^alpha_h for g_c < 0, else 0 (the contact gap, as the page writes it;
//        activation uses the surface gap g_s = g_c - g_r <= 0, as in the linear model)
//   (5-6) h_n = 2 G sqrt(2 Rbar) / (3 (1 - nu)), 1/Rbar = (1/R1 + 1/R2)/2 (a wall: R2 = inf)
//   (7-8) F_s* = F_s,0 - k_s dd_s, k_s = 2(1-nu)/(2-nu) alpha_h h_n^(1/alpha_h) |F_n|^((alpha_h-1)/alpha_h)
//         = 2(1-nu)/(2-nu) k_n with k_n the tangent normal stiffness below
//   (9)  hz_mode 1: on normal unloading F_s,0 is scaled by k_s/(k_s)_0
//   (10-12) Coulomb limit mu |F_n|, slip state
//   (13-14) dashpots 2 beta sqrt(m_c k) |g_c|^alpha_d v with the tangent normal stiffness
//         k_n = alpha_h h_n |g_c|^(alpha_h-1); dp_mode as in the linear model
//   (15-17) strain energy alpha_h/(alpha_h+1) F_n^2/k_n + |F_s|^2/(2 k_s), slip, dashpot.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "pfc.h"

namespace dem {

// Per type-pair properties after mixing (eq. 18-20 on the host).
struct HertzParams {
  double hn_factor = 0.0;    // 2 G / (3 (1 - nu)): h_n = hn_factor sqrt(2 Rbar)
  double ks_factor = 0.0;    // 2 (1 - nu) / (2 - nu): k_s = ks_factor k_n
  double alpha_h = 1.5;      // hz_alpha
  double alpha_d = 0.0;      // dp_alpha
  int hz_mode = 0;           // 1: scale the shear force on normal unloading
  double fric = 0.0;
  double rgap = 0.0;
  Dashpots dp;
};

// h_n of a contact between radii r1 and r2 (r2 = infinity for a wall). sqrt(2 Rbar) is computed
// as 2 sqrt(R1 R2 / (R1 + R2)): one division instead of three.
DEM_INLINE double hertz_hn(const HertzParams &p, double r1, double r2)
{
  const double reff = r2 == INFINITY ? r1 : r1 * r2 / (r1 + r2);    // Rbar / 2
  return 2.0 * p.hn_factor * std::sqrt(reff);
}

// |g_c|^alpha_d of the dashpots (eq. 13-14) from g = |g_c| and sqrt_g = sqrt(g); the common
// exponents without pow, which costs more than the rest of a contact
DEM_INLINE double hertz_dashpot_scale(double alpha_d, double g, double sqrt_g)
{
  if (alpha_d == 0.0) return 1.0;
  if (alpha_d == 0.25) return std::sqrt(sqrt_g);
  if (alpha_d == 0.5) return sqrt_g;
  if (alpha_d == 1.0) return g;
  return std::pow(g, alpha_d);
}

// Spring normal force (<= 0) and tangent normal stiffness at overlap delta = -g_c (>= 0);
// s = sqrt(delta).
DEM_INLINE void hertz_normal(const HertzParams &p, double hn, double delta, double s, double &fn, double &kn)
{
  if (p.alpha_h == 1.5) {    // the default exponent, without pow
    fn = -hn * delta * s;
    kn = 1.5 * hn * s;
  } else if (delta > 0.0) {
    const double d = std::pow(delta, p.alpha_h - 1.0);
    fn = -hn * d * delta;
    kn = p.alpha_h * hn * d;
  } else {    // not overlapping: no force; the tangent stiffness as delta -> 0 (kept finite)
    fn = 0.0;
    kn = p.alpha_h == 1.0 ? hn : 0.0;
  }
}

DEM_INLINE void hertz_stiffness(const HertzParams &p, const Contact &c, double &kn, double &ks)
{
  double fn;
  const double delta = c.gap < 0.0 ? -c.gap : 0.0;
  hertz_normal(p, hertz_hn(p, c.r1, c.r2), delta, std::sqrt(delta), fn, kn);
  ks = p.ks_factor * kn;
}

DEM_INLINE double hertz_strain_energy(const HertzParams &p, const ContactHistory &h, double kn, double ks)
{
  const double en = kn > 0.0 ? p.alpha_h / (p.alpha_h + 1.0) * h.fn * h.fn / kn : 0.0;
  const double es = ks > 0.0 ? 0.5 * dot(h.fs, h.fs) / ks : 0.0;
  return en + es;
}

// One force-displacement step of an active contact (g_s <= 0); updates the history.
template <bool ENERGY = true>
DEM_INLINE ContactResult hertz_step(const HertzParams &p, const Contact &c, double dt, ContactHistory &h)
{
  ContactResult r;
  const Increments inc = begin_step(c, c.gap - p.rgap, dt, h, r);
  const double delta = c.gap < 0.0 ? -c.gap : 0.0;
  const double sqrt_delta = std::sqrt(delta);    // also the dashpot scale's, for an overlap
  const double fn_old = h.fn;
  hertz_normal(p, hertz_hn(p, c.r1, c.r2), delta, sqrt_delta, h.fn, r.kn);
  r.ks = p.ks_factor * r.kn;

  // (9) k_s / (k_s)_0 = (|F_n| / |F_n,0|)^((alpha_h - 1)/alpha_h) while the normal force drops
  Vec3 fs_old = rotate_into_plane(h.fs, c.n);
  if (p.hz_mode == 1 && h.fn > fn_old && fn_old < 0.0)
    fs_old = std::pow(h.fn / fn_old, (p.alpha_h - 1.0) / p.alpha_h) * fs_old;
  shear_update(fs_old, r.ks, inc.ds, p.fric, h, r);

  // |g_c| is delta for an overlap; a contact active through its reference gap has g_c > 0
  const double scale = c.gap < 0.0 ? hertz_dashpot_scale(p.alpha_d, delta, sqrt_delta)
                                   : hertz_dashpot_scale(p.alpha_d, c.gap, std::sqrt(c.gap));
  const Vec3 fd = dashpot_force(p.dp, c, inc, r.kn, r.ks, scale, h.fn, h.slipping());
  end_step<ENERGY>(c, inc, fs_old, fd, dt, h, r);
  return r;
}

struct HertzLaw {
  using History = ContactHistory;
  using Params = HertzParams;
  template <bool ENERGY>
  DEM_INLINE static ContactResult step(const Params &p, const Contact &c, double dt, ContactHistory &h)
  {
    return hertz_step<ENERGY>(p, c, dt, h);
  }
  // what LAMMPS's setup re-applies (see replay_force)
  DEM_INLINE static ContactResult replay(const Params &p, const Contact &c, double dt, ContactHistory &h)
  {
    if (h.state == 0) return hertz_step(p, c, dt, h);
    ContactResult r = replay_force(h, c);
    hertz_stiffness(p, c, r.kn, r.ks);
    return r;
  }
  DEM_INLINE static void stiffness(const Params &p, const Contact &c, const ContactHistory &, double &kn, double &ks)
  {
    hertz_stiffness(p, c, kn, ks);
  }
  DEM_INLINE static double strain_energy(const Params &p, const ContactHistory &h, double kn, double ks)
  {
    return hertz_strain_energy(p, h, kn, ks);
  }
};

}    // namespace dem
