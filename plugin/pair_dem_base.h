// Granular machinery shared by the dem/* pair styles: contact history storage, size-based
// cutoffs, effective mass (rigid bodies, frozen atoms), energy partitions and event counters.
// The force laws themselves live in src/dem; derived styles only parse properties and call them.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "atom.h"
#include "dem/pfc.h"
#include "pair.h"
#include "pair_step.h"

#include <string>
#include <vector>

namespace LAMMPS_NS {
class Fix;
class FixDummy;
class FixNeighHistory;
}    // namespace LAMMPS_NS

namespace DEM_NS {

// m_c of a ball-ball contact with rigid-body masses (a particle in a body contributes the body's
// mass, body_mass[i] > 0) and frozen atoms: the pointers it reads, cheap to copy into a pair loop.
struct EffectiveMassRule {
  const double *rmass;
  const double *body_mass;    // nullptr without rigid bodies
  const int *mask;
  int freeze_bit;
  bool arithmetic;
  double mass(int i) const { return body_mass && body_mass[i] > 0.0 ? body_mass[i] : rmass[i]; }
  bool frozen(int i) const { return mask[i] & freeze_bit; }
  // with the mass and the freeze flag of i looked up once (a pair loop's atom i)
  double combine(double mi, bool frozen_i, int j) const
  {
    return dem::effective_mass(mi, mass(j), frozen_i, frozen(j), arithmetic);
  }
  double operator()(int i, int j) const { return combine(mass(i), frozen(i), j); }
};

// The pair loops stall on the first history loads of each atom, which the hardware does not
// foresee: they fetch the start of the next atom's history early, a fixed amount without a loop
// over its neighbours (whose branches cost more than it gained): the values of 4 neighbours
// (nh per neighbour), which ran fastest on the chute benchmark (dem/linear: 2 to 8 cache lines
// tried with bench/run_chute.sh). A prefetch past the end of the history cannot fault.
inline void prefetch_history(const double *history, int nh)
{
  const char *p = reinterpret_cast<const char *>(history);
  const int lines = (4 * nh * int(sizeof(double)) + 63) / 64;
  for (int k = 0; k < lines; k++) DEM_PREFETCH(p + 64 * k);
}

// Fills mass[0..nlocal) with the total mass of the rigid body (of fix_rigid) each owned atom
// belongs to, 0 if none, growing the array to atom->nmax.
void gather_rigid_masses(LAMMPS_NS::LAMMPS *lmp, LAMMPS_NS::Fix *fix_rigid, double *&mass,
                         int &nmax, const char *name);

// Global outputs, in the order of pvector (read by "compute pair STYLE").
enum Extra {
  E_STRAIN,           // strain energy stored in the contacts now
  E_SLIP,             // energy dissipated by slip, cumulative
  E_DASHPOT,          // energy dissipated by dashpots, cumulative
  N_ACTIVATED,        // contacts activated this step
  N_SLIP_START,       // slip started this step
  N_SLIP_END,         // slip ended this step
  N_ACTIVATED_ALL,    // the same three, cumulative
  N_SLIP_START_ALL,
  N_SLIP_END_ALL,
  E_PLASTIC,     // energy dissipated by hysteretic (plastic) normal springs, cumulative
  E_ADHESIVE,    // potential energy of the adhesive forces now (<= 0 for Rocky's models)
  E_ADH_LOSS,    // energy lost by adhesive contacts that broke (JKR), cumulative
  E_BREAK,    // strain energy of holding contacts (hold_gap, contact bonds) that broke, cumulative
  N_BONDS,    // intact contact bonds now
  N_BONDS_MADE,       // contact bonds made (dem_bond), cumulative
  N_BROKE_TENSION,    // contact bonds broken in tension, cumulative
  N_BROKE_SHEAR,      // contact bonds broken in shear, cumulative
  N_EXTRA
};
// their names (compute pair's; the restart records')
inline constexpr const char *pair_output_names[N_EXTRA] = {
    "e_strain",        "e_slip",          "e_dashpot",        "n_activated",    "n_slip_start",
    "n_slip_end",      "n_activated_all", "n_slip_start_all", "n_slip_end_all", "e_plastic",
    "e_adhesive",      "e_adh_loss",      "e_break",          "n_bonds",        "n_bonds_made",
    "n_broke_tension", "n_broke_shear"};

// whether every output a law or part books into (its `outputs`, dem/parts/part.h) is one of them
template <class Part> constexpr bool outputs_listed()
{
  for (int k = 0; k < Part::output_count; k++) {
    bool found = false;
    for (const char *name : pair_output_names) {
      const char *a = Part::outputs[k], *b = name;
      while (*a && *a == *b) {
        a++;
        b++;
      }
      found = found || *a == *b;
    }
    if (!found) return false;
  }
  return true;
}

// the marks of the pair styles' restart records (restart_format.h): settings, pair_coeff values
constexpr const char *SETTINGS_MARK = "DEM:PSET", *COEFF_MARK = "DEM:PCOF";

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
  bool reset_history = false;      // discard the contact history of a restart file
  bool contact_report = false;     // print the contact report at init (contact_report.h)
  // coeff contact: pair_coeff I J gives the values of the I-J contacts themselves (PFC's contact
  // model properties, pair granular's coefficients), for I = J too; coeff type (the default): a
  // pair_coeff I I gives type properties that contacts inherit (PFC's ball properties)
  bool coeff_contact = false;
  bool contact_values =
      true;    // print every pair of types' contact values at init (contact_values.h)
  double impact_speed = 0.0;    // of the Hertz time scale; 0: twice the largest particle speed
  bool simd = true;    // the SIMD path where it applies (pair_simd.h); simd no: the scalar loop

