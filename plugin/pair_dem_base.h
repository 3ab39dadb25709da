// Granular machinery shared by the dem/* pair styles: contact history storage, size-based
// cutoffs, effective mass (rigid bodies, frozen atoms), energy partitions and event counters.
// The force laws themselves live in src/dem; derived styles only parse properties and call them.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "pair.h"

namespace LAMMPS_NS {
class Fix;
class FixDummy;
class FixNeighHistory;
}    // namespace LAMMPS_NS

namespace DEM_NS {

// Global outputs, in the order of pvector (read by "compute pair STYLE").
enum Extra {
  E_STRAIN,        // strain energy stored in the contacts now
  E_SLIP,          // energy dissipated by slip, cumulative
  E_DASHPOT,       // energy dissipated by dashpots, cumulative
  N_ACTIVATED,     // contacts activated this step
  N_SLIP_START,    // slip started this step
  N_SLIP_END,      // slip ended this step
  N_ACTIVATED_ALL, // the same three, cumulative
  N_SLIP_START_ALL,
  N_SLIP_END_ALL,
  N_EXTRA
};

class PairDEMBase : public LAMMPS_NS::Pair {
 public:
  PairDEMBase(LAMMPS_NS::LAMMPS *lmp, int history_size);
  ~PairDEMBase() override;

  void settings(int narg, char **arg) override;
  void init_style() override;
  double init_one(int i, int j) override;
  void write_restart_settings(FILE *fp) override;
  void read_restart_settings(FILE *fp) override;
  int pack_forward_comm(int n, int *list, double *buf, int pbc_flag, int *pbc) override;
  void unpack_forward_comm(int n, int first, double *buf) override;
  double memory_usage() override;

  bool arithmetic_meff = false;    // PFC 3.0's (m1+m2)/2 instead of m1 m2 / (m1+m2)
  bool track_energy = false;       // accumulate slip and dashpot dissipation every step

 protected:
  int size_history;    // doubles of history per contact
  LAMMPS_NS::FixDummy *fix_dummy = nullptr;
  LAMMPS_NS::FixNeighHistory *fix_history = nullptr;
  LAMMPS_NS::Fix *fix_rigid = nullptr;
  int freeze_group_bit = 0;
  double *mass_rigid = nullptr;    // total mass of the rigid body an atom belongs to, else 0
  int nmax_rigid = 0;
  double *maxrad_dynamic = nullptr, *maxrad_frozen = nullptr;
  double totals[N_EXTRA] = {};     // this rank's share of the cumulative outputs

  void allocate_base();
  virtual std::string history_fix_style() const { return "NEIGH_HISTORY"; }
  virtual double max_reference_gap(int itype, int jtype) const = 0;
  virtual void check_properties() = 0;    // mixing and validation, at init
  void update_rigid_masses();
  void consolidate_totals();
  void begin_step_outputs();    // call at the start of compute()
  void end_step_outputs();      // call at the end of compute()
  double orientation(int i, int j) const;
  double effective_mass(int i, int j) const;
  std::string history_id() const;
};

}    // namespace DEM_NS
