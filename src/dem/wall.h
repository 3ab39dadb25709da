// Ball-wall contacts (PFC's ball-facet, Rocky's particle-boundary contacts) for the same laws as
// ball-ball contacts: only the geometry and the per-contact parameters differ, the force laws
// (linear_step, hertz_step, ...) are called unchanged.
//
// The ball is particle 1 and the wall particle 2, so the unit normal n points from the ball's
// centre towards the wall and the law's force acts on the wall; the ball receives its opposite.
//   contact gap        g_c = d - R, with d the distance from the centre to the wall surface
//   contact point      midway in the overlap, at R + g_c/2 from the centre (as for two balls)
//   relative velocity  wall velocity at the contact point minus the ball's contact-point velocity
//   effective mass     m_c = m1 (PFC eq. 10-11, ball-facet)
//   wall radius        infinite (r2 = INFINITY: Hertz's 1/Rbar = (1/R1 + 0)/2)
//   linear stiffness from material: k_n = A E / L with A = pi R^2 (2d: 2 R) and L = R
//                      (PFC eq. 17, ball-facet), k_s = k_n / kratio
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "hertz.h"
#include "linear.h"

namespace dem {

// Ball of radius r, mass m, velocity v and spin w against a wall: n is the unit normal from the
// ball's centre towards the wall, dist the distance from the centre to the wall surface along n
// (negative once the centre has passed the surface), vwall the wall's velocity at the contact point.
DEM_INLINE Contact ball_wall(Vec3 n, double dist, double r, Vec3 v, Vec3 w, Vec3 vwall, double m)
{
  Contact c;
  c.n = n;
  c.gap = dist - r;
  c.lever1 = r + 0.5 * c.gap;
  c.lever2 = 0.0;    // the wall turns no lever: its torques are the caller's business
  c.vrel = vwall - (v + c.lever1 * cross(w, n));
  c.meff = effective_mass(m, 0.0, false, true, false);    // m_c = m1: the wall is immovable
  c.r1 = r;
  c.r2 = INFINITY;
  c.d = n;
  c.dsq = 1.0;
  return c;
}

// A wall a ball may touch this step.
struct WallTouch {
  int id;    // which wall: planes 0 (lo) and 1 (hi), a cylinder 0; regions: the region's wall index
  Vec3 n;    // unit normal from the ball's centre towards the wall
  double dist;     // distance from the centre to the wall surface along n
  Vec3 vwall;      // wall velocity at the contact point
  int tri = -1;    // mesh walls: the triangle of the closest point (its output row); -1: others
};

// Walls of fixed shape and place: a pair of planes normal to a coordinate axis (either may be
// absent) or a cylinder about the z axis with the balls inside. They move in their own plane
// (vshear) and, under a servo (fix wall/dem's servo), along their normal (rate_lo, rate_hi). Plain
// data, so that Kokkos kernels take a copy.
struct FixedWalls {
  int axis = 2;    // planes: normal along x, y or z (0, 1, 2); -1: the z cylinder
  bool has_lo = false, has_hi = false;
  double lo = 0.0, hi = 0.0;     // plane positions
  double radius = 0.0;           // cylinder radius
  Vec3 vshear{0.0, 0.0, 0.0};    // velocity of the wall surface
  double rate_lo = 0.0,
         rate_hi = 0.0;    // d lo/dt and d hi/dt; the cylinder: d radius/dt in rate_lo

  // The walls whose surface is closer than `reach` to the centre x; returns how many (<= 2).
  DEM_INLINE int touches(Vec3 x, double reach, WallTouch *out) const
  {
    int n = 0;
    if (axis >= 0) {
      const double xa = axis == 0 ? x.x : axis == 1 ? x.y : x.z;
      Vec3 e{0.0, 0.0, 0.0};
      (axis == 0 ? e.x : axis == 1 ? e.y : e.z) = 1.0;
      if (has_lo && xa - lo < reach) out[n++] = {0, -e, xa - lo, vshear + rate_lo * e};
      if (has_hi && hi - xa < reach) out[n++] = {1, e, hi - xa, vshear + rate_hi * e};
    } else {
      const double rr = std::sqrt(x.x * x.x + x.y * x.y);
      if (rr > 0.0 && radius - rr < reach) {
        const Vec3 e{x.x / rr, x.y / rr, 0.0};
        out[n++] = {0, e, radius - rr, vshear + rate_lo * e};
      }
    }
    return n;
  }
};

// Position of the contact point of a ball-wall contact whose ball centre is x.
DEM_INLINE Vec3 wall_contact_point(const Contact &c, Vec3 x)
{
  return x + c.lever1 * c.n;
}

// Per-contact parameters of a ball-wall contact of a ball of radius r, from the parameters the
// property mixing produced. A law whose parameters do not depend on the radii needs no overload
// beyond the generic one; a law with a ball-ball size rule adds its ball-facet form here.
template <class Params> DEM_INLINE Params wall_params(const Params &p, double)
{
  return p;
}

// Linear: stiffness from material for a ball-facet contact (PFC eq. 17): A = pi R^2 (3d) or 2 R
// (2d, unit thickness), L = R, so k_n = pi R E (3d) or 2 E (2d); k_s = k_n / kratio (0: k_s = 0).
// The result carries explicit k_n, k_s, so linear_step's ball-ball rule is not used.
DEM_INLINE LinearParams wall_params(const LinearParams &p, double r)
{
  if (!p.from_material) return p;
  LinearParams q = p;
  const double area = p.dim2 ? 2.0 * r : 3.14159265358979323846 * r * r;
  q.kn = area / (r * p.inv_emod1);
  q.ks = p.kratio > 0.0 ? q.kn / p.kratio : 0.0;
  q.from_material = false;
  return q;
}

}    // namespace dem
