// The drawn-strengths part (dem/linear): where a pair of types draws its bonds' strengths from a
// distribution (a parallel bond's: pb_ten_sd, pb_coh_sd, pb_ten_shape, pb_coh_shape, with
// parallel_bond.h; a contact bond's: cb_tenf_sd, cb_shearf_sd, cb_tenf_shape, cb_shearf_shape, with
// bonds.h), each bond keeps its two strengths (sigma_c and c; the tensile and shear strength of a
// contact bond) in 2 history values (HIST_PBSTRENGTH, after the parallel bond's force and moment),
// drawn (draw.h) on its first step and kept, so that the draws cost nothing on the steps after.
// Its keywords are those of the bonds' parts, which read and fill its values (bond_strengths_of,
// keep_strengths); a drawn contact bond's law step is its own (steps_law: the law's step with the
// bond's strengths). compute pair/local reports the bond's strengths.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "../pbond.h"
#include "part.h"

namespace dem {

// The strengths of the bond of contact x (a ContactWork or a ColumnWork): a contact bond's
// (cb_tenf, cb_shearf) or a parallel bond's (pb_ten, pb_coh), or the bond's drawn values, kept in
// BondStrengthsPart's slots (0: not drawn yet; read times the record's orientation, as the bond's
// scalars)
template <class X> DEM_INLINE BondStrengths bond_strengths_of(const X &x);

struct BondStrengthsPart : PartBase {
  static constexpr int history_bit = HIST_PBSTRENGTH, slots = 2;
  static constexpr const char *history_text = "the drawn strengths of bonds";
  static bool is_vector_slot(int) { return false; }
  // whether the pair of types' bond (contact or parallel) draws its strengths
  template <class Params> DEM_INLINE static bool uses(const Params &p)
  {
    return p.cbond ? p.cb_drawn : p.pb.on && p.pb.drawn;
  }
  // a bond made this step draws its strengths anew
  template <class X> DEM_INLINE static void before_law(X &x)
  {
    if (x.out.bond_made && x.template kept<BondStrengthsPart>())
      clear_slots(x.template slots_of<BondStrengthsPart>(), slots);
  }
  // a bonded contact whose contact bond draws its strengths: the law's step with them
  template <class X> DEM_INLINE static bool steps_law(X &x)
  {
    if (!x.p.cbond || !x.p.cb_drawn || !x.h.bonded || !x.template kept<BondStrengthsPart>())
      return false;
    const BondStrengths st = bond_strengths_of(x);
    if (x.advance) keep_strengths(x, st);
    using Law = typename X::Law;
    typename Law::Params q = x.p;
    q.cb_tenf = st.ten;
    q.cb_shearf = st.coh;
    x.r = x.advance ? Law::template step<X::ENERGY, true>(q, x.c, x.k.dt, x.h)
                    : Law::replay(q, x.c, x.k.dt, x.h);
    return true;
  }
  // the bond's two strengths (as drawn; 0 unbonded)
  static constexpr int column_count = 2;
  template <class X> static void columns(X &x, double *out)
  {
    if (!x.h.bonded || !(x.p.pb.on || x.p.cbond)) return;
    const BondStrengths st = bond_strengths_of(x);
    out[0] = st.ten;
    out[1] = st.coh;
  }
};

// Whether a pair of types takes a bond whose part's keywords (count of them) switch it on with
// stiffness kn or modulus emod (kn/ks and emod/kratio are alternatives): on; a bond's keyword
// given without either is an error naming `bond`
template <class M>
bool mix_bond_switch(M &m, bool &on, int count, int kn, int ks, int emod, int kratio,
                     const char *bond)
{
  on = m.given(kn) || m.given(emod);
  for (int k = 0; k < count; k++)
    if (!on && m.given(k))
      return m.fail(m.name(k), " is a ", bond, "'s property: it needs ", m.name(kn), " (or ",
                    m.name(emod), ")");
  if (!on) return true;
  if (m.given(emod) && (m.given(kn) || m.given(ks)))
    return m.fail(m.name(emod), "/", m.name(kratio), " and ", m.name(kn), "/", m.name(ks),
                  " are alternatives: give one or the other");
  if (m.given(kratio) && !m.given(emod)) return m.fail(m.name(kratio), " needs ", m.name(emod));
  return true;
}

// The mixing of a bond's drawn strengths (host code; the keywords' positions in its part's table:
// the tensile strength's sd, shape, each followed by the cohesion's, and the seed): sd and shape of
// one strength are alternatives, the seed a whole number; seed_out, drawn: the bond's
template <class M>
bool mix_strength_draws(M &m, int ten_sd, int ten_shape, int seed_key, const Spread &ten,
                        const Spread &coh, double seed, std::uint64_t &seed_out, bool &drawn)
{
  const Spread *spreads[2] = {&ten, &coh};
  for (int q = 0; q < 2; q++)
    if (spreads[q]->sd > 0.0 && spreads[q]->shape > 0.0)
      return m.fail(m.name(ten_sd + q), " (a normal distribution) and ", m.name(ten_shape + q),
                    " (a Weibull distribution) are alternatives: give one or the other");
  if (seed != std::floor(seed) || seed > 9007199254740992.0)
    return m.fail(m.name(seed_key), " must be a whole number from 1 to 2^53, not ", seed);
  seed_out = static_cast<std::uint64_t>(seed);
  drawn = ten.on() || coh.on();
  return true;
}

// A bond's reach in tension (host code): twice the stretch at which the largest tensile strength a
// draw gives (value, spread) reaches it on `stiffness`; an error naming the keyword whose value
// overflowed it (the spread's, where one is given: key, key_sd, key_shape) and `derived`
template <class M>
bool mix_tension_reach(M &m, int key, int key_sd, int key_shape, double value, const Spread &s,
                       double stiffness, const char *derived, double &reach)
{
  reach = 2.0 * spread_bound(value, s) / stiffness;
  if (std::isfinite(reach)) return true;
  return m.fail_not_finite(s.sd > 0.0 ? key_sd : s.shape > 0.0 ? key_shape : key, derived, reach);
}

template <class X> DEM_INLINE BondStrengths bond_strengths_of(const X &x)
{
  const auto &p = x.p;
  const bool cb = p.cbond;
  const BondStrengths given = cb ? BondStrengths{p.cb_tenf, p.cb_shearf}
                                 : BondStrengths{p.pb.ten, p.pb.coh};
  if (!BondStrengthsPart::uses(p) || !x.template kept<BondStrengthsPart>()) return given;
  const auto s = x.template slots_of<BondStrengthsPart>();
  const BondStrengths st{x.orient * s[0], x.orient * s[1]};
  if (st.ten != 0.0 || st.coh != 0.0) return st;
  const long long id1 = x.b.id1(), id2 = x.b.id2();
  if (!cb) return bond_strengths(p.pb, id1, id2);
  return {draw_strength(p.cb_tenf, p.cb_tenf_spread, id1, id2, p.cb_seed, 0),
          draw_strength(p.cb_shearf, p.cb_shearf_spread, id1, id2, p.cb_seed, 1)};
}
// ... kept in its slots
template <class X> DEM_INLINE void keep_strengths(X &x, const BondStrengths &st)
{
  if (!BondStrengthsPart::uses(x.p) || !x.template kept<BondStrengthsPart>()) return;
  const auto s = x.template slots_of<BondStrengthsPart>();
  s[0] = st.ten;
  s[1] = st.coh;
}

}    // namespace dem
