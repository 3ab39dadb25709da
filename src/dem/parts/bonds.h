// The bonds part (dem/linear): the dem_bond command bonds and unbonds contacts (BondStep: the
// requests of this step), and a bonded contact holds in tension beyond the gap it was bonded at
// until its bond breaks. Two bonds of PFC use it: the contact bond (cb_tenf, cb_shearf: the law's
// step breaks it, linear.h) and the parallel bond (pb_*, parallel_bond.h). "Bonded" is a flag of
// the law's state (ContactHistory::bonded); no history values of its own. A bonded contact that
// breaks takes the law's strain energy along (e_break).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "../fjoint.h"
#include "../pbond.h"
#include "../rolling.h"
#include "bond_strengths.h"
#include "part.h"

namespace dem {

// What the pair style asks of the contact bonds this step (the dem_bond commands given since the
// last step, carried out in their order) and keeps for them
struct BondStep {
  static constexpr int MAX_REQUESTS = 8;
  int requests = 0;               // this step: how many dem_bond commands (0: none)
  int mode[MAX_REQUESTS] = {};    // 1 bond, 2 unbond the contacts of atoms in group groupbit
  int groupbit[MAX_REQUESTS] = {};
  double gap[MAX_REQUESTS] = {};    // bond: the contacts of contact gap g_c <= gap
  double gap_max =
      0.0;    // the largest gap contacts were bonded at: a bond's reach beyond bonded_reach
  bool any = false;    // some pair of types takes bonds: count them

  // a dem_bond request (host code), kept for the next step that advances; false if MAX_REQUESTS
  // are waiting. A bonding gap widens the bonded contacts' reach from the next run on.
  bool add(int m, int bit, double g)
  {
    if (requests == MAX_REQUESTS) return false;
    mode[requests] = m;
    groupbit[requests] = bit;
    gap[requests] = g;
    requests++;
    if (m == 1 && g > gap_max) gap_max = g;
    return true;
  }
  // what a step carries out: the requests if it advances, else none
  BondStep of_step(bool advance) const
  {
    BondStep b = *this;
    if (!advance) b.requests = 0;
    return b;
  }
};

// How far beyond the gap it was made at a bond of length L (bond_length: R1 + R2, against a wall
// R1) is kept in the neighbour lists (the pair cutoff; a wall's search): its reach (bonded_reach: a
// weaker bond breaks in tension sooner), but no more than L, so that a bond too strong to break in
// tension (an "unbreakable" one) runs with a cutoff of at most twice the contact's. A bond
// stretched farther without breaking stops the run rather than leave the lists unnoticed.
DEM_INLINE double listed_bond_reach(double reach, double length)
{
  return reach < length ? reach : length;
}

// The radius of the disk a crack opened (a record of fix dem/cracks): the ball's smaller radius
// for a contact bond (linear.h overloads it for the parallel bond and the flat joint); n: the bonds
// or elements that broke
template <class Params> DEM_INLINE double crack_radius(const Params &, double r1, double r2, int)
{
  return r1 < r2 ? r1 : r2;
}

struct BondsPart : PartBase {
  // the contact bond's strengths (either makes a pair of types take bonds), and their spreads
  // (drawn per bond: bond_strengths.h)
  static constexpr Keyword keywords[] = {
      {"cb_tenf", KEY_NONNEGATIVE},    {"cb_shearf", KEY_NONNEGATIVE},
      {"cb_tenf_sd", KEY_NONNEGATIVE}, {"cb_shearf_sd", KEY_NONNEGATIVE},
      {"cb_tenf_shape", KEY_POSITIVE}, {"cb_shearf_shape", KEY_POSITIVE},
      {"cb_seed", KEY_POSITIVE, 1.0}};
  static constexpr int keyword_count = 7;
  enum { TENF, SHEARF, TENF_SD, SHEARF_SD, TENF_SHAPE, SHEARF_SHAPE, SEED };
  static constexpr const char *outputs[] = {"e_break", "n_bonds", "n_bonds_made", "n_broke_tension",
                                            "n_broke_shear"};
  static constexpr int output_count = 5;
  // whether a pair of types takes bonds
  template <class Params> DEM_INLINE static bool uses(const Params &p)
  {
    return p.cbond || p.pb.on || p.fj.on;
  }
  template <class Params> DEM_INLINE static bool holds(const Params &p) { return uses(p); }
  // (for the pair cutoff: balls of radius rsum/2)
  template <class Params>
  DEM_INLINE static double hold_reach(const Params &p, double rsum, double gap_max)
  {
    return uses(p) ? bonded_hold(p, 0.5 * rsum, 0.5 * rsum, gap_max) : 0.0;
  }
  // how far beyond touching a bonded contact of radii r1, r2 (a wall: r2 = INFINITY) holds: its
  // listed reach beyond the largest bonding gap
  template <class Params>
  DEM_INLINE static double bonded_hold(const Params &p, double r1, double r2, double gap_max)
  {
    return listed_bond_reach(bonded_reach(p, r1, r2), bond_length(r1, r2)) + gap_max;
  }
  // how far a bond of radii r1, r2 reaches beyond the gap it was made at: the stretch at which it
  // breaks in tension (per unit of its length L with a modulus)
  // (a flat joint's: the same, plus the gap a hinge of FJ_HINGE about its rim opens at the centre
  // while the elements of the closed side stay bonded, plus the opening of gapped joints; its
  // radius is at most fj_rmul times the radii's mean, against a wall fj_rmul R1)
  template <class Params>
  DEM_INLINE static double bonded_reach(const Params &p, double r1, double r2)
  {
    const double length = bond_length(r1, r2);
    if (p.fj.on)
      return (p.fj.emod > 0.0 ? p.fj.reach * length : p.fj.reach) +
          FJ_HINGE * p.fj.rmul * (r2 == INFINITY ? r1 : 0.5 * (r1 + r2)) + p.fj.gapo;
    return p.cbond ? p.cb_reach : bond_reach(p.pb, length);
  }