  // the dem_bond command: bond (mode 1) or unbond (mode 2) the contacts of the atoms in a group
  // on the next step that advances (the bond's gap: contacts with g_c <= gap); the requests made
  // before that step are carried out on it, in their order
  void request_bonds(int mode, int groupbit, double gap, const std::string &group);

 protected:
  int size_history;    // doubles of history per contact: History::slots(history_parts)
  int history_parts = dem::
      HIST_ALL;    // dem::HistoryParts kept, fixed at the first run (PairDEM::check_properties)
  LAMMPS_NS::FixDummy *fix_dummy = nullptr;
  LAMMPS_NS::FixNeighHistory *fix_history = nullptr;
  LAMMPS_NS::Fix *fix_rigid = nullptr;
  int freeze_group_bit = 0;
  double *mass_rigid = nullptr;    // total mass of the rigid body an atom belongs to, else 0
  int nmax_rigid = 0;
  double *maxrad_dynamic = nullptr, *maxrad_frozen = nullptr;
  double totals[N_EXTRA] = {};    // this rank's share of the cumulative outputs
  bool any_rgap = false;          // some pair of types has a reference gap (set at init)
  bool any_hold = false;          // some pair of types holds contacts beyond g_s = 0 (set at init)
  dem::BondStep bond;    // contact bonds: the pending dem_bond request, the largest gap, any
  std::vector<std::string> bond_groups;    // the pending requests' groups (for the log)
  std::string pending_requests() const;    // the pending dem_bond requests, for messages
  double made_now = 0.0;                   // bonds made this step (this rank)
  bool bonding_now = false;                // this step carries out the request
  bool any_adhesion = false;               // some pair of types has adhesion (set at init)
  bool any_extra =
      false;    // some pair of types holds contacts, slips not or takes bonds (Law::extra_part)
  bool any_joint = false;    // some pair of types takes flat joints (a part of group PART_JOINT)
  bool all_plain = false;    // every pair of types has its law's common settings (Law::is_plain)
  bool dense = false;    // most neighbours touched on the last step (the /kk kernel; the SIMD path)
  bool warned_deep = false;    // a contact deeper than a radius was reported this run
  // forces (and the contact history single() reports) computed since the last init: false when
  // pair_write calls single(), which these styles cannot serve (see PairDEM::single)
  bool forces_computed = false;

  void allocate_base();
  virtual std::string history_fix_style() const { return "DEM_HISTORY"; }
  // the arguments of the history fix after its style: its layout (HistoryLayout) and reset_history
  virtual std::string history_fix_args() const = 0;
  virtual double max_reference_gap(int itype, int jtype) const = 0;
  // the surface gap up to which a contact of the pair of types holds once formed (dem::LinearParams)
  virtual double hold_gap(int itype, int jtype) const = 0;
  virtual bool takes_bonds(int itype, int jtype) const = 0;    // contact bonds (cb_tenf, cb_shearf)
  // gap beyond touching up to which adhesion acts, for radii up to r1 and r2 (0: none)
  virtual double adhesive_range(int, int, double, double) { return 0.0; }
  virtual void check_properties() = 0;     // mixing and validation, at init
  virtual void report_timescales() = 0;    // contact report and timestep guard, at init

