// Rolling resistance, for every law (doc/pair_dem_linear.rst, "Rolling resistance", gives the
// equations with their sources). A contact with rolling resistance carries a rolling moment M^r
// that acts on particle 2 (particle 1 receives -M^r), like the forces of the laws, so it is a
// vector of the contact history that changes sign when the partner takes the contact over.
//
//   Relative bend rotation of the step: dtheta_b = dt (w_rel - (w_rel.n) n), w_rel = w2 - w1
//   (the twist about n is not resisted). Rbar = R1 R2 / (R1 + R2) (ball-wall: R1).
//   model ROLL_PFC (PFC 6 "Rolling Resistance Linear Model", rrlinear):
//     M^r := M^r - k_r dtheta_b,  k_r = k_s Rbar^2,  |M^r| <= mu_r Rbar |F_n|  (rolling slip)
//     the stored moment follows the contact plane as it turns (as the shear force does)
//   model ROLL_C (Rocky's type C, "linear spring rolling limit"; Ai et al. 2011 model C with the
//     damping-free stiffness k_r = k_s Rbar^2 credited to Wensrich & Katterfeld 2012; Rocky's own
//     eq. 2-33 is blank in our copies, the doc says why k_s Rbar^2): the same spring and limit, plus
//     Ai et al.'s optional viscous moment -eta_r 2 sqrt(I_r k_r) w_b while the spring is below its
//     limit (eta_r = rr_damp, 0 by default as in Rocky), with Ai et al.'s rolling inertia about
//     the contact point I_r = 1 / (1/(7/5 m1 R1^2) + 1/(7/5 m2 R2^2)) = 7/2 I_s.
//   model ROLL_A (Rocky's type A, Ai et al. 2011 model A): the constant moment
//     M^r = -mu_r Rbar |F_n| w_b/|w_b|, capped at I_s |w_b| / dt, the couple that stops the relative
//     spin within one step (I_s = 1 / (1/(2/5 m1 R1^2) + 1/(2/5 m2 R2^2)), the spheres' own inertia,
//     which a couple turns), so that a ball at rest stays at rest instead of chattering.
//   A wall or a frozen particle contributes no term to I_s.
// Energies: the rolling spring stores |M^r|^2 / (2 k_r); the rolling dissipation is the work of
// the moment over the slip part of the rotation (as the shear slip in tangential.h), all of type A's
// work, and the viscous moment's work. Both are booked with the law's strain energy and slip
// dissipation.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "pfc.h"

