// Contact geometry and kinematics shared by every law (PFC "Contact Resolution").
// Particle 1 and particle 2 of a contact; the unit normal n points from 1 to 2. The contact
// point lies midway in the overlap, so its lever arms are R + g_c/2. Forces returned by the laws
// act on particle 2; particle 1 receives the opposite force.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "lanes.h"

namespace dem {

// (T: double, or a pack of SIMD lanes: lanes.h)
template <class T> struct ContactT {
  Vec3T<T> n;       // unit normal, from particle 1 to particle 2
  T gap;            // contact gap g_c = |x2 - x1| - R1 - R2 (negative when overlapping)
  Vec3T<T> vrel;    // velocity of the contact point on 2 relative to the one on 1
  T lever1;         // distance from the centre of 1 to the contact point
  T lever2;         // distance from the centre of 2 to the contact point
  T meff;           // effective mass m_c
  T r1, r2;         // radii (r2 is unused for walls)
  Vec3T<T> d;       // n before normalisation: x2 - x1 (walls: n), for rotate_into_plane
  T dsq;            // |d|^2 (walls: 1)
};
using Contact = ContactT<double>;

// Effective mass m_c of a ball-ball contact (PFC eq. 10): m1 m2/(m1+m2), or PFC 3.0's arithmetic
// mean (m1+m2)/2 on request; against a frozen particle, the mass of the other one.
template <class T>
DEM_INLINE T effective_mass(const T &m1, const T &m2, const mask_t<T> &frozen1,
                            const mask_t<T> &frozen2, bool arithmetic)
{
  if (all(frozen1)) return m2;
  if (all(frozen2)) return m1;
  const T m = arithmetic ? T(0.5 * (m1 + m2)) : T(m1 * m2 / (m1 + m2));
  return select(frozen1, m2, select(frozen2, m1, m));
}

// Effective radius Rbar = R1 R2 / (R1 + R2) of a contact (against a wall, r2 = INFINITY: R1)
DEM_INLINE double effective_radius(double r1, double r2)
{
  return r2 == INFINITY ? r1 : r1 * r2 / (r1 + r2);
}

// The length L of a bond's deformability (PFC's k = E/L): R1 + R2 between two balls, R1 against a
// wall (r2 = INFINITY), as the contact's own (wall.h)
DEM_INLINE double bond_length(double r1, double r2)
{
  return r2 == INFINITY ? r1 : r1 + r2;
}

// Ball-ball contact from the centre-to-centre vector d = x2 - x1 and its length r (> 0). At r = 0
// there is no normal: n = d / 0 is NaN and so is everything computed from it, so callers must
// not pass coincident centres (the pair styles stop with an error naming the atoms).
template <class T>
DEM_INLINE ContactT<T> ball_ball(const Vec3T<T> &d, const T &r, const T &r1, const T &r2,
                                 const Vec3T<T> &v1, const Vec3T<T> &v2, const Vec3T<T> &w1,
                                 const Vec3T<T> &w2, const T &meff)
{
  ContactT<T> c;
  c.d = d;
  c.dsq = dot(d, d);
  // 1/r as r/r^2: the division runs alongside the square root instead of after it, on the
  // longest chain of dependent operations of a contact (n within an ulp of d/r)
  const T inv_r = r * (1.0 / c.dsq);
  c.n = inv_r * d;
  c.gap = r - (r1 + r2);    // (the same for both copies of a pair computed from either side)
  c.lever1 = r1 + 0.5 * c.gap;
  c.lever2 = r2 + 0.5 * c.gap;
  // contact-point velocities v + w x (x_c - x_centre): v1 + l1 w1 x n and v2 - l2 w2 x n, so
  // their difference is (v2 - v1) - (l1 w1 + l2 w2) x n (one cross product)
  c.vrel = (v2 - v1) - cross(c.lever1 * w1 + c.lever2 * w2, c.n);
  c.meff = meff;
  c.r1 = r1;
  c.r2 = r2;
  return c;
}

// Torques on particles 1 and 2 from a force f acting on 2 (and -f on 1) at the contact point.
template <class T>
DEM_INLINE void contact_torques(const ContactT<T> &c, const Vec3T<T> &f, Vec3T<T> &t1, Vec3T<T> &t2)
{
  const Vec3T<T> nxf = cross(c.n, f);
  t1 = (-c.lever1) * nxf;
  t2 = (-c.lever2) * nxf;
}

// The stored shear force follows the contact plane: drop its normal part, keep its magnitude.
// The factor |fs|/|proj| = (1 - e)^(-1/2), e = (fs.n)^2/|fs|^2, is a series in e for the small
// turns of a step: its remainder 35/128 e^4 is below double round-off for e < 1e-4, and it saves
// the square root (it shares the divider unit with the divisions of a contact).
// With d = |d| n (dsq = |d|^2), e is computed as (fs.d)^2/(|fs|^2 |d|^2): its division then
// does not wait for n, which shortens the longest chain of dependent operations of a contact.
// dem/linear's pair loop ran 5 % faster; dem/hertz's did not, so it passes n for d; dem/hysteretic's,
// 7 % slower at first, ran 2 % faster once it kept 7 history values (measured with bench/run_ab.sh).
// A contact without d (dsq = 0) makes e NaN and takes the exact path below.
// In lanes, the returns are taken when every lane takes them (then a select over lanes merges
// them), so that with T = double this is the scalar code's branches.
template <class T>
DEM_INLINE Vec3T<T> rotate_into_plane(const Vec3T<T> &fs, const Vec3T<T> &n, const Vec3T<T> &d,
                                      const T &dsq)
{
  const T before = dot(fs, fs);
  const mask_t<T> zero = before == 0.0;
  if (all(zero)) return fs;
  const T fsd = dot(fs, d);
  const T e = fsd * fsd / (before * dsq);
  const T fsn = dot(fs, n);
  const Vec3T<T> proj = fs - fsn * n;
  const mask_t<T> small = e < 1e-4;
  auto series = [&]() DEM_INLINE_LAMBDA {
    return (1.0 + e * (0.5 + e * (0.375 + e * 0.3125))) * proj;
  };
  if (all(small || zero)) return select(zero, fs, series());
  const T after = dot(proj, proj);
  const mask_t<T> flat = after == 0.0;
  if (all(flat || small || zero)) return select(zero, fs, select(small, series(), proj));
  return select(zero, fs, select(small, series(), select(flat, proj, root(before / after) * proj)));
}
DEM_INLINE Vec3 rotate_into_plane(Vec3 v, Vec3 n)
{
  return rotate_into_plane(v, n, n, 1.0);
}

// Fraction of this step's displacement increment that happened with a negative surface gap
// (PFC eq. 1): alpha = g_s / (g_s - (g_s)_o) when the contact was open at the start of the step.
template <class T> DEM_INLINE T activation_fraction(const T &gs, const T &gs_old)
{
  return select(gs_old > 0.0 && gs < 0.0, gs / (gs - gs_old), T(1.0));
}

}    // namespace dem
