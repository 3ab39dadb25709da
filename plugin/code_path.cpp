// SPDX-License-Identifier: GPL-2.0-or-later
#include "code_path.h"

#include "error.h"

#include <cstdlib>
#include <cstring>

namespace DEM_NS {

static const char *const names[] = {"generic", "x86-64-v3", "x86-64-v4"};

const char *code_path_name(CodePath path) { return names[path]; }

static bool cpu_has(CodePath path)
{
#if DEM_MULTIVERSION
  __builtin_cpu_init();
  if (path == CODE_X86_64_V4) return __builtin_cpu_supports("x86-64-v4");
  if (path == CODE_X86_64_V3) return __builtin_cpu_supports("x86-64-v3");
#endif
  return path == CODE_GENERIC;
}

CodePath choose_code_path(LAMMPS_NS::Error *error, const char *style)
{
  const char *wanted = std::getenv("DEM_ISA");
  if (!wanted || !*wanted) {
    for (CodePath path : {CODE_X86_64_V4, CODE_X86_64_V3})
      if (cpu_has(path)) return path;
    return CODE_GENERIC;
  }
  for (CodePath path : {CODE_GENERIC, CODE_X86_64_V3, CODE_X86_64_V4}) {
    if (std::strcmp(wanted, names[path]) != 0) continue;
    if (!cpu_has(path))
      error->all(FLERR, "Pair style {}: environment variable DEM_ISA={}: {}", style, wanted,
                 DEM_MULTIVERSION ? "this CPU lacks that instruction set (allowed here: generic or one it has)"
                                  : "this build has only the generic code (x86-64 with g++ >= 12 has more)");
    return path;
  }
  error->all(FLERR, "Pair style {}: environment variable DEM_ISA={} is not one of generic, x86-64-v3, x86-64-v4",
             style, wanted);
  return CODE_GENERIC;
}

}    // namespace DEM_NS
