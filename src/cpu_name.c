// SPDX-License-Identifier: MIT
#include "cpu_name.h"

#include <stdio.h>
#include <string.h>

typedef struct cpu_facts {
    char brand[64]; ///< the model name (see cpu_name)
    char core[64];  ///< AMD's core generation, or ""
    int family;     ///< the x86 family and model (CPUID leaf 1, extended fields added); -1 off x86
    int model;
} cpu_facts;

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define CPU_NAME_X86 1
#endif

/// AMD's core generation from the x86 family and model (AMD's processor programming references).
static const char *amd_core(int family, int model) {
    if (family == 23) return model >= 48 ? "AMD Zen 2" : "AMD Zen";
    if (family == 25) return model < 16 || (model >= 32 && model < 96) ? "AMD Zen 3" : "AMD Zen 4";
    if (family == 26) return "AMD Zen 5";
    return "";
}

/// The model name Linux shows (/proc/cpuinfo, what lscpu and users see: a hypervisor may give the kernel
/// another brand string than it later gives a process's CPUID). Returns 0 where there is none.
static int os_model_name(char *buf, size_t n) {
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return 0;
    char line[512];
    int found = 0;
    while (!found && fgets(line, sizeof line, f)) {
        const char *p = strchr(line, ':');
        if (strncmp(line, "model name", 10) || !p) continue;
        for (p++; *p == ' ' || *p == '\t'; p++) {
        }
        const size_t len = strcspn(p, "\n");
        if (len) snprintf(buf, n, "%.*s", (int)len, p), found = 1;
    }
    fclose(f);
    return found;
}

static cpu_facts cpu_facts_read(void) {
    cpu_facts c;
    memset(&c, 0, sizeof c);
    c.family = c.model = -1;
    const int named = os_model_name(c.brand, sizeof c.brand);
    if (!named) snprintf(c.brand, sizeof c.brand, "unknown CPU");
#if CPU_NAME_X86
    unsigned a, b, cx, d;
    char vendor[13] = "";
    if (__get_cpuid(0, &a, &b, &cx, &d)) {
        memcpy(vendor, &b, 4), memcpy(vendor + 4, &d, 4), memcpy(vendor + 8, &cx, 4);
        vendor[12] = 0;
    }
    if (__get_cpuid(1, &a, &b, &cx, &d)) {
        const int base_family = (int)((a >> 8) & 0xf), base_model = (int)((a >> 4) & 0xf);
        c.family = base_family == 0xf ? base_family + (int)((a >> 20) & 0xff) : base_family;
        c.model = base_family == 0x6 || base_family == 0xf ? base_model + (int)(((a >> 16) & 0xf) << 4) : base_model;
    }
    if (!named && __get_cpuid(0x80000000u, &a, &b, &cx, &d) && a >= 0x80000004u) {
        unsigned w[12];
        for (unsigned i = 0; i < 3; i++)
            __get_cpuid(0x80000002u + i, &w[4 * i], &w[4 * i + 1], &w[4 * i + 2], &w[4 * i + 3]);
        char s[49];
        memcpy(s, w, 48);
        s[48] = 0;
        const char *p = s;
        while (*p == ' ') p++;
        size_t len = strlen(p);
        while (len && p[len - 1] == ' ') len--;
        if (len) snprintf(c.brand, sizeof c.brand, "%.*s", (int)len, p);
    }
    if (!strcmp(vendor, "AuthenticAMD")) snprintf(c.core, sizeof c.core, "%s", amd_core(c.family, c.model));
#endif
    return c;
}

void cpu_name(char *buf, size_t n) {
    const cpu_facts c = cpu_facts_read();
    if (c.family < 0)
        snprintf(buf, n, "%s", c.brand);
    else if (c.core[0])
        snprintf(buf, n, "%s (%s; x86 family %d, model %d)", c.brand, c.core, c.family, c.model);
    else
        snprintf(buf, n, "%s (x86 family %d, model %d)", c.brand, c.family, c.model);
}
