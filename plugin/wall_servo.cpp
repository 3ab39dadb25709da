// SPDX-License-Identifier: GPL-2.0-or-later
#include "wall_servo.h"
#include "properties.h"

#include "error.h"
#include "input.h"
#include "modify.h"
#include "update.h"
#include "variable.h"

#include <algorithm>
#include <cmath>

using namespace LAMMPS_NS;
using namespace DEM_NS;

namespace {

// a number (finite) or v_name
void read_value(LAMMPS *lmp, const std::string &me, const char *what, const char *text,
                EqualValue &out)
{
  if (out.read_variable(lmp, me, std::string("servo ") + what, text)) return;
  const std::string err = parse_value(std::string("servo ") + what, text, out.value);
  if (!err.empty()) lmp->error->all(FLERR, "{}: {}", me, err);
}

}    // namespace

void WallServo::parse(LAMMPS *lmp, const std::string &me, int narg, char **arg, int &iarg)
{
  if (iarg + 4 > narg)
    lmp->error->all(FLERR,
                    "{}: servo needs a target stress, an area (numbers or v_name) and a largest "
                    "speed vmax",
                    me);
  on = true;
  read_value(lmp, me, "stress", arg[iarg + 1], stress);
  read_value(lmp, me, "area", arg[iarg + 2], area);
  if (stress.var.empty() && !(stress.value >= 0.0))
    lmp->error->all(FLERR, "{}: servo stress = {} is out of range: allowed [0, inf)", me,
                    arg[iarg + 1]);
  if (area.var.empty() && !(area.value > 0.0))
    lmp->error->all(FLERR, "{}: servo area = {} is out of range: allowed (0, inf)", me,
                    arg[iarg + 2]);
  const std::string err = parse_value("servo vmax", arg[iarg + 3], vmax);
  if (!err.empty()) lmp->error->all(FLERR, "{}: {}", me, err);
  if (!(vmax > 0.0))
    lmp->error->all(FLERR, "{}: servo vmax = {} is out of range: allowed (0, inf)", me,
                    arg[iarg + 3]);
  iarg += 4;
}

void WallServo::parse_alpha(LAMMPS *lmp, const std::string &me, int narg, char **arg, int &iarg)
{
  if (iarg + 2 > narg) lmp->error->all(FLERR, "{}: servo_alpha needs a value", me);
  const std::string err = parse_value("servo_alpha", arg[iarg + 1], alpha);
  if (!err.empty()) lmp->error->all(FLERR, "{}: {}", me, err);
  alpha_given = true;
  if (!(alpha > 0.0 && alpha <= 1.0))
    lmp->error->all(FLERR, "{}: servo_alpha = {} is out of range: allowed (0, 1]", me,
                    arg[iarg + 1]);
  iarg += 2;
}

void WallServo::init(LAMMPS *lmp, const std::string &me)
{
  if (!on) return;
  who = me;
  stress.find(lmp, me, "servo stress");
  area.find(lmp, me, "servo area");
}

double WallServo::evaluate(LAMMPS *lmp, const EqualValue &v, const char *what, bool positive)
{
  if (v.var.empty()) return v.value;
  lmp->modify->clearstep_compute();
  const double x = v.now(lmp);
  lmp->modify->addstep_compute(lmp->update->ntimestep + 1);
  if (!(positive ? x > 0.0 : x >= 0.0) || !std::isfinite(x))
    lmp->error->all(FLERR, "{}: servo {} = {} (variable {}) on step {} is out of range: allowed {}",
                    who, what, x, v.var, lmp->update->ntimestep,
                    positive ? "(0, inf)" : "[0, inf)");
  return x;
}

double WallServo::outward_speed(double fn, double kn, double sigma, double a, double dt) const
{
  const double error = fn - sigma * a;    // force beyond the target: the wall backs off
  if (!(kn > 0.0)) return error > 0.0 ? vmax : error < 0.0 ? -vmax : 0.0;
  const double v = alpha * error / (kn * dt);
  return std::max(-vmax, std::min(vmax, v));
}

void WallServo::advance(LAMMPS *lmp, dem::FixedWalls &w, const double *fn, const double *kn,
                        double dt)
{
  const double sigma = evaluate(lmp, stress, "stress", false);
  const double a = evaluate(lmp, area, "area", true);
  if (w.axis < 0) {    // the cylinder: its radius grows outwards
    w.rate_lo = outward_speed(fn[0], kn[0], sigma, a, dt);
    w.radius += w.rate_lo * dt;
    if (!(w.radius > 0.0))
      lmp->error->all(FLERR,
                      "{}: the servo shrank the cylinder to radius {} on step {}: nothing inside "
                      "holds the target (servo stress, area or vmax)",
                      who, w.radius, lmp->update->ntimestep);
    return;
  }
  // the lo plane's outside is below it, the hi plane's above
  if (w.has_lo) w.rate_lo = -outward_speed(fn[0], kn[0], sigma, a, dt);
  if (w.has_hi) w.rate_hi = outward_speed(fn[1], kn[1], sigma, a, dt);
  w.lo += w.rate_lo * dt;
  w.hi += w.rate_hi * dt;
  if (w.has_lo && w.has_hi && !(w.lo < w.hi))
    lmp->error->all(FLERR,
                    "{}: the servo moved the walls past each other (lo = {}, hi = {}) on step {}: "
                    "nothing between them holds the target (servo stress, area or vmax)",
                    who, w.lo, w.hi, lmp->update->ntimestep);
}
