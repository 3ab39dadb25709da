// SPDX-License-Identifier: GPL-2.0-or-later
#include "fix_dem_timestep.h"
#include "fix_wall_dem.h"
#include "pair_dem_base.h"
#include "properties.h"

#include "comm.h"
#include "error.h"
#include "force.h"
#include "modify.h"
#include "output.h"
#include "update.h"

#include <cmath>

using namespace LAMMPS_NS;
using namespace DEM_NS;

FixDEMTimestep::FixDEMTimestep(LAMMPS *lmp, int narg, char **arg) : Fix(lmp, narg, arg)
{
  const std::string me = std::string("Fix ") + style;
  if (narg < 5)
    error->all(FLERR, "{}: needs N and a fraction: fix ID group {} N fraction", me, style);
  double n = 0.0;
  std::string err = parse_value("N", arg[3], n);
  if (!err.empty()) error->all(FLERR, "{}: {}", me, err);
  if (!(n >= 1.0 && n <= 1e9 && n == std::floor(n)))
    error->all(FLERR, "{}: N = {} is out of range: allowed a whole number from 1 to 1e9", me,
               arg[3]);
  nevery = static_cast<int>(n);
  err = parse_value("fraction", arg[4], fraction);
  if (!err.empty()) error->all(FLERR, "{}: {}", me, err);
  if (!(fraction > 0.0 && fraction <= 1.0))
    error->all(FLERR, "{}: fraction = {} is out of range: allowed (0, 1]", me, arg[4]);
  for (int iarg = 5; iarg < narg; iarg += 2) {
    const std::string key = arg[iarg];
    if (key != "max") error->all(FLERR, "{}: unknown keyword {} (allowed: max)", me, key);
    if (iarg + 2 > narg) error->all(FLERR, "{}: max needs a timestep", me);
    err = parse_value("max", arg[iarg + 1], dtmax);
    if (!err.empty()) error->all(FLERR, "{}: {}", me, err);
    if (!(dtmax > 0.0))
      error->all(FLERR, "{}: max = {} is out of range: allowed (0, inf)", me, arg[iarg + 1]);
  }
  if (fraction > 1.0 / STEPS_PER_COLLISION && comm->me == 0)
    error->warning(FLERR,
                   "{}: fraction {} gives fewer than {} steps per collision time (the timestep "
                   "guard's least): collisions are resolved coarsely",
                   me, fraction, STEPS_PER_COLLISION);
  vector_flag = 1;
  size_vector = 2;
  global_freq = 1;
  extvector = 0;
  time_depend = 1;
}

int FixDEMTimestep::setmask()
{
  return FixConst::END_OF_STEP;
}

void FixDEMTimestep::init()
{
  if (utils::strmatch(update->integrate_style, "^respa"))
    error->all(FLERR, "Fix {} does not support run_style respa", style);
  bool any = !dem_pairs().empty();
  for (Fix *f : modify->get_fix_list()) any = any || dynamic_cast<FixWallDEMBase *>(f);
  if (!any)
    error->all(FLERR,
               "Fix {}: no dem/* pair style and no fix wall/dem: there is no contact time to "
               "follow",
               style);
}

void FixDEMTimestep::setup(int)
{
  set_timestep();
}

void FixDEMTimestep::end_of_step()
{
  set_timestep();
}

// The dem/* pair style, or a hybrid's dem/* sub-styles
std::vector<PairDEMBase *> FixDEMTimestep::dem_pairs() const
{
  std::vector<PairDEMBase *> out;
  if (auto *pair = dynamic_cast<PairDEMBase *>(force->pair)) out.push_back(pair);
  if (force->pair && utils::strmatch(force->pair_style, "^hybrid"))
    for (int k = 1; auto *sub = force->pair_match("^dem/", 0, k); k++)
      if (auto *pair = dynamic_cast<PairDEMBase *>(sub)) out.push_back(pair);
  return out;
}

// The shortest t_c of the dem/* pair styles and the wall/dem fixes. Collective.
double FixDEMTimestep::shortest_contact_time()
{
  double t = INFINITY;
  for (PairDEMBase *pair : dem_pairs()) t = std::min(t, pair->shortest_contact_time());
  for (Fix *f : modify->get_fix_list())
    if (auto *wall = dynamic_cast<FixWallDEMBase *>(f))
      t = std::min(t, wall->shortest_contact_time());
  return t;
}

// As fix dt/reset: the time so far kept, then the new timestep told to the pair style and fixes.
void FixDEMTimestep::set_timestep()
{
  tc = shortest_contact_time();
  if (!std::isfinite(tc)) return;    // no particles: the timestep stays
  double dt = fraction * tc;
  if (dtmax > 0.0) dt = std::min(dt, dtmax);
  if (dt == update->dt) return;
  update->update_time();
  update->dt = dt;
  update->dt_default = 0;
  if (force->pair) force->pair->reset_dt();
  for (Fix *f : modify->get_fix_list()) f->reset_dt();
  output->reset_dt();
}

// 1: the timestep, 2: the shortest t_c
double FixDEMTimestep::compute_vector(int n)
{
  return n == 0 ? update->dt : tc;
}
