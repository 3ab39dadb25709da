// The flat-joint part (fjoint.h has the model: PFC's flat joint; dem/linear, fj_*): a contact of a
// pair of types that takes flat joints, once dem_bond bonds it, becomes a flat joint: an interface
// of elements, all bonded at first, that carries the contact instead of the law (which resumes
// only if the joint ends: no element bonded and the interface open). Its 41 history values
// (HIST_FJOINT): the interface's frame, bend rotation, installation gap, element states and drawn
// strengths, and each element's shear force. Its group is PART_JOINT: kernels of its own. Its
// energy: strain now (e_strain), slip of the unbonded elements (e_slip), what breaking elements
// release (e_break); each element that breaks counts as a bond broken in tension or shear.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "../fjoint.h"
#include "bond_strengths.h"
#include "part.h"

namespace dem {

struct FlatJointPart : PartBase {
  // (fj_emod and fj_kratio are PFC's deformability; fj_kn or fj_emod makes a pair take flat joints)
  static constexpr Keyword keywords[] = {
      {"fj_rmul", KEY_POSITIVE, 1.0}, {"fj_kn", KEY_NONNEGATIVE},
      {"fj_ks", KEY_NONNEGATIVE},     {"fj_emod", KEY_POSITIVE},
      {"fj_kratio", KEY_NONNEGATIVE}, {"fj_ten", KEY_NONNEGATIVE},
      {"fj_coh", KEY_NONNEGATIVE},    {"fj_fa", KEY_ANGLE},
      {"fj_fric", KEY_NONNEGATIVE},   {"fj_nr", KEY_ELEMENTS, 1.0},
      {"fj_nal", KEY_ELEMENTS, 3.0},  {"fj_ten_sd", KEY_NONNEGATIVE},
      {"fj_coh_sd", KEY_NONNEGATIVE}, {"fj_ten_shape", KEY_POSITIVE},
      {"fj_coh_shape", KEY_POSITIVE}, {"fj_seed", KEY_POSITIVE, 1.0},
      {"fj_slit", KEY_RATIO},         {"fj_gapped", KEY_RATIO},
      {"fj_gapo", KEY_NONNEGATIVE}};
  static constexpr int keyword_count = 19;
  enum {
    RMUL,
    KN,
    KS,
    EMOD,
    KRATIO,
    TEN,
    COH,
    FA,
    FRIC,
    NR,
    NAL,
    TEN_SD,
    COH_SD,
    TEN_SHAPE,
    COH_SHAPE,
    SEED,
    SLIT,
    GAPPED,
    GAPO
  };
  static constexpr const char *outputs[] = {"e_strain", "e_slip",          "e_break",
                                            "n_bonds",  "n_broke_tension", "n_broke_shear"};
  static constexpr int output_count = 6;
  static constexpr int group = PART_JOINT;
  static constexpr int history_bit = HIST_FJOINT, slots = FJ_SLOTS;
  static constexpr const char *history_text = "the interfaces and elements of flat joints";
  template <class Params> DEM_INLINE static bool uses(const Params &p) { return p.fj.on; }

