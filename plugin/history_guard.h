// What the contact history survives between runs (doc/restart.rst, "What survives"): a base of the
// history fixes (fix_dem_history.h, kokkos/fix_dem_history_kokkos.h).
//
// Renumbered atoms. The history fixes key each atom's stored contacts by the partners' atom IDs,
// and delete_atoms (with compress yes, its default for atomic systems, whatever a fix's
// stores_ids says) and reset_atoms id renumber the atoms. So at the end of each run each atom's ID
// is kept in a per-atom store (LAMMPS's internal fix STORE/ATOM, ID "<history fix ID>_IDS", which
// travels with the atom through deletion, exchanges and sorting), and at the next init the stored
// partner IDs are renamed to the partners' new IDs; those of deleted atoms are dropped. The store
// lives between runs only (it goes at a run's init; with the /kk styles at every init, before the
// exchange of atoms of write_restart or write_data), as Kokkos cannot migrate a plain per-atom fix
// on the device: LAMMPS then switches Kokkos to its legacy exchange for good, which the next init
// switches back (after a balance or displace_atoms between runs). Where there is no store (after
// read_restart, whose per-atom data LAMMPS does not move with the atoms delete_atoms keeps),
// contacts whose partners do not name them back show that atoms were renumbered or deleted before
// the history could follow them: an error that says to do a run 0 first.
//
// Data files keep no contact history: write_data warns when there is some (the number of
// contacts and bonds), and so does a change of pair style, which deletes it.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "lmptype.h"

#include <functional>
#include <string>

namespace LAMMPS_NS {
class LAMMPS;
class Fix;
class FixStoreAtom;
}    // namespace LAMMPS_NS

namespace DEM_NS {

struct StoredContacts {
  LAMMPS_NS::bigint contacts = 0, bonds = 0;    // over all ranks
};

class HistoryGuard {
 public:
  // From the pair style's init_style, every init, once the history fix exists (collective): the
  // stored contacts follow the atoms renumbered since the history was stored (an error where no
  // record says how), then the current IDs are recorded.
  void follow_renumbered_atoms(const char *pair_style);
  // The contacts the history holds between runs, and how many of them are bonded (collective).
  StoredContacts count_contacts();
  // From the pair style's destructor when the pair style is replaced (collective): a warning if
  // the history it deletes holds contacts.
  void warn_history_dropped();

 protected:
  HistoryGuard(LAMMPS_NS::LAMMPS *lmp, LAMMPS_NS::Fix *history) : lammps(lmp), history_fix(history)
  {
  }
  ~HistoryGuard() =
      default;              // (not virtual: the fixes are deleted as fixes, and LAMMPS's may throw)
  void record_ids();        // the fix's post_run: the IDs the history is stored under now
  void forget_id(int i);    // the fix's set_arrays: an atom created now had no ID before
  // the fix's setup_pre_exchange: before write_data (or write_restart) writes the atoms, count the
  // contacts for write_data_header (which runs on rank 0 only)
  void note_contacts_before_write();
  void warn_data_file();    // the fix's write_data_header (rank 0)
  // f(i, partner ID, values) for each partner stored with local atom i; f returns the ID to store
  using PartnerVisit = std::function<LAMMPS_NS::tagint(int, LAMMPS_NS::tagint, const double *)>;
  virtual void rewrite_partners(const PartnerVisit &f) = 0;
  virtual const char *law() const = 0;    // the pair style without suffix, e.g. "dem/linear"

 private:
  LAMMPS_NS::LAMMPS *lammps;
  LAMMPS_NS::Fix *history_fix;
  int legacy_exchange =
      -1;    // Kokkos's legacy-exchange flag when the store was made (-1: not Kokkos)
  StoredContacts before_write;    // counted for write_data

  LAMMPS_NS::FixStoreAtom *id_store(bool create) const;
  void rename_partners(const double *old_ids, const char *pair_style);
  void check_partners_agree(const char *pair_style);
  std::string describe(const StoredContacts &held) const;
};

}    // namespace DEM_NS
