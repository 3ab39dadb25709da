// Keyword properties as given in pair_coeff, and the inheritance rules the PFC models share.
// Host code, no LAMMPS types: functions return an error message (empty on success).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/keywords.h"
#include "dem/restitution.h"
#include "dem/rolling.h"
#include "dem/tangential.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace DEM_NS {

// Values of the N keywords of a law, and which of them were given. Plain data (restart files).
template <int N> struct KeyedValues {
  static constexpr int count = N;
  double value[N] = {};
  unsigned set = 0;    // bit k: keyword k was given
  bool has(int k) const { return (set >> k) & 1u; }
  void put(int k, double v)
  {
    value[k] = v;
    set |= 1u << k;
  }
};

// Index of key in names[0..n), or n.
inline int keyword_index(const char *const *names, int n, const std::string &key)
{
  int k = 0;
  while (k < n && key != names[k]) k++;
  return k;
}

// The keywords of a law and its parts, in the order of the law's KeyedValues: the law's own
// (Law::keywords), then its parts' in the order of Law::Parts (dem/parts/part.h)
template <class Law> constexpr auto make_keyword_table()
{
  std::array<dem::Keyword, Law::keyword_count + Law::Parts::keyword_count> table{};
  for (int k = 0; k < Law::keyword_count; k++) table[k] = Law::keywords[k];
  Law::Parts::copy_keywords(table.data(), Law::keyword_count);
  return table;
}
template <class Law> inline constexpr auto keyword_table = make_keyword_table<Law>();
// the names of the N keywords of a table
template <std::size_t N> constexpr std::array<const char *, N> keyword_names_of(const dem::Keyword *table)
{
  std::array<const char *, N> names{};
  for (std::size_t k = 0; k < N; k++) names[k] = table[k].name;
  return names;
}
template <class Law>
inline constexpr auto keyword_names = keyword_names_of<keyword_table<Law>.size()>(keyword_table<Law>.data());

// whether keyword k of a table is `name` (for the static_asserts that tie a law's key enum to it)
constexpr bool is_keyword(const dem::Keyword *table, int k, const char *name)
{
  const char *a = table[k].name;
  while (*a && *a == *name) {
    a++;
    name++;
  }
  return *a == *name;
}

