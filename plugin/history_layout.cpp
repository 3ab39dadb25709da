// SPDX-License-Identifier: GPL-2.0-or-later
#include "history_layout.h"

#include "dem/pfc.h"

namespace DEM_NS {

namespace {

int energy_values(const HistoryLayout &l)
{
  return (l.parts & dem::HIST_ENERGY) ? dem::ContactHistory::slots(dem::HIST_ENERGY) - dem::ContactHistory::slots(0) : 0;
}

std::string describe(const HistoryLayout &l)
{
  std::string s = std::string(l.law) + " (" + std::to_string(l.size) + " values per contact";
  if (l.parts & dem::HIST_EXTRA) s += ", with the law's optional values, e.g. tan_mode 2's shear displacement";
  if (l.parts & dem::HIST_ROLLING) s += ", with the rolling moment of rolling resistance";
  return s + ")";
}

}    // namespace

std::string history_mismatch(const HistoryLayout &from, const HistoryLayout &to)
{
  if (std::strcmp(from.law, to.law) != 0)
    return "the restart file holds contact history of " + describe(from) + ", which " + to.law + " cannot continue";
  const int optional = dem::HIST_EXTRA | dem::HIST_ROLLING;
  const bool same_rest = (from.parts & optional) == (to.parts & optional) &&
      from.size - energy_values(from) == to.size - energy_values(to);
  if (!same_rest)
    return "the restart file holds contact history of " + describe(from) + " and these settings need " +
        describe(to) + ": tan_mode 2 or rolling resistance (rr_fric) was switched on or off since it was written";
  return {};
}

double converted_value(const double *old, const HistoryLayout &from, const HistoryLayout &to, int k)
{
  const int base = dem::ContactHistory::slots(0), e_from = energy_values(from), e_to = energy_values(to);
  if (k < base) return old[k];
  if (k < base + e_to) return e_from ? old[k] : 0.0;
  return old[k - e_to + e_from];
}

}    // namespace DEM_NS
