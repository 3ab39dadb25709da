// LAMMPS's Kokkos contact-history fix with working restart files. FixNeighHistoryKokkos
// inherits the CPU unpack_restart, which re-points an atom's partner rows at fresh pages instead
// of filling the Kokkos views, so history read from a restart file never reaches the kernels.
// Here restart data goes through the fix's own per-atom exchange packing, which syncs the views.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "fix_neigh_history_kokkos.h"

namespace DEM_NS {

template <class DeviceType>
class FixDEMHistoryKokkos : public LAMMPS_NS::FixNeighHistoryKokkos<DeviceType> {
 public:
  FixDEMHistoryKokkos(LAMMPS_NS::LAMMPS *lmp, int narg, char **arg);
  int pack_restart(int i, double *buf) override;
  void unpack_restart(int nlocal, int nth) override;
  int size_restart(int nlocal) override;
};

}    // namespace DEM_NS
