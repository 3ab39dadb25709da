// Crack records written by a /kk kernel (fix dem/cracks; the pair's and the wall's): rows of a
// device view, each at the next row if there is one; count holds the rows written, also those
// that did not fit, so that the host can say how many were lost and make room for the next steps.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "crack_record.h"

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <string>
#include <vector>

namespace DEM_NS {

template <class DeviceType> struct DeviceCracks {
  Kokkos::View<double **, DeviceType> rows;
  Kokkos::View<int, DeviceType> count;
  int groupbit = 0;    // 0: none recorded
  KOKKOS_INLINE_FUNCTION bool on(int mask) const { return (mask & groupbit) != 0; }
  KOKKOS_INLINE_FUNCTION void add(const double *rec) const
  {
    const int r = Kokkos::atomic_fetch_add(&count(), 1);
    if (r >= static_cast<int>(rows.extent(0))) return;
    for (int v = 0; v < CR_VALUES; v++) rows(r, v) = rec[v];
  }

  // (host) rows for every bond that could break this step (two modes each), and more
  void reserve(double bonds, const std::string &label)
  {
    const size_t room = 2 * static_cast<size_t>(bonds) + 1024;
    if (rows.extent(0) >= room) return;
    rows = decltype(rows)(label, room, CR_VALUES);
    count = decltype(count)(label + ":count");
  }
  // (host) the step's rows appended to `out`, the count reset; returns the rows that did not fit
  // (the view then grows to hold as many as were written)
  int take(std::vector<double> &out)
  {
    const int written = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), count)();
    const int kept = std::min(written, static_cast<int>(rows.extent(0)));
    auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), rows);
    for (int r = 0; r < kept; r++)
      for (int v = 0; v < CR_VALUES; v++) out.push_back(h(r, v));
    Kokkos::deep_copy(count, 0);
    if (written > kept) rows = decltype(rows)(rows.label(), 2 * written, CR_VALUES);
    return written - kept;
  }
};

}    // namespace DEM_NS
