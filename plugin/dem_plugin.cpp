// Registers the plugin's styles with LAMMPS ("plugin load dem_plugin.so" or LAMMPS_PLUGIN_PATH).
// SPDX-License-Identifier: GPL-2.0-or-later
#include "lammpsplugin.h"
#include "utils.h"
#include "version.h"

#include "dem/macros.h"
#include "dem_bond.h"
#include "fix_dem_history.h"
#include "fix_wall_dem.h"
#include "pair_dem.h"
#include "plugin_version.h"
#ifdef LMP_KOKKOS
#include "kokkos/fix_dem_history_kokkos.h"
#include "kokkos/fix_wall_dem_kokkos.h"
#include "kokkos/pair_dem_kokkos.h"
#endif

using namespace LAMMPS_NS;

// DEM_PLUGIN_VERSION (plugin_version.h) is the plugin's own version; plugin.version below is the
// LAMMPS version the plugin was compiled against, which LAMMPS checks when it loads the plugin

namespace {

template <class Style> void *create_pair(void *lmp)
{
  return new Style(static_cast<LAMMPS *>(lmp));
}

void *create_dem_bond(void *lmp)
{
  return new DEM_NS::DEMBond(static_cast<LAMMPS *>(lmp));
}

template <class Style> void *create_fix(void *lmp, int narg, char **arg)
{
  return new Style(static_cast<LAMMPS *>(lmp), narg, arg);
}

void register_style(const char *style, const char *name, const char *info, void *factory, void *lmp,
                    void *handle, void *regfunc)
{
  lammpsplugin_t plugin;
  plugin.version = LAMMPS_VERSION;
  plugin.style = style;
  plugin.name = name;
  plugin.info = info;
  plugin.author = "lammps-dem-plugin developers";
  // pair styles and commands are made by a creator.v1 (lmp), fixes by a creator.v2 (lmp, narg, arg)
  if (std::string(style) != "fix") plugin.creator.v1 = reinterpret_cast<lammpsplugin_factory1 *>(factory);
  else plugin.creator.v2 = reinterpret_cast<lammpsplugin_factory2 *>(factory);
  plugin.handle = handle;
  (*reinterpret_cast<lammpsplugin_regfunc>(regfunc))(&plugin, lmp);
}

}    // namespace

extern "C" DEM_EXPORT void lammpsplugin_init(void *lmp, void *handle, void *regfunc)
{
  // one line in the log, so a run's output says which plugin version produced it
  utils::logmesg(static_cast<LAMMPS *>(lmp), "lammps-dem-plugin " DEM_PLUGIN_VERSION " (PFC/Rocky DEM contact laws)\n");
  auto pair = [&](const char *name, const char *info, lammpsplugin_factory1 *factory) {
    register_style("pair", name, info, reinterpret_cast<void *>(factory), lmp, handle, regfunc);
  };
  pair("dem/linear", "PFC linear contact model", &create_pair<DEM_NS::PairDEMLinear>);
  pair("dem/hertz", "PFC Hertz contact model", &create_pair<DEM_NS::PairDEMHertz>);
  // particle-wall contacts with the same laws; the law is picked from the fix's 4th argument
  register_style("fix", "wall/dem", "PFC/Rocky contact laws against walls",
                 reinterpret_cast<void *>(&DEM_NS::create_fix_wall_dem), lmp, handle, regfunc);
  pair("dem/hysteretic", "Rocky hysteretic linear spring", &create_pair<DEM_NS::PairDEMHysteretic>);
  register_style("command", "dem_bond", "bond or unbond the contacts of a group (contact bonds)",
                 reinterpret_cast<void *>(&create_dem_bond), lmp, handle, regfunc);
  // contact history of the pair styles (internal, created by them)
  register_style("fix", "DEM_HISTORY", "contact history with checked restart data",
                 reinterpret_cast<void *>(&create_fix<DEM_NS::FixDEMHistory>), lmp, handle, regfunc);
#ifdef LMP_KOKKOS
  // (LAMMPS keeps the name pointers: literals only)
  using DEM_NS::PairDEMKokkos, DEM_NS::LinearStyle, DEM_NS::HertzStyle, DEM_NS::HystereticStyle;
  const char *linear_kk = "PFC linear contact model (Kokkos)", *hertz_kk = "PFC Hertz contact model (Kokkos)";
  pair("dem/linear/kk", linear_kk, &create_pair<PairDEMKokkos<LMPDeviceType, LinearStyle>>);
  pair("dem/linear/kk/device", linear_kk, &create_pair<PairDEMKokkos<LMPDeviceType, LinearStyle>>);
  pair("dem/linear/kk/host", linear_kk, &create_pair<PairDEMKokkos<LMPHostType, LinearStyle>>);
  pair("dem/hertz/kk", hertz_kk, &create_pair<PairDEMKokkos<LMPDeviceType, HertzStyle>>);
  pair("dem/hertz/kk/device", hertz_kk, &create_pair<PairDEMKokkos<LMPDeviceType, HertzStyle>>);
  pair("dem/hertz/kk/host", hertz_kk, &create_pair<PairDEMKokkos<LMPHostType, HertzStyle>>);
  const char *hyst_kk = "Rocky hysteretic linear spring (Kokkos)";
  pair("dem/hysteretic/kk", hyst_kk, &create_pair<PairDEMKokkos<LMPDeviceType, HystereticStyle>>);
  pair("dem/hysteretic/kk/device", hyst_kk, &create_pair<PairDEMKokkos<LMPDeviceType, HystereticStyle>>);
  pair("dem/hysteretic/kk/host", hyst_kk, &create_pair<PairDEMKokkos<LMPHostType, HystereticStyle>>);
  // contact history for the /kk styles (internal, created by the pair styles)
  auto fix = [&](const char *name, lammpsplugin_factory2 *factory) {
    register_style("fix", name, "contact history with restart support (Kokkos)", reinterpret_cast<void *>(factory),
                   lmp, handle, regfunc);
  };
  fix("DEM_HISTORY/KK/DEVICE", &create_fix<DEM_NS::FixDEMHistoryKokkos<LMPDeviceType>>);
  fix("DEM_HISTORY/KK/HOST", &create_fix<DEM_NS::FixDEMHistoryKokkos<LMPHostType>>);
  // particle-wall contacts (planes, zcylinder); the law is picked from the fix's 4th argument
  auto wall_kk = [&](const char *name, lammpsplugin_factory2 *factory) {
    register_style("fix", name, "PFC/Rocky contact laws against walls (Kokkos)", reinterpret_cast<void *>(factory),
                   lmp, handle, regfunc);
  };
  wall_kk("wall/dem/kk", &DEM_NS::create_fix_wall_dem_kokkos<LMPDeviceType>);
  wall_kk("wall/dem/kk/device", &DEM_NS::create_fix_wall_dem_kokkos<LMPDeviceType>);
  wall_kk("wall/dem/kk/host", &DEM_NS::create_fix_wall_dem_kokkos<LMPHostType>);
#endif
}
