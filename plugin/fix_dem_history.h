// fix DEM_HISTORY (internal, created by the dem/* pair styles): LAMMPS's contact-history fix with
// restart data that says what it holds (HistoryLayout), so that a run continues only from history
// it reads correctly: from the CPU or the Kokkos styles alike, converted where the conversion is
// exact (the per-contact energies switched on or off), else an error that says what changed.
//
//   fix ID all DEM_HISTORY SIZE LAW PARTS VECTOR_MASK RESET
//
// HistoryRestart is the part both backends share (the Kokkos fix is kokkos/fix_dem_history_kokkos.h).
// Restart data (doc/restart.rst): a global record (mark DEM:HIST) that names the layout, and per
// atom a record whose header names it again (the data may come from the other backend's fix, or
// from another pair instance's, whose global data LAMMPS does not hand over):
//   length, mark, ID key, style key, law, parts, values per contact, vector mask, npartner,
//   then per partner its tag and values (canonical form, history_layout.h: in memory a record's
//   scalars may carry the sign of a takeover by the partner, HistoryRestart::canonical).
// SPDX-License-Identifier: GPL-2.0-or-later
#ifdef FIX_CLASS
// clang-format off
FixStyle(DEM_HISTORY,DEM_NS::FixDEMHistory);
// clang-format on
#else

#ifndef LMP_FIX_DEM_HISTORY_H
#define LMP_FIX_DEM_HISTORY_H

#include "fix_neigh_history.h"
#include "history_guard.h"
#include "history_layout.h"
#include "pair_step.h"

namespace DEM_NS {

class HistoryRestart {
 public:
  HistoryLayout layout;               // this run's (from the fix's arguments)
  HistoryLayout written;              // the restart file's (size 0 until one is read)
  bool reset = false;                 // pair_style ... reset_history yes: drop the history read
  static constexpr int HEADER = 9;    // per-atom record values before the partners

  // arg[4..7] of the fix command; the number of arguments the base fix takes (4)
  int parse(LAMMPS_NS::LAMMPS *lmp, int narg, char **arg);
  void write(FILE *fp) const;    // global restart data, on rank 0
  // global restart data: an error if this version cannot read it or it is damaged
  void read(LAMMPS_NS::LAMMPS *lmp, const char *buf) const;
  // the per-atom record's header for an atom with n partners (buf[1..HEADER))
  void pack_header(double *buf, const char *id, const char *style, int n) const;
  // From post_constructor (collective): finds the fix's per-atom records, the fix's own or those
  // of its family under another ID, checks that each fits its length and the others' layout, and
  // takes their layout (an error if this run cannot continue it or a record is damaged). The
  // position of the records in each atom's data, -1 if none or LAMMPS hands them over.
  int adopt(LAMMPS_NS::LAMMPS *lmp, const char *id, const char *style);
  bool keep() const { return written.size > 0 && !reset; }
  static void check_header(LAMMPS_NS::LAMMPS *lmp, const std::vector<double> &h,
                           const std::string &who);
  static std::string record_problem(const double *rec, const std::vector<double> &h,
                                    int most_partners);
  bool as_written() const { return keep() && written.same_as(layout); }
  // the values of one contact in this run's layout, from a canonical record's values
  void convert(const double *in, double *out) const;
  // one contact's values in memory to the canonical form: the scalars of a record that the partner
  // took over (dem::ContactHistory::orientation) lose their sign. (Canonical values are valid in
  // memory as they are.)
  void canonical(double *values) const
  {
    if (dem::ContactHistory::orientation(values) > 0.0) return;
    for (int k = 0; k < layout.size; k++)
      if (!layout.is_vector(k)) values[k] = -values[k];
  }
};

class FixDEMHistory : public LAMMPS_NS::FixNeighHistory, public HistoryGuard {
 public:
  FixDEMHistory(LAMMPS_NS::LAMMPS *lmp, int narg, char **arg);
  void post_run() override;
  void set_arrays(int i) override;
  void setup_pre_exchange() override;
  void pre_exchange() override;
  void write_data_header(FILE *fp, int mth) override;
  void post_constructor() override;
  void write_restart(FILE *fp) override;
  void restart(char *buf) override;
  int pack_restart(int i, double *buf) override;
  void unpack_restart(int nlocal, int nth) override;
  int size_restart(int nlocal) override;
  int maxsize_restart() override;

 protected:
  void rewrite_partners(const PartnerVisit &f) override;
  const char *law() const override { return hr.layout.law; }

 private:
  HistoryRestart hr;
};

// The argument count and vector the base class takes: the first 4 arguments.
inline int history_base_args(int narg)
{
  return narg < 4 ? narg : 4;
}

}    // namespace DEM_NS

#endif
#endif
