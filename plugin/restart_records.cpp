// SPDX-License-Identifier: GPL-2.0-or-later
#include "restart_records.h"

#include "atom.h"
#include "fix.h"
#include "modify.h"
#include "utils.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <set>

using namespace LAMMPS_NS;

namespace {

// Modify keeps the fix data read from a restart file in protected members. A derived class may
// name them, and the member pointers so obtained read them from the real Modify object.
struct RestartRecords : Modify {
  static constexpr auto id_global = &RestartRecords::id_restart_global;
  static constexpr auto style_global = &RestartRecords::style_restart_global;
  static constexpr auto state_global = &RestartRecords::state_restart_global;
  static constexpr auto used_global = &RestartRecords::used_restart_global;
  static constexpr auto id_peratom = &RestartRecords::id_restart_peratom;
  static constexpr auto style_peratom = &RestartRecords::style_restart_peratom;
  static constexpr auto index_peratom = &RestartRecords::index_restart_peratom;
  static constexpr auto used_peratom = &RestartRecords::used_restart_peratom;
};
using R = RestartRecords;

}    // namespace

std::string DEM_NS::style_family(const std::string &style)
{
  std::string lower = style;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const std::string suffix : {"/kk/device", "/kk/host", "/kk"})
    if (lower.size() > suffix.size() && lower.compare(lower.size() - suffix.size(), suffix.size(), suffix) == 0)
      return style.substr(0, style.size() - suffix.size());
  return style;
}

std::string DEM_NS::adopt_restart_data(LAMMPS *lmp, Fix *fix, const std::string &id_prefix)
{
  Modify *modify = lmp->modify;
  const std::string family = style_family(fix->style);
  auto ours = [&](const char *style) { return style_family(style) == family; };

  std::string source = fix->id;
  if (!id_prefix.empty()) {
    bool own = false;
    std::set<std::string> others;
    auto look = [&](const char *id, const char *style) {
      if (!ours(style)) return;
      if (strcmp(id, fix->id) == 0) own = true;
      else if (utils::strmatch(id, "^" + id_prefix)) others.insert(id);
    };
    for (int i = 0; i < modify->nfix_restart_global; i++)
      if (!(modify->*R::used_global)[i]) look((modify->*R::id_global)[i], (modify->*R::style_global)[i]);
    for (int i = 0; i < modify->nfix_restart_peratom; i++)
      if (!(modify->*R::used_peratom)[i]) look((modify->*R::id_peratom)[i], (modify->*R::style_peratom)[i]);
    if (!own && others.size() == 1) source = *others.begin();
  }
  const bool own_id = source == fix->id;

  int g = -1, p = -1;    // the global and per-atom data to take
  for (int i = 0; i < modify->nfix_restart_global; i++)
    if (source == (modify->*R::id_global)[i] && ours((modify->*R::style_global)[i])) g = i;
  for (int i = 0; i < modify->nfix_restart_peratom; i++)
    if (source == (modify->*R::id_peratom)[i] && ours((modify->*R::style_peratom)[i])) p = i;
  // what LAMMPS hands over itself, after this call
  const bool lammps_global = g >= 0 && own_id && utils::strip_style_suffix(fix->style, lmp) == (modify->*R::style_global)[g];
  const bool lammps_peratom = p >= 0 && own_id && strcmp((modify->*R::style_peratom)[p], fix->style) == 0;
  std::string written;
  // the global data describes the per-atom data, so it comes first (again, if LAMMPS hands it too)
  if (g >= 0 && (!lammps_global || (p >= 0 && !lammps_peratom))) {
    fix->restart((modify->*R::state_global)[g]);
    if (!lammps_global) (modify->*R::used_global)[g] = 1;
    fix->restart_reset = 1;
    written = (modify->*R::style_global)[g];
  }
  if (p >= 0 && !lammps_peratom) {
    for (int j = 0; j < lmp->atom->nlocal; j++) fix->unpack_restart(j, (modify->*R::index_peratom)[p]);
    (modify->*R::used_peratom)[p] = 1;
    fix->restart_reset = 1;
    written = (modify->*R::style_peratom)[p];
  }
  return written;
}
