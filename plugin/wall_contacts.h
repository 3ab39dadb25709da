// One ball against the walls it may touch this step, for fix wall/dem: the ball's row of wall
// contact slots and, for each wall, the contact step that ball-ball contacts share
// (dem/contact_step.h: the law, adhesion, rolling resistance, bonds, the release of a contact and
// the energy booking). The CPU loop (FixWallDEM) and the Kokkos kernel (FixWallDEMKokkos) both call
// wall_contacts, so they keep the same slots and add the same numbers in the same order. No LAMMPS
// here: it runs inside Kokkos kernels.
//
// History row of a ball: nslot slots of wall_stride doubles, [wall id + 1 (0: free), history,
// rolling moment (3, only with rolling resistance)].
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "crack_record.h"
#include "dem/contact_step.h"
#include "dem/wall.h"
#include "step_sums.h"

namespace DEM_NS {

// fix wall/dem's outputs, the sums over the ranks of its global vector (the cumulative ones are in
// the restart data; the same energy names as the pair styles': V_ADHESIVE, the adhesive potential
// now, V_ADH_LOSS, the adhesive energy of contacts that broke): what wall_contacts adds up, in the
// entries of its tally's StepSums (step_sums.h), then the balls with more wall contacts than slots
// (W_OVERFLOW) and the contacts dem_bond bonded (W_BONDS_MADE); the plane kernel's sums hold the
// rows of its walls after those (W_ROWS). Bonds (V_BREAK .. V_BROKE_SHEAR): the strain energy
// broken bonds took along, the bonded wall contacts now, the bonds (a flat joint: its elements)
// broken in tension and in shear.
enum WallOutput {
  V_STRAIN,
  V_SLIP,
  V_DASHPOT,
  V_PLASTIC,
  V_FX,
  V_FY,
  V_FZ,
  V_TX,
  V_TY,
  V_TZ,
  V_CONTACTS,
  V_ACTIVATED,
  V_ADHESIVE,
  V_ADH_LOSS,
  V_BREAK,
  V_BONDED,
  V_BROKE_TENSION,
  V_BROKE_SHEAR,
  V_COUNT,
  W_OVERFLOW = V_COUNT,
  W_BONDS_MADE,
  W_SUMS,
  W_ROWS = W_SUMS
};
// the records of a step (b: the wall + 1): the deepest contact beyond the ball's radius, a bonded
// contact carried beyond its reach without breaking (value: its gap; INFINITY: out of sight)
enum WallRecord { WR_DEEP, WR_STRETCHED, WR_COUNT };
using WallSums = StepSums<W_SUMS, WR_COUNT>;
// the sums of a row of fix wall/dem's global array, one row per wall (a mesh: per triangle), over
// its contacts: A_FN the normal force (compressive positive), A_KN the contacts' normal stiffness
// over a step, k_n + c_n / dt (k_n the law's, Hertz: tangent, with a bond's; c_n the law's normal
// dashpot's coefficient): the force a wall's displacement within a step adds (a servo's gain).
// A_FX .. A_CONTACTS are the vector's V_FX .. V_CONTACTS.
enum WallColumn { A_FX, A_FY, A_FZ, A_TX, A_TY, A_TZ, A_CONTACTS, A_FN, A_KN, A_COUNT };
// the array's columns (0-based): A_FX .. A_FN, then the pressure (derived: A_FN / the triangle's
// area for a mesh, 0 for other walls), then A_KN
constexpr int COLUMN_PRESSURE = A_KN, COLUMN_KN = A_KN + 1, A_COLUMNS = A_KN + 2;
static_assert(V_CONTACTS - V_FX == A_CONTACTS - A_FX);

// The ball: centre, velocity, spin, radius and mass m_c; f and t are its force and torque, to
// which the wall contacts are added; id its atom ID (reports, a bond's draws), mask its groups
// (dem_bond).
struct WallBall {
  dem::Vec3 x, v, w;
  double r, m;
  dem::Vec3 f, t;
  LAMMPS_NS::tagint id;
  int mask;
};

// The Tally of wall_contacts: its sums (a StepSums with the WallOutput entries), a contact's row of
// the array: rows.add(row, out), out the row's A_COUNT values, and the cracks of the ball-wall
// bonds that broke (fix dem/cracks): cracks.add(record) if cracks.on(mask) (the ball's groups)
template <class Sums, class Rows, class Cracks> struct WallTally {
  Sums &sums;
  Rows rows;
  Cracks cracks;

  DEM_INLINE void contact(int row, dem::Vec3 F, dem::Vec3 T, double fn, double kn)
  {
    const double out[A_COUNT] = {F.x, F.y, F.z, T.x, T.y, T.z, 1.0, fn, kn};
    rows.add(row, out);
    for (int k = 0; k <= A_CONTACTS; k++) sums[V_FX + k] += out[k];
  }
  // the bonds of contact c of ball b (parameters p) that broke in tension and in shear: a crack
  // record for each mode (the wall's ID 0)
  template <class Params>
  DEM_INLINE void cracked(const WallBall &b, const dem::Contact &c, const Params &p, int tension,
                          int shear)
  {
    if (!cracks.on(b.mask)) return;
    for (int mode = 1; mode <= 2; mode++) {
      const int count = mode == 1 ? tension : shear;
      if (!count) continue;
      double rec[CR_VALUES];
      crack_record(rec, b.x, c, b.id, 0, mode, count, dem::crack_radius(p, c.r1, c.r2, count));
      cracks.add(rec);
    }
  }
};
// rows in plain memory, nrows of them (a contact with a later wall adds into the last row)
struct PlainRows {
  double *rows;
  int nrows;
  DEM_INLINE void add(int row, const double *out) const
  {
    double *r = rows + (row < nrows ? row : nrows - 1) * A_COUNT;
    for (int k = 0; k < A_COUNT; k++) r[k] += out[k];
  }
};

// How far from a ball's centre a wall surface is looked for: the contact gap below the largest
// positive reference gap plus the radius, a margin so that a contact is seen on the step it
// opens (its last half step of dashpot work).
DEM_INLINE double wall_reach(double radius, double max_gap)
{
  return 2.0 * radius + max_gap;
}
// The same for mesh walls, whose cost grows with the reach (the triangles within it are tested):
// a margin of R/4 beyond contact still sees a contact open unless the ball moved R/4 in one step.
DEM_INLINE double mesh_reach(double radius, double max_gap)
{
  return 1.25 * radius + max_gap;
}

// The slots of a wall contact: its law's values (all parts), then the values of the parts the
// wall's parameters use (the rolling moment, a bond's); bond: the fix's dem_bond requests of the
// step and the largest bonding gap
template <class Law>
DEM_INLINE dem::StepConstants wall_step_constants(const typename Law::Params &p, double dt,
                                                  const dem::BondStep &bond = {})
{
  return dem::step_constants<Law>(dt, dem::HIST_ALL, Law::Parts::history_bits_of(p),
                                  Law::Parts::uses_optional(p), false, Law::Parts::holds(p), bond);
}

// Doubles per wall contact slot of a wall with these parameters: the wall id, then the contact's slots.
template <class Law> DEM_INLINE int wall_stride(const typename Law::Params &p)
{
  return 1 + wall_step_constants<Law>(p, 0.0).nh;
}

// Frees a slot whose wall is out of sight (no last half step of dashpot work). A bonded contact
// is not let go: the wall's search reaches beyond its hold, so it was carried out of sight in one
// step without breaking; it is recorded (WR_STRETCHED) for the caller to stop the run.
template <class Sums> DEM_INLINE void wall_gone(double *slot, int stride, long long id, Sums &sums)
{
  if (dem::ContactHistory::bonded_in(slot + 1))
    sums.record[WR_STRETCHED].offer(id, static_cast<LAMMPS_NS::tagint>(slot[0]), INFINITY, 0.0);
  else
    dem::clear_slots(slot, stride);
}
// The same for every slot of a row: a ball out of reach of all walls has no contact left.
template <class Sums>
DEM_INLINE void wall_release_all(double *row, int nslot, int stride, long long id, Sums &sums)
{
  for (int s = 0; s < nslot; s++)
    if (row[s * stride] != 0.0) wall_gone(row + s * stride, stride, id, sums);
}

// The ball and a wall as the contact step reads them (dem/contact_step.h's Bodies and a reach's
// source): the wall is body 2, immovable and without spin; its ID for a bond's draws is
// -(wall + 1) (a mesh's: its facet patch's), which no atom has.
template <class Law> struct WallBodies {
  const WallBall &ball;
  const dem::Adhesion &adh;
  const typename Law::Params &p;
  int wall;
  DEM_INLINE dem::Vec3 w1() const { return ball.w; }
  DEM_INLINE dem::Vec3 w2() const { return {0.0, 0.0, 0.0}; }
  DEM_INLINE double m1() const { return ball.m; }
  DEM_INLINE double m2() const { return 0.0; }
  DEM_INLINE bool frozen1() const { return false; }
  DEM_INLINE bool frozen2() const { return true; }
  DEM_INLINE long long id1() const { return ball.id; }
  DEM_INLINE long long id2() const { return -(wall + 1LL); }
  DEM_INLINE const dem::Adhesion &adhesion() const { return adh; }
  DEM_INLINE const typename Law::Params &params() const { return p; }
  DEM_INLINE bool in_group(int bit) const { return (ball.mask & bit) != 0; }
  template <bool ENERGY, class Params>
  DEM_INLINE dem::RollingOutcome rolling(const Params &p, dem::Vec3 n, double r1, double r2,
                                         double kn, double ks, double fn, double *m, bool step,
                                         bool store, double dt) const
  {
    return dem::rolling_contact<Law, ENERGY>(p, n, r1, r2, ball.w, w2(), ball.m, false, 0.0, true,
                                             kn, ks, fn, m, step, store, dt);
  }
};

// Contacts of ball b with the nt walls in `touches` (dem::FixedWalls::touches or a region's).
// advance: a normal step (false during LAMMPS's setup: stored forces are replayed, the history
// is not advanced). ENERGY: accumulate the dissipation (energy yes). ADHESION: the wall may have
// adhesion (adh; the ball is body 1, R* = R1, the constant model's mass the ball's). Tally (a
// WallTally) receives
//   tally.contact(row, F, T, fn): force F on the wall, its torque T about `origin` and its normal
// part fn = F . n (n from the ball's centre to the wall: positive when the ball pushes on the
// wall) (row: the wall id, for a mesh the triangle),
// and sums into tally.sums its energies, activations, bonds and overflows (W_OVERFLOW: a contact
// that found no free slot, for the caller to report), and records there a contact deeper than the
// ball's radius (its centre is behind the wall surface, or for a mesh crossed it this step: rare),
// for the caller to warn about, and a bond carried beyond its reach without breaking, for the
// caller to stop the run. bond: the fix's dem_bond requests of this step (wall_step_constants).
// EXTRA: the optional parts compiled in (EXTRA_JOINTS: with the flat joint).
template <class Law, bool ENERGY, bool ADHESION, int EXTRA = dem::EXTRA_PARTS, class Tally>
DEM_INLINE void wall_contacts(const typename Law::Params &params, const dem::Adhesion &adh,
                              const dem::BondStep &bond, const dem::WallTouch *touches, int nt,
                              double *row, int nslot, WallBall &b, double dt, bool advance,
                              dem::Vec3 origin, Tally &tally)
{
  const dem::StepConstants k = wall_step_constants<Law>(params, dt, bond);
  const int stride = 1 + k.nh;    // (wall_stride)

  // a stored contact whose wall is out of reach ended (out of sight: no last half step)
  for (int s = 0; s < nslot; s++) {
    double *slot = row + s * stride;
    if (slot[0] == 0.0) continue;
    bool found = false;
    for (int t = 0; t < nt; t++) found = found || touches[t].id + 1 == static_cast<int>(slot[0]);
    if (!found) wall_gone(slot, stride, b.id, tally.sums);
  }

  for (int t = 0; t < nt; t++) {
    const dem::WallTouch &w = touches[t];
    double *slot = nullptr, *free_slot = nullptr;
    for (int s = 0; s < nslot && !slot; s++) {
      double *cand = row + s * stride;
      if (static_cast<int>(cand[0]) == w.id + 1)
        slot = cand;
      else if (cand[0] == 0.0 && !free_slot)
        free_slot = cand;
    }
    const typename Law::Params p = dem::wall_params(params, b.r);
    const WallBodies<Law> bodies{b, adh, p, w.id};
    const dem::Contact c = dem::ball_wall(w.n, w.dist, b.r, b.v, b.w, w.vwall, b.m);
    // its record; a new contact takes a free slot if the law's contact starts (room: there is one)
    double *record = slot ? slot : free_slot ? free_slot : row;
    const int flag = slot ? 1 : 0;
    // the contact's reach (a contact gap), as a pair's
    const auto x = dem::contact_reach<Law, EXTRA, ADHESION>(bodies, k, b.r, INFINITY, flag,
                                                            record + 1, p.rgap);
    if (c.gap > x.reach) {    // out of reach: a contact with a record ended
      if (slot) {
        const dem::ReleaseOutcome out =
            dem::release_contact<Law, ENERGY, EXTRA, ADHESION>(p, bodies, c, slot + 1, flag, k);
        if (ENERGY) {
          tally.sums[V_DASHPOT] += out.d_dashpot;
          tally.sums[V_ADH_LOSS] += out.d_adh_loss;
          tally.sums[V_BREAK] += out.d_break;
        }
        if (out.stretched) tally.sums.record[WR_STRETCHED].offer(b.id, w.id + 1, c.gap, b.r);
        if (out.bond_broke) {
          tally.sums[V_BROKE_TENSION] += 1.0;
          tally.cracked(b, c, p, 1, 0);
        }
        dem::clear_slots(slot, stride);
      }
      continue;
    }
    if (c.gap < -b.r) tally.sums.record[WR_DEEP].offer(b.id, 0, -c.gap, b.r);
    // a mesh's distance is two-sided (never negative): a centre that crossed the surface during the
    // step (a step ago, at x - dt (v - v_wall), it was on the other side) is behind the surface as
    // seen from where it came, by R + dist
    else if (w.tri >= 0 && w.dist + dt * dem::dot(b.v - w.vwall, w.n) < 0.0)
      tally.sums.record[WR_DEEP].offer(b.id, 0, b.r + w.dist, b.r);
    const dem::StepOutcome out = dem::contact_step<Law, true, ENERGY, EXTRA, ADHESION>(
        p, bodies, c, record + 1, slot != nullptr, free_slot != nullptr, x.bond_pair, k, advance);
    if (out.released) record[0] = 0.0;
    if (ENERGY) {
      tally.sums[V_DASHPOT] += out.d_dashpot;
      tally.sums[V_ADH_LOSS] += out.d_adh_loss;
      tally.sums[V_BREAK] += out.d_break;
    }
    tally.sums[V_BROKE_TENSION] += out.broke_tension;
    tally.sums[V_BROKE_SHEAR] += out.broke_shear;
    if (out.broke_tension || out.broke_shear)
      tally.cracked(b, c, p, out.broke_tension, out.broke_shear);
    tally.sums[W_BONDS_MADE] += out.bond_made;
    if (out.what == dem::STEP_NO_ROOM) {
      tally.sums[W_OVERFLOW] += 1.0;
      continue;
    }
    if (out.what != dem::STEP_CONTACT) {
      if (out.what == dem::STEP_ADHESION) {    // Rocky's adhesion alone
        b.f = b.f - out.force;
        tally.contact(w.id, out.force,
                      dem::cross(dem::wall_contact_point(c, b.x) - origin, out.force),
                      dem::dot(out.force, c.n), 0.0);
        tally.sums[V_ADHESIVE] += out.phi;
      }
      continue;
    }
    if (!slot) record[0] = w.id + 1;
    dem::Vec3 tb, tw;
    dem::contact_torques(c, out.force, tb, tw);
    b.f = b.f - out.force;
    b.t = b.t + tb;
    dem::Vec3 torque_wall = dem::cross(dem::wall_contact_point(c, b.x) - origin, out.force);
    if (out.couple) {
      b.t = b.t - out.moment;
      torque_wall = torque_wall + out.moment;
    }
    // output row: a mesh's triangle
    tally.contact(w.tri >= 0 ? w.tri : w.id, out.force, torque_wall, dem::dot(out.force, c.n),
                  out.kn + out.cn / dt);
    tally.sums[V_STRAIN] += out.strain;
    tally.sums[V_ADHESIVE] += out.phi;
    tally.sums[V_BONDED] += out.bonded;
    if (ENERGY) {
      tally.sums[V_SLIP] += out.d_slip;
      tally.sums[V_PLASTIC] += out.d_plastic;
    }
    if (advance) tally.sums[V_ACTIVATED] += out.activated;
  }
}

}    // namespace DEM_NS
