// SPDX-License-Identifier: GPL-2.0-or-later
#include "fix_dem_history.h"
#include "restart_format.h"

#include "dem/pfc.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "my_page.h"
#include "update.h"

#include <algorithm>

using namespace LAMMPS_NS;
using namespace DEM_NS;

int HistoryRestart::parse(LAMMPS *lmp, int narg, char **arg)
{
  if (narg != 8) lmp->error->all(FLERR, "fix {} is created by the dem/* pair styles, not by input scripts", arg[2]);
  layout = HistoryLayout(arg[4], utils::inumeric(FLERR, arg[5], false, lmp),
                         utils::inumeric(FLERR, arg[3], false, lmp),
                         static_cast<unsigned>(utils::inumeric(FLERR, arg[6], false, lmp)));
  reset = utils::logical(FLERR, arg[7], false, lmp) != 0;
  return 4;
}

namespace {
constexpr const char *HISTORY_MARK = "DEM:HIST";
}

void HistoryRestart::write(FILE *fp) const
{
  RecordWriter rec(HISTORY_MARK);
  rec.put("law", std::string(layout.law));
  rec.put("parts", layout.parts);
  rec.put("values", layout.size);
  rec.put("vector_mask", layout.vector_mask);
  rec.write_sized(fp);
}

// The layout the per-atom records hold comes from their own headers (adopt); the global record
// only has to be one this version reads.
void HistoryRestart::read(LAMMPS *lmp, const char *buf) const
{
  Record rec;
  const std::string who = std::string("Pair ") + layout.law;
  const std::string err = parse_record(buf, static_cast<size_t>(-1) / 2, HISTORY_MARK, rec);
  if (!err.empty()) refuse_record(lmp, who, err);
  for (const RecordItem &item : rec.items)
    if (item.name != "law" && item.name != "parts" && item.name != "values" && item.name != "vector_mask")
      unknown_item(lmp, who, rec, item.name);
}

void HistoryRestart::pack_header(double *buf, const char *id, const char *style, int n) const
{
  put_atom_record_keys(buf, HISTORY_ATOM_MARK, id, style);
  buf[4] = law_code(layout.law);
  buf[5] = layout.parts;
  buf[6] = layout.size;
  buf[7] = layout.vector_mask;
  buf[8] = n;
}

int HistoryRestart::adopt(LAMMPS *lmp, const char *id, const char *style)
{
  const std::string who = std::string("Pair ") + layout.law;
  const PeratomSource src = find_peratom_record(lmp, id, style, HISTORY_ATOM_MARK, true, HEADER - 1, who);
  if (src.nth < 0) return -1;
  const auto &h = src.header;
  written = HistoryLayout(law_of_code(static_cast<int>(h[4])), static_cast<int>(h[5]), static_cast<int>(h[6]),
                          static_cast<unsigned>(h[7]));
  if (reset) {
    if (lmp->comm->me == 0)
      utils::logmesg(lmp, "Pair {}: reset_history yes: the contact history of the restart file is discarded\n",
                     layout.law);
    return src.lammps_hands ? -1 : src.nth;
  }
  const std::string why = history_mismatch(written, layout);
  if (!why.empty())
    lmp->error->all(FLERR, "Pair {}: {}. Continue with the pair style and settings the file was written "
                    "with, or discard the stored contact history (contacts start afresh) with "
                    "pair_style {} ... reset_history yes", layout.law, why, layout.law);
  if (!written.same_as(layout) && lmp->comm->me == 0) {
    const bool e_from = written.parts & dem::HIST_ENERGY, e_to = layout.parts & dem::HIST_ENERGY;
    utils::logmesg(lmp, "Pair {}: contact history of the restart file converted from {} to {} values per "
                   "contact ({})\n", layout.law, written.size, layout.size,
                   e_from == e_to ? "the layout of this version"
                   : e_to         ? "per-contact energies start at 0"
                                  : "per-contact energies dropped");
  }
  return src.lammps_hands ? -1 : src.nth;
}

void HistoryRestart::convert(const double *in, double *out) const
{
  convert_record(in, written, layout, out);
}

// ---------------------------------------------------------------------------------------------

