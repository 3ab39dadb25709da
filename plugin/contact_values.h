// The contact values table the pair styles print at init: every pair of types' contact values
// after mixing (inheritance from the types, or the contact's own values with coeff contact), so
// that a contact stiffness of 5e4 where 1e5 was meant shows before the first step. Host code, no
// LAMMPS types. A value that a pair of types without particles lacks (a stiffness from emod, which
// needs the radii; a collision time) is NaN and prints as "-".
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/timescale.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace DEM_NS {

// The columns of each law's table; values_of gives their values for a contact of parameters
// p between the smallest particles of its two types (radii r1, r2; 0: the type has none) and the
// time scale t of that contact (contact_report.h).
inline std::vector<const char *> value_names(const dem::LinearParams &)
{
  return {"k_n", "k_s", "fric", "dp_nratio", "dp_sratio", "t_c"};
}
inline std::vector<const char *> value_names(const dem::HertzParams &)
{
  return {"G", "nu", "fric", "dp_nratio", "dp_sratio", "k_n", "t_c"};
}
inline std::vector<const char *> value_names(const dem::HystParams &)
{
  return {"k_n", "k_s", "fric", "e", "hys_damp", "t_c"};
}

inline double collision_time(const dem::Timescale &t) { return std::isfinite(t.tc) ? t.tc : NAN; }

inline std::vector<double> values_of(const dem::LinearParams &p, double r1, double r2, const dem::Timescale &t)
{
  double kn = p.kn, ks = p.ks;
  if (p.from_material) {
    if (r1 > 0.0 && r2 > 0.0) dem::linear_stiffness(p, r1, r2, kn, ks);
    else kn = ks = NAN;
  }
  return {kn, ks, p.tan.fric, p.dp.nratio, p.dp.sratio, collision_time(t)};
}

// The contact's shear modulus G and Poisson's ratio nu, from the factors the law keeps
// (hn_factor = 2G/(3(1-nu)), ks_factor = 2(1-nu)/(2-nu)), and k_n, the tangent stiffness of the
// time scale (at the largest overlap of a head-on impact; 0: none)
inline std::vector<double> values_of(const dem::HertzParams &p, double, double, const dem::Timescale &t)
{
  const double nu = (2.0 - 2.0 * p.ks_factor) / (2.0 - p.ks_factor);
  const double g = 1.5 * p.hn_factor * (1.0 - nu);
  return {g, nu, p.tan.fric, p.dp.nratio, p.dp.sratio, t.kn > 0.0 ? t.kn : NAN, collision_time(t)};
}

// k_n: the loading stiffness K_nl, k_s: K_t = kt_ratio K_nl
inline std::vector<double> values_of(const dem::HystParams &p, double r1, double r2, const dem::Timescale &t)
{
  double kl = p.kn, ku = 0.0;
  if (p.from_material) {
    if (r1 > 0.0 && r2 > 0.0) dem::hysteretic_stiffness(p, r1, r2, kl, ku);
    else kl = NAN;
  }
  return {kl, p.kt_ratio * kl, p.tan.fric, p.e, p.damp, collision_time(t)};
}

struct ValueRow {
  int i, j;                     // the pair of types
  std::vector<double> values;   // as value_names
};

// The table: a title line, a header, a row per pair of types; numbers in %.4g.
inline std::string values_table(const std::string &title, const std::vector<const char *> &names,
                                const std::vector<ValueRow> &rows)
{
  char buf[64];
  std::string text = title + "\n  " + "   I    J";
  for (const char *n : names) {
    std::snprintf(buf, sizeof buf, " %10s", n);
    text += buf;
  }
  text += "\n";
  for (const auto &r : rows) {
    std::snprintf(buf, sizeof buf, "  %4d %4d", r.i, r.j);
    text += buf;
    for (double v : r.values) {
      if (std::isfinite(v)) std::snprintf(buf, sizeof buf, " %10.4g", v);
      else std::snprintf(buf, sizeof buf, " %10s", "-");
      text += buf;
    }
    text += "\n";
  }
  return text;
}

}    // namespace DEM_NS
