// SPDX-License-Identifier: GPL-2.0-or-later
#include "history_layout.h"

#include "dem/hysteretic.h"

#include <cmath>

namespace DEM_NS {

namespace {

constexpr int PFC_VALUES = 8, ENERGY_VALUES = 2, ROLLING_VALUES = 3;

int energy_values(const HistoryLayout &l) { return (l.parts & dem::HIST_ENERGY) ? ENERGY_VALUES : 0; }
int rolling_values(const HistoryLayout &l) { return (l.parts & dem::HIST_ROLLING) ? ROLLING_VALUES : 0; }
// the values of the law's own after the PFC values and the energies
int law_values(const HistoryLayout &l) { return l.size - PFC_VALUES - energy_values(l) - rolling_values(l); }
bool is_hysteretic(const HistoryLayout &l) { return std::strcmp(l.law, "dem/hysteretic") == 0; }

std::string describe(const HistoryLayout &l)
{
  std::string s = std::string(l.law) + " (" + std::to_string(l.size) + " values per contact";
  if (l.parts & dem::HIST_EXTRA) s += ", with the law's optional values, e.g. tan_mode 2's shear displacement";
  if (l.parts & dem::HIST_ROLLING) s += ", with the rolling moment of rolling resistance";
  return s + ")";
}

// dem/hysteretic's values (without the rolling moment) in the forms of this and earlier versions:
//   13 (energy yes): the PFC values and energies, delta_old, flags + 4 pending, e_plastic
//   7 (this version, energy no): F_s, F_n, state + 4 flags + 16 pending, F^d . n, delta_old
//   9 (2026-11-24 to 11-26, energy no): the PFC values (F^d a vector), delta_old; state + 4 flags
//   11 (earlier, energy no): the PFC values, delta_old, flags, e_plastic
// pending: see HystHistory (dem/hysteretic.h). Its full form (below): the 13 values with the flags
// alone, then `pending`, so that F^d is in its slots 5-7 as a vector if pending is 0, else slot 5
// holds what HystHistory::pending says.
constexpr int HYST_FULL = 14, HYST_STATE = 4, HYST_FD = 5, HYST_DELTA = 10, HYST_FLAGS = 11, HYST_PENDING = 13;

int hysteretic_values(const HistoryLayout &l) { return l.size - rolling_values(l); }
bool hysteretic_form_known(const HistoryLayout &l)
{
  const int n = hysteretic_values(l);
  return (l.parts & dem::HIST_ENERGY) ? n == 13 : (n == 7 || n == 9 || n == 11);
}

void expand_hysteretic(const double *in, const HistoryLayout &l, double *full)
{
  for (int k = 0; k < HYST_FULL; k++) full[k] = 0.0;
  for (int k = 0; k < 4; k++) full[k] = in[k];    // F_s, F_n
  const int n = hysteretic_values(l);
  if (n == 7) {
    const int state = static_cast<int>(in[4] + 0.5);
    full[HYST_STATE] = state & 3;
    full[HYST_FLAGS] = (state >> 2) & 3;
    const int pending = state >> 4;
    // F^d . n is kept as such (pending 1) for the 13 values, which need the vector
    full[HYST_PENDING] = pending ? pending : dem::HystHistory::PENDING_VECTOR;
    full[HYST_FD] = in[5];
    full[HYST_DELTA] = in[6];
  } else {
    for (int k = 4; k < PFC_VALUES; k++) full[k] = in[k];
    if (n == 9) {
      const int state = static_cast<int>(in[4] + 0.5);
      full[HYST_STATE] = state & 3;
      full[HYST_FLAGS] = state >> 2;
      full[HYST_DELTA] = in[8];
    } else if (n == 11) {
      for (int k = 0; k < 3; k++) full[HYST_DELTA + k] = in[8 + k];
    } else {    // 13
      for (int k = PFC_VALUES; k < 13; k++) full[k] = in[k];
      const int flags = static_cast<int>(in[HYST_FLAGS] + 0.5);
      full[HYST_FLAGS] = flags & 3;
      full[HYST_PENDING] = flags >> 2;
    }
  }
}

void compress_hysteretic(const double *full, const HistoryLayout &l, double *out)
{
  int pending = static_cast<int>(full[HYST_PENDING] + 0.5);
  double fd = full[HYST_FD];
  if (l.parts & dem::HIST_ENERGY) {
    for (int k = 0; k < 13; k++) out[k] = full[k];
    out[HYST_FLAGS] = full[HYST_FLAGS] + 4 * pending;
    return;
  }
  if (pending == 0) {    // F^d as a vector: its largest component, F^d . n when n is known
    const double a[3] = {full[HYST_FD], full[HYST_FD + 1], full[HYST_FD + 2]};
    int k = 0;
    for (int m = 1; m < 3; m++)
      if (std::fabs(a[m]) > std::fabs(a[k])) k = m;
    fd = a[k];
    if (fd != 0.0) pending = dem::HystHistory::PENDING_NORMAL + k;
  } else if (pending == dem::HystHistory::PENDING_VECTOR) {
    pending = 0;    // F^d . n is what the 7 values keep
  }
  for (int k = 0; k < 4; k++) out[k] = full[k];
  out[4] = full[HYST_STATE] + 4 * full[HYST_FLAGS] + 16 * pending;
  out[5] = fd;
  out[6] = full[HYST_DELTA];
}

// A record in the full form: the PFC values, the energies (0 where absent), the law's values
// (dem/hysteretic: its full form), the rolling moment.
int expand(const double *in, const HistoryLayout &l, double *full)
{
  int n = 0;
  if (is_hysteretic(l)) {
    expand_hysteretic(in, l, full);
    in += hysteretic_values(l);
    n = HYST_FULL;
  } else {
    for (int k = 0; k < PFC_VALUES; k++) full[n++] = *in++;
    for (int k = 0; k < ENERGY_VALUES; k++) full[n++] = energy_values(l) ? *in++ : 0.0;
    for (int k = 0; k < law_values(l); k++) full[n++] = *in++;
  }
  for (int k = 0; k < rolling_values(l); k++) full[n++] = *in++;
  return n;
}

// The record of layout l from the full form (the inverse of expand, dropping what l does not keep).
void compress(const double *full, const HistoryLayout &l, double *out)
{
  const double *f = full;
  if (is_hysteretic(l)) {
    compress_hysteretic(full, l, out);
    out += hysteretic_values(l);
    f += HYST_FULL;
  } else {
    for (int k = 0; k < PFC_VALUES; k++) *out++ = *f++;
    for (int k = 0; k < ENERGY_VALUES; k++, f++)
      if (energy_values(l)) *out++ = *f;
    for (int k = 0; k < law_values(l); k++) *out++ = *f++;
  }
  for (int k = 0; k < rolling_values(l); k++) *out++ = *f++;
}

}    // namespace

std::string history_mismatch(const HistoryLayout &from, const HistoryLayout &to)
{
  if (std::strcmp(from.law, to.law) != 0)
    return "the restart file holds contact history of " + describe(from) + ", which " + to.law + " cannot continue";
  const int optional = dem::HIST_EXTRA | dem::HIST_ROLLING;
  // dem/hysteretic's values come in several forms (expand_hysteretic), each converts
  const bool same_law_values = is_hysteretic(from) ? hysteretic_form_known(from) : law_values(from) == law_values(to);
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
