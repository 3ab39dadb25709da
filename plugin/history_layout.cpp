// SPDX-License-Identifier: GPL-2.0-or-later
#include "history_layout.h"

#include "dem/pfc.h"

namespace DEM_NS {

namespace {

constexpr int PFC_VALUES = 8, ENERGY_VALUES = 2, ROLLING_VALUES = 3;

int energy_values(const HistoryLayout &l) { return (l.parts & dem::HIST_ENERGY) ? ENERGY_VALUES : 0; }
int rolling_values(const HistoryLayout &l) { return (l.parts & dem::HIST_ROLLING) ? ROLLING_VALUES : 0; }
// the values of the law's own after the PFC values and the energies
int law_values(const HistoryLayout &l) { return l.size - PFC_VALUES - energy_values(l) - rolling_values(l); }
bool is_hysteretic(const HistoryLayout &l) { return std::strcmp(l.law, "dem/hysteretic") == 0; }
// dem/hysteretic without the energies keeps delta_old alone, its flags in the state's value (state +
// 4 flags; dem/hysteretic.h); with them, and in files of earlier versions, delta_old, flags, e_plastic
bool compact_hysteretic(const HistoryLayout &l) { return is_hysteretic(l) && law_values(l) == 1; }

std::string describe(const HistoryLayout &l)
{
  std::string s = std::string(l.law) + " (" + std::to_string(l.size) + " values per contact";
  if (l.parts & dem::HIST_EXTRA) s += ", with the law's optional values, e.g. tan_mode 2's shear displacement";
  if (l.parts & dem::HIST_ROLLING) s += ", with the rolling moment of rolling resistance";
  return s + ")";
}

// A record in the full form: the PFC values, the energies (0 where absent), the law's values
// (dem/hysteretic: delta_old, flags, e_plastic, with the state alone in its value), the rolling moment.
int expand(const double *in, const HistoryLayout &l, double *full)
{
  int n = 0;
  for (int k = 0; k < PFC_VALUES; k++) full[n++] = *in++;
  for (int k = 0; k < ENERGY_VALUES; k++) full[n++] = energy_values(l) ? *in++ : 0.0;
  if (compact_hysteretic(l)) {
    const int state_flags = static_cast<int>(full[4] + 0.5);
    full[4] = state_flags & 3;
    full[n++] = *in++;                // delta_old
    full[n++] = state_flags >> 2;     // flags
    full[n++] = 0.0;                  // e_plastic (not kept)
  } else {
    for (int k = 0; k < law_values(l); k++) full[n++] = *in++;
  }
  for (int k = 0; k < rolling_values(l); k++) full[n++] = *in++;
  return n;
}

// The record of layout l from the full form (the inverse of expand, dropping what l does not keep).
void compress(const double *full, const HistoryLayout &l, double *out)
{
  double *const record = out;
  const double *f = full;
  for (int k = 0; k < PFC_VALUES; k++) *out++ = *f++;
  for (int k = 0; k < ENERGY_VALUES; k++, f++)
    if (energy_values(l)) *out++ = *f;
  if (compact_hysteretic(l)) {
    record[4] = full[4] + 4.0 * f[1];    // state + 4 flags
    *out++ = f[0];                                   // delta_old
    f += 3;
  } else {
    // the law's values of the full form: as many as any layout of the law has (3 for dem/hysteretic)
    const int n = is_hysteretic(l) ? 3 : law_values(l);
    for (int k = 0; k < n; k++) *out++ = *f++;
  }
  for (int k = 0; k < rolling_values(l); k++) *out++ = *f++;
}

}    // namespace

std::string history_mismatch(const HistoryLayout &from, const HistoryLayout &to)
{
  if (std::strcmp(from.law, to.law) != 0)
    return "the restart file holds contact history of " + describe(from) + ", which " + to.law + " cannot continue";
  const int optional = dem::HIST_EXTRA | dem::HIST_ROLLING;
  // dem/hysteretic's own values come in two forms (compact_hysteretic), either converts
  const bool same_law_values = is_hysteretic(from) ? law_values(from) == 1 || law_values(from) == 3
                                                   : law_values(from) == law_values(to);
  if ((from.parts & optional) != (to.parts & optional) || !same_law_values)
    return "the restart file holds contact history of " + describe(from) + " and these settings need " +
        describe(to) + ": tan_mode 2 or rolling resistance (rr_fric) was switched on or off since it was written";
  return {};
}

void convert_record(const double *in, const HistoryLayout &from, const HistoryLayout &to, double *out)
{
  double full[64];
  expand(in, from, full);
  compress(full, to, out);
}

}    // namespace DEM_NS
