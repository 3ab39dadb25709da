// The drawn-strengths part (dem/linear, with parallel_bond.h): where a pair of types draws its
// parallel bonds' strengths from a distribution (pb_ten_sd, pb_coh_sd, pb_ten_shape, pb_coh_shape),
// each bond keeps its sigma_c and c in 2 history values (HIST_PBSTRENGTH, after the bond's force
// and moment), drawn (draw.h) on its first step and kept, so that the draws cost nothing on the
// steps after. Its keywords are the parallel bond's; ParallelBondPart reads and fills its values
// (bond_strengths_of, keep_strengths).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "../pbond.h"
#include "part.h"

namespace dem {

struct BondStrengthsPart : PartBase {
  static constexpr int history_bit = HIST_PBSTRENGTH, slots = 2;
  static constexpr const char *history_text = "the drawn strengths of parallel bonds";
  static bool is_vector_slot(int) { return false; }
  template <class Params> DEM_INLINE static bool uses(const Params &p)
  {
    return p.pb.on && p.pb.drawn;
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

// The strengths of the bond of contact x (a ContactWork or a ColumnWork): pb_ten and pb_coh, or
// the bond's drawn values, kept in BondStrengthsPart's slots (0: not drawn yet; read times the
// record's orientation, as the bond's scalars)
template <class X> DEM_INLINE BondStrengths bond_strengths_of(const X &x)
{
  const ParallelBond &b = x.p.pb;
  if (!b.drawn || !x.template kept<BondStrengthsPart>()) return {b.ten, b.coh};
  const auto s = x.template slots_of<BondStrengthsPart>();
  const BondStrengths st{x.orient * s[0], x.orient * s[1]};
  return st.ten == 0.0 && st.coh == 0.0 ? bond_strengths(b, x.b.id1(), x.b.id2()) : st;
}
// ... kept in its slots
template <class X> DEM_INLINE void keep_strengths(X &x, const BondStrengths &st)
{
  if (!x.p.pb.drawn || !x.template kept<BondStrengthsPart>()) return;
  const auto s = x.template slots_of<BondStrengthsPart>();
  s[0] = st.ten;
  s[1] = st.coh;
}

}    // namespace dem
