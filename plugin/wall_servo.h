// The servo of fix wall/dem's plane and cylinder walls (keyword servo): each wall of the fix moves
// along its normal so that the normal force of its contacts approaches a target stress times an
// area, as PFC's wall servo (a proportional controller with adaptive gain, PFC's manual, "wall
// servo"): after each step, with F_n the wall's normal force (compressive positive) and K the sum
// of the normal stiffnesses of its contacts (a bonded contact's with its bond's: PFC's effective
// translational stiffness), the wall moves outwards at
//   v = G (F_n - sigma A),  G = alpha / (K dt),  |v| <= vmax
// so that within a step the wall's force changes by a fraction alpha of its error; a wall without
// contacts approaches at vmax. The contacts' dashpots count in K as c_n / dt (K = sum k_n + c_n/dt):
// a wall whose speed changes changes their force at once, and without them in the gain a damped
// contact would throw the wall back and forth.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/wall.h"
#include "equal_value.h"

#include <string>

namespace LAMMPS_NS {
class LAMMPS;
}

namespace DEM_NS {

struct WallServo {
  bool on = false;
  EqualValue stress, area;    // target stress (compressive positive) and the area it acts on
  double vmax = 0.0;          // the largest speed of a wall
  double alpha = 0.8;         // the relaxation factor (keyword servo_alpha, PFC's gain-factor)
  bool alpha_given = false;

  // "servo sigma A vmax" at arg[iarg] (iarg moves past it); me names the fix in errors
  void parse(LAMMPS_NS::LAMMPS *lmp, const std::string &me, int narg, char **arg, int &iarg);
  // "servo_alpha a"
  void parse_alpha(LAMMPS_NS::LAMMPS *lmp, const std::string &me, int narg, char **arg, int &iarg);
  // the variables exist and are equal-style; me names the fix in the errors of advance
  void init(LAMMPS_NS::LAMMPS *lmp, const std::string &me);
  // After a step: the walls' normal forces fn and stiffness sums kn (rows lo, hi; the cylinder:
  // row 0), summed over all ranks, set the walls' rates and move them by one step dt.
  void advance(LAMMPS_NS::LAMMPS *lmp, dem::FixedWalls &walls, const double *fn, const double *kn,
               double dt);

 private:
  std::string who;    // the fix, in errors (init)
  double evaluate(LAMMPS_NS::LAMMPS *lmp, const EqualValue &v, const char *what, bool positive);
  double outward_speed(double fn, double kn, double sigma, double a, double dt) const;
};

}    // namespace DEM_NS
