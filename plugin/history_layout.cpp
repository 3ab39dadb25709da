// SPDX-License-Identifier: GPL-2.0-or-later
#include "history_layout.h"

#include "laws.h"

#include <cmath>

namespace DEM_NS {

namespace {

  constexpr int PFC_VALUES = 8, ENERGY_VALUES = 2;

  // f(Law{}) with the law of a layout, f(Parts{}) with its parts (its dem::PartList)
  template <class F> auto with_law(const HistoryLayout &l, F f)
  {
#define DEM_WITH_LAW(L) \
  if (std::strcmp(l.law, L::style) == 0) return f(L{});
    DEM_FOR_EACH_LAW(DEM_WITH_LAW)
#undef DEM_WITH_LAW
    return f(dem::LinearLaw{});
  }
  template <class F> auto with_parts(const HistoryLayout &l, F f)
  {
    return with_law(l, [&](auto law) {
      return f(typename decltype(law)::Parts{});
    });
  }

  int energy_values(const HistoryLayout &l)
  {
    return (l.parts & dem::HIST_ENERGY) ? ENERGY_VALUES : 0;
  }
  // the values of the law's parts (the rolling moment, the parallel bond), after the law's
  int part_values(const HistoryLayout &l)
  {
    return with_parts(l, [&](auto parts) {
      return decltype(parts)::slots(l.parts);
    });
  }
  // the values of the law's own after the PFC values and the energies
  int law_values(const HistoryLayout &l)
  {
    return l.size - PFC_VALUES - energy_values(l) - part_values(l);
  }

  std::string describe(const HistoryLayout &l)
  {
    std::string s = std::string(l.law) + " (" + std::to_string(l.size) + " values per contact";
    if (l.parts & dem::HIST_EXTRA)
      s += ", with the law's optional values, e.g. tan_mode 2's shear displacement";
    with_parts(l, [&](auto parts) {
      decltype(parts)::describe(l.parts, [&](const char *text) {
        s += ", with ";
        s += text;
      });
    });
    return s + ")";
  }

  // the law's own values (without its parts'); a law whose values change form with the energies
  // (Law::converts_history) has them in one of its History's layouts
  int own_values(const HistoryLayout &l)
  {
    return l.size - part_values(l);
  }
  bool converts_history(const HistoryLayout &l)
  {
    return with_law(l, [](auto law) {
      return decltype(law)::converts_history;
    });
  }
  bool own_form_known(const HistoryLayout &l)
  {
    return with_law(l, [&](auto law) {
      return own_values(l) == decltype(law)::History::slots(l.parts);
    });
  }

  // A record in the full form: the PFC values, the energies (0 where absent), the law's values, its
  // parts' values (not those of a law that converts its history, see convert_record).
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

int law_code(const char *law)
{
#define DEM_LAW_CODE(L) \
  if (std::strcmp(law, L::style) == 0) return L::restart_code;
  DEM_FOR_EACH_LAW(DEM_LAW_CODE)
#undef DEM_LAW_CODE
  return 0;
}

const char *law_of_code(int code)
{
#define DEM_LAW_OF_CODE(L) \
  if (code == L::restart_code) return L::style;
  DEM_FOR_EACH_LAW(DEM_LAW_OF_CODE)
#undef DEM_LAW_OF_CODE
  return "";
}

std::string history_mismatch(const HistoryLayout &from, const HistoryLayout &to)
{
  if (std::strcmp(from.law, to.law) != 0)
    return "the restart file holds contact history of " + describe(from) + ", which " + to.law +
        " cannot continue";
  const int optional = dem::HIST_EXTRA | with_parts(to, [](auto parts) {
                         return decltype(parts)::history_bits;
                       });
  // the two forms of a law that converts its history (with and without the energies) convert into
  // each other
  const bool same_law_values = converts_history(from) ? own_form_known(from)
                                                      : law_values(from) == law_values(to);
  if ((from.parts & optional) != (to.parts & optional) || !same_law_values)
    return "the restart file holds contact history of " + describe(from) +
        " and these settings need " + describe(to) +
        ": tan_mode 2, rolling resistance (rr_fric) or parallel bonds (pb_kn) was switched on or "
        "off since it was written";
  return {};
}

void convert_record(const double *in, const HistoryLayout &from, const HistoryLayout &to,
                    double *out)
{
  if (converts_history(from)) {    // (and `to`: history_mismatch); its parts' values follow its own
    with_law(from, [&](auto law) {
      using Law = decltype(law);
      if constexpr (Law::converts_history) Law::History::convert(in, from.parts, to.parts, out);
    });
    for (int k = 0; k < part_values(to); k++) out[own_values(to) + k] = in[own_values(from) + k];
    return;
  }
  double full[64];
  expand(in, from, full);
  compress(full, to, out);
}

}    // namespace DEM_NS
