// The parallel-bond part (pbond.h has the model: PFC's linear parallel bond; dem/linear, pb_*): on a
// bonded contact (bonds.h) of a pair of types that takes parallel bonds, a cement disk in parallel
// with the law's contact, with a force and a moment of its own that start at 0 when the bond is
// made. Its 8 history values (HIST_PBOND, after the rolling moment): F_n, F_s (3), M_t, M_b (3).
// Its strengths: pb_ten and pb_coh, or drawn per bond from a distribution (pbond.h, draw.h).
// Its energy: strain now (e_strain), and what it takes along when it breaks (e_break).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "../pbond.h"
#include "bond_strengths.h"
#include "part.h"

namespace dem {

struct ParallelBondPart : PartBase {
  // (pb_emod is PFC's pb_deformability: pb_kn or pb_emod makes a pair of types take parallel bonds)
  static constexpr Keyword keywords[] = {
      {"pb_rmul", KEY_POSITIVE, 1.0}, {"pb_kn", KEY_NONNEGATIVE},
      {"pb_ks", KEY_NONNEGATIVE},     {"pb_ten", KEY_NONNEGATIVE},
      {"pb_coh", KEY_NONNEGATIVE},    {"pb_fa", KEY_ANGLE},
      {"pb_mcf", KEY_RATIO, 1.0},     {"pb_emod", KEY_POSITIVE},
      {"pb_kratio", KEY_NONNEGATIVE}, {"pb_ten_sd", KEY_NONNEGATIVE},
      {"pb_coh_sd", KEY_NONNEGATIVE}, {"pb_ten_shape", KEY_POSITIVE},
      {"pb_coh_shape", KEY_POSITIVE}, {"pb_seed", KEY_POSITIVE, 1.0}};
  static constexpr int keyword_count = 14;
  enum {
    RMUL,
    KN,
    KS,
    TEN,
    COH,
    FA,
    MCF,
    EMOD,
    KRATIO,
    TEN_SD,
    COH_SD,
    TEN_SHAPE,
    COH_SHAPE,
    SEED
  };
  static constexpr const char *outputs[] = {"e_strain", "e_break", "n_bonds", "n_broke_tension",
                                            "n_broke_shear"};
  static constexpr int output_count = 5;
  static constexpr int history_bit = HIST_PBOND, slots = 8;
  static constexpr const char *history_text = "the force and moment of parallel bonds";
  static bool is_vector_slot(int k) { return k != 0 && k != 4; }    // F_n and M_t are scalars
  template <class Params> DEM_INLINE static bool uses(const Params &p) { return p.pb.on; }

  // each value the same for both types or set for the pair
  template <class Law, class M, class X> static bool mix(M &m, X &x)
  {
    ParallelBond &pb = x.p.pb;
    if (!mix_bond_switch(m, pb.on, keyword_count, KN, KS, EMOD, KRATIO, "parallel bond"))
      return false;
    if (!pb.on) return true;
    double fa = 0.0, seed = 1.0;
    double *const values[keyword_count] = {&pb.rmul,
                                           &pb.kn,
                                           &pb.ks,
                                           &pb.ten,
                                           &pb.coh,
                                           &fa,
                                           &pb.mcf,
                                           &pb.emod,
                                           &pb.kratio,
                                           &pb.ten_spread.sd,
                                           &pb.coh_spread.sd,
                                           &pb.ten_spread.shape,
                                           &pb.coh_spread.shape,
                                           &seed};
    for (int k = 0; k < keyword_count; k++)
      if (!m.same_or_pair(k, *values[k])) return false;
    if (!(pb.kn > 0.0) && !(pb.emod > 0.0)) return m.fail("a parallel bond needs pb_kn > 0");
    if (!mix_strength_draws(m, TEN_SD, TEN_SHAPE, SEED, pb.ten_spread, pb.coh_spread, seed, pb.seed,
                            pb.drawn))
      return false;
    pb.dim2 = m.dim2;
    pb.tan_fa = std::tan(fa * 3.14159265358979323846 / 180.0);
    // with pb_emod, per unit of R1 + R2 (bond_reach)
    return mix_tension_reach(m, TEN, TEN_SD, TEN_SHAPE, pb.ten, pb.ten_spread,
                             pb.emod > 0.0 ? pb.emod : pb.kn,
                             pb.emod > 0.0 ? "2 pb_ten/pb_emod" : "2 pb_ten/pb_kn", pb.reach);
  }
  template <class Law, class M, class X> static bool check(M &m, X &x)
  {
    if (!x.p.pb.on) return true;
    if (x.p.cbond)
      return m.fail("a pair of types takes contact bonds (cb_tenf, cb_shearf) or parallel bonds "
                    "(pb_kn), not both");
    if (x.p.hold_gap > 0.0) return m.fail("parallel bonds (pb_kn) and hold_gap are alternatives");
    return true;
  }

