// Checks of the set-up around the contact laws, made when a run starts (from the pair styles'
// init_style): traps of a PFC model moved to LAMMPS that no single command sees. Each is a
// warning, printed by rank 0 once per LAMMPS instance (again only if its text changes):
//  * 2d (PFC2D's disks of unit thickness): an integrator of the spheres that has a disc option
//    (fix nve/sphere, nvt/npt/nph/sphere, nve/bpm/sphere) but was given without it integrates the
//    rotation of spheres (I = 2/5 m R^2) instead of disks (1/2 m R^2); the warning names
//    fix ... disc and set density/disc (disk masses pi R^2 rho), which go together;
//  * fix damping/cundall (PFC's local damping) defined before a fix wall/dem: it damps only the
//    forces computed before it, so the forces of that wall go undamped.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

namespace LAMMPS_NS {
class LAMMPS;
}

namespace DEM_NS {

// Call on every rank (no communication); rank 0 prints.
void warn_setup(LAMMPS_NS::LAMMPS *lmp);

}    // namespace DEM_NS