FixDEMHistory::FixDEMHistory(LAMMPS *lmp, int narg, char **arg) :
    FixNeighHistory(lmp, history_base_args(narg), arg), HistoryGuard(lmp, this)
{
  hr.parse(lmp, narg, arg);
  stores_ids = 1;    // reset_atoms id refuses to run, delete_atoms keeps the IDs of molecular systems
  wd_header = 1;     // write_data warns that data files do not keep the history (history_guard.h)
}

// what the history survives between runs (history_guard.h)
void FixDEMHistory::post_run()
{
  FixNeighHistory::post_run();
  record_ids();
}

void FixDEMHistory::set_arrays(int i)
{
  FixNeighHistory::set_arrays(i);
  forget_id(i);
}

// Between runs the per-atom arrays hold the history already (post_run stored it there), and the
// neighbor list it would be gathered from again may be stale: delete_atoms moved atoms (their
// contacts would go to other atoms), or there was no run since read_restart (the history read
// would be emptied). write_restart calls this between runs too.
void FixDEMHistory::pre_exchange()
{
  if (update->whichflag != 0) FixNeighHistory::pre_exchange();
}

void FixDEMHistory::setup_pre_exchange()
{
  if (update->whichflag == 0) note_contacts_before_write();    // write_data or write_restart
}

void FixDEMHistory::write_data_header(FILE *, int)
{
  warn_data_file();
}

void FixDEMHistory::rewrite_partners(const PartnerVisit &f)
{
  for (int i = 0; i < atom->nlocal; i++)
    for (int p = 0; p < npartner[i]; p++) partner[i][p] = f(i, partner[i][p], &valuepartner[i][dnum * p]);
}

// restart data written by the Kokkos variant, or by another instance of the pair style (LAMMPS
// hands over only the data of the same ID and style, and unpacks that itself afterwards)
void FixDEMHistory::post_constructor()
{
  const int nth = hr.adopt(lmp, id, style);
  if (nth < 0) return;
  for (int j = 0; j < atom->nlocal; j++) unpack_restart(j, nth);
  restart_reset = 1;
}

void FixDEMHistory::write_restart(FILE *fp)
{
  pre_exchange();    // the current history into the per-atom arrays that pack_restart reads
  if (comm->me == 0) hr.write(fp);
}

void FixDEMHistory::restart(char *buf)
{
  hr.read(lmp, buf);
}

int FixDEMHistory::pack_restart(int i, double *buf)
{
  // LAMMPS's record (length, count, partners) after the header's other values
  const int m = FixNeighHistory::pack_restart(i, buf + HistoryRestart::HEADER - 2);
  for (int p = 0; p < npartner[i]; p++) hr.canonical(&buf[HistoryRestart::HEADER + p * (dnum + 1) + 1]);
  hr.pack_header(buf, id, style, npartner[i]);
  buf[0] = m + HistoryRestart::HEADER - 2;
  return static_cast<int>(buf[0]);
}

int FixDEMHistory::size_restart(int nlocal)
{
  return FixNeighHistory::size_restart(nlocal) + HistoryRestart::HEADER - 2;
}

int FixDEMHistory::maxsize_restart()
{
  return FixNeighHistory::maxsize_restart() + HistoryRestart::HEADER - 2;
}

// The CPU fix's records are canonical (history_layout.h): converted where the layouts differ. A
// record of another kind (a pre-1.0 file's, whose global data was refused) gives no history.
void FixDEMHistory::unpack_restart(int nlocal, int nth)
{
  if (ipage_atom == nullptr) allocate_pages();
  const double *rec = atom->extra[nlocal];
  for (int k = 0; k < nth; k++) rec += static_cast<int>(rec[0]);
  const bool ours = is_atom_record(rec, HISTORY_ATOM_MARK) && hr.keep();
  const int n = ours ? static_cast<int>(rec[HistoryRestart::HEADER - 1]) : 0;
  npartner[nlocal] = n;
  maxpartner = std::max(maxpartner, n);
  partner[nlocal] = ipage_atom->get(n);
  valuepartner[nlocal] = dpage_atom->get(dnum * n);
  const int stride = hr.written.size + 1;
  const double *p0 = rec + HistoryRestart::HEADER;
  for (int p = 0; p < n; p++) {
    partner[nlocal][p] = static_cast<tagint>(ubuf(p0[p * stride]).i);
    double *values = &valuepartner[nlocal][dnum * p];
    if (hr.as_written()) std::copy(p0 + p * stride + 1, p0 + (p + 1) * stride, values);
    else hr.convert(p0 + p * stride + 1, values);
  }
}