  // a bond made this step starts without force or moment
  template <class X> DEM_INLINE static void before_law(X &x)
  {
    if (x.out.bond_made && x.template kept<ParallelBondPart>())
      clear_slots(x.template slots_of<ParallelBondPart>(), slots);
  }
  // in parallel with the law's contact while bonded; a bond that breaks unbonds the contact
  template <class X> DEM_INLINE static void after_law(X &x)
  {
    if (!x.template kept<ParallelBondPart>() || !x.h.bonded || !x.p.pb.on) return;
    const BondStrengths st = bond_strengths_of(x);
    if (x.advance) keep_strengths(x, st);
    const BondOutcome pb =
        parallel_bond_step(x.p.pb, st, x.c, x.b.w2() - x.b.w1(), x.k.dt,
                           x.template slots_of<ParallelBondPart>(), x.orient, x.advance, x.advance);
    if (pb.broke) x.h.bonded = false;
    x.r.d_break += pb.released;
    if (!x.r.bond_broke) x.r.bond_broke = pb.broke;
    x.out.force = x.out.force + pb.force;
    x.out.moment = x.out.moment + pb.moment;
    x.out.couple = true;
    x.out.kn += pb.kn;
    if constexpr (X::STRAIN) x.out.strain += pb.strain;
  }
  // a bond that leaves the reach takes its strain energy along
  template <class X, class Out> DEM_INLINE static void release(const X &x, Out &o)
  {
    if (!X::ENERGY || !x.template kept<ParallelBondPart>() || !x.p.pb.on ||
        !ContactHistory::bonded_in(x.slot))
      return;
    const BondForces f = BondForces::load(x.template slots_of<ParallelBondPart>(), x.orient);
    o.d_break += bond_strain_energy(bond_geometry(x.p.pb, x.c.r1, x.c.r2), f);
  }
  // on the probe contact (once; a wall's too: the bond's length is then R1): the bond's area,
  // moments of inertia and stiffnesses positive and finite at the particles' scale (pb_rmul 1e-160
  // underflows the area to 0), and two steps of the bond finite
  template <class X> static bool finite(X &x)
  {
    const ParallelBond &b = x.p.pb;
    if (!b.on || x.step > 0) return true;
    const BondGeometry g = bond_geometry(b, x.c.r1, x.c.r2);
    const bool twist = g.polar > 0.0 || b.dim2;
    if (!(g.area > 0.0 && g.inertia > 0.0 && twist && g.kn > 0.0) ||
        !std::isfinite(g.area + g.inertia + g.polar + g.kn + g.ks))
      return false;
    double s[slots] = {};
    for (int step = 0; step < 2; step++) {
      const BondOutcome o =
          parallel_bond_step(b, {b.ten, b.coh}, x.c, x.wrel, x.dt, s, 1.0, true, true);
      if (!all_finite(o.force) || !all_finite(o.moment) || !std::isfinite(o.strain + o.released))
        return false;
    }
    return true;
  }
  // the bond's force and moment as stored: F_n, F_s (s, t), M_t, M_b (s, t) (its strengths
  // follow: BondStrengthsPart)
  static constexpr int column_count = 6;
  template <class X> static void columns(X &x, double *out)
  {
    if (!x.p.pb.on || !x.h.bonded) return;
    const BondForces f = BondForces::load(x.template slots_of<ParallelBondPart>(), x.orient);
    const Vec3 fs = x.o * f.fs, mb = x.o * f.mb;
    const double values[6] = {f.fn, dot(fs, x.s), dot(fs, x.t), f.mt, dot(mb, x.s), dot(mb, x.t)};
    for (int k = 0; k < 6; k++) out[k] = values[k];
    x.strain += bond_strain_energy(bond_geometry(x.p.pb, x.c.r1, x.c.r2), f);
    x.fn -= f.fn;
    x.fs = x.fs + f.fs;
  }
};

}    // namespace dem