  // each value the same for both types or set for the pair
  template <class Law, class M, class X> static bool mix(M &m, X &x)
  {
    FlatJoint &fj = x.p.fj;
    if (!mix_bond_switch(m, fj.on, keyword_count, KN, KS, EMOD, KRATIO, "flat joint")) return false;
    if (!fj.on) return true;
    if (m.dim2 && m.given(NAL))
      return m.fail("fj_nal (elements around the interface) is for 3d: a 2d joint has fj_nr");
    double fa = 0.0, nr = 1.0, na = 3.0, seed = 1.0;
    double *const values[keyword_count] = {&fj.rmul,
                                           &fj.kn,
                                           &fj.ks,
                                           &fj.emod,
                                           &fj.kratio,
                                           &fj.ten,
                                           &fj.coh,
                                           &fa,
                                           &fj.fric,
                                           &nr,
                                           &na,
                                           &fj.ten_spread.sd,
                                           &fj.coh_spread.sd,
                                           &fj.ten_spread.shape,
                                           &fj.coh_spread.shape,
                                           &seed,
                                           &fj.slit,
                                           &fj.gapped,
                                           &fj.gapo};
    for (int k = 0; k < keyword_count; k++)
      if (!m.same_or_pair(k, *values[k])) return false;
    if (!(fj.kn > 0.0) && !(fj.emod > 0.0)) return m.fail("a flat joint needs fj_kn > 0");
    if (fj.slit + fj.gapped > 1.0)
      return m.fail("fj_slit + fj_gapped (fractions of the joints) must be at most 1, not ",
                    fj.slit + fj.gapped);
    if (m.given(GAPO) && !(fj.gapped > 0.0))
      return m.fail("fj_gapo (the opening of gapped joints) needs fj_gapped > 0");
    fj.dim2 = m.dim2;
    fj.nr = static_cast<int>(nr);
    fj.na = static_cast<int>(na);
    if (fj.elements() > FJ_MAX_ELEMENTS)
      return m.fail("a flat joint has at most ", FJ_MAX_ELEMENTS, " elements, not fj_nr ", fj.nr,
                    " times fj_nal ", fj.na);
    fj.da = 2.0 * 3.14159265358979323846 / fj.na;
    fj.cos_da = std::cos(fj.da);
    fj.sin_da = std::sin(fj.da);
    fj.tan_fa = std::tan(fa * 3.14159265358979323846 / 180.0);
    if (!mix_strength_draws(m, TEN_SD, TEN_SHAPE, SEED, fj.ten_spread, fj.coh_spread, seed, fj.seed,
                            fj.drawn))
      return false;
    // with fj_emod, per unit of R1 + R2 (bonded_reach)
    return mix_tension_reach(m, TEN, TEN_SD, TEN_SHAPE, fj.ten, fj.ten_spread,
                             fj.emod > 0.0 ? fj.emod : fj.kn,
                             fj.emod > 0.0 ? "2 fj_ten/fj_emod" : "2 fj_ten/fj_kn", fj.reach);
  }
  template <class Law, class M, class X> static bool check(M &m, X &x)
  {
    if (!x.p.fj.on) return true;
    if (x.p.cbond || x.p.pb.on)
      return m.fail("a pair of types takes flat joints (fj_kn) or contact or parallel bonds "
                    "(cb_tenf, cb_shearf, pb_kn), not both");
    if (x.p.hold_gap > 0.0) return m.fail("flat joints (fj_kn) and hold_gap are alternatives");
    return true;
  }

