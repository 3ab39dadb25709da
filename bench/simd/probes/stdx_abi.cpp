// What std::experimental::simd (libstdc++) gives a TU: lanes of native_simd<double>, the ABI tag
// in the types' symbols, where(), any_of, masked and gathering loads
#include <experimental/simd>
#include <cstdio>
namespace stdx = std::experimental;
using vd = stdx::native_simd<double>;
using v4 = stdx::fixed_size_simd<double, 4>;

// out of line on purpose: its symbol shows whether the type's name depends on -march
__attribute__((noinline)) vd kernel(vd a, vd b, vd c)
{
  vd r = stdx::sqrt(a) / b;
  where(a < b, r) = a * b + c;    // masked assignment (the "select")
  return r;
}
__attribute__((noinline)) v4 kernel4(v4 a, v4 b) { return a * b; }

int main()
{
  std::printf("__AVX2__ %d  native_simd<double>::size %zu  fixed_size<4> is %s\n",
#ifdef __AVX2__
              1,
#else
              0,
#endif
              vd::size(), stdx::is_abi_tag_v<v4::abi_type> ? "an abi" : "?");
  const vd a([](auto i) { return 1.0 + double(i); }), b(2.5), c(0.25);
  const vd r = kernel(a, b, c);
  std::printf("any_of(a<b) %d all_of %d popcount %d reduce %.17g\n", int(stdx::any_of(a < b)),
              int(stdx::all_of(a < b)), stdx::popcount(a < b), stdx::reduce(r));
  // a gather by generator: lane l reads a strided record (the history of 4 contacts: 8 doubles each)
  double h[32];
  for (int k = 0; k < 32; k++) h[k] = k;
  const v4 g([&](auto l) { return h[8 * l + 3]; });
  double out[4];
  g.copy_to(out, stdx::element_aligned);
  std::printf("gather slot 3 of 4 records: %g %g %g %g\n", out[0], out[1], out[2], out[3]);
  // masked load
  v4 m(0.0);
  where(g > 12.0, m).copy_from(h, stdx::element_aligned);
  m.copy_to(out, stdx::element_aligned);
  std::printf("masked load: %g %g %g %g\n", out[0], out[1], out[2], out[3]);
  v4 k4 = kernel4(g, g);
  (void) k4;
}
