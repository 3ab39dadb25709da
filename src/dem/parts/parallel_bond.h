// The parallel-bond part (pbond.h has the model: PFC's linear parallel bond; dem/linear, pb_*): on a
// bonded contact (bonds.h) of a pair of types that takes parallel bonds, a cement disk in parallel
// with the law's contact, with a force and a moment of its own that start at 0 when the bond is
// made. Its 8 history values (HIST_PBOND, after the rolling moment): F_n, F_s (3), M_t, M_b (3).
// Its energy: strain now (e_strain), and what it takes along when it breaks (e_break).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "../pbond.h"
#include "part.h"

namespace dem {

struct ParallelBondPart : PartBase {
  static constexpr Keyword keywords[] = {{"pb_rmul", KEY_POSITIVE}, {"pb_kn", KEY_NONNEGATIVE},
                                         {"pb_ks", KEY_NONNEGATIVE},  {"pb_ten", KEY_NONNEGATIVE},
                                         {"pb_coh", KEY_NONNEGATIVE}, {"pb_fa", KEY_ANGLE},
                                         {"pb_mcf", KEY_RATIO},       {"pb_emod", KEY_POSITIVE},
                                         {"pb_kratio", KEY_NONNEGATIVE}};
  static constexpr int keyword_count = 9;
  static constexpr int history_bit = HIST_PBOND, slots = 8;
  static constexpr const char *history_text = "the force and moment of parallel bonds";
  static bool is_vector_slot(int k) { return k != 0 && k != 4; }    // F_n and M_t are scalars
  template <class Params> DEM_INLINE static bool uses(const Params &p) { return p.pb.on; }

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
    const BondOutcome pb = parallel_bond_step(x.p.pb, x.c, x.b.w2() - x.b.w1(), x.k.dt,
                                              x.template slots_of<ParallelBondPart>(), x.orient, x.advance, x.advance);
    if (pb.broke) x.h.bonded = false;
    x.r.d_break += pb.released;
    if (!x.r.bond_broke) x.r.bond_broke = pb.broke;
    x.out.force = x.out.force + pb.force;
    x.out.moment = x.out.moment + pb.moment;
    x.out.couple = true;
    if constexpr (X::STRAIN) x.out.strain += pb.strain;
  }
  // a bond that leaves the reach takes its strain energy along
  template <class X, class Out> DEM_INLINE static void release(const X &x, Out &o)
  {
    if (!X::ENERGY || !x.template kept<ParallelBondPart>() || !x.p.pb.on || !ContactHistory::bonded_in(x.slot)) return;
    const BondForces f = BondForces::load(x.template slots_of<ParallelBondPart>(), x.orient);
    o.d_break += bond_strain_energy(bond_geometry(x.p.pb, x.c.r1, x.c.r2), f);
  }
  // the bond's force and moment as stored: F_n, F_s (s, t), M_t, M_b (s, t)
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
