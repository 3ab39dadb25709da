// SPDX-License-Identifier: GPL-2.0-or-later
#include "dem_bond.h"
#include "fix_wall_dem.h"
#include "pair_dem_base.h"

#include "error.h"
#include "force.h"
#include "group.h"

#include <cmath>
#include <cstdlib>
#include <vector>

using namespace LAMMPS_NS;

namespace DEM_NS {

void DEMBond::command(int narg, char **arg)
{
  const char *usage = "dem_bond group-ID gap G, or dem_bond group-ID unbond";
  if (narg < 2) error->all(FLERR, "Illegal dem_bond command: expected {}", usage);
  const int group = lmp->group->find(arg[0]);
  if (group < 0) error->all(FLERR, "dem_bond: no group {}", arg[0]);
  int mode = 0;
  double gap = 0.0;
  const std::string what = arg[1];
  if (what == "gap" && narg == 3) {
    mode = 1;
    char *end = nullptr;
    gap = std::strtod(arg[2], &end);
    if (end == arg[2] || *end != '\0' || !std::isfinite(gap))
      error->all(FLERR, "dem_bond: gap {} is not a finite number", arg[2]);
  } else if (what == "unbond" && narg == 2) {
    mode = 2;
  } else {
    error->all(FLERR, "Illegal dem_bond command: expected {}", usage);
  }
  // the one dem/linear instance (also under pair_style hybrid, with or without /kk), and every
  // fix wall/dem whose law takes bonds
  auto *pair = dynamic_cast<PairDEMBase *>(force->pair_match("^dem/linear", 0));
  const std::vector<FixWallDEMBase *> walls = bonding_walls(lmp);
  if (!pair && walls.empty())
    error->all(FLERR,
               "dem_bond needs exactly one pair style dem/linear (bonds are dem/linear properties: "
               "cb_tenf, cb_shearf, pb_kn ...), defined before the command, or a fix wall/dem "
               "linear with bonds");
  if (pair) pair->request_bonds(mode, lmp->group->bitmask[group], gap, arg[0]);
  for (auto *wall : walls) wall->request_bonds(mode, lmp->group->bitmask[group], gap);
}

}    // namespace DEM_NS
