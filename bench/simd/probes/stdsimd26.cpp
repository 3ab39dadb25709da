// C++26 std::simd (libstdc++ 16's <simd>, P1928): lanes, select, reductions, symbols
#include <simd>
#include <cstdio>
namespace ss = std::simd;
using vd = ss::vec<double>;
using v4 = ss::vec<double, 4>;
__attribute__((noinline)) vd kernel(vd a, vd b, vd c) { return ss::select(a < b, a * b + c, std::sqrt(a) / b); }
__attribute__((noinline)) v4 kernel4(v4 a, v4 b) { return a * b; }
int main()
{
  const vd a([](auto i) { return 1.0 + double(i); }), b(2.5), c(0.25);
  const vd r = kernel(a, b, c);
  std::printf("vec<double>::size %d  any_of %d all_of %d reduce %.17g\n", int(vd::size()),
              int(ss::any_of(a < b)), int(ss::all_of(a < b)), ss::reduce(r));
}
