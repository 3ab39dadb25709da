// The contact laws, one line each: the pair styles (Law::style and its /kk variants), the law
// argument of fix wall/dem (Law::wall_name) and the templates' instantiations follow from this
// list. A law is its header in src/dem (its step, keywords, mixing and parts) and its line here.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/hertz.h"
#include "dem/hysteretic.h"
#include "dem/linear.h"
#include "law_style.h"

#include <string>

#define DEM_FOR_EACH_LAW(X) X(dem::LinearLaw) X(dem::HertzLaw) X(dem::HystereticLaw)

namespace DEM_NS {

// the laws' codes in restart records (Law::restart_code) are distinct and never reused
#define DEM_RESTART_CODE(L) L::restart_code,
inline constexpr int law_restart_codes[] = {DEM_FOR_EACH_LAW(DEM_RESTART_CODE)};
#undef DEM_RESTART_CODE
constexpr bool distinct(const int *codes, int n)
{
  for (int a = 0; a < n; a++)
    for (int b = a + 1; b < n; b++)
      if (codes[a] == codes[b]) return false;
  return true;
}
static_assert(distinct(law_restart_codes, sizeof law_restart_codes / sizeof(int)));

// "linear, hertz, hysteretic": the law names fix wall/dem takes, for its messages
inline std::string wall_law_names()
{
  std::string names;
#define DEM_WALL_NAME(L) names += (names.empty() ? "" : ", ") + std::string(L::wall_name);
  DEM_FOR_EACH_LAW(DEM_WALL_NAME)
#undef DEM_WALL_NAME
  return names;
}

}    // namespace DEM_NS
