// Instruction-set versions of the pair loop for the common settings (PairDEM::plain_loop, and the
// /kk styles' DEMKernel::atom_v3/_v4 on CPU threads), on x86-64 with g++ >= 12: the loop a dense run
// spends its time in is also compiled for x86-64-v3 (AVX2) and x86-64-v4 (AVX-512, whose 32 vector
// registers spare much of a contact's stack traffic: 9 % less pair time on bench/in.packing), and
// the best version the CPU has runs unless the environment variable DEM_ISA names another.
// Contraction into fused multiply-adds is off for those files (CMakeLists.txt), so every version
// gives the same numbers to the last bit (tests lammps.plain_loop and kokkos.plain_loop compare
// each with the general loop, which is never multiversioned).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
#define DEM_MULTIVERSION 1
#define DEM_TARGET_V3 [[gnu::target("arch=x86-64-v3")]]
#define DEM_TARGET_V4 [[gnu::target("arch=x86-64-v4")]]
#else
#define DEM_MULTIVERSION 0
#endif

namespace LAMMPS_NS {
class Error;
}

namespace DEM_NS {

enum CodePath { CODE_GENERIC, CODE_X86_64_V3, CODE_X86_64_V4 };

// DEM_ISA's choice (generic, x86-64-v3 or x86-64-v4), else the best this build and CPU have; a
// name it does not know, or a version this build or the CPU lacks, is an error naming them
CodePath choose_code_path(LAMMPS_NS::Error *error, const char *style);
const char *code_path_name(CodePath path);

}    // namespace DEM_NS
