// pair_style dem/linear: the PFC linear contact model (src/dem/linear.h) as a LAMMPS pair style.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/linear.h"
#include "linear_properties.h"
#include "pair_dem_base.h"

#include <vector>

namespace DEM_NS {

class PairDEMLinear : public PairDEMBase {
 public:
  PairDEMLinear(LAMMPS_NS::LAMMPS *lmp);
  void compute(int eflag, int vflag) override;
  void coeff(int narg, char **arg) override;
  void write_restart(FILE *fp) override;
  void read_restart(FILE *fp) override;
  double single(int i, int j, int itype, int jtype, double rsq, double factor_coul,
                double factor_lj, double &fforce) override;
  void transfer_history(double *source, double *target, int itype, int jtype) override;

 protected:
  // props[i][i]: properties of type i; props[i][j], i < j: values set for that pair of types
  std::vector<std::vector<LinearProperties>> props;
  std::vector<std::vector<dem::LinearParams>> params;    // mixed, per ordered type pair

  void allocate();
  double max_reference_gap(int itype, int jtype) const override;
  void check_properties() override;
  dem::Contact contact_of(int i, int j) const;
  template <bool NEWTON, bool TALLY, bool ENERGY> void compute_loop(bool advance);
};

}    // namespace DEM_NS
