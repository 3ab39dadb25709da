// The contact report and timestep guard of the pair styles and wall fixes: at init, for every
// pair of types that has particles (and each type against a wall), the law's time scale
// (src/dem/timescale.h) of a contact between the smallest particles of the types; a table on
// request and a warning whenever the timestep exceeds t_c / STEPS_PER_COLLISION.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/timescale.h"

#include <string>
#include <vector>

namespace LAMMPS_NS {
class Domain;
class LAMMPS;
}    // namespace LAMMPS_NS

namespace DEM_NS {

constexpr double STEPS_PER_COLLISION =
    10.0;    // the least number of steps per t_c the guard accepts

// Per type (index 1..ntypes): the smallest and largest radius and mass of the group's particles
// (0: none), and the largest particle speed. Collective.
struct TypeExtremes {
  std::vector<double> rmin, mmin, rmax, mmax;
  double vmax = 0.0;
};
TypeExtremes type_extremes(LAMMPS_NS::LAMMPS *lmp, int groupbit);

// The simulation box's largest edge (of the dimensions in use): the scale no contact reach exceeds.
double box_edge(const LAMMPS_NS::Domain *domain);

struct ContactRow {
  std::string between;    // "types 1 and 2", "type 1 and the wall"
  double r1, r2, m;       // radii (r2 = inf: a wall) and effective mass
  dem::Timescale t;
};

// The shortest collision time of the rows (inf: none)
inline double shortest_time(const std::vector<ContactRow> &rows)
{
  double t = INFINITY;
  for (const ContactRow &r : rows) t = t < r.t.tc ? t : r.t.tc;
  return t;
}

// How a Hertz time scale's impact speed v was chosen, for report_contacts: given (keyword
// impact_speed) or by the default rule, or none (v = 0: no particle moves).
std::string impact_speed_note(double v, bool given, const char *default_rule);

// Prints the table (table: on request) on rank 0 and warns if the timestep is too large for any
// row, naming the worst and the largest safe timestep. who: "Pair dem/linear", "Fix w wall/dem".
// speed: the impact speed of the Hertz rows and how it was chosen.
// A row whose t_c is shorter than the timestep is an error naming `stiffness` (the law's stiffness
// keywords).
void report_contacts(LAMMPS_NS::LAMMPS *lmp, const std::string &who,
                     const std::vector<ContactRow> &rows, bool table, const std::string &speed,
                     const char *stiffness);

}    // namespace DEM_NS
