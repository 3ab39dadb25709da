// pair_style dem/linear, dem/hertz: a PFC contact law (src/dem) as a LAMMPS pair style. The
// Style parameter names the law and its properties (LawStyle, law_style.h); everything here
// is law-independent: pair_coeff, the pair loop, per-contact output, history transfer, restart.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "contact_report.h"
#include "contact_values.h"
#include "law_style.h"
#include "pair_dem_base.h"
#include "pair_step.h"

#include <algorithm>
#include <type_traits>
#include <vector>

namespace DEM_NS {

template <class Style> class PairDEM : public PairDEMBase {
 public:
  using Law = typename Style::Law;
  using History = typename Law::History;
  using Params = typename Style::Params;
  using Properties = typename Style::Properties;
  static_assert(outputs_listed<Law>() && Law::Parts::all([](auto part) {
                  return outputs_listed<decltype(part)>();
                }),
                "a law or part names an output compute pair does not have (pair_output_names)");

  PairDEM(LAMMPS_NS::LAMMPS *lmp);
  void compute(int eflag, int vflag) override;
  void coeff(int narg, char **arg) override;
  void write_restart(FILE *fp) override;
  void read_restart(FILE *fp) override;
  double single(int i, int j, int itype, int jtype, double rsq, double factor_coul,
                double factor_lj, double &fforce) override;
  double init_one(int i, int j) override;
  void finish() override;

 protected:
  // props[i][i]: properties of type i; props[i][j], i < j: values set for that pair of types (with
  // coeff contact, props[i][j], i <= j: the values of the contacts of types i and j)
  std::vector<std::vector<Properties>> props;
  std::vector<std::vector<Params>> params;    // mixed, per ordered type pair
  // adhesion (dem/adhesion.h), kept apart from the laws' parameters: as given, and mixed
  std::vector<std::vector<AdhesionProperties>> adh_props;
  std::vector<std::vector<dem::Adhesion>> adh;

  void allocate();
  double max_reference_gap(int itype, int jtype) const override;
  double hold_gap(int itype, int jtype) const override
  {
    // (a bond's reach may grow with the radii: those of the largest particles of the types)
    const double rsum = std::max(maxrad_dynamic[itype], maxrad_frozen[itype]) +
        std::max(maxrad_dynamic[jtype], maxrad_frozen[jtype]);
    return Law::Parts::hold_reach(params[itype][jtype], rsum, bond.gap_max);
  }
  bool takes_bonds(int itype, int jtype) const override
  {
    return Law::Parts::template uses<dem::BondsPart>(params[itype][jtype]);
  }
  double adhesive_range(int itype, int jtype, double r1, double r2) override;
  std::string history_fix_args() const override;
  void report_timescales() override;
  std::vector<ContactRow> contact_rows(const TypeExtremes &x, double v,
                                       std::vector<ValueRow> *values = nullptr) const;
  double shortest_contact_time() override;
  void print_values(const std::vector<ValueRow> &rows, const std::string &speed);
  std::string printed_values;    // the contact values table printed last
  void check_properties() override;
  void check_finite();
  bool has_values(int i, int j) const;
  void mix_inputs(int i, int j, Properties (&p)[3], AdhesionProperties (&q)[3]) const;
  dem::Contact contact_of(int i, int j) const;
  // The stored contact of atoms i and j in this style's half list, for single(): its flag and its
  // slots (slots() values, read only), or nullptr if the list lacks the pair; i and j are swapped
  // when the list holds the pair under j. The /kk styles read their device views' host copies.
  virtual const double *stored_contact(int &i, int &j, int &flag);
  // values per contact: the law's, then its parts' (dem::PartList::slots: the rolling moment,
  // dem::HIST_ROLLING, then the parallel bond, dem::HIST_PBOND, and the drawn strengths of bonds,
  // dem::HIST_PBSTRENGTH)
  static int slots(int parts) { return History::slots(parts) + Law::Parts::slots(parts); }
  static bool vector_slot(int k, int parts)
  {
    const int nl = History::slots(parts);
    return k < nl ? History::is_vector_slot(k, parts) : Law::Parts::is_vector_slot(k - nl, parts);
  }
  // compute pair/local's columns (single): the law's (LAW_COLUMNS, the stored energy at
  // STRAIN_COLUMN), then its parts' (dem::PartList::columns); at least the 24 of dem/linear for
  // every law (the columns of parts a law lacks are 0)
  static constexpr int LAW_COLUMNS = 14, STRAIN_COLUMN = 11;
  static constexpr int COLUMNS = std::max(24, LAW_COLUMNS + Law::Parts::column_count);
  // what the pair step (pair_step.h) scatters and sums in the CPU loop
  template <bool NEWTON> struct LoopTally;
  template <bool NEWTON, bool TALLY, bool ENERGY, bool ADH> void compute_loop(bool advance);
  // the SIMD path (pair_simd.h): whether this step takes it, the step, and the init log's line
  // saying which loop runs and why (printed when it changes)
  bool simd_step(bool advance, bool tally) const;
  void compute_simd();
  void report_loop();
  std::string printed_loop;
  std::vector<const void *> param_rows;    // params[t].data() (the SIMD path's SimdPass::params)
  // dem/linear: every pair of types has the common settings and a rolling spring
  // (dem::rolling_in_lanes), which the SIMD path computes too
  bool plain_rolling = false;
  int hertz_damp = -1;    // dem/hertz: dem::hertz_lanes_damp shared by every pair of types, or -1
  // every law on the generic copy (2 lanes) takes the SIMD path only while most neighbours touch
  // (dense, pair_dem_base.h): on a dilute flow its lanes ran slower than the scalar loop; the pairs
  // within reach of the last step's loop
  long touching = 0;
  static bool lanes_need_dense();
  // the steps of this run (rank 0's), and those whose contacts took the SIMD path
  long steps = 0, simd_steps = 0;
  bool lanes_possible = false;    // the SIMD path applies to this run's settings
  void update_dense();
};

}    // namespace DEM_NS
