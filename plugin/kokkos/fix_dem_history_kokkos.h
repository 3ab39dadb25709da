// fix DEM_HISTORY/KK (internal, created by the dem/*/kk pair styles): LAMMPS's Kokkos contact-history
// fix with the restart data of fix DEM_HISTORY (fix_dem_history.h), so that restart files move
// between the CPU and Kokkos styles in both directions. FixNeighHistoryKokkos inherits the CPU
// unpack_restart, which re-points an atom's partner rows at fresh pages instead of filling the
// Kokkos views; here restart data goes through the fix's own per-atom exchange packing, which
// syncs the views. Its records take the partner's sign as the CPU fix's do, and the restart
// records (canonical) do not (HistoryRestart::canonical).
// SPDX-License-Identifier: GPL-2.0-or-later
#ifdef FIX_CLASS
// clang-format off
FixStyle(DEM_HISTORY/KK/DEVICE,DEM_NS::FixDEMHistoryKokkos<LMPDeviceType>);
FixStyle(DEM_HISTORY/KK/HOST,DEM_NS::FixDEMHistoryKokkos<LMPHostType>);
// clang-format on
#else

#ifndef LMP_FIX_DEM_HISTORY_KOKKOS_H
#define LMP_FIX_DEM_HISTORY_KOKKOS_H

#include "fix_dem_history.h"
#include "fix_neigh_history_kokkos.h"

#include <vector>

namespace DEM_NS {

template <class DeviceType>
class FixDEMHistoryKokkos :
    public LAMMPS_NS::FixNeighHistoryKokkos<DeviceType>,
    public HistoryGuard {
 public:
  FixDEMHistoryKokkos(LAMMPS_NS::LAMMPS *lmp, int narg, char **arg);
  void post_run() override;
  void set_arrays(int i) override;
  void setup_pre_exchange() override;
  void write_data_header(FILE *fp, int mth) override;
  void post_constructor() override;
  void pre_exchange() override;
  void write_restart(FILE *fp) override;
  void restart(char *buf) override;
  int pack_restart(int i, double *buf) override;
  void unpack_restart(int nlocal, int nth) override;
  int size_restart(int nlocal) override;
  int maxsize_restart() override;
  // the most partners a local atom gets in this pre_exchange (public: nvcc wants the enclosing
  // function of a device lambda accessible)
  int count_partners();

 protected:
  void rewrite_partners(const PartnerVisit &f) override;
  const char *law() const override { return hr.layout.law; }

 private:
  HistoryRestart hr;
  std::vector<double> scratch;                // one atom's record in the exchange format
  Kokkos::View<int *, DeviceType> d_count;    // partners per local atom (count_partners)
};

}    // namespace DEM_NS

#endif
#endif
