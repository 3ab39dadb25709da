// SPDX-License-Identifier: GPL-2.0-or-later
#include "fix_dem_history_kokkos.h"

#include "atom.h"

using namespace LAMMPS_NS;
using namespace DEM_NS;

template <class DeviceType>
FixDEMHistoryKokkos<DeviceType>::FixDEMHistoryKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixNeighHistoryKokkos<DeviceType>(lmp, narg, arg)
{
}

// Restart record of atom i: its length, then the exchange record (count, partner tags, values).
template <class DeviceType> int FixDEMHistoryKokkos<DeviceType>::pack_restart(int i, double *buf)
{
  const int n = this->pack_exchange(i, &buf[1]);
  buf[0] = n + 1;
  return n + 1;
}

template <class DeviceType> void FixDEMHistoryKokkos<DeviceType>::unpack_restart(int nlocal, int nth)
{
  double *extra = this->atom->extra[nlocal];
  int m = 0;
  for (int k = 0; k < nth; k++) m += static_cast<int>(extra[m]);
  const int npartner = static_cast<int>(extra[m + 1]);
  if (npartner > this->maxpartner) {    // room for this atom's partners (contents are kept)
    this->maxpartner = npartner;
    this->grow_arrays(this->atom->nmax);
  }
  this->unpack_exchange(nlocal, &extra[m + 1]);
}

template <class DeviceType> int FixDEMHistoryKokkos<DeviceType>::size_restart(int nlocal)
{
  // copy_arrays syncs the partner counts to the host (copying the atom onto itself is a no-op)
  this->copy_arrays(nlocal, nlocal, 0);
  return (this->dnum + 1) * this->npartner[nlocal] + 2;
}

namespace DEM_NS {
template class FixDEMHistoryKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixDEMHistoryKokkos<LMPHostType>;
#endif
}    // namespace DEM_NS
