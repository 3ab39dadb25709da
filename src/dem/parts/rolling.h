// The rolling-resistance part (rolling.h has the models: PFC's rrlinear, Rocky's types A and C):
// a moment against the relative rolling of the two bodies, from the law's stiffnesses and normal
// force of the step. Its 3 history values (HIST_ROLLING): the rolling spring's moment, kept when
// some pair of types has rolling resistance (rr_fric > 0), after the law's values.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "../rolling.h"
#include "part.h"

namespace dem {

// The rolling moment on body 2 (body 1 receives -moment), the rolling dissipation of the step and
// the rolling spring's energy.
struct RollingOutcome {
  Vec3 moment;
  double d_slip, strain;
};

// The rolling resistance of a contact, the one way its input is built: w1, w2, m1, m2 and
// frozen1, frozen2 of the bodies, kn and ks the law's stiffnesses of the step, fn its normal
// force. The moment in slots m is advanced by a step if `step` (and stored if `store`), else the
// stored one acts.
template <class Law, bool ENERGY, class Slots>
DEM_INLINE RollingOutcome rolling_contact(const typename Law::Params &p, Vec3 n, double r1,
                                          double r2, Vec3 w1, Vec3 w2, double m1, bool frozen1,
                                          double m2, bool frozen2, double kn, double ks, double fn,
                                          Slots m, bool step, bool store, double dt)
{
  ContactResult r;    // (what Law::rolling_ks reads)
  r.kn = kn;
  r.ks = ks;
  const RollingInput in{w2 - w1,
                        n,
                        effective_radius(r1, r2),
                        -fn,
                        Law::rolling_ks(p, r),
                        rolling_inertia(m1, r1, frozen1, m2, r2, frozen2)};
  Vec3 moment = load_rolling(m);
  RollingOutcome out{moment, 0.0, 0.0};
  if (step) {
    const RollingResult rr = rolling_step<ENERGY>(p.roll, in, dt, moment);
    out.moment = rr.moment;
    out.d_slip = rr.d_slip;
    if (store) store_rolling(m, moment);
  }
  out.strain = rolling_strain_energy(p.roll, in, moment);
  return out;
}

struct RollingPart : PartBase {
  static constexpr Keyword keywords[] = {
      {"rr_fric", KEY_NONNEGATIVE}, {"rr_model", KEY_RR_MODEL}, {"rr_damp", KEY_RATIO}};
  static constexpr int keyword_count = 3;
  static constexpr const char *outputs[] = {"e_slip", "e_strain"};
  static constexpr int output_count = 2;
  static constexpr int group =
      PART_COMMON;    // (a runtime test: loops without it keep their registers)
  static constexpr int history_bit = HIST_ROLLING, slots = 3;
  static constexpr const char *history_text = "the rolling moment of rolling resistance";
  static bool is_vector_slot(int) { return true; }
  template <class Params> DEM_INLINE static bool uses(const Params &p)
  {
    return p.roll.model != ROLL_NONE;
  }

