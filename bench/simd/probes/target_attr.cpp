// Can a function attribute or pragma (instead of per-file -march) give a SIMD type AVX2's width?
//   PRAGMA: #pragma GCC target("avx2,fma") before the includes; else __attribute__((target)) and
//   target_clones on functions of a generic TU
#if defined(PRAGMA)
#pragma GCC target("avx2,fma")
#endif
#include <experimental/simd>
#include <cstdio>
namespace stdx = std::experimental;
__attribute__((target("avx2,fma"))) int width_target() { return stdx::native_simd<double>::size(); }
__attribute__((target_clones("default", "arch=x86-64-v3"))) int width_clones()
{
  return stdx::native_simd<double>::size();
}
int main()
{
  std::printf("__AVX2__ %d: native_simd<double> %zu lanes; in a target(\"avx2,fma\") function %d; "
              "in target_clones %d\n",
#ifdef __AVX2__
              1,
#else
              0,
#endif
              stdx::native_simd<double>::size(), width_target(), width_clones());
}
