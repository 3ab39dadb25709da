// SPDX-License-Identifier: GPL-2.0-or-later
#include "fix_dem_history_kokkos.h"
#include "restart_records.h"

#include "atom.h"
#include "comm.h"

using namespace LAMMPS_NS;
using namespace DEM_NS;

template <class DeviceType>
FixDEMHistoryKokkos<DeviceType>::FixDEMHistoryKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixNeighHistoryKokkos<DeviceType>(lmp, history_base_args(narg), arg)
{
  hr.parse(lmp, narg, arg);
}

// restart data written by the CPU fix, or by another instance of the pair style
template <class DeviceType> void FixDEMHistoryKokkos<DeviceType>::post_constructor()
{
  adopt_restart_data(this->lmp, this, "DEM_HISTORY");
}

// LAMMPS's newton-off pre_exchange, when an atom has more partners than maxpartner, grows the
// partner arrays and fills them again, but through the device views it held before growing (its
// grow_arrays refreshes them, the retry does not): the records land in the old, narrower rows,
// spill into the next atom's, and post_neighbor reads them from there, so some contacts lose or
// swap their history (in a settling pile on a periodic floor, the pair forces then stopped
// summing to zero by 1-21% of the weight, LAMMPS's gran/hooke/history/kk alike). After a
// growth, refresh the views (grow_arrays at the same size keeps the contents) and fill them again.
template <class DeviceType> void FixDEMHistoryKokkos<DeviceType>::pre_exchange()
{
  const int before = this->maxpartner;
  FixNeighHistoryKokkos<DeviceType>::pre_exchange();
  if (this->maxpartner == before) return;
  this->grow_arrays(this->atom->nmax);
  FixNeighHistoryKokkos<DeviceType>::pre_exchange();
}

template <class DeviceType> void FixDEMHistoryKokkos<DeviceType>::write_restart(FILE *fp)
{
  this->pre_exchange();    // the current history into the per-atom arrays that pack_restart reads
  if (this->comm->me == 0) hr.write(fp);
}

template <class DeviceType> void FixDEMHistoryKokkos<DeviceType>::restart(char *buf)
{
  hr.read(this->lmp, buf);
}

// Exchange format: count, partner tags, then the values of each partner. Restart records:
// length, count, then per partner its tag (ubuf) and its values in canonical form.
template <class DeviceType> int FixDEMHistoryKokkos<DeviceType>::pack_restart(int i, double *buf)
{
  const int dnum = this->dnum;
  scratch.resize(1 + (dnum + 1) * this->maxpartner);    // (npartner is synced by pack_exchange)
  this->pack_exchange(i, scratch.data());
  const int n = static_cast<int>(scratch[0]);
  const tagint me = this->atom->tag[i];
  buf[1] = n;
  for (int p = 0; p < n; p++) {
    const auto other = static_cast<tagint>(scratch[1 + p]);
    const double *values = &scratch[1 + n + dnum * p];
    double *out = &buf[2 + p * (dnum + 1)];
    out[0] = ubuf(other).d;
    for (int k = 0; k < dnum; k++) out[1 + k] = hr.layout.is_vector(k) ? values[k] : orientation(me, other) * values[k];
  }
  buf[0] = 2 + n * (dnum + 1);
  return 2 + n * (dnum + 1);
}

template <class DeviceType> void FixDEMHistoryKokkos<DeviceType>::unpack_restart(int nlocal, int nth)
{
  const double *rec = this->atom->extra[nlocal];
  for (int k = 0; k < nth; k++) rec += static_cast<int>(rec[0]);
  const int n = hr.keep() ? static_cast<int>(rec[1]) : 0;
  const int dnum = this->dnum, stride = hr.written.size + 1;
  const tagint me = this->atom->tag[nlocal];
  scratch.assign(1 + (dnum + 1) * n, 0.0);
  scratch[0] = n;
  for (int p = 0; p < n; p++) {
    const auto other = static_cast<tagint>(ubuf(rec[2 + p * stride]).i);
    scratch[1 + p] = static_cast<double>(other);
    double *values = &scratch[1 + n + dnum * p];
    hr.convert(&rec[3 + p * stride], values);
    for (int k = 0; k < dnum; k++)
      if (!hr.layout.is_vector(k)) values[k] *= orientation(me, other);
  }
  if (n > this->maxpartner) {    // room for this atom's partners (contents are kept)
    this->maxpartner = n;
    this->grow_arrays(this->atom->nmax);
  }
  this->unpack_exchange(nlocal, scratch.data());
}

template <class DeviceType> int FixDEMHistoryKokkos<DeviceType>::size_restart(int nlocal)
{
  // pack_exchange syncs the partner arrays to the host without marking them modified there (the
  // copy_arrays used before did, which copied them all back to the device after a restart write)
  scratch.resize(1 + (this->dnum + 1) * this->maxpartner);
  return 1 + this->pack_exchange(nlocal, scratch.data());
}

namespace DEM_NS {
template class FixDEMHistoryKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixDEMHistoryKokkos<LMPHostType>;
#endif
}    // namespace DEM_NS
