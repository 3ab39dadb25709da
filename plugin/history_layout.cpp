// SPDX-License-Identifier: GPL-2.0-or-later
#include "history_layout.h"

#include "dem/hertz.h"
#include "dem/hysteretic.h"
#include "dem/linear.h"

#include <cmath>

namespace DEM_NS {

namespace {

constexpr int PFC_VALUES = 8, ENERGY_VALUES = 2;

// f(Parts{}) with the law's parts (its dem::PartList) of a layout
template <class F> auto with_parts(const HistoryLayout &l, F f)
{
  switch (law_code(l.law)) {
    case 2: return f(dem::HertzLaw::Parts{});
    case 3: return f(dem::HystereticLaw::Parts{});
    default: return f(dem::LinearLaw::Parts{});
  }
}

int energy_values(const HistoryLayout &l) { return (l.parts & dem::HIST_ENERGY) ? ENERGY_VALUES : 0; }
// the values of the law's parts (the rolling moment, the parallel bond), after the law's
int part_values(const HistoryLayout &l)
{
  return with_parts(l, [&](auto parts) { return decltype(parts)::slots(l.parts); });
}
// the values of the law's own after the PFC values and the energies
int law_values(const HistoryLayout &l) { return l.size - PFC_VALUES - energy_values(l) - part_values(l); }
bool is_hysteretic(const HistoryLayout &l) { return std::strcmp(l.law, "dem/hysteretic") == 0; }

std::string describe(const HistoryLayout &l)
{
  std::string s = std::string(l.law) + " (" + std::to_string(l.size) + " values per contact";
  if (l.parts & dem::HIST_EXTRA) s += ", with the law's optional values, e.g. tan_mode 2's shear displacement";
  with_parts(l, [&](auto parts) { decltype(parts)::describe(l.parts, [&](const char *text) { s += ", with "; s += text; }); });
  return s + ")";
}

// dem/hysteretic's values (without the rolling moment): HystHistory's layouts (dem/hysteretic.h),
// 13 with energy tracking, 7 without
int hysteretic_values(const HistoryLayout &l) { return l.size - part_values(l); }
bool hysteretic_form_known(const HistoryLayout &l)
{
  return hysteretic_values(l) == ((l.parts & dem::HIST_ENERGY) ? 13 : 7);
}

// A dem/hysteretic record as the contact's history: F^d as a vector in h.fd unless h.fd_along_n
// or h.pending say otherwise.
dem::HystHistory read_hysteretic(const double *in, const HistoryLayout &l)
{
  return dem::HystHistory::load(in, 1.0, l.parts);
}

// h in the layout l. F^d changes form where the normal is needed, which is not known here: a
// pending conversion that the setup pass completes (HystHistory::complete).
void write_hysteretic(dem::HystHistory h, const HistoryLayout &l, double *out)
{
  const bool vector = !h.fd_along_n && h.pending == 0;
  if (l.parts & dem::HIST_ENERGY) {
    if (!vector && h.pending == 0) h.pending = dem::HystHistory::PENDING_VECTOR;    // F^d . n -> the vector
  } else if (vector) {    // the vector's largest component -> F^d . n
    const double a[3] = {h.fd.x, h.fd.y, h.fd.z};
    int k = 0;
    for (int m = 1; m < 3; m++)
      if (std::fabs(a[m]) > std::fabs(a[k])) k = m;
    h.fd_n = a[k];
    h.pending = h.fd_n != 0.0 ? dem::HystHistory::PENDING_NORMAL + k : 0;
  } else if (h.pending == dem::HystHistory::PENDING_VECTOR) {
    h.pending = 0;    // F^d . n is what the 7 values keep
  }
  h.store(out, 1.0, l.parts);
}

// A record in the full form: the PFC values, the energies (0 where absent), the law's values, its
// parts' values (not dem/hysteretic's, see convert_record).
int expand(const double *in, const HistoryLayout &l, double *full)
{
  int n = 0;
  for (int k = 0; k < PFC_VALUES; k++) full[n++] = *in++;
  for (int k = 0; k < ENERGY_VALUES; k++) full[n++] = energy_values(l) ? *in++ : 0.0;
  for (int k = 0; k < law_values(l) + part_values(l); k++) full[n++] = *in++;
  return n;
}

// The record of layout l from the full form (the inverse of expand, dropping what l does not keep).
void compress(const double *full, const HistoryLayout &l, double *out)
{
  const double *f = full;
  for (int k = 0; k < PFC_VALUES; k++) *out++ = *f++;
  for (int k = 0; k < ENERGY_VALUES; k++, f++)
    if (energy_values(l)) *out++ = *f;
  for (int k = 0; k < law_values(l) + part_values(l); k++) *out++ = *f++;
}

}    // namespace

namespace {
const char *const law_codes[] = {"dem/linear", "dem/hertz", "dem/hysteretic"};
}

int law_code(const char *law)
{
  for (int k = 0; k < 3; k++)
    if (std::strcmp(law, law_codes[k]) == 0) return k + 1;
  return 0;
}

const char *law_of_code(int code) { return code >= 1 && code <= 3 ? law_codes[code - 1] : ""; }

std::string history_mismatch(const HistoryLayout &from, const HistoryLayout &to)
{
  if (std::strcmp(from.law, to.law) != 0)
    return "the restart file holds contact history of " + describe(from) + ", which " + to.law + " cannot continue";
  const int optional = dem::HIST_EXTRA | with_parts(to, [](auto parts) { return decltype(parts)::history_bits; });
  // dem/hysteretic's two forms (with and without the energies) convert into each other
  const bool same_law_values = is_hysteretic(from) ? hysteretic_form_known(from) : law_values(from) == law_values(to);
  if ((from.parts & optional) != (to.parts & optional) || !same_law_values)
    return "the restart file holds contact history of " + describe(from) + " and these settings need " +
        describe(to) + ": tan_mode 2, rolling resistance (rr_fric) or parallel bonds (pb_kn) was switched on or off since it "
        "was written";
  return {};
}

void convert_record(const double *in, const HistoryLayout &from, const HistoryLayout &to, double *out)
{
  if (is_hysteretic(from)) {    // (and `to`: history_mismatch); its parts' values follow its own
    write_hysteretic(read_hysteretic(in, from), to, out);
    for (int k = 0; k < part_values(to); k++) out[hysteretic_values(to) + k] = in[hysteretic_values(from) + k];
    return;
  }
  double full[64];
  expand(in, from, full);
  compress(full, to, out);
}

}    // namespace DEM_NS
