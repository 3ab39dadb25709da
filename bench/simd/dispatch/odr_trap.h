// An inline function that is not forced inline, in a header both copies include: each object
// emits it as a weak symbol of the same name, and the linker keeps one of them for both copies.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
inline __attribute__((noinline)) double odr_trap_dot(const double *a, const double *b)
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
