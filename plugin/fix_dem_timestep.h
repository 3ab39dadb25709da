// fix dem/timestep: PFC's automatic timestep. Every N steps the timestep becomes a fraction of
// the shortest collision time t_c of the contact report (contact_report.h): of the dem/* pair
// styles (every pair of types that has particles, their smallest) and of every fix wall/dem (each
// type against the wall), for the particles and speeds of now.
//
//   fix ID group dem/timestep N fraction [max dtmax]
// SPDX-License-Identifier: GPL-2.0-or-later
#ifdef FIX_CLASS
// clang-format off
FixStyle(dem/timestep,DEM_NS::FixDEMTimestep);
// clang-format on
#else

#ifndef LMP_FIX_DEM_TIMESTEP_H
#define LMP_FIX_DEM_TIMESTEP_H

#include "fix.h"

#include <vector>

namespace DEM_NS {

class PairDEMBase;

class FixDEMTimestep : public LAMMPS_NS::Fix {
 public:
  FixDEMTimestep(LAMMPS_NS::LAMMPS *lmp, int narg, char **arg);
  int setmask() override;
  void init() override;
  void setup(int) override;
  void end_of_step() override;
  double compute_vector(int n) override;

 private:
  double fraction = 0.0;    // dt = fraction t_c
  double dtmax = 0.0;       // the largest timestep (0: none)
  double tc = 0.0;          // the shortest t_c found last (inf: no particles)
  std::vector<PairDEMBase *> dem_pairs() const;
  double shortest_contact_time();
  void set_timestep();
};

}    // namespace DEM_NS

#endif
#endif