// A number for a message: 1e+308 rather than std::to_string's 309 digits.
inline std::string short_number(double v)
{
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

inline std::string out_of_range(const std::string &key, double v, const char *allowed)
{
  return "keyword " + key + " = " + short_number(v) + " is out of range: allowed " + allowed;
}

// The value of keyword key as written in text: a finite number (v), else the error, which names
// the keyword. Decimal notation only (as LAMMPS's numbers), so nan, inf and hexadecimal are refused.
inline std::string parse_value(const std::string &key, const char *text, double &v)
{
  const std::string s = text ? text : "";
  char *end = nullptr;
  v = std::strtod(s.c_str(), &end);
  const bool whole = !s.empty() && end == s.c_str() + s.size();
  if (whole && !std::isfinite(v)) return "keyword " + key + " = " + s + " is not a finite number";
  if (!whole || s.find_first_not_of("0123456789+-.eE") != std::string::npos)
    return "keyword " + key + ": expected a number, not '" + s + "'";
  return {};
}

// "" if v is allowed for a keyword of this kind (dem/keywords.h), else the message
inline std::string check_keyword(const std::string &key, double v, int range)
{
  return dem::key_allows(range, v) ? "" : out_of_range(key, v, dem::key_range_text(range));
}

// Reads "key value" into the values p of the keywords in table[0..n): the error names the keyword
// and its range, or the keywords allowed (what: "keyword", "adhesion keyword")
template <class Values>
std::string set_keyword(Values &p, const dem::Keyword *table, int n, const std::string &key, double v,
                        const char *what = "keyword")
{
  int k = 0;
  while (k < n && key != table[k].name) k++;
  if (k == n) {
    std::string allowed;
    for (int m = 0; m < n; m++) allowed += std::string(m ? " " : "") + table[m].name;
    return std::string("unknown ") + what + " " + key + " (allowed: " + allowed + ")";
  }
  const std::string err = check_keyword(key, v, table[k].range);
  if (err.empty()) p.put(k, v);
  return err;
}

// The error for a derived parameter of a contact that overflowed (inf or NaN): names the keyword
// whose values (given, or of the two types) produced it.
inline std::string not_finite(const std::string &key, const std::string &values, const std::string &derived, double v)
{
  return "keyword " + key + ": " + values + " give " + derived + " = " + short_number(v) +
      ", which is not finite (floating-point overflow)";
}
template <class P> std::string type_values(const P &a, const P &b, const P &pair, int k)
{
  if (pair.has(k)) return "the value " + short_number(pair.value[k]);
  return "the types' values " + short_number(a.value[k]) + " and " + short_number(b.value[k]);
}

// Two springs in series (PFC's inheritance of stiffness); a zero spring gives zero.
inline double series(double k1, double k2) { return (k1 > 0.0 && k2 > 0.0) ? k1 * k2 / (k1 + k2) : 0.0; }

// A property that is not inherited: the pair's own value, else the types' common value.
template <class P>
std::string same_or_pair(const P &a, const P &b, const P &pair, int k, const char *const *names, double &out)
{
  if (pair.has(k)) out = pair.value[k];
  else if (a.value[k] == b.value[k] && a.has(k) == b.has(k)) out = a.value[k];
  else
    return std::string("the two types differ in ") + names[k] + ", which is not inherited: set it for the pair of types";
  return {};
}

// Where a style keeps the tangential keywords in its KeyedValues.
struct TangentialKeys {
  int mode, fric, fric_dyn, v_slide;
};

// The tangential model of a contact. fric is the smaller of the types' (PFC eq. 16, 20), and so is
// fric_dyn, a type's fric_dyn defaulting to its fric; a pair that sets fric alone has fric_dyn = fric.
template <class P>
std::string tangential_mix(const P &a, const P &b, const P &pair, TangentialKeys k, const char *const *names,
                           dem::Tangential &out)
{
  out.fric = pair.has(k.fric) ? pair.value[k.fric] : std::min(a.value[k.fric], b.value[k.fric]);
  auto dynamic = [&](const P &p) { return p.has(k.fric_dyn) ? p.value[k.fric_dyn] : p.value[k.fric]; };
  if (pair.has(k.fric_dyn)) out.fric_dyn = pair.value[k.fric_dyn];
  else if (pair.has(k.fric)) out.fric_dyn = out.fric;
  else out.fric_dyn = std::min(dynamic(a), dynamic(b));
  if (out.fric_dyn > out.fric)
    return "fric_dyn = " + short_number(out.fric_dyn) + " exceeds fric = " + short_number(out.fric) +
        ": the dynamic friction coefficient must not exceed the static one";
  double v;
  std::string err = same_or_pair(a, b, pair, k.mode, names, v);
  if (!err.empty()) return err;
  out.mode = static_cast<int>(v);
  if (!(err = same_or_pair(a, b, pair, k.v_slide, names, out.v_slide)).empty()) return err;
  const bool v_slide_given = a.has(k.v_slide) || b.has(k.v_slide) || pair.has(k.v_slide);
  if (v_slide_given && out.mode != dem::TAN_COULOMB) return "v_slide applies to tan_mode 1 (Coulomb limit) only";
  if (out.mode == dem::TAN_MINDLIN && out.fric_dyn != out.fric)
    return "tan_mode 2 (Mindlin-Deresiewicz) has a single friction coefficient, fric: do not set fric_dyn";
  return {};
}

// tan_mode 1 with v_slide left at its default, 0.001, which is Rocky's 1 mm/s in units si only:
// other unit systems need it given.
template <class P>
std::string check_v_slide_units(const P &a, const P &b, const P &pair, int key, const dem::Tangential &t,
                                const std::string &units)
{
  if (t.mode != dem::TAN_COULOMB || units == "si" || a.has(key) || b.has(key) || pair.has(key)) return {};
  return "tan_mode 1 needs v_slide in units " + units + ": its default, 0.001, is Rocky's 1 mm/s in units si only";
}

// The normal damping ratio: dp_nratio (key_ratio), or the one that makes a binary collision
// reach the restitution coefficient given (key_e). zeta_per_beta converts the law's beta_n to the
// linear damping ratio it is equivalent to (1 for the linear model); beta_n <= 1.
template <class P>
std::string normal_damping(const P &a, const P &b, const P &pair, int key_ratio, int key_e,
                           const char *const *names, bool no_tension, double zeta_per_beta, double &beta)
{
  const bool e_given = pair.has(key_e) || (!pair.has(key_ratio) && (a.has(key_e) || b.has(key_e)));
  if (!e_given) return same_or_pair(a, b, pair, key_ratio, names, beta);
  for (const P *p : {&a, &b, &pair})
    if (p->has(key_e) && p->has(key_ratio))
      return "restitution and dp_nratio are alternatives: give one or the other";
  double e;
  std::string err = same_or_pair(a, b, pair, key_e, names, e);
  if (!err.empty()) return err;
  if (no_tension) {
    const double e_min = dem::restitution_no_tension(zeta_per_beta);
    if (e < e_min)
      return "restitution " + short_number(e) + " is below " + short_number(e_min) +
          ", the least a no-tension dashpot (dp_mode 1 or 3) reaches with dp_nratio <= 1";
    beta = dem::damping_ratio_no_tension(e, zeta_per_beta) / zeta_per_beta;
  } else {
    beta = dem::damping_ratio_full(e) / zeta_per_beta;
  }
  return {};
}

struct RollingKeys {
  int fric, model, damp;
};

// The rolling resistance of a contact: mu_r is the smaller of the types' (as fric), or the pair's;
// none if it is 0. rr_model and rr_damp are not inherited: the types' common value or the pair's.
// spring: the law has a shear stiffness for k_r = k_s Rbar^2 (PFC rrlinear and type C need one).
template <class P>
std::string rolling_mix(const P &a, const P &b, const P &pair, RollingKeys k, const char *const *names,
                        bool spring, dem::Rolling &out)
{
  out = dem::Rolling{};
  for (const P *p : {&a, &b})
    if ((p->has(k.model) || p->has(k.damp)) && !p->has(k.fric))
      return std::string(names[k.model]) + " and " + names[k.damp] + " need " + names[k.fric] + " on the same type";
  out.mu = pair.has(k.fric) ? pair.value[k.fric] : std::min(a.value[k.fric], b.value[k.fric]);
  if (out.mu == 0.0) {
    if (pair.has(k.model) || pair.has(k.damp))
      return std::string(names[k.model]) + " or " + names[k.damp] + " set for a pair of types without rolling resistance (" +
          names[k.fric] + " 0)";
    out.model = dem::ROLL_NONE;
    return {};
  }
  double v[2];
  for (int q = 0; q < 2; q++) {
    const int key = q == 0 ? k.model : k.damp;
    if (pair.has(key)) v[q] = pair.value[key];
    else if (a.value[key] == b.value[key]) v[q] = a.value[key];
    else
      return std::string("the two types differ in ") + names[key] + ", which is not inherited: set it for the pair of types";
  }
  out.model = static_cast<int>(v[0]);
  out.damp = v[1];
  if (out.damp > 0.0 && out.model != dem::ROLL_C) return "rr_damp is the viscous moment of rr_model 3 (Rocky type C) only";
  if (out.model != dem::ROLL_A && !spring)
    return "rr_model 0 (PFC rrlinear) and 3 (Rocky type C) are springs of stiffness k_r = k_s Rbar^2 and need a "
           "shear spring (k_s > 0, tan_mode 0): set it, or use rr_model 1 (Rocky type A, a constant moment)";
  return {};
}

}    // namespace DEM_NS
