// The adhesion part (adhesion.h has the models: Rocky's constant and linear, JKR): an attraction
// along the normal that adds to the law's force, acts alone at a gap where the law's contact is
// open (Rocky's), or ends the contact (a JKR contact stretched past its separation distance). It
// reaches beyond touching; its energy is a potential (e_adhesive) and what an attached contact
// loses when it ends (e_adh_loss). No history values of its own: "attached" is the law's state.
// The contact's adhesion is read from the bodies (b.adhesion(), x.adhesion() in a reach).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "../adhesion.h"
#include "../contact.h"
#include "part.h"

namespace dem {

// An attached contact: one that has formed (part.h). A JKR contact holds past zero overlap only
// while attached.
template <class Slots> DEM_INLINE bool adhesion_attached(int flag, Slots slots)
{
  return formed(flag, slots);
}

// The reach (centre distance, or contact gap with rsum 0) of a contact with adhesion a, touching at
// rsum, whose law reaches `reach`: Rocky's models reach their adhesive distance, JKR its separation
// distance once attached (a.range: the farthest for the radii in the run)
template <class Slots>
DEM_INLINE double adhesion_reach(const Adhesion &a, double reach, double rsum, int flag,
                                 Slots slots)
{
  if (a.model == ADH_NONE || (a.model == ADH_JKR && !adhesion_attached(flag, slots))) return reach;
  const double r = rsum + a.range;
  return r > reach ? r : reach;
}

// What adhesion does to a contact within reach this step.
enum AdhesionCase {
  ADH_WITH_LAW,    // the law's contact is active; the adhesive force adds to its force
  ADH_ALONE,    // Rocky's adhesion at a gap where the law's contact is open (its history is released)
  ADH_BROKEN    // a JKR contact stretched past its separation distance breaks (history released)
};
struct ContactAdhesion {
  double f = 0.0;      // attraction (>= 0): body 2 receives -f n
  double phi = 0.0;    // its potential (adhesion.h)
  int what = ADH_WITH_LAW;
};

// a: the contact's adhesion (a.estar set for JKR); R* = effective_radius (R1 against a wall); m1,
// m2 and frozen1, frozen2: the bodies' masses and whether they are frozen (Rocky's constant model
// weighs the lighter, or the free, body).
template <class Law>
DEM_INLINE ContactAdhesion contact_adhesion(const Adhesion &a, const typename Law::Params &p,
                                            const Contact &c, double m1, double m2, bool frozen1,
                                            bool frozen2)
{
  ContactAdhesion out;
  if (a.model == ADH_JKR) {
    const double reff = effective_radius(c.r1, c.r2);
    if (c.gap > -jkr_separation(a.w, reff, a.estar))
      out.what = ADH_BROKEN;
    else
      out.f = jkr_adhesion(-c.gap, a.w, reff, a.estar, out.phi);
  } else if (a.model != ADH_NONE) {
    double kn = 0.0, ks;
    if (a.model == ADH_LINEAR) Law::stiffness(p, c, typename Law::History{}, kn, ks);
    const double m = frozen1 ? m2 : frozen2 ? m1 : (m1 < m2 ? m1 : m2);
    out.f = rocky_adhesion(a, c.gap, m, kn, out.phi);
    if (c.gap - p.rgap > 0.0) out.what = ADH_ALONE;
  }
  return out;
}

// The adhesive energy lost when an attached contact between radii r1 and r2 ends (JKR: what is
// left of its potential at the break); 0 for Rocky's models, whose potential is 0 where they end.
DEM_INLINE double adhesion_loss(const Adhesion &a, double r1, double r2)
{
  return a.model == ADH_JKR ? jkr_break_loss(a.w, effective_radius(r1, r2), a.estar) : 0.0;
}

struct AdhesionPart : PartBase {
  static constexpr Keyword keywords[] = {{"adh_model", KEY_ADH_MODEL},
                                         {"adh_frac", KEY_NONNEGATIVE},
                                         {"adh_dist", KEY_NONNEGATIVE},
                                         {"adh_gamma", KEY_NONNEGATIVE},
                                         {"adh_g", KEY_NONNEGATIVE}};
  static constexpr int keyword_count = 5;
  static constexpr bool own_keywords = true;    // (the same for every law: AdhesionProperties)
  static constexpr int group = PART_ADHESION;
  enum { MODEL, FRAC, DIST, GAMMA, G };
  static constexpr const char *outputs[] = {"e_adhesive", "e_adh_loss"};
  static constexpr int output_count = 2;

