// SPDX-License-Identifier: GPL-2.0-or-later
#include "fix_dem_history_kokkos.h"
#include "restart_format.h"

#include "atom.h"
#include "comm.h"
#include "neigh_list_kokkos.h"
#include "pair.h"
#include "update.h"

#include <algorithm>

using namespace LAMMPS_NS;
using namespace DEM_NS;

template <class DeviceType>
FixDEMHistoryKokkos<DeviceType>::FixDEMHistoryKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixNeighHistoryKokkos<DeviceType>(lmp, history_base_args(narg), arg), HistoryGuard(lmp, this)
{
  hr.parse(lmp, narg, arg);
  this->stores_ids =
      1;    // reset_atoms id refuses to run, delete_atoms keeps the IDs of molecular systems
  this->wd_header =
      1;    // write_data warns that data files do not keep the history (history_guard.h)
  // LAMMPS's Kokkos history fix, with the history bit of the neighbour lists in use, leaves the flag
  // of a pair that has no stored history at the neighbour's index (nonzero) after a rebuild; the pair
  // styles keep the history of every contact (beyond_contact), so the bit decides nothing here, and
  // without it a flag is 1 exactly where a history was carried over, as on the CPU
  this->use_bit_flag = 0;
}

// what the history survives between runs (history_guard.h)
template <class DeviceType> void FixDEMHistoryKokkos<DeviceType>::post_run()
{
  FixNeighHistoryKokkos<DeviceType>::post_run();
  record_ids();
}

template <class DeviceType> void FixDEMHistoryKokkos<DeviceType>::set_arrays(int i)
{
  FixNeighHistoryKokkos<DeviceType>::set_arrays(i);
  forget_id(i);
}

template <class DeviceType> void FixDEMHistoryKokkos<DeviceType>::setup_pre_exchange()
{
  if (this->update->whichflag == 0) note_contacts_before_write();    // write_data or write_restart
}

template <class DeviceType> void FixDEMHistoryKokkos<DeviceType>::write_data_header(FILE *, int)
{
  warn_data_file();
}

// through the exchange packing (count, partner IDs, values), which syncs the partner views
template <class DeviceType>
void FixDEMHistoryKokkos<DeviceType>::rewrite_partners(const PartnerVisit &f)
{
  const int dnum = this->dnum;
  scratch.resize(1 + (dnum + 1) * this->maxpartner);
  for (int i = 0; i < this->atom->nlocal; i++) {
    this->pack_exchange(i, scratch.data());
    const int n = static_cast<int>(scratch[0]);
    bool renamed = false;
    for (int p = 0; p < n; p++) {
      const auto id = static_cast<tagint>(scratch[1 + p]);
      const tagint now = f(i, id, &scratch[1 + n + dnum * p]);
      scratch[1 + p] = static_cast<double>(now);
      renamed = renamed || now != id;
    }
    if (renamed) this->unpack_exchange(i, scratch.data());
  }
}

// restart data written by the CPU fix, or by another instance of the pair style (LAMMPS hands
// over only the data of the same ID and style, and unpacks that itself afterwards)
template <class DeviceType> void FixDEMHistoryKokkos<DeviceType>::post_constructor()
{
  const int nth = hr.adopt(this->lmp, this->id, this->style);
  if (nth < 0) return;
  for (int j = 0; j < this->atom->nlocal; j++) unpack_restart(j, nth);
  this->restart_reset = 1;
}

// LAMMPS's newton-off pre_exchange, when an atom has more partners than maxpartner, grows the
// partner arrays and fills them again, but through the device views it held before growing (its
// grow_arrays refreshes them, the retry does not): the records land past the end of the old,
// narrower rows, in the next atom's row with LayoutRight views (some contacts then lose or swap
// their history: in a settling pile on a periodic floor the pair forces stopped summing to zero
// by 1-21% of the weight, LAMMPS's gran/hooke/history/kk alike) and past the end of the whole old
// array with LayoutLeft ones (KOKKOS_LAYOUT=default on a GPU: an illegal address, or other memory
// overwritten). So count the partners this exchange will record first, and size maxpartner and
// the arrays for them before LAMMPS's pass, which then never overflows. Should it grow all the
// same, refresh the views (grow_arrays at the same size keeps the contents) and fill them again.
template <class DeviceType> void FixDEMHistoryKokkos<DeviceType>::pre_exchange()
{
  // between runs (write_restart) the partner arrays hold the history already, and the last run's
  // list may be stale (as FixDEMHistory::pre_exchange says)
  if (this->update->whichflag == 0) return;
  if (!this->newton_pair && !this->onesided && this->pair && this->pair->list) {
    const int most = count_partners();
    if (most > this->maxpartner) {
      this->maxpartner = 8 * ((most + 7) / 8);    // LAMMPS grows in steps of 8
      this->grow_arrays(this->atom->nmax);
    }
  }
  const int before = this->maxpartner;
  FixNeighHistoryKokkos<DeviceType>::pre_exchange();
  if (this->maxpartner == before) return;
  this->grow_arrays(this->atom->nmax);
  FixNeighHistoryKokkos<DeviceType>::pre_exchange();
}

