// Restart data across the CPU and Kokkos variants of a fix. LAMMPS hands a fix only the restart
// data written under its own ID and style (per-atom data: the exact style; global data: the
// style without the suffix of -sf), so a run could not continue on the other backend.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include <string>

namespace LAMMPS_NS {
class Fix;
class LAMMPS;
}    // namespace LAMMPS_NS

namespace DEM_NS {

// A fix style without its Kokkos suffix (/kk, /kk/device, /kk/host, any case): the styles of
// one family write the same restart data.
std::string style_family(const std::string &style);

// Gives `fix` (from its post_constructor, right before Modify::add_fix hands it its own data) the
// restart data of its family that LAMMPS will not hand it: written under another style of the
// family with the fix's ID, or, if id_prefix is not empty and no data of the family has the fix's
// ID, written under the one other ID of the family that starts with id_prefix (a pair style's
// history fix, whose ID numbers pair instances). The global data describes the per-atom data, so
// fix->restart() comes first, also when LAMMPS hands the global data over again afterwards:
// restart() must be idempotent. Returns the style the adopted data was written under, "" if none.
std::string adopt_restart_data(LAMMPS_NS::LAMMPS *lmp, LAMMPS_NS::Fix *fix, const std::string &id_prefix = "");

}    // namespace DEM_NS
