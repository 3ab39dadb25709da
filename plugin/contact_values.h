// The contact values table the pair styles print at init: every pair of types' contact values
// after mixing (inheritance from the types, or the contact's own values with coeff contact), so
// that a contact stiffness of 5e4 where 1e5 was meant shows before the first step. Host code, no
// LAMMPS types (LAMMPS's {fmt} only). A value that a pair of types without particles lacks (a stiffness from emod, which
// needs the radii; a collision time) is NaN and prints as "-".
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/timescale.h"

#include "fmt/format.h"

#include <cmath>
#include <string>
#include <vector>

namespace DEM_NS {

// The columns of a law's table (Law::value_names, then t_c); values_of gives their values for a
// contact of parameters p between the smallest particles of its two types (radii r1, r2; 0: the
// type has none) and the time scale t of that contact (contact_report.h).
template <class Law> std::vector<const char *> value_names()
{
  std::vector<const char *> names(Law::value_names, Law::value_names + Law::value_count);
  names.push_back("t_c");
  return names;
}

template <class Law>
std::vector<double> values_of(const typename Law::Params &p, double r1, double r2,
                              const dem::Timescale &t)
{
  std::vector<double> values(Law::value_count + 1);
  Law::values(p, r1, r2, t.kn, values.data());
  values.back() = std::isfinite(t.tc) ? t.tc : NAN;
  return values;
}

struct ValueRow {
  int i, j;                      // the pair of types
  std::vector<double> values;    // as value_names
};

// The table: a title line, a header, a row per pair of types; numbers in {:.4g}.
inline std::string values_table(const std::string &title, const std::vector<const char *> &names,
                                const std::vector<ValueRow> &rows)
{
  std::string text = title + "\n     I    J";
  for (const char *n : names) text += fmt::format(" {:>10}", n);
  text += "\n";
  for (const auto &r : rows) {
    text += fmt::format("  {:4d} {:4d}", r.i, r.j);
    for (double v : r.values)
      text += std::isfinite(v) ? fmt::format(" {:10.4g}", v) : fmt::format(" {:>10}", "-");
    text += "\n";
  }
  return text;
}

}    // namespace DEM_NS
