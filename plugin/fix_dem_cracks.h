// fix dem/cracks: a record of every crack, PFC's crack tracking: each bond (or a flat joint's
// elements) of pair style dem/linear that breaks between two atoms of the group, or of a fix
// wall/dem between an atom of the group and a wall, as a row of a local array for dump local
// (step, time, the contact point, the normal, the radius of the broken area, the mode, how many
// broke, the two atom IDs, a wall's 0: crack_record.h's CrackValue). The rows accumulate (all
// cracks so far) and are kept in restart files.
//
//   fix ID group dem/cracks
// SPDX-License-Identifier: GPL-2.0-or-later
#ifdef FIX_CLASS
// clang-format off
FixStyle(dem/cracks,DEM_NS::FixDEMCracks);
// clang-format on
#else

#ifndef LMP_FIX_DEM_CRACKS_H
#define LMP_FIX_DEM_CRACKS_H

#include "crack_record.h"
#include "fix.h"

#include <vector>

namespace DEM_NS {

class PairDEMBase;
class FixWallDEMBase;

class FixDEMCracks : public LAMMPS_NS::Fix {
 public:
  static constexpr int COLUMNS = 2 + CR_VALUES;    // step, time, then CrackValue

  FixDEMCracks(LAMMPS_NS::LAMMPS *lmp, int narg, char **arg);
  int setmask() override;
  void init() override;
  void setup(int) override;
  void end_of_step() override;
  double compute_scalar() override;
  double compute_vector(int n) override;
  void write_restart(FILE *fp) override;
  void restart(char *buf) override;
  double memory_usage() override;

 private:
  PairDEMBase *pair = nullptr;            // (null: walls alone)
  std::vector<FixWallDEMBase *> walls;    // the fix wall/dem whose laws take bonds
  std::vector<double> rows;               // this rank's records, COLUMNS each
  std::vector<double *> lines;            // array_local: their starts
  void expose();
};

}    // namespace DEM_NS

#endif
#endif
