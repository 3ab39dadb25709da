// What ABI Kokkos SIMD (Debian's Kokkos 5.2, configured without KOKKOS_ARCH_*) gives a TU.
//   KK_FORCE_AVX2: include Kokkos's AVX2 back end by hand (needs -mavx2 -mfma on this TU)
#include <Kokkos_Macros.hpp>
#if defined(KK_FORCE_AVX2)
#include <Kokkos_SIMD_AVX2.hpp>   // before Kokkos_SIMD.hpp (its Common_Math must come last)
#endif
#include <Kokkos_SIMD.hpp>
#include <cstdio>
namespace KX = Kokkos::Experimental;
using native = KX::simd<double>;
#if defined(KK_FORCE_AVX2)
using pack = KX::basic_simd<double, KX::simd_abi::avx2_fixed_size<4>>;
#else
using pack = native;
#endif
__attribute__((noinline)) pack kernel(pack a, pack b, pack c)
{
  // masked select, sqrt, division, reductions
  const auto m = a < b;
  pack r = KX::condition(m, a * b + c, Kokkos::sqrt(a) / b);
  return r;
}
int main()
{
  std::printf("KOKKOS_VERSION %d  __AVX2__ %d  simd<double>::size %d  pack::size %d\n", KOKKOS_VERSION,
#ifdef __AVX2__
              1,
#else
              0,
#endif
              int(native::size()), int(pack::size()));
  pack a([](auto i) { return 1.0 + double(i); }), b(2.5), c(0.25);
  pack r = kernel(a, b, c);
  std::printf("any_of(a<b) %d all_of %d reduce %.17g\n", int(KX::any_of(a < b)), int(KX::all_of(a < b)),
              KX::reduce(r, std::plus<>()));
  double g[8] = {0, 10, 20, 30, 40, 50, 60, 70};
  using ipack = KX::basic_simd<std::int64_t, pack::abi_type>;
  (void) g; (void) sizeof(ipack);
}
