// Contact geometry and kinematics shared by every law (PFC "Contact Resolution").
// Particle 1 and particle 2 of a contact; the unit normal n points from 1 to 2. The contact
// point lies midway in the overlap, so its lever arms are R + g_c/2. Forces returned by the laws
// act on particle 2; particle 1 receives the opposite force.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "vec3.h"

namespace dem {

struct Contact {
  Vec3 n;           // unit normal, from particle 1 to particle 2
  double gap;       // contact gap g_c = |x2 - x1| - R1 - R2 (negative when overlapping)
  Vec3 vrel;        // velocity of the contact point on 2 relative to the one on 1
  double lever1;    // distance from the centre of 1 to the contact point
  double lever2;    // distance from the centre of 2 to the contact point
  double meff;      // effective mass m_c
  double r1, r2;    // radii (r2 is unused for walls)
  Vec3 d;           // n before normalisation: x2 - x1 (walls: n), for rotate_into_plane
  double dsq;       // |d|^2 (walls: 1)
};

// Effective mass m_c of a ball-ball contact (PFC eq. 10): m1 m2/(m1+m2), or PFC 3.0's arithmetic
// mean (m1+m2)/2 on request; against a frozen particle, the mass of the other one.
DEM_INLINE double effective_mass(double m1, double m2, bool frozen1, bool frozen2, bool arithmetic)
{
  if (frozen1) return m2;
  if (frozen2) return m1;
  return arithmetic ? 0.5 * (m1 + m2) : m1 * m2 / (m1 + m2);
}

// Effective radius Rbar = R1 R2 / (R1 + R2) of a contact (against a wall, r2 = INFINITY: R1)
DEM_INLINE double effective_radius(double r1, double r2)
{
  return r2 == INFINITY ? r1 : r1 * r2 / (r1 + r2);
}

// Ball-ball contact from the centre-to-centre vector d = x2 - x1 and its length r (> 0). At r = 0
// there is no normal: n = d / 0 is NaN and so is everything computed from it, so callers must
// not pass coincident centres (the pair styles stop with an error naming the atoms).
DEM_INLINE Contact ball_ball(Vec3 d, double r, double r1, double r2, Vec3 v1, Vec3 v2, Vec3 w1,
                             Vec3 w2, double meff)
{
  Contact c;
  c.d = d;
  c.dsq = dot(d, d);
  // 1/r as r/r^2: the division runs alongside the square root instead of after it, on the
  // longest chain of dependent operations of a contact (n within an ulp of d/r)
  const double inv_r = r * (1.0 / c.dsq);
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
DEM_INLINE void contact_torques(const Contact &c, Vec3 f, Vec3 &t1, Vec3 &t2)
{
  const Vec3 nxf = cross(c.n, f);
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
DEM_INLINE Vec3 rotate_into_plane(Vec3 fs, Vec3 n, Vec3 d, double dsq)
{
  const double before = dot(fs, fs);
  if (before == 0.0) return fs;
  const double fsd = dot(fs, d);
  const double e = fsd * fsd / (before * dsq);
  const double fsn = dot(fs, n);
  const Vec3 proj = fs - fsn * n;
  if (e < 1e-4) return (1.0 + e * (0.5 + e * (0.375 + e * 0.3125))) * proj;
  const double after = dot(proj, proj);
  if (after == 0.0) return proj;
  return std::sqrt(before / after) * proj;
}
DEM_INLINE Vec3 rotate_into_plane(Vec3 v, Vec3 n)
{
  return rotate_into_plane(v, n, n, 1.0);
}

// Fraction of this step's displacement increment that happened with a negative surface gap
// (PFC eq. 1): alpha = g_s / (g_s - (g_s)_o) when the contact was open at the start of the step.
DEM_INLINE double activation_fraction(double gs, double gs_old)
{
  return (gs_old > 0.0 && gs < 0.0) ? gs / (gs - gs_old) : 1.0;
}

}    // namespace dem