  // the contact bond's strengths, each the same for both types or set for the pair; the settings it
  // needs and excludes. Its reach: twice the stretch at which the tensile force reaches cb_tenf
  // (the law breaks the bond, not the pair's reach; the incremental lin_mode 1 may lag the gap)
  template <class Law, class M, class X> static bool mix(M &m, X &x)
  {
    auto &p = x.p;
    p.cbond = m.given(TENF) || m.given(SHEARF);
    for (int k = TENF_SD; k < keyword_count; k++)
      if (!p.cbond && m.given(k))
        return m.fail(m.name(k), " is a contact bond's property: it needs cb_tenf or cb_shearf");
    if (!p.cbond) return true;
    double seed = 1.0;
    double *const values[keyword_count] = {&p.cb_tenf,
                                           &p.cb_shearf,
                                           &p.cb_tenf_spread.sd,
                                           &p.cb_shearf_spread.sd,
                                           &p.cb_tenf_spread.shape,
                                           &p.cb_shearf_spread.shape,
                                           &seed};
    for (int k = 0; k < keyword_count; k++)
      if (!m.same_or_pair(k, *values[k])) return false;
    if (!mix_strength_draws(m, TENF_SD, TENF_SHAPE, SEED, p.cb_tenf_spread, p.cb_shearf_spread,
                            seed, p.cb_seed, p.cb_drawn))
      return false;
    if (p.from_material || !(p.kn > 0.0))
      return m.fail("contact bonds (cb_tenf, cb_shearf) need a constant kn > 0 (not emod): a "
                    "bond's reach is cb_tenf/kn");
    if (p.tan.mode != TAN_SPRING)
      return m.fail("contact bonds (cb_tenf, cb_shearf) need the shear spring of tan_mode 0");
    return mix_tension_reach(m, TENF, TENF_SD, TENF_SHAPE, p.cb_tenf, p.cb_tenf_spread, p.kn,
                             "2 cb_tenf/kn", p.cb_reach);
  }
  template <class Law, class M, class X> static bool check(M &m, X &x)
  {
    if (!x.p.cbond) return true;
    if (x.p.hold_gap > 0.0)
      return m.fail("contact bonds (cb_tenf, cb_shearf) and hold_gap are alternatives");
    if (x.p.roll.model != ROLL_NONE)
      return m.fail("contact bonds (cb_tenf, cb_shearf) and rolling resistance (rr_fric > 0) "
                    "cannot be combined: the rolling limit needs a compressive normal force");
    return true;
  }

  // a bonded contact holds beyond the largest gap bonds were made at (k.hold: some pair of types
  // holds); this step's dem_bond requests (x.in_group: both atoms, or the ball against a wall, in a
  // request's group) reach to
  // their gap, and x.bond_pair gets bit r where request r applies
  template <class X> DEM_INLINE static void reach(X &x)
  {
    const double rsum = x.rsum;
    if (x.k.hold && x.touch != 0 && ContactHistory::bonded_in(x.slot))
      x.reach += bonded_hold(x.params(), x.r1, x.r2, x.k.bond.gap_max);
    if (!x.k.bond.requests || !uses(x.params())) return;
    for (int r = 0; r < BondStep::MAX_REQUESTS; r++) {    // (a constant bound: unrolled, the
      if (r >= x.k.bond.requests) break;                  // request arrays stay in registers)
      if (!x.in_group(x.k.bond.groupbit[r])) continue;
      x.bond_pair |= 1u << r;
      if (x.k.bond.mode[r] == 1 && x.reach < rsum + x.k.bond.gap[r])
        x.reach = rsum + x.k.bond.gap[r];
    }
  }
  // the requests that apply, in their order: bond a contact within the request's gap (the bond
  // makes the contact active, at any gap within it), or unbond
  template <class X> DEM_INLINE static void before_law(X &x)
  {
    if (!x.bond_pair) return;
    for (int r = 0; r < BondStep::MAX_REQUESTS; r++) {
      if (r >= x.k.bond.requests) break;
      if (!(x.bond_pair >> r & 1u)) continue;
      if (x.k.bond.mode[r] == 1 && !x.h.bonded && x.c.gap <= x.k.bond.gap[r]) {
        x.h.bonded = true;
        if (x.h.state == 0) x.h.state = 1;
        x.out.bond_made = true;
      } else if (x.k.bond.mode[r] == 2) {
        x.h.bonded = false;
      }
    }
  }
  // a bond carried beyond its reach (a zero tensile strength) broke in tension; one whose reach the
  // lists do not hold was stretched beyond them without breaking. It takes the law's strain energy
  // along.
  template <class X, class Out> DEM_INLINE static void release(const X &x, Out &o)
  {
    using Law = typename X::Law;
    if (!ContactHistory::bonded_in(x.slot)) return;
    if (x.k.bond.any) {
      o.bond_broke = true;
      o.stretched = bonded_reach(x.p, x.c.r1, x.c.r2) > bond_length(x.c.r1, x.c.r2);
    }
    if (X::ENERGY && x.k.hold) o.d_break += stored_strain_energy<Law>(x.p, x.c, x.h);
  }
  // whether a bond holds the contact (1, else 0)
  static constexpr int column_count = 1;
  template <class X> static void columns(X &x, double *out) { out[0] = x.h.bonded ? 1.0 : 0.0; }
};

}    // namespace dem