// The most partners a local atom gets in the newton-off pre_exchange: each flagged neighbour pair
// (i, j) of the list gives one to i, and one to j if j was local when the list was built.
template <class DeviceType> int FixDEMHistoryKokkos<DeviceType>::count_partners()
{
  auto *list = static_cast<NeighListKokkos<DeviceType> *>(this->pair->list);
  const int inum = list->inum;
  const int nlocal = this->nlocal_neigh;
  if (inum <= 0 || nlocal <= 0) return 0;
  this->k_firstflag.template sync<DeviceType>();
  const auto flag = this->k_firstflag.template view<DeviceType>();
  const auto ilist = list->d_ilist;
  const auto numneigh = list->d_numneigh;
  const auto neighbors = list->d_neighbors;
  if (static_cast<int>(d_count.extent(0)) < nlocal)
    d_count = Kokkos::View<int *, DeviceType>("dem_history:count", nlocal);
  const auto count = d_count;
  Kokkos::deep_copy(count, 0);
  Kokkos::parallel_for(
      Kokkos::RangePolicy<DeviceType>(0, inum), KOKKOS_LAMBDA(const int ii) {
        const int i = ilist[ii];
        const int jnum = numneigh[i];
        for (int jj = 0; jj < jnum; jj++) {
          if (!flag(i, jj)) continue;
          Kokkos::atomic_inc(&count[i]);
          const int j = neighbors(i, jj) & NEIGHMASK;
          if (j < nlocal) Kokkos::atomic_inc(&count[j]);
        }
      });
  int most = 0;
  Kokkos::parallel_reduce(
      Kokkos::RangePolicy<DeviceType>(0, nlocal),
      KOKKOS_LAMBDA(const int i, int &m) {
        if (count[i] > m) m = count[i];
      },
      Kokkos::Max<int>(most));
  return most;
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

// Exchange format: count, partner tags, then the values of each partner. Restart records: the
// header (HistoryRestart), then per partner its tag (ubuf) and its values in canonical form.
template <class DeviceType> int FixDEMHistoryKokkos<DeviceType>::pack_restart(int i, double *buf)
{
  const int dnum = this->dnum;
  scratch.resize(1 + (dnum + 1) * this->maxpartner);    // (npartner is synced by pack_exchange)
  this->pack_exchange(i, scratch.data());
  const int n = static_cast<int>(scratch[0]);
  constexpr int H = HistoryRestart::HEADER;
  hr.pack_header(buf, this->id, this->style, n);
  for (int p = 0; p < n; p++) {
    const auto other = static_cast<tagint>(scratch[1 + p]);
    const double *values = &scratch[1 + n + dnum * p];
    double *out = &buf[H + p * (dnum + 1)];
    out[0] = ubuf(other).d;
    std::copy(values, values + dnum, out + 1);
    hr.canonical(out + 1);
  }
  buf[0] = H + n * (dnum + 1);
  return H + n * (dnum + 1);
}

template <class DeviceType>
void FixDEMHistoryKokkos<DeviceType>::unpack_restart(int nlocal, int nth)
{
  const double *rec = atom_record(this->lmp, nlocal, nth);    // (its length checked by adopt)
  // a record of another kind (a pre-1.0 file's, whose global data was refused): no history
  constexpr int H = HistoryRestart::HEADER;
  const int n = is_atom_record(rec, HISTORY_ATOM_MARK) && hr.keep() ? static_cast<int>(rec[H - 1])
                                                                    : 0;
  const int dnum = this->dnum, stride = hr.written.size + 1;
  scratch.assign(1 + (dnum + 1) * n, 0.0);
  scratch[0] = n;
  for (int p = 0; p < n; p++) {
    const auto other = static_cast<tagint>(ubuf(rec[H + p * stride]).i);
    scratch[1 + p] = static_cast<double>(other);
    double *values = &scratch[1 + n + dnum * p];
    hr.convert(&rec[H + 1 + p * stride], values);
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
  return HistoryRestart::HEADER - 1 + this->pack_exchange(nlocal, scratch.data());
}

template <class DeviceType> int FixDEMHistoryKokkos<DeviceType>::maxsize_restart()
{
  return FixNeighHistory::maxsize_restart() + HistoryRestart::HEADER - 2;
}

namespace DEM_NS {
template class FixDEMHistoryKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixDEMHistoryKokkos<LMPHostType>;
#endif
}    // namespace DEM_NS