  template <class X> DEM_INLINE static bool joint_acts(const X &x)
  {
    return x.template kept<FlatJointPart>() && x.h.bonded && x.p.fj.on;
  }
  // what the stored joint of contact x applies
  template <class X, class Slots> DEM_INLINE static FjOutcome stored_joint(const X &x, Slots s)
  {
    const Vec3 zero{0.0, 0.0, 0.0};
    return flat_joint_step<false, true>(x.p.fj, x.c, x.b.id1(), x.b.id2(), zero, zero, 0.0, s,
                                        x.orient);
  }
  // a joint made this step starts anew (flat_joint_step installs it); the law's force is let go
  template <class X> DEM_INLINE static void before_law(X &x)
  {
    if (!x.out.bond_made || !joint_acts(x)) return;
    clear_slots(x.template slots_of<FlatJointPart>(), slots);
    x.h.fn = 0.0;
    x.h.fs = x.h.fd = Vec3{0.0, 0.0, 0.0};
  }
  template <class X> DEM_INLINE static bool replaces_law(const X &x) { return joint_acts(x); }
  template <class X> DEM_INLINE static void after_law(X &x)
  {
    if (!joint_acts(x)) return;
    const auto s = x.template slots_of<FlatJointPart>();
    const Vec3 wrel = x.b.w2() - x.b.w1(), wmean = 0.5 * (x.b.w1() + x.b.w2());
    const long long id1 = x.b.id1(), id2 = x.b.id2();
    const FjOutcome j = x.advance
        ? flat_joint_step<true, X::STRAIN>(x.p.fj, x.c, id1, id2, wrel, wmean, x.k.dt, s, x.orient)
        : flat_joint_step<false, X::STRAIN>(x.p.fj, x.c, id1, id2, wrel, wmean, x.k.dt, s,
                                            x.orient);
    x.r.d_slip += j.d_slip;
    x.r.d_break += j.released;
    x.out.broke_tension += j.broke_tension;
    x.out.broke_shear += j.broke_shear;
    x.out.force = x.out.force + j.force;
    x.out.moment = x.out.moment + j.moment;
    x.out.couple = true;
    x.out.kn += j.kn;
    if constexpr (X::STRAIN) x.out.strain += j.strain;
    if (j.ended) {
      x.h.bonded = false;
      clear_slots(s, slots);
    }
  }
  // a joint that leaves the reach takes its strain energy along; one with bonded elements left was
  // carried beyond the lists (fj_ten allows more stretch on one side of a bent joint)
  template <class X, class Out> DEM_INLINE static void release(const X &x, Out &o)
  {
    if (!x.template kept<FlatJointPart>() || !x.p.fj.on || !ContactHistory::bonded_in(x.slot))
      return;
    const auto s = x.template slots_of<FlatJointPart>();
    const FjValues v = FjValues::load(s, x.orient);
    for (int e = 0; e < x.p.fj.elements(); e++)
      if (v.state(e) == FJ_BONDED) o.stretched = true;
    if constexpr (X::ENERGY) o.d_break += stored_joint(x, s).strain;
  }
  // on the probe contact (once; a wall's too): the interface's area and stiffnesses positive and
  // finite at the particles' scale, and two steps of the joint finite
  template <class X> static bool finite(X &x)
  {
    const FlatJoint &j = x.p.fj;
    if (!j.on || x.step > 0) return true;
    const FjGeometry g = fj_geometry(j, x.c.r1, x.c.r2);
    const AreaMoments m = element_moments(g, 0, false, 0.0, 0.0, 0.0);
    if (!(m.a > 0.0 && g.kn > 0.0) || !std::isfinite(m.a + m.ss + g.kn + g.ks)) return false;
    double s[slots] = {};
    for (int step = 0; step < 2; step++) {
      const FjOutcome o =
          flat_joint_step<true, true>(j, x.c, 1, 2, x.wrel, Vec3{0.0, 0.0, 0.0}, x.dt, s, 1.0);
      if (!all_finite(o.force) || !all_finite(o.moment) || !std::isfinite(o.strain + o.released))
        return false;
    }
    return true;
  }
  // the joint's elements: bonded, broken in tension, broken in shear; its surface gap g_s; its
  // strengths sigma_c and c (as drawn)
  static constexpr int column_count = 6;
  template <class X> static void columns(X &x, double *out)
  {
    if (!x.p.fj.on || !x.h.bonded) return;
    const auto s = x.template slots_of<FlatJointPart>();
    const FjValues v = FjValues::load(s, x.orient);
    int count[4] = {};
    for (int e = 0; e < x.p.fj.elements(); e++) count[v.state(e)]++;
    out[0] = count[FJ_BONDED];
    out[1] = count[FJ_BROKE_TENSION];
    out[2] = count[FJ_BROKE_SHEAR];
    out[3] = x.c.gap - v.gap0;
    out[4] = x.p.fj.drawn ? v.ten : x.p.fj.ten;
    out[5] = x.p.fj.drawn ? v.coh : x.p.fj.coh;
    const FjOutcome j = stored_joint(x, s);
    x.strain += j.strain;
    const double fn = dot(j.force, x.c.n);
    x.fn += fn;
    x.fs = x.fs + (j.force - fn * x.c.n);
  }
};

}    // namespace dem