namespace dem {

enum RollModel { ROLL_NONE = -1, ROLL_PFC = 0, ROLL_A = 1, ROLL_C = 3 };

// Per type-pair rolling parameters (a member of each law's Params).
struct Rolling {
  int model = ROLL_NONE;    // ROLL_NONE: no rolling resistance (rr_fric 0)
  double mu = 0.0;          // rolling friction coefficient mu_r (rr_fric)
  double damp = 0.0;        // type C: viscous ratio eta_r (rr_damp)
};

// Rolling resistance the CPU loop's SIMD path computes in lanes: a spring (PFC rrlinear, or Rocky
// type C without its viscous moment) on a pair of types that has rolling resistance
DEM_INLINE bool rolling_in_lanes(const Rolling &p)
{
  return p.model != ROLL_NONE && p.model != ROLL_A && p.damp == 0.0;
}

// I_s of two solid spheres (fixed: immovable, no term)
DEM_INLINE double rolling_inertia(double m1, double r1, bool fixed1, double m2, double r2,
                                  bool fixed2)
{
  const double a = fixed1 ? 0.0 : 1.0 / (0.4 * m1 * r1 * r1);
  const double b = fixed2 ? 0.0 : 1.0 / (0.4 * m2 * r2 * r2);
  return a + b > 0.0 ? 1.0 / (a + b) : 0.0;
}

// What the step needs from the contact.
struct RollingInput {
  Vec3 wrel;         // w2 - w1
  Vec3 n;            // unit normal, 1 -> 2
  double rbar;       // Rbar
  double fn;         // |F_n| >= 0, the normal force of the law's spring
  double ks;         // the contact's shear stiffness k_s
  double inertia;    // I_s
};

struct RollingResult {
  Vec3 moment{0.0, 0.0, 0.0};    // total moment on particle 2 (spring + viscous)
  double d_slip = 0.0;           // rolling dissipation of this step (>= 0), with ENERGY
};

// h: the moment's 3 history slots (a pointer, or the Kokkos kernel's strided slots)
template <class Slots> DEM_INLINE Vec3 load_rolling(const Slots &h)
{
  return {h[0], h[1], h[2]};
}
template <class Slots> DEM_INLINE void store_rolling(Slots h, Vec3 m)
{
  h[0] = m.x;
  h[1] = m.y;
  h[2] = m.z;
}

// The rolling spring's step (PFC rrlinear, Rocky type C), written for a number type T (lanes.h)
// so that the CPU loop's SIMD path computes it in lanes: the stored moment m turned into the
// contact plane (m_old), less k_r dtheta_b, scaled back to the limit |M^r| <= limit (slip)
template <class T> struct RollingSpring {
  Vec3T<T> m_old, dtheta, m;
  mask_t<T> slip;
};
template <class T>
DEM_INLINE RollingSpring<T> rolling_spring(const T &kr, const T &limit, const Vec3T<T> &wb,
                                           const Vec3T<T> &n, double dt, const Vec3T<T> &m)
{
  RollingSpring<T> s;
  s.dtheta = dt * wb;
  s.m_old = rotate_into_plane(m, n, n, T(1.0));
  s.m = s.m_old - kr * s.dtheta;
  const T mag2 = dot(s.m, s.m);
  s.slip = mag2 >= limit * limit && mag2 > 0.0;
  if (any(s.slip)) s.m = select(s.slip, (limit / root(mag2)) * s.m, s.m);
  return s;
}

// One step: m is the stored moment (updated).
template <bool ENERGY>
DEM_INLINE RollingResult rolling_step(const Rolling &p, const RollingInput &in, double dt, Vec3 &m)
{
  RollingResult r;
  const Vec3 wb = in.wrel - dot(in.wrel, in.n) * in.n;
  const double limit = p.mu * in.rbar * in.fn;
  if (p.model == ROLL_A) {
    const double speed = norm(wb);
    double mag = limit;
    if (in.inertia * speed < mag * dt) mag = in.inertia * speed / dt;
    m = speed > 0.0 ? (-mag / speed) * wb : Vec3{0.0, 0.0, 0.0};
    r.moment = m;
    if constexpr (ENERGY) r.d_slip = mag * speed * dt;
    return r;
  }
  // the spring (PFC rrlinear, Rocky type C)
  const double kr = in.ks * in.rbar * in.rbar;
  const RollingSpring<double> s = rolling_spring(kr, limit, wb, in.n, dt, m);
  m = s.m;
  r.moment = s.m;
  if constexpr (ENERGY) {
    if (kr > 0.0) r.d_slip = -0.5 * dot(s.m_old + s.m, s.dtheta + (1.0 / kr) * (s.m - s.m_old));
  }
  if (p.model == ROLL_C && p.damp > 0.0 && !s.slip) {
    const Vec3 md = (-2.0 * p.damp * std::sqrt(3.5 * in.inertia * kr)) * wb;    // I_r = 7/2 I_s
    r.moment = r.moment + md;
    if constexpr (ENERGY) r.d_slip -= dot(md, s.dtheta);
  }
  return r;
}

// Stored energy of the rolling spring.
DEM_INLINE double rolling_strain_energy(const Rolling &p, const RollingInput &in, Vec3 m)
{
  if (p.model == ROLL_A) return 0.0;
  const double kr = in.ks * in.rbar * in.rbar;
  return kr > 0.0 ? 0.5 * dot(m, m) / kr : 0.0;
}

}    // namespace dem
