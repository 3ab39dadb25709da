// The portability header: every compiler-specific attribute and builtin the plugin uses, each with
// a fallback, so that the rest of the code is plain C++ (GCC, Clang, Intel, MSVC, nvcc). The same
// functions run on the host, in the CPU pair loop, and inside Kokkos kernels (CPU threads or GPU).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// DEM_INLINE: forced inlining. A law is called once per contact in the hottest loop of a run, and a
// call (with its result struct passed through memory) cost ~10% of the pair time when not inlined.
// DEM_INLINE_LAMBDA: the same for a lambda (after its parameter list).
#if defined(DEM_WITH_KOKKOS)
#include <Kokkos_Core.hpp>
#define DEM_INLINE KOKKOS_FORCEINLINE_FUNCTION
#elif defined(__GNUC__)
#define DEM_INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define DEM_INLINE __forceinline
#else
#define DEM_INLINE inline
#endif
#if defined(__GNUC__)
#define DEM_INLINE_LAMBDA __attribute__((always_inline))
#else
#define DEM_INLINE_LAMBDA
#endif

// DEM_NOINLINE: kept out of line (a rare path, so that the hot loop keeps its registers);
// DEM_COLD: also rarely called (the compiler moves it and its calls out of the hot code)
#if defined(__GNUC__)
#define DEM_NOINLINE __attribute__((noinline))
#define DEM_COLD __attribute__((cold, noinline))
#elif defined(_MSC_VER)
#define DEM_NOINLINE __declspec(noinline)
#define DEM_COLD __declspec(noinline)
#else
#define DEM_NOINLINE
#define DEM_COLD
#endif

// DEM_OUTLINE: a function of the hot code kept out of line on every backend (host and device, a
// call rather than inlined), so that the loops and kernels that compile it in but seldom take it
// keep their registers (the flat joint's step, in the kernels with the optional parts)
#if defined(DEM_WITH_KOKKOS) && defined(__GNUC__)
#define DEM_OUTLINE inline KOKKOS_FUNCTION __attribute__((noinline))
#elif defined(DEM_WITH_KOKKOS)
#define DEM_OUTLINE inline KOKKOS_FUNCTION
#elif defined(__GNUC__)
#define DEM_OUTLINE inline __attribute__((noinline))
#elif defined(_MSC_VER)
#define DEM_OUTLINE inline __declspec(noinline)
#else
#define DEM_OUTLINE inline
#endif

// DEM_PREFETCH(p): a hint to fetch the cache line of address p (no effect where unsupported)
#if defined(__GNUC__)
#define DEM_PREFETCH(p) __builtin_prefetch(p)
#else
#define DEM_PREFETCH(p) ((void) (p))
#endif

// DEM_EXPORT: a symbol the shared library exports (the plugin's entry point)
#if defined(_WIN32)
#define DEM_EXPORT __declspec(dllexport)
#elif defined(__GNUC__)
#define DEM_EXPORT __attribute__((visibility("default")))
#else
#define DEM_EXPORT
#endif

// dem::less_select(a, b, v) = a < b ? v : 0, without a branch: with SSE2 a compare mask and an and
// (GCC compiles the plain select, where it feeds a min or max, into a branch, which is mispredicted
// when the comparison goes either way from call to call); elsewhere (CUDA, other CPUs) the select
#if defined(__SSE2__) && !defined(__CUDA_ARCH__)
#include <emmintrin.h>
#endif
namespace dem {
DEM_INLINE double less_select(double a, double b, double v)
{
#if defined(__SSE2__) && !defined(__CUDA_ARCH__)
  return _mm_cvtsd_f64(_mm_and_pd(_mm_cmplt_sd(_mm_set_sd(a), _mm_set_sd(b)), _mm_set_sd(v)));
#else
  return a < b ? v : 0.0;
#endif
}
}    // namespace dem

// dem::cpu_has_x86_64_v3(): whether this CPU runs code built for x86-64-v3 (AVX2, FMA, BMI2;
// libgcc's test of AVX includes that the operating system saves the YMM registers); false on other
// processors and compilers. Host code only.
namespace dem {
inline bool cpu_has_x86_64_v3()
{
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__CUDA_ARCH__)
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
      __builtin_cpu_supports("bmi2");
#else
  return false;
#endif
}
}    // namespace dem
