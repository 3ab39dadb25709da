// Registers the plugin's styles with LAMMPS ("plugin load dem_plugin.so" or LAMMPS_PLUGIN_PATH).
// SPDX-License-Identifier: GPL-2.0-or-later
#include "lammpsplugin.h"
#include "utils.h"
#include "version.h"

#include "dem/macros.h"
#include "dem_bond.h"
#include "fix_dem_cracks.h"
#include "fix_dem_history.h"
#include "fix_dem_timestep.h"
#include "fix_wall_dem.h"
#include "laws.h"
#include "pair_dem.h"
#include "plugin_version.h"
#ifdef LMP_KOKKOS
#include "kokkos/fix_dem_history_kokkos.h"
#include "kokkos/fix_wall_dem_kokkos.h"
#include "kokkos/pair_dem_kokkos.h"
#endif

#include <deque>
#include <string>

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

// a name for LAMMPS, which keeps the pointer: the text lives as long as the plugin
const char *kept(const std::string &text)
{
  static std::deque<std::string> texts;    // (a deque: adding moves none of them)
  texts.push_back(text);
  return texts.back().c_str();
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
  if (std::string(style) != "fix")
    plugin.creator.v1 = reinterpret_cast<lammpsplugin_factory1 *>(factory);
  else
    plugin.creator.v2 = reinterpret_cast<lammpsplugin_factory2 *>(factory);
  plugin.handle = handle;
  (*reinterpret_cast<lammpsplugin_regfunc>(regfunc))(&plugin, lmp);
}

}    // namespace

extern "C" DEM_EXPORT void lammpsplugin_init(void *lmp, void *handle, void *regfunc)
{
  // one line in the log, so a run's output says which plugin version produced it
  utils::logmesg(static_cast<LAMMPS *>(lmp),
                 "lammps-dem-plugin " DEM_PLUGIN_VERSION " (PFC/Rocky DEM contact laws)\n");
  auto pair = [&](const char *name, const char *info, lammpsplugin_factory1 *factory) {
    register_style("pair", name, info, reinterpret_cast<void *>(factory), lmp, handle, regfunc);
  };
#define DEM_PAIR(L) pair(L::style, L::info, &create_pair<DEM_NS::PairDEM<DEM_NS::LawStyle<L>>>);
  DEM_FOR_EACH_LAW(DEM_PAIR)
#undef DEM_PAIR
  // particle-wall contacts with the same laws; the law is picked from the fix's 4th argument
  register_style("fix", "wall/dem", "PFC/Rocky contact laws against walls",
                 reinterpret_cast<void *>(&DEM_NS::create_fix_wall_dem), lmp, handle, regfunc);
  register_style(
      "fix", "dem/timestep", "PFC's automatic timestep: a fraction of the shortest collision time",
      reinterpret_cast<void *>(&create_fix<DEM_NS::FixDEMTimestep>), lmp, handle, regfunc);
  register_style("fix", "dem/cracks", "a record of every broken bond (PFC's crack tracking)",
                 reinterpret_cast<void *>(&create_fix<DEM_NS::FixDEMCracks>), lmp, handle, regfunc);
  register_style("command", "dem_bond", "bond or unbond the contacts of a group (contact bonds)",
                 reinterpret_cast<void *>(&create_dem_bond), lmp, handle, regfunc);
  // contact history of the pair styles (internal, created by them)
  register_style("fix", "DEM_HISTORY", "contact history with checked restart data",
                 reinterpret_cast<void *>(&create_fix<DEM_NS::FixDEMHistory>), lmp, handle,
                 regfunc);
#ifdef LMP_KOKKOS
  // dem/LAW/kk, /kk/device and /kk/host
  using DEM_NS::PairDEMKokkos, DEM_NS::LawStyle;
#define DEM_PAIR_KK(L)                                             \
  {                                                                \
    const char *info = kept(std::string(L::info) + " (Kokkos)");   \
    pair(kept(std::string(L::style) + "/kk"), info,                \
         &create_pair<PairDEMKokkos<LMPDeviceType, LawStyle<L>>>); \
    pair(kept(std::string(L::style) + "/kk/device"), info,         \
         &create_pair<PairDEMKokkos<LMPDeviceType, LawStyle<L>>>); \
    pair(kept(std::string(L::style) + "/kk/host"), info,           \
         &create_pair<PairDEMKokkos<LMPHostType, LawStyle<L>>>);   \
  }
  DEM_FOR_EACH_LAW(DEM_PAIR_KK)
#undef DEM_PAIR_KK
  // contact history for the /kk styles (internal, created by the pair styles)
  auto fix = [&](const char *name, lammpsplugin_factory2 *factory) {
    register_style("fix", name, "contact history with restart support (Kokkos)",
                   reinterpret_cast<void *>(factory), lmp, handle, regfunc);
  };
  fix("DEM_HISTORY/KK/DEVICE", &create_fix<DEM_NS::FixDEMHistoryKokkos<LMPDeviceType>>);
  fix("DEM_HISTORY/KK/HOST", &create_fix<DEM_NS::FixDEMHistoryKokkos<LMPHostType>>);
  // particle-wall contacts (planes, zcylinder); the law is picked from the fix's 4th argument
  auto wall_kk = [&](const char *name, lammpsplugin_factory2 *factory) {
    register_style("fix", name, "PFC/Rocky contact laws against walls (Kokkos)",
                   reinterpret_cast<void *>(factory), lmp, handle, regfunc);
  };
  wall_kk("wall/dem/kk", &DEM_NS::create_fix_wall_dem_kokkos<LMPDeviceType>);
  wall_kk("wall/dem/kk/device", &DEM_NS::create_fix_wall_dem_kokkos<LMPDeviceType>);
  wall_kk("wall/dem/kk/host", &DEM_NS::create_fix_wall_dem_kokkos<LMPHostType>);
#endif
}
