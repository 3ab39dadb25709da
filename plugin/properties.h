// Keyword properties as given in pair_coeff, and the inheritance rules the PFC models share.
// Host code, no LAMMPS types: functions return an error message (empty on success).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/keywords.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace DEM_NS {

// Values of the N keywords of a law, and which of them were given. Plain data (restart files).
template <int N> struct KeyedValues {
  static constexpr int count = N;
  double value[N] = {};
  static_assert(N <= 64);
  std::uint64_t set = 0;    // bit k: keyword k was given
  bool has(int k) const { return (set >> k) & 1u; }
  void put(int k, double v)
  {
    value[k] = v;
    set |= std::uint64_t{1} << k;
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
// the keywords of a part that keeps them apart from the law's (own_keywords)
template <class Part> constexpr auto keyword_array()
{
  std::array<dem::Keyword, Part::keyword_count> table{};
  for (int k = 0; k < Part::keyword_count; k++) table[k] = Part::keywords[k];
  return table;
}
// the names of the N keywords of a table
template <std::size_t N>
constexpr std::array<const char *, N> keyword_names_of(const dem::Keyword *table)
{
  std::array<const char *, N> names{};
  for (std::size_t k = 0; k < N; k++) names[k] = table[k].name;
  return names;
}
template <class Law>
inline constexpr auto keyword_names =
    keyword_names_of<keyword_table<Law>.size()>(keyword_table<Law>.data());

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

// The value of a yes/no keyword as written in text (yes, on, true, 1; no, off, false, 0; in any
// case, as LAMMPS's utils::logical reads them), else the error, which names the keyword.
inline std::string parse_yes_no(const std::string &key, const std::string &text, bool &v)
{
  std::string s = text;
  for (char &c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  v = s == "yes" || s == "on" || s == "true" || s == "1";
  if (v || s == "no" || s == "off" || s == "false" || s == "0") return {};
  return key + " must be yes or no, not " + text;
}

// "" if v is allowed for a keyword of this kind (dem/keywords.h), else the message
inline std::string check_keyword(const std::string &key, double v, int range)
{
  return dem::key_allows(range, v) ? "" : out_of_range(key, v, dem::key_range_text(range));
}

// Reads "key value" into the values p of the keywords in table[0..n): the error names the keyword
// and its range, or the keywords allowed (what: "keyword", "adhesion keyword")
template <class Values>
std::string set_keyword(Values &p, const dem::Keyword *table, int n, const std::string &key,
                        double v, const char *what = "keyword")
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
inline std::string not_finite(const std::string &key, const std::string &values,
                              const std::string &derived, double v)
{
  return "keyword " + key + ": " + values + " give " + derived + " = " + short_number(v) +
      ", which is not finite (floating-point overflow)";
}

}    // namespace DEM_NS
