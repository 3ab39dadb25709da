// One ball against the walls it may touch this step, for fix wall/dem: the bookkeeping of the
// ball's history row and the law's step for each contact. The CPU loop (FixWallDEM) and the
// Kokkos kernel (FixWallDEMKokkos) both call it, so they keep the same slots, call the same law
// and add the same numbers in the same order. No LAMMPS here: it runs inside Kokkos kernels.
//
// History row of a ball: nslot slots of wall_stride doubles, [wall id + 1 (0: free), history,
// rolling moment (3, only with rolling resistance)].
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/adhesion.h"
#include "dem/wall.h"

namespace DEM_NS {

// The ball: centre, velocity, spin, radius and mass m_c; f and t are its force and torque, to
// which the wall contacts are added; id its atom ID (for reports).
struct WallBall {
  dem::Vec3 x, v, w;
  double r, m;
  dem::Vec3 f, t;
  long long id;
};

// How far from a ball's centre a wall surface is looked for: the contact gap below the largest
// positive reference gap plus the radius, a margin so that a contact is seen on the step it
// opens (its last half step of dashpot work).
DEM_INLINE double wall_reach(double radius, double max_gap) { return 2.0 * radius + max_gap; }
// The same for mesh walls, whose cost grows with the reach (the triangles within it are tested):
// a margin of R/4 beyond contact still sees a contact open unless the ball moved R/4 in one step.
DEM_INLINE double mesh_reach(double radius, double max_gap) { return 1.25 * radius + max_gap; }

// Doubles per wall contact slot of a wall with these parameters.
template <class Law> DEM_INLINE int wall_stride(const typename Law::Params &p)
{
  return 1 + Law::History::size + (p.roll.model != dem::ROLL_NONE ? 3 : 0);
}

// Frees every slot of a row: a ball out of reach of all walls has no contact left (no last
// half step of dashpot work: the contact ended out of sight).
DEM_INLINE void wall_release_all(double *row, int nslot, int stride)
{
  for (int s = 0; s < nslot; s++)
    if (row[s * stride] != 0.0)
      for (int k = 0; k < stride; k++) row[s * stride + k] = 0.0;
}

// Contacts of ball b with the nt walls in `touches` (dem::FixedWalls::touches or a region's).
// advance: a normal step (false during LAMMPS's setup: stored forces are replayed, the history
// is not advanced). ENERGY: accumulate the dissipation (energy yes). Tally receives
//   tally.contact(row, F, T, fn): force F on the wall, its torque T about `origin` and its normal
// part fn = F . n (n from the ball's centre to the wall: positive when the ball pushes on the
// wall) (row: the wall id, for a mesh the triangle),
// and sums into its members strain, slip, dashpot, plastic, activated and overflow (a contact
// that found no free slot: the caller reports it);
//   tally.deep(atom ID, overlap, radius): a contact deeper than the ball's radius (its centre is
// behind the wall surface, or for a mesh crossed it this step: rare), for the caller to warn about.
// adh: the wall's adhesion (dem/adhesion.h; the ball is particle 1, R* = R1, the constant
// model's mass the ball's); its potential joins tally.strain and a broken JKR contact's loss
// tally.plastic (the adhesion hysteresis).
template <class Law, bool ENERGY, class Tally>
DEM_INLINE void wall_ball_step(const typename Law::Params &params, const dem::Adhesion &adh, const dem::WallTouch *touches,
                               int nt, double *row, int nslot, WallBall &b, double dt, bool advance, dem::Vec3 origin,
                               Tally &tally)
{
  using History = typename Law::History;
  using dem::Vec3;
  const int stride = wall_stride<Law>(params);

  // a stored contact whose wall is out of reach ended (out of sight: no last half step)
  for (int s = 0; s < nslot; s++) {
    double *slot = row + s * stride;
    if (slot[0] == 0.0) continue;
    bool found = false;
    for (int t = 0; t < nt; t++) found = found || touches[t].id + 1 == static_cast<int>(slot[0]);
    if (!found)
      for (int k = 0; k < stride; k++) slot[k] = 0.0;
  }

  for (int t = 0; t < nt; t++) {
    const dem::WallTouch &w = touches[t];
    double *slot = nullptr, *free_slot = nullptr;
    for (int s = 0; s < nslot && !slot; s++) {
      double *cand = row + s * stride;
      if (static_cast<int>(cand[0]) == w.id + 1) slot = cand;
      else if (cand[0] == 0.0 && !free_slot) free_slot = cand;
    }
    const typename Law::Params p = dem::wall_params(params, b.r);
    const dem::Contact c = dem::ball_wall(w.n, w.dist, b.r, b.v, b.w, w.vwall, b.m);
    // adhesion: JKR holds an attached contact (one with a slot) to its separation distance, Rocky's
    // models pull the ball within their adhesive distance whether the law's contact is active or not
    double f_adh = 0.0, phi = 0.0;
    bool jkr_held = false;
    if (adh.model == dem::ADH_JKR && slot) {
      const double dc = dem::jkr_separation(adh.w, b.r, adh.estar);
      jkr_held = c.gap <= -dc;
      if (jkr_held) f_adh = dem::jkr_adhesion(-c.gap, adh.w, b.r, adh.estar, phi);
      else if (ENERGY)    // it breaks: what is left of its adhesive energy is lost
        tally.plastic += dem::jkr_break_loss(adh.w, b.r, adh.estar);
    } else if (adh.model == dem::ADH_CONSTANT || adh.model == dem::ADH_LINEAR) {
      double kn = 0.0, ks;
      if (adh.model == dem::ADH_LINEAR) Law::stiffness(p, c, History{}, kn, ks);
      f_adh = dem::rocky_adhesion(adh, c.gap, b.m, kn, phi);
    }
    if (c.gap - p.rgap > 0.0 && !jkr_held) {    // surface gap > 0: inactive
      if (slot) {
        if (ENERGY) tally.dashpot += dem::release_dissipation(History::load(slot + 1, 1.0), c, dt);
        for (int k = 0; k < stride; k++) slot[k] = 0.0;
      }
      if (f_adh != 0.0) {    // Rocky's adhesion alone
        const Vec3 F = (-f_adh) * c.n;
        b.f = b.f - F;
        tally.contact(w.id, F, dem::cross(dem::wall_contact_point(c, b.x) - origin, F), -f_adh);
        tally.strain += phi;
      }
      continue;
    }
    if (adh.model == dem::ADH_JKR && !slot) f_adh = dem::jkr_adhesion(-c.gap, adh.w, b.r, adh.estar, phi);
    if (c.gap < -b.r) tally.deep(b.id, -c.gap, b.r);
    // a mesh's distance is two-sided (never negative): a centre that crossed the surface during the
    // step (a step ago, at x - dt (v - v_wall), it was on the other side) is behind the surface as
    // seen from where it came, by R + dist
    else if (w.tri >= 0 && w.dist + dt * dem::dot(b.v - w.vwall, w.n) < 0.0) tally.deep(b.id, b.r + w.dist, b.r);
    if (!slot) {
      if (!free_slot) {
        tally.overflow += 1.0;
        continue;
      }
      slot = free_slot;
      slot[0] = w.id + 1;
    }
    History h = History::load(slot + 1, 1.0);
    const int state_before = h.state;
    dem::ContactResult res = advance ? Law::template step<ENERGY>(p, c, dt, h) : Law::replay(p, c, dt, h);
    // rolling resistance (dem/rolling.h): the wall is particle 2, Rbar = R1, I_r the ball's
    Vec3 moment{0.0, 0.0, 0.0};    // on the wall; the ball gets -moment
    double roll_strain = 0.0;
    const bool rolls = p.roll.model != dem::ROLL_NONE;
    if (rolls) {
      const dem::RollingInput in{-b.w, c.n, b.r, -h.fn, Law::rolling_ks(p, res),
                                 dem::rolling_inertia(b.m, b.r, false, 0.0, 0.0, true)};
      double *mslot = slot + 1 + History::size;
      Vec3 m = dem::load_rolling(mslot);
      if (advance || state_before == 0) {
        const dem::RollingResult rr = dem::rolling_step<ENERGY>(p.roll, in, dt, m);
        moment = rr.moment;
        res.d_slip += rr.d_slip;
        h.e_slip += rr.d_slip;
        if (advance) dem::store_rolling(mslot, m);
      } else {
        moment = m;
      }
      roll_strain = dem::rolling_strain_energy(p.roll, in, m);
    }
    if (advance) h.store(slot + 1, 1.0);

    const Vec3 F = res.force - f_adh * c.n;    // on the wall; the ball gets -F
    Vec3 tb, tw;
    dem::contact_torques(c, F, tb, tw);
    b.f = b.f - F;
    b.t = b.t + tb;
    Vec3 torque_wall = dem::cross(dem::wall_contact_point(c, b.x) - origin, F);
    if (rolls) {
      b.t = b.t - moment;
      torque_wall = torque_wall + moment;
    }
    tally.contact(w.tri >= 0 ? w.tri : w.id, F, torque_wall, dem::dot(F, c.n));    // output row: a mesh's triangle
    tally.strain += Law::strain_energy(p, h, res.kn, res.ks) + phi;
    if (rolls) tally.strain += roll_strain;
    if (ENERGY) {
      tally.slip += res.d_slip;
      tally.dashpot += res.d_dashpot;
      tally.plastic += res.d_plastic;
    }
    if (advance) tally.activated += res.activated;
  }
}

}    // namespace DEM_NS
