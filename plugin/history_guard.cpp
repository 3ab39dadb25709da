// SPDX-License-Identifier: GPL-2.0-or-later
#include "history_guard.h"

#include "atom.h"
#include "comm.h"
#include "dem/pfc.h"
#include "error.h"
#include "fix_store_atom.h"
#include "lammps.h"
#include "modify.h"
#include "update.h"
#include "utils.h"
#ifdef LMP_KOKKOS
#include "kokkos.h"
#endif

#include <cstring>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

using namespace LAMMPS_NS;
using namespace DEM_NS;

FixStoreAtom *HistoryGuard::id_store(bool create) const
{
  const std::string store = std::string(history_fix->id) + "_IDS";
  auto *fix = dynamic_cast<FixStoreAtom *>(lammps->modify->get_fix_by_id(store));
  // one value per atom, no ghosts, not in restart files
  if (!fix && create)
    fix =
        dynamic_cast<FixStoreAtom *>(lammps->modify->add_fix(store + " all STORE/ATOM 1 0 0 0", 0));
  return fix;
}

void HistoryGuard::record_ids()
{
  FixStoreAtom *store = id_store(true);
  for (int i = 0; i < lammps->atom->nlocal; i++)
    store->vstore[i] = static_cast<double>(lammps->atom->tag[i]);
#ifdef LMP_KOKKOS
  if (lammps->kokkos && legacy_exchange < 0) legacy_exchange = lammps->kokkos->exchange_comm_legacy;
#endif
}

void HistoryGuard::forget_id(int i)
{
  if (FixStoreAtom *store = id_store(false)) store->vstore[i] = 0.0;
}

void HistoryGuard::follow_renumbered_atoms(const char *pair_style)
{
  FixStoreAtom *store = id_store(false);
  if (!store) {
    check_partners_agree(pair_style);
    return;
  }
  rename_partners(store->vstore, pair_style);
  // The store is needed between runs only: it goes at the init of a run, and with a /kk history
  // at every init, before the exchange of atoms that follows it (write_restart, write_data also
  // exchange atoms; Kokkos cannot migrate the store on the device: the class comment says more)
  if (history_fix->kokkosable || lammps->update->whichflag != 0) {
    lammps->modify->delete_fix(store->id);
#ifdef LMP_KOKKOS
    if (legacy_exchange == 0) lammps->kokkos->exchange_comm_legacy = 0;
#endif
    legacy_exchange = -1;
  } else {
    record_ids();    // the history now names the current IDs
  }
}

namespace {

// What becomes of the partner IDs this rank stores, learnt from every rank's renumbered atoms.
struct Renaming {
  std::unordered_set<tagint> stored;    // the partner IDs this rank stores
  std::unordered_map<tagint, tagint>
      renamed;                         // a stored ID -> the new ID of the atom that had it
  std::unordered_set<tagint> taken;    // stored IDs that another atom has now
};

// comm->ring's callback: n (old ID, new ID) pairs of one rank's renumbered atoms
void learn_renumbering(int n, char *buf, void *ptr)
{
  auto &r = *static_cast<Renaming *>(ptr);
  const auto *pairs = reinterpret_cast<const tagint *>(buf);
  for (int k = 0; k < n; k++) {
    const tagint old_id = pairs[2 * k], new_id = pairs[2 * k + 1];
    if (old_id > 0 && r.stored.count(old_id)) r.renamed[old_id] = new_id;
    if (r.stored.count(new_id)) r.taken.insert(new_id);
  }
}

}    // namespace

// A partner whose former ID an atom still has gets that atom's new ID. A partner ID that is no
// atom's former ID belonged to a deleted atom: it is dropped (stored as 0, which no atom has) if
// another atom has that ID now, else kept (no atom matches it at the next neighbor build). Every
// rank's renumbered atoms pass by each rank once (comm->ring), one rank's at a time.
void HistoryGuard::rename_partners(const double *old_ids, const char *pair_style)
{
  Atom *atom = lammps->atom;
  Renaming r;
  rewrite_partners([&](int, tagint id, const double *) {
    if (id > 0) r.stored.insert(id);
    return id;
  });
  std::vector<tagint>
      changed;    // (old ID, new ID) of this rank's renumbered atoms; old 0: created since
  for (int i = 0; i < atom->nlocal; i++) {
    const auto old_id = static_cast<tagint>(old_ids[i]);
    if (old_id == atom->tag[i]) continue;
    changed.push_back(old_id);
    changed.push_back(atom->tag[i]);
  }
  lammps->comm->ring(static_cast<int>(changed.size() / 2), 2 * sizeof(tagint), changed.data(), 0,
                     learn_renumbering, nullptr, &r);
  bigint counts[2] = {0, 0}, total[2];    // references renamed, dropped
  rewrite_partners([&](int, tagint id, const double *) {
    if (id <= 0) return id;
    const auto it = r.renamed.find(id);
    if (it != r.renamed.end()) {
      counts[0]++;
      return it->second;
    }
    if (!r.taken.count(id)) return id;
    counts[1]++;
    return tagint(0);
  });
  MPI_Allreduce(counts, total, 2, MPI_LMP_BIGINT, MPI_SUM, lammps->world);
  if (lammps->comm->me == 0 && (total[0] || total[1]))
    utils::logmesg(lammps,
                   "Pair {}: atom IDs changed since the contact history was stored (delete_atoms "
                   "with compress yes, reset_atoms id): {} partner IDs of stored contacts renamed "
                   "to the partners' new IDs, {} of deleted atoms dropped\n",
                   pair_style, total[0], total[1]);
}

