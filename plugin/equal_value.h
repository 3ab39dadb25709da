// A setting given as a number or as v_name, an equal-style variable evaluated every step (a mesh
// wall's motion, a servo wall's target)
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include <string>

namespace LAMMPS_NS {
class LAMMPS;
}

namespace DEM_NS {

struct EqualValue {
  double value = 0.0;
  std::string var;    // the variable's name ("" for a number)
  int ivar = -1;      // its index, looked up at each init

  // At parsing: whether text is v_name (then var is name; an error naming me and what if the name
  // is empty); else the caller reads the number
  bool read_variable(LAMMPS_NS::LAMMPS *lmp, const std::string &me, const std::string &what,
                     const char *text);
  // At init: the variable's index; an error naming me and what (the keyword) if it does not exist
  // or is not equal-style
  void find(LAMMPS_NS::LAMMPS *lmp, const std::string &me, const std::string &what);
  // the number, or the variable's value now (the caller brackets it with clearstep_compute and
  // addstep_compute)
  double now(LAMMPS_NS::LAMMPS *lmp) const;
};

}    // namespace DEM_NS
