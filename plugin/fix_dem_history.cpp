// SPDX-License-Identifier: GPL-2.0-or-later
#include "fix_dem_history.h"
#include "restart_format.h"

#include "dem/pfc.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "my_page.h"
#include "neighbor.h"
#include "update.h"

#include <algorithm>
#include <cstdint>

using namespace LAMMPS_NS;
using namespace DEM_NS;

int HistoryRestart::parse(LAMMPS *lmp, int narg, char **arg)
{
  if (narg != 8)
    lmp->error->all(FLERR, "fix {} is created by the dem/* pair styles, not by input scripts",
                    arg[2]);
  layout = HistoryLayout(arg[4], utils::inumeric(FLERR, arg[5], false, lmp),
                         utils::inumeric(FLERR, arg[3], false, lmp),
                         static_cast<unsigned>(utils::inumeric(FLERR, arg[6], false, lmp)));
  reset = utils::logical(FLERR, arg[7], false, lmp) != 0;
  return 4;
}

namespace {
constexpr const char *HISTORY_MARK = "DEM:HIST";
// the largest values a layout can hold: the optional parts (dem::HistoryParts), the values per
// contact (convert_record's full form)
constexpr double MOST_PARTS = dem::HIST_ENERGY | dem::HIST_EXTRA | dem::HIST_ROLLING |
    dem::HIST_PBOND | dem::HIST_PBSTRENGTH | dem::HIST_FJOINT;
constexpr double MOST_VALUES = 64;
}    // namespace

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
  size_t used = 0, total = 0;
  const RecordError err = parse_sized_record(buf, HISTORY_MARK, rec, used, total);
  if (err) refuse_record(lmp, who, err);
  if (total != 0 && used != total)
    refuse_damaged(lmp, who, HISTORY_MARK,
                   fmt::format("its items end at byte {} of the {} its size (item '{}') "
                               "gives",
                               used, total, TOTAL_ITEM));
  for (const RecordItem &item : rec.items) {
    if (item.name == "law")
      item_text(lmp, who, HISTORY_MARK, item);
    else if (item.name == "parts")
      item_number(lmp, who, HISTORY_MARK, item, 0, MOST_PARTS, true);
    else if (item.name == "values")
      item_number(lmp, who, HISTORY_MARK, item, 1, MOST_VALUES, true);
    else if (item.name == "vector_mask")
      item_number(lmp, who, HISTORY_MARK, item, 0, UINT32_MAX, true);
    else
      unknown_item(lmp, who, rec, item.name);
  }
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

namespace {
const char *const header_names[HistoryRestart::HEADER] = {
    "length",      "mark",         "ID key", "style key", "law code", "parts", "values per contact",
    "vector mask", "partner count"};
}

// The layout every record holds (the header adopt found): values a layout can have.
void HistoryRestart::check_header(LAMMPS *lmp, const std::vector<double> &h, const std::string &who)
{
  std::string problem;
  if (!whole_in(h[4], 1, 3))
    problem = fmt::format("its law code is {}, not 1, 2 or 3", h[4]);
  else if (!whole_in(h[5], 0, MOST_PARTS))
    problem = fmt::format("its parts are {}, outside 0 to {}", h[5], MOST_PARTS);
  else if (!whole_in(h[6], 1, MOST_VALUES))
    problem = fmt::format("its values per contact are {}, outside 1 to {}", h[6], MOST_VALUES);
  else if (!whole_in(h[7], 0, UINT32_MAX))
    problem = fmt::format("its vector mask is {}, outside 0 to {}", h[7], UINT32_MAX);
  if (!problem.empty())
    lmp->error->all(
        FLERR, "{}: the restart file cannot be read: its per-atom contact history is damaged: {}",
        who, problem);
}

// What is wrong with an atom's record (rec): "" if its header is the others' (h) and its length
// fits its partners.
std::string HistoryRestart::record_problem(const double *rec, const std::vector<double> &h,
                                           int most_partners)
{
  const double len = rec[0];
  if (len < HEADER)
    return fmt::format("its contact-history record has length {}, less than its header ({})", len,
                       HEADER);
  for (int k = 4; k < HEADER - 1; k++)
    if (rec[k] != h[k])
      return fmt::format("the {} of its contact-history record is {}, another atom's {}",
                         header_names[k], rec[k], h[k]);
  const double n = rec[HEADER - 1];
  if (!whole_in(n, 0, most_partners))
    return fmt::format(
        "its contact-history record has {} partners, outside 0 to {} (neigh_modify one)", n,
        most_partners);
  const double want = HEADER + n * (h[6] + 1);
  if (len != want)
    return fmt::format(
        "its contact-history record has length {}, its {} partners of {} values take {}", len, n,
        h[6], want);
  return {};
}

int HistoryRestart::adopt(LAMMPS *lmp, const char *id, const char *style)
{
  const std::string who = std::string("Pair ") + layout.law;
  const PeratomSource src =
      find_peratom_record(lmp, id, style, HISTORY_ATOM_MARK, true, HEADER - 1, who);
  const auto &h = src.header;
  if (!h.empty()) check_header(lmp, h, who);
  const int most = lmp->neighbor->oneatom;
  check_atom_records(lmp, src.nth, HISTORY_ATOM_MARK, who, [&](const double *rec) {
    return record_problem(rec, h, most);
  });
  if (src.nth < 0) return -1;
  written = HistoryLayout(law_of_code(static_cast<int>(h[4])), static_cast<int>(h[5]),
                          static_cast<int>(h[6]), static_cast<unsigned>(h[7]));
  if (reset) {
    if (lmp->comm->me == 0)
      utils::logmesg(
          lmp, "Pair {}: reset_history yes: the contact history of the restart file is discarded\n",
          layout.law);
    return src.lammps_hands ? -1 : src.nth;
  }
  const std::string why = history_mismatch(written, layout);
  if (!why.empty())
    lmp->error->all(FLERR,
                    "Pair {}: {}. Continue with the pair style and settings the file was written "
                    "with, or discard the stored contact history (contacts start afresh) with "
                    "pair_style {} ... reset_history yes",
                    layout.law, why, layout.law);
  if (!written.same_as(layout) && lmp->comm->me == 0) {
    const bool e_from = written.parts & dem::HIST_ENERGY, e_to = layout.parts & dem::HIST_ENERGY;
    utils::logmesg(
        lmp,
        "Pair {}: contact history of the restart file converted from {} to {} values per contact "
        "({})\n",
        layout.law, written.size, layout.size,
        e_from == e_to ? "the layout of this version"
            : e_to     ? "per-contact energies start at 0"
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
  stores_ids =
      1;    // reset_atoms id refuses to run, delete_atoms keeps the IDs of molecular systems
  wd_header = 1;    // write_data warns that data files do not keep the history (history_guard.h)
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
    for (int p = 0; p < npartner[i]; p++)
      partner[i][p] = f(i, partner[i][p], &valuepartner[i][dnum * p]);
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
  for (int p = 0; p < npartner[i]; p++)
    hr.canonical(&buf[HistoryRestart::HEADER + p * (dnum + 1) + 1]);
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
  const double *rec = atom_record(lmp, nlocal, nth);    // (its length checked by adopt)
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
    if (hr.as_written())
      std::copy(p0 + p * stride + 1, p0 + (p + 1) * stride, values);
    else
      hr.convert(p0 + p * stride + 1, values);
  }
}
