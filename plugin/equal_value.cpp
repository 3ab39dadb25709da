// SPDX-License-Identifier: GPL-2.0-or-later
#include "equal_value.h"

#include "error.h"
#include "input.h"
#include "variable.h"

using namespace LAMMPS_NS;
using namespace DEM_NS;

bool EqualValue::read_variable(LAMMPS *lmp, const std::string &me, const std::string &what,
                               const char *text)
{
  if (std::string(text).rfind("v_", 0) != 0) return false;
  var = text + 2;
  if (var.empty()) lmp->error->all(FLERR, "{}: {}: v_ needs a variable name", me, what);
  return true;
}

void EqualValue::find(LAMMPS *lmp, const std::string &me, const std::string &what)
{
  if (var.empty()) return;
  ivar = lmp->input->variable->find(var.c_str());
  if (ivar < 0)
    lmp->error->all(
        FLERR,
        "{}: {}: variable {} does not exist (define it with 'variable {} equal ...' before the "
        "run)",
        me, what, var, var);
  if (!lmp->input->variable->equalstyle(ivar))
    lmp->error->all(FLERR,
                    "{}: {}: variable {} is not equal-style (allowed: an equal-style variable, "
                    "evaluated once per step)",
                    me, what, var);
}

double EqualValue::now(LAMMPS *lmp) const
{
  return var.empty() ? value : lmp->input->variable->compute_equal(ivar);
}
