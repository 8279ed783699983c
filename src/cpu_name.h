// SPDX-License-Identifier: MIT
// The CPU's name for reports (`gjk2d info`, the benchmark's results): the one home of reading it. Not part
// of the library. Virtual machines often show only a vendor's family name ("AMD EPYC" on Zen 3, Zen 4 and
// Zen 5 alike), so the x86 family and model, and AMD's core generation read from them, come with it.
#ifndef GJK2D_CPU_NAME_H
#define GJK2D_CPU_NAME_H

#include <stddef.h>

typedef struct cpu_name {
    char brand
        [64]; ///< the model name the OS shows (Linux's /proc/cpuinfo), else CPUID's brand string, else "unknown CPU"
    char core[64]; ///< AMD's core generation ("AMD Zen 5"), or "" where it is not known
    int family;    ///< the x86 family and model (CPUID leaf 1, extended fields added); -1 off x86
    int model;
} cpu_name;

/// This CPU's name.
cpu_name cpu_name_read(void);

/// One line: "brand (core; x86 family F, model M)", the parts known.
void cpu_name_format(const cpu_name *c, char *buf, size_t n);

#endif