  // every value the pair's (pair_coeff I J, I != J), else the types' common value: types that differ
  // need a value for the pair (Rocky sets adhesion per pair of materials). Rocky's linear model
  // scales a linear loading stiffness; JKR extends the Hertz contact (Law::hertzian), with
  // hz_alpha 1.5 and rgap 0 (Law::jkr_ready), and takes its E* (Law::jkr_estar)
  template <class Law, class M, class X> static bool mix(M &m, X &x)
  {
    Adhesion &out = x.adhesion;
    out = Adhesion{};
    double v[keyword_count];
    if (!m.same_or_pair(MODEL, v[MODEL])) return false;
    out.model = static_cast<int>(v[MODEL]);
    if (out.model == ADH_NONE) {    // a pair without adhesion ignores its types' values
      for (int k = FRAC; k < keyword_count; k++)
        if (m.has(PAIR, k) || (!m.has(PAIR, MODEL) && m.given(k)))
          return m.fail(m.name(k), " is set but adh_model is 0 (no adhesion)");
      return true;
    }
    for (int k = FRAC; k < keyword_count; k++)
      if (!m.same_or_pair(k, v[k])) return false;
    out.frac = v[FRAC];
    out.dist = v[DIST];
    out.w = v[GAMMA];
    out.g = v[G];
    if (out.model == ADH_CONSTANT || out.model == ADH_LINEAR) {
      if (m.given(GAMMA)) return m.fail("adh_gamma is the JKR surface energy (adh_model 3) only");
      if (out.model == ADH_LINEAR && m.given(G))
        return m.fail("adh_g is the gravity of adh_model 1 (constant) only");
      if (out.model == ADH_CONSTANT && !(out.g > 0.0))
        return m.fail("adh_model 1 (Rocky constant adhesion, f_c m g) needs the gravity "
                      "acceleration adh_g > 0");
      if (out.model == ADH_LINEAR && Law::hertzian)
        return m.fail("adh_model 2 (Rocky linear adhesion) scales a linear loading stiffness: use "
                      "it with dem/linear or dem/hysteretic; dem/hertz has adh_model 1 and 3 "
                      "(JKR)");
      return true;
    }
    if constexpr (!Law::hertzian) {
      return m.fail("adh_model 3 (JKR) extends the Hertz contact: it needs dem/hertz (Rocky offers "
                    "JKR with its Hertzian model only)");
    } else {
      if (!Law::jkr_ready(x.p)) return m.fail("adh_model 3 (JKR) needs hz_alpha 1.5 and rgap 0");
      if (m.given(FRAC) || m.given(DIST) || m.given(G))
        return m.fail("adh_frac, adh_dist and adh_g belong to adh_model 1 and 2; JKR (adh_model 3) "
                      "takes adh_gamma");
      if (!(out.w > 0.0)) return m.fail("adh_model 3 (JKR) needs the surface energy adh_gamma > 0");
      out.estar = Law::jkr_estar(x.p);
      return true;
    }
  }
  // its force, potential, break loss and reach on the probe contact (added to the force's scale)
  template <class X> static bool finite(X &x)
  {
    const Adhesion &a = x.adhesion;
    const double rbar = effective_radius(x.c.r1, x.c.r2);
    double f = 0.0, phi = 0.0, loss = 0.0;
    if (a.model == ADH_JKR) {
      f = jkr_adhesion(-x.c.gap, a.w, rbar, a.estar, phi);
      loss = jkr_break_loss(a.w, rbar, a.estar);
    } else if (a.model != ADH_NONE) {
      f = rocky_adhesion(a, x.c.gap, x.wall ? x.m1 : (x.m1 < x.m2 ? x.m1 : x.m2), x.r.kn, phi);
    }
    x.force += f;
    return std::isfinite(f + phi + loss + adhesive_reach(a, rbar, a.estar));
  }
  // what sets the reach beyond touching (adhesive_reach), for the messages of a reach out of scale
  static const char *reach_source(const Adhesion &a)
  {
    return a.model == ADH_JKR
        ? "JKR's separation distance, from adh_gamma and the Hertz stiffness hz_shear or hz_emod"
        : "adh_dist";
  }

  template <class X> DEM_INLINE static void reach(X &x)
  {
    x.reach = adhesion_reach(x.adhesion(), x.reach, x.rsum, x.touch, x.slot);
  }
  // the attraction; broken (JKR) or Rocky's adhesion alone: the law's contact ends here (its last
  // half step of dashpot work; a JKR break loses the adhesive energy left)
  template <class X> DEM_INLINE static bool engage(X &x)
  {
    const ContactAdhesion pa = contact_adhesion<typename X::Law>(
        x.b.adhesion(), x.p, x.c, x.b.m1(), x.b.m2(), x.b.frozen1(), x.b.frozen2());
    x.f_adh = pa.f;
    x.out.phi = pa.phi;
    if (pa.what == ADH_WITH_LAW) return true;
    const bool broken = pa.what == ADH_BROKEN;    // (only an attached contact reaches it)
    if (X::ENERGY && x.touched)
      x.out.d_dashpot = release_dissipation(x.stored_history(), x.c, x.k.dt);
    if (X::ENERGY && broken) x.out.d_adh_loss = adhesion_loss(x.b.adhesion(), x.c.r1, x.c.r2);
    if (x.touched) clear_slots(x.slot, x.k.nh);
    x.out.released = x.touched;
    x.out.what = broken || pa.f == 0.0 ? STEP_ENDED : STEP_ADHESION;
    x.out.force = (-pa.f) * x.c.n;    // central: no torque
    return false;
  }
  template <class X> DEM_INLINE static void after_law(X &x)
  {
    x.out.force = x.r.force - x.f_adh * x.c.n;
  }
  template <class X, class Out> DEM_INLINE static void release(const X &x, Out &o)
  {
    if (adhesion_attached(x.flag, x.slot))
      o.d_adh_loss = adhesion_loss(x.b.adhesion(), x.c.r1, x.c.r2);
  }
  // the adhesive normal force F_a >= 0 of the last step
  static constexpr int column_count = 1;
  template <class X> static void columns(X &x, double *out)
  {
    out[0] = x.f_adh;
    x.fn -= x.f_adh;
  }
};

}    // namespace dem
