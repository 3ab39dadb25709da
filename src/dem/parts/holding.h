// The holding part (Woo's noBreak: hold_gap; dem/linear): a contact that has formed holds, in
// tension, up to the contact gap hold_gap beyond g_s = 0 (the law's step keeps its force there;
// no_slip, Woo's noSlip, is the law's too). When it opens it takes its strain energy along
// (e_break). No history values of its own.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "../rolling.h"
#include "part.h"

namespace dem {

struct HoldingPart : PartBase {
  static constexpr Keyword keywords[] = {{"hold_gap", KEY_NONNEGATIVE}, {"no_slip", KEY_FLAG}};
  static constexpr int keyword_count = 2;
  enum { HOLD_GAP, NO_SLIP };
  static constexpr const char *outputs[] = {"e_break"};
  static constexpr int output_count = 1;
  template <class Params> DEM_INLINE static bool uses(const Params &p)
  {
    return p.hold_gap > 0.0 || p.no_slip;
  }
  template <class Params> DEM_INLINE static bool holds(const Params &p) { return p.hold_gap > 0.0; }
  template <class Params> DEM_INLINE static double hold_reach(const Params &p, double, double)
  {
    return p.hold_gap;
  }

  // each value the same for both types or set for the pair; the settings they exclude
  template <class Law, class M, class X> static bool mix(M &m, X &x)
  {
    double no_slip;
    if (!m.same_or_pair(HOLD_GAP, x.p.hold_gap) || !m.same_or_pair(NO_SLIP, no_slip)) return false;
    x.p.no_slip = no_slip != 0.0;
    if (x.p.no_slip && x.p.tan.mode != TAN_SPRING)
      return m.fail("no_slip 1 takes the Coulomb limit off the shear spring: it needs tan_mode 0");
    if (x.p.hold_gap > 0.0 && (x.p.dp.mode & 1))
      return m.fail("hold_gap > 0 holds contacts in tension, which the no-tension normal dashpot "
                    "(dp_mode 1 or 3) would cancel: use dp_mode 0 or 2");
    return true;
  }
  template <class Law, class M, class X> static bool check(M &m, X &x)
  {
    if (x.p.hold_gap > 0.0 && x.p.roll.model != ROLL_NONE)
      return m.fail("hold_gap > 0 and rolling resistance (rr_fric > 0) cannot be combined: the "
                    "rolling limit needs a compressive normal force");
    return true;
  }

  // a formed contact that is not bonded holds to hold_gap (k.hold: some pair of types holds)
  template <class X> DEM_INLINE static void reach(X &x)
  {
    if (x.k.hold && formed(x.touch, x.slot) && !ContactHistory::bonded_in(x.slot))
      x.reach += x.params().hold_gap;
  }
  // the strain energy it takes along: the mean of the stored one and of the energy the step would
  // have brought it to, the work velocity Verlet lets its forces do over the step (as for a bond
  // that breaks, pbond.h)
  template <class X, class Out> DEM_INLINE static void release(const X &x, Out &o)
  {
    using Law = typename X::Law;
    if (!X::ENERGY || !x.k.hold || !formed(1, x.slot) || x.h.bonded || !(x.p.hold_gap > 0.0))
      return;
    const double stored = stored_strain_energy<Law>(x.p, x.c, x.h);
    typename Law::History end = x.h;
    const ContactResult r = Law::template step<false>(x.p, x.c, x.k.dt, end);
    o.d_break += 0.5 * (stored + Law::strain_energy(x.p, end, r.kn, r.ks));
  }
};

}    // namespace dem