  // mu_r is the smaller of the types' (as fric), or the pair's; none if it is 0. rr_model and
  // rr_damp are not inherited: the types' common value or the pair's. PFC's rrlinear and type C
  // are springs of k_r = k_s Rbar^2: they need the law's shear spring (Law::shear_spring)
  template <class Law, class M, class X> static bool mix(M &m, X &x)
  {
    enum { FRIC, MODEL, DAMP };
    Rolling &out = x.p.roll;
    out = Rolling{};
    for (int side : {TYPE1, TYPE2})
      if ((m.has(side, MODEL) || m.has(side, DAMP)) && !m.has(side, FRIC))
        return m.fail("rr_model and rr_damp need rr_fric on the same type");
    out.mu = m.has(PAIR, FRIC) ? m.value(PAIR, FRIC)
                               : std::min(m.value(TYPE1, FRIC), m.value(TYPE2, FRIC));
    if (out.mu == 0.0) {
      if (m.has(PAIR, MODEL) || m.has(PAIR, DAMP))
        return m.fail(
            "rr_model or rr_damp set for a pair of types without rolling resistance (rr_fric 0)");
      out.model = ROLL_NONE;
      return true;
    }
    double v[2];    // rr_model, rr_damp: the types' common value (given or not), or the pair's
    for (int k : {MODEL, DAMP}) {
      if (m.has(PAIR, k))
        v[k - MODEL] = m.value(PAIR, k);
      else if (m.value(TYPE1, k) == m.value(TYPE2, k))
        v[k - MODEL] = m.value(TYPE1, k);
      else
        return m.fail("the two types differ in ", m.name(k),
                      ", which is not inherited: set it for the pair of types");
    }
    out.model = static_cast<int>(v[0]);
    out.damp = v[1];
    if (out.damp > 0.0 && out.model != ROLL_C)
      return m.fail("rr_damp is the viscous moment of rr_model 3 (Rocky type C) only");
    if (out.model != ROLL_A && !Law::shear_spring(x.p))
      return m.fail("rr_model 0 (PFC rrlinear) and 3 (Rocky type C) are springs of stiffness k_r = "
                    "k_s Rbar^2 and need a shear spring (k_s > 0, tan_mode 0): set it, or use "
                    "rr_model 1 (Rocky type A, a constant moment)");
    return true;
  }

  // the bodies call rolling_contact (b.rolling: the CPU pair loop calls it out of line, so that
  // loops without rolling keep their registers); at setup a new contact takes a first step (not
  // stored); its dissipation is slip
  template <class X> DEM_INLINE static void after_law(X &x)
  {
    if (!x.template kept<RollingPart>() || x.p.roll.model == ROLL_NONE) return;
    const bool step = x.advance || x.state_before == 0;
    const RollingOutcome roll = x.b.template rolling<X::ENERGY>(
        x.p, x.c.n, x.c.r1, x.c.r2, x.r.kn, x.r.ks, x.h.fn, x.template slots_of<RollingPart>(),
        step, x.advance, x.k.dt);
    if (step) {
      x.r.d_slip += roll.d_slip;
      x.h.e_slip += roll.d_slip;
    }
    x.out.moment = x.out.moment + roll.moment;
    x.out.couple = true;
    if constexpr (X::STRAIN) x.out.strain += roll.strain;
  }
  // a step of the rolling spring from rest on the probe contact (a wall: the ball's inertia alone)
  template <class X> static bool finite(X &x)
  {
    if (x.p.roll.model == ROLL_NONE) return true;
    RollingInput in;
    in.wrel = x.wrel;
    in.n = x.c.n;
    in.rbar = effective_radius(x.c.r1, x.c.r2);
    in.fn = std::fabs(dot(x.r.force, x.c.n));
    in.ks = X::Law::rolling_ks(x.p, x.r);
    in.inertia = rolling_inertia(x.m1, x.c.r1, false, x.m2, x.wall ? 1.0 : x.c.r2, x.wall);
    Vec3 moment{0.0, 0.0, 0.0};
    const RollingResult rr = rolling_step<true>(x.p.roll, in, x.dt, moment);
    return all_finite(rr.moment) &&
        std::isfinite(rr.d_slip + rolling_strain_energy(x.p.roll, in, moment));
  }
  // the stored moment (not stepped) in the contact plane, M^r_s and M^r_t
  static constexpr int column_count = 2;
  template <class X> static void columns(X &x, double *out)
  {
    if (x.p.roll.model == ROLL_NONE) return;
    const auto stored = x.template slots_of<RollingPart>();
    double moment[3] = {stored[0], stored[1], stored[2]};    // (a copy: the report changes nothing)
    const RollingOutcome ro = x.b.template rolling<false>(x.p, x.c.n, x.c.r1, x.c.r2, x.kn, x.ks,
                                                          x.h.fn, moment, false, false, x.k.dt);
    const Vec3 m = x.o * ro.moment;
    out[0] = dot(m, x.s);
    out[1] = dot(m, x.t);
    x.strain += ro.strain;
  }
};

}    // namespace dem