 public:
  // the shortest t_c of the contact report's rows now (inf: none), for fix dem/timestep.
  // Collective.
  virtual double shortest_contact_time() = 0;
  // Crack records for fix dem/cracks (pair_step.h's CrackValue, CR_VALUES each), of the pairs of
  // atoms in crack_groupbit, while record_cracks; the fix takes them after each step
  bool record_cracks = false;
  int crack_groupbit = 0;
  std::vector<double> cracks;
  // a record from the CPU loop (atom i's position, the contact c from i to j)
  DEM_COLD void add_crack(int i, int j, const dem::Contact &c, int mode, int count, double radius);

 protected:
  void update_rigid_masses();
  bool any_coeff_given() const;    // some pair_coeff was given (or read from a restart file)
  void consolidate_totals();
  void begin_step_outputs();    // call at the start of compute()
  void end_step_outputs();      // call at the end of compute()
  // the contact bonds' step constants: a dem_bond request only on a step that advances
  dem::BondStep bond_step(bool advance);
  // after a step's loop or kernel: what it summed (pair_step.h's PairSum entries; events in whole
  // units) into the outputs
  template <int N, int R> void add_step_sums(const StepSums<N, R> &s)
  {
    // (output, sum): those of every loop, then those of the loops with the optional parts
    static constexpr int common[][2] = {{E_STRAIN, PS_STRAIN},       {E_SLIP, PS_SLIP},
                                        {E_DASHPOT, PS_DASHPOT},     {E_PLASTIC, PS_PLASTIC},
                                        {N_ACTIVATED, PS_ACTIVATED}, {N_SLIP_START, PS_SLIP_START},
                                        {N_SLIP_END, PS_SLIP_END}};
    static constexpr int extra[][2] = {{E_ADHESIVE, PS_ADHESIVE},
                                       {E_ADH_LOSS, PS_ADH_LOSS},
                                       {E_BREAK, PS_BREAK},
                                       {N_BONDS, PS_BONDED},
                                       {N_BONDS_MADE, PS_BONDS_MADE},
                                       {N_BROKE_TENSION, PS_BROKE_TENSION},
                                       {N_BROKE_SHEAR, PS_BROKE_SHEAR}};
    for (const auto &o : common) totals[o[0]] += s[o[1]];
    if constexpr (N > PS_COMMON) {
      for (const auto &o : extra) totals[o[0]] += s[o[1]];
      made_now += s[PS_BONDS_MADE];
    }
  }
  // m_c with rigid-body masses and frozen atoms, as of this step
  EffectiveMassRule effective_mass_rule() const
  {
    return {atom->rmass, fix_rigid ? mass_rigid : nullptr, atom->mask, freeze_group_bit,
            arithmetic_meff};
  }
  double effective_mass(int i, int j) const { return effective_mass_rule()(i, j); }
  std::string history_id() const;
  // The pair loops' rare path, for a touching contact deeper than the smaller radius (c.gap <
  // -min(R1, R2)): coincident centres (rsq = 0, no normal: every number would become NaN) stop
  // the run, naming the atoms; otherwise the deepest such contact of the step is kept, and
  // report_deep_contact warns about it after the loop (the first step of a run that has one), as
  // the /kk styles do.
  DEM_COLD void deep_contact(int i, int j, double gap, double rsq);
  // (the same for the SIMD path's loop: pair is the pair style)
  static void deep_contact_of(void *pair, int i, int j, double gap, double rsq)
  {
    static_cast<PairDEMBase *>(pair)->deep_contact(i, j, gap, rsq);
  }
  void report_deep_contact();
  void report_records(const ContactRecord *record, int count = 1);
  ContactRecord deepest;    // the deepest contact of the step
  [[noreturn]] void coincident_atoms(LAMMPS_NS::tagint a, LAMMPS_NS::tagint b);
  // A bond stretched beyond the neighbour lists' reach without breaking (dem::listed_bond_reach in
  // dem/contact_step.h) stops the run, naming the atoms.
  [[noreturn]] void bond_stretched(LAMMPS_NS::tagint a, LAMMPS_NS::tagint b, double gap);
  void warn_deep_overlap(LAMMPS_NS::tagint a, LAMMPS_NS::tagint b, double overlap, double radius);
};

}    // namespace DEM_NS
