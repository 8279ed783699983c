// SPDX-License-Identifier: MIT
// The CPU's name for reports (`gjk2d info`, the benchmark's results): the one home of reading it. Not part
// of the library. Virtual machines often show only a vendor's family name ("AMD EPYC" on Zen 3, Zen 4 and
// Zen 5 alike), so the x86 family and model, and AMD's core generation read from them, come with it.
#ifndef GJK2D_CPU_NAME_H
#define GJK2D_CPU_NAME_H

#include <stddef.h>

/// This CPU as one line: "name (core; x86 family F, model M)", the parts known. The name is the model name
/// the OS shows (Linux's /proc/cpuinfo), else CPUID's brand string, else "unknown CPU"; the core is AMD's
/// core generation ("AMD Zen 5"), absent elsewhere; family and model only on x86.
void cpu_name(char *buf, size_t n);

#endif
