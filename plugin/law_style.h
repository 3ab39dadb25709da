// A law as the pair styles and the wall fix see it (LawStyle<Law>): its keyword values as given in
// pair_coeff (LawProperties, defaults from the keyword table), their range checks, and the
// mixer (dem/mixing.h) through which the law and its parts turn the types' values into a
// contact's parameters. Host code, no LAMMPS types: errors are messages (empty on success).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/parts/adhesion.h"
#include "properties.h"

#include <cstdint>
#include <string>

namespace DEM_NS {

// Values of a law's keywords (keyword_table) and of adhesion's, each starting at its fallback
template <class Law>
struct LawProperties : KeyedValues<Law::keyword_count + Law::Parts::keyword_count> {
  LawProperties()
  {
    for (int k = 0; k < this->count; k++) this->value[k] = keyword_table<Law>[k].fallback;
  }
};
inline constexpr auto adhesion_table = keyword_array<dem::AdhesionPart>();
struct AdhesionProperties :
    KeyedValues<dem::AdhesionPart::keyword_count> {    // the same for every law
  AdhesionProperties()
  {
    for (int k = 0; k < count; k++) value[k] = adhesion_table[k].fallback;
  }
};

// The mixer of dem/mixing.h over the values v[TYPE1, TYPE2, PAIR] of a table's keywords from `at`;
// own: adhesion's values (the part that keeps its keywords apart). The first error is kept in *err.
template <class Values, class Own> struct Mixer {
  const Values *v;
  const Own *own;
  const dem::Keyword *table;
  int at;
  bool dim2;
  std::string *err;

  bool has(int side, int k) const { return v[side].has(at + k); }
  double value(int side, int k) const { return v[side].value[at + k]; }
  bool given(int k) const { return has(dem::TYPE1, k) || has(dem::TYPE2, k) || has(dem::PAIR, k); }
  const char *name(int k) const { return table[at + k].name; }

  template <class... Pieces> bool fail(const Pieces &...pieces)
  {
    *err = (std::string() + ... + piece(pieces));
    return false;
  }
  bool same_or_pair(int k, double &out)
  {
    if (has(dem::PAIR, k))
      out = value(dem::PAIR, k);
    else if (value(dem::TYPE1, k) == value(dem::TYPE2, k) &&
             has(dem::TYPE1, k) == has(dem::TYPE2, k))
      out = value(dem::TYPE1, k);
    else
      return fail("the two types differ in ", name(k),
                  ", which is not inherited: set it for the pair of types");
    return true;
  }
  bool fail_not_finite(int k, const char *derived, double x)
  {
    const std::string values = has(dem::PAIR, k) ? "the value " + short_number(value(dem::PAIR, k))
                                                 : "the types' values " +
            short_number(value(dem::TYPE1, k)) + " and " + short_number(value(dem::TYPE2, k));
    return fail(not_finite(name(k), values, derived, x));
  }
  // the mixer of part Q, whose keywords start at `from` in the law's table (or are adhesion's)
  template <class Q> auto part(int from) const
  {
    if constexpr (Q::own_keywords)
      return Mixer<Own, Own>{own, own, adhesion_table.data(), 0, dim2, err};
    else
      return Mixer<Values, Own>{v, own, table, from, dim2, err};
  }

 private:
  static std::string piece(const char *text) { return text; }
  static std::string piece(const std::string &text) { return text; }
  static std::string piece(double x) { return short_number(x); }
};

// A law for the PairDEM and FixWallDEM templates
template <class L> struct LawStyle {
  using Law = L;
  using Params = typename Law::Params;
  using Properties = LawProperties<Law>;
  static constexpr const char *name = Law::style;
  static constexpr const char *const *keywords = keyword_names<Law>.data();
  static constexpr const char *stiffness_keywords = Law::stiffness_keywords;
  static std::string set(Properties &p, const std::string &key, double v)
  {
    return set_keyword(p, keyword_table<Law>.data(), Properties::count, key, v);
  }
  static Params mirrored(const Params &p) { return Law::mirrored(p); }
};

inline std::string adhesion_set(AdhesionProperties &p, const std::string &key, double v)
{
  return set_keyword(p, adhesion_table.data(), AdhesionProperties::count, key, v,
                     "adhesion keyword");
}
inline constexpr auto adhesion_keyword_names =
    keyword_names_of<adhesion_table.size()>(adhesion_table.data());
inline constexpr const char *const *adhesion_keywords = adhesion_keyword_names.data();
inline bool is_adhesion_keyword(const std::string &key)
{
  return keyword_index(adhesion_keywords, AdhesionProperties::count, key) <
      AdhesionProperties::count;
}

// The reach of adhesion a beyond touching (adhesive_reach) must lie within the box (of largest
// edge `box`): a longer one is a value out of scale, and LAMMPS cannot bin a cutoff that long.
inline std::string check_reach(const dem::Adhesion &a, double reach, double box)
{
  if (std::isfinite(reach) && reach <= box) return {};
  const std::string source = dem::AdhesionPart::reach_source(a);
  if (!std::isfinite(reach))
    return "the adhesive reach (" + source + ") is not finite: check the adhesion values";
  return "the adhesive reach " + short_number(reach) + " (" + source +
      ") exceeds the box's largest edge " + short_number(box) + ": check the adhesion values";
}

// The parameters and adhesion of a contact from the keyword values of type 1, type 2 and the pair
// (p, q: adhesion's): the law's mixing, then its parts' in their order. units: LAMMPS's unit style
// (tan_mode 1's v_slide defaults to Rocky's 1 mm/s in units si only).
template <class Style>
std::string mix_contact(const typename Style::Properties (&p)[3], const AdhesionProperties (&q)[3],
                        bool dim2, const std::string &units, typename Style::Params &out,
                        dem::Adhesion &a)
{
  using Law = typename Style::Law;
  std::string err;
  Mixer<typename Style::Properties, AdhesionProperties> m{p, q,    keyword_table<Law>.data(),
                                                          0, dim2, &err};
  dem::Mixed<typename Style::Params> x{out, a};
  if (!Law::mix(m, out)) return err;
  if (out.tan.mode == dem::TAN_COULOMB && units != "si" && !m.given(Law::V_SLIDE))
    return "tan_mode 1 needs v_slide in units " + units +
        ": its default, 0.001, is Rocky's 1 mm/s in units si only";
  a = dem::Adhesion{};
  Law::Parts::template mix<Law>(m, x);
  return err;
}

// A contact's own values (no inheritance: the fix wall/dem keywords, pair_coeff under coeff contact)
// are mixed as two like types whose pair has them set, so that the pair-level values (kn, ks,
// fric, ...) are used as given. A type's own keywords (per_type: linear's emod and kratio,
// hysteretic's emod) stay on the two like types, where the law turns the modulus into the
// contact's stiffness with the radii (as PFC's deformability method does for a contact's emod).
template <class Style>
void own_values(const typename Style::Properties &p, const AdhesionProperties &q,
                typename Style::Properties (&p3)[3], AdhesionProperties (&q3)[3])
{
  p3[0] = p3[1] = p3[2] = p;
  for (int k = 0; k < Style::Properties::count; k++)
    if (keyword_table<typename Style::Law>[k].per_type) p3[2].set &= ~(std::uint64_t{1} << k);
  q3[0] = q3[1] = q;
  q3[2] = AdhesionProperties{};
}

}    // namespace DEM_NS