// Without a record of the former IDs: every contact is stored with both its atoms, each naming
// the other; a contact whose partner is a local atom that does not name it back shows that the
// IDs changed, that an atom has another's stored contacts (delete_atoms after read_restart), or
// that a new atom took a deleted partner's ID.
void HistoryGuard::check_partners_agree(const char *pair_style)
{
  Atom *atom = lammps->atom;
  std::set<std::pair<tagint, tagint>> held;    // (atom ID, partner ID) of the stored contacts
  rewrite_partners([&](int i, tagint id, const double *) {
    held.emplace(atom->tag[i], id);
    return id;
  });
  const std::unordered_set<tagint> local(atom->tag, atom->tag + atom->nlocal);
  bigint stray = 0, all_stray = 0;
  for (const auto &[self, other] : held)
    if (other > 0 && local.count(other) && !held.count({other, self})) stray++;
  MPI_Allreduce(&stray, &all_stray, 1, MPI_LMP_BIGINT, MPI_SUM, lammps->world);
  if (all_stray)
    lammps->error->all(
        FLERR,
        "Pair {}: {} stored contacts name partner atoms that do not name them back: atoms were "
        "deleted or renumbered (delete_atoms, reset_atoms id) where the contact history cannot "
        "follow them: after read_restart and before the first run (LAMMPS does not move the "
        "per-atom data of a restart file with the atoms delete_atoms keeps, and delete_atoms "
        "renumbers them unless given compress no), or, with a /kk style, after write_restart or "
        "write_data. Do a run 0 first; then delete_atoms keeps the contact history right",
        pair_style, all_stray);
}

StoredContacts HistoryGuard::count_contacts()
{
  const bool bonds =
      std::strcmp(law(), "dem/linear") == 0;    // (the law whose state slot flags bonds)
  bigint entries[2] = {0, 0},
         total[2];    // contacts, bonded ones: each is stored with both its atoms
  rewrite_partners([&](int, tagint id, const double *values) {
    if (id > 0) {
      entries[0]++;
      entries[1] += bonds && dem::ContactHistory::bonded_in(values);
    }
    return id;
  });
  MPI_Allreduce(entries, total, 2, MPI_LMP_BIGINT, MPI_SUM, lammps->world);
  // (a contact whose partner was deleted since the last run is stored once)
  return {(total[0] + 1) / 2, (total[1] + 1) / 2};
}

std::string HistoryGuard::describe(const StoredContacts &held) const
{
  return fmt::format("{} contacts{}", held.contacts,
                     held.bonds ? fmt::format(" ({} of them bonded)", held.bonds) : "");
}

void HistoryGuard::note_contacts_before_write()
{
  before_write = count_contacts();
}

void HistoryGuard::warn_data_file()
{
  if (before_write.contacts)
    lammps->error->warning(
        FLERR,
        "write_data: a data file does not keep the contact history of pair style {}: its {} start "
        "afresh when the file is read, bonds broken and shear springs unloaded. Use write_restart "
        "and read_restart to continue with them",
        law(), describe(before_write));
  before_write = {};
}

void HistoryGuard::warn_history_dropped()
{
  const StoredContacts held = count_contacts();
  if (held.contacts && lammps->comm->me == 0)
    lammps->error->warning(
        FLERR,
        "Pair style {} is replaced: the contact history of its {} is deleted, bonds broken and "
        "shear springs unloaded. A pair_style command of the same style keeps the history (it "
        "changes the settings only); pair_coeff changes the properties",
        law(), describe(held));
}
