// The dem_bond command (doc/contact_bonds.rst): bonds the contacts between the atoms of a group,
// as PFC's "contact method bond gap" does for its bonded contact models, or unbonds them.
//   dem_bond group-ID gap G     bond the pairs within the contact gap g_c <= G
//   dem_bond group-ID unbond    unbond them
// The dem/linear pair style carries it out on the next step that advances, and so does every fix
// wall/dem whose law takes bonds, for the contacts of the group's balls with its walls.
// SPDX-License-Identifier: GPL-2.0-or-later
#ifdef COMMAND_CLASS
// clang-format off
CommandStyle(dem_bond,DEM_NS::DEMBond);
// clang-format on
#else

#ifndef LMP_DEM_BOND_H
#define LMP_DEM_BOND_H

#include "command.h"

namespace DEM_NS {

class DEMBond : public LAMMPS_NS::Command {
 public:
  explicit DEMBond(LAMMPS_NS::LAMMPS *lmp) : Command(lmp) {}
  void command(int narg, char **arg) override;
};

}    // namespace DEM_NS

#endif
#endif
