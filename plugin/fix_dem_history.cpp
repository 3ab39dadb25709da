// SPDX-License-Identifier: GPL-2.0-or-later
#include "fix_dem_history.h"
#include "restart_records.h"

#include "dem/pfc.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "my_page.h"

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

void HistoryRestart::write(FILE *fp) const
{
  const int len = sizeof(HistoryLayout);
  fwrite(&len, sizeof(int), 1, fp);
  fwrite(&layout, sizeof(HistoryLayout), 1, fp);
}

void HistoryRestart::read(LAMMPS *lmp, const char *buf)
{
  std::memcpy(&written, buf, sizeof(HistoryLayout));
  written.law[sizeof(written.law) - 1] = '\0';
  if (reset) {
    if (lmp->comm->me == 0)
      utils::logmesg(lmp, "Pair {}: reset_history yes: the contact history of the restart file is discarded\n",
                     layout.law);
    return;
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
}

void HistoryRestart::convert(const double *in, double *out) const
{
  convert_record(in, written, layout, out);
}

// ---------------------------------------------------------------------------------------------

FixDEMHistory::FixDEMHistory(LAMMPS *lmp, int narg, char **arg) :
    FixNeighHistory(lmp, history_base_args(narg), arg)
{
  hr.parse(lmp, narg, arg);
}

// restart data written by the Kokkos variant, or by another instance of the pair style
void FixDEMHistory::post_constructor()
{
  adopt_restart_data(lmp, this, "DEM_HISTORY");
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

// The CPU fix's records are canonical (history_layout.h): read as they are unless converted.
void FixDEMHistory::unpack_restart(int nlocal, int nth)
{
  if (hr.as_written()) {
    FixNeighHistory::unpack_restart(nlocal, nth);
    return;
  }
  if (ipage_atom == nullptr) allocate_pages();
  const double *rec = atom->extra[nlocal];
  for (int k = 0; k < nth; k++) rec += static_cast<int>(rec[0]);
  const int n = hr.keep() ? static_cast<int>(rec[1]) : 0;
  npartner[nlocal] = n;
  maxpartner = std::max(maxpartner, n);
  partner[nlocal] = ipage_atom->get(n);
  valuepartner[nlocal] = dpage_atom->get(dnum * n);
  const int stride = hr.written.size + 1;
  for (int p = 0; p < n; p++) {
    partner[nlocal][p] = static_cast<tagint>(ubuf(rec[2 + p * stride]).i);
    hr.convert(&rec[3 + p * stride], &valuepartner[nlocal][dnum * p]);
  }
}
