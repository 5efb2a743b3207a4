/* The kexbench shim: linked into every instance library next to the
 * instance's own code. It owns the global DRNG the ICCS API draws from,
 * lets the runner seed it, and describes the build in a metadata block.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef KEXBENCH_SHIM_H
#define KEXBENCH_SHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KEXBENCH_META_MAGIC 0x4B584231u /* "KXB1" */
#define KEXBENCH_ABI_VERSION 1u

/* Layout is part of the instance ABI: append fields only, bump abi_version otherwise. */
typedef struct kexbench_meta {
    uint32_t magic;
    uint32_t abi_version;
    const char *instance;           /* ALGORITHM_INSTANCE: the KAT name, [A-Za-z0-9_-]{1,64} */
    const char *display_name;       /* what a person reads */
    const char *family;             /* algorithm family, e.g. "X25519" */
    const char *parameter_set;      /* e.g. "P-256", "512" */
    const char *group;              /* "builtin", "baseline", "submission", "fixture" */
    const char *variant;            /* "reference", "optimized", "profiled", ... */
    const char *compiler;           /* compiler id and version */
    const char *build_flags;        /* flags the instance sources were compiled with */
    uint32_t claimed_security_bits; /* claimed classical security level in bits, 0 = unknown */
    uint32_t reserved;
} kexbench_meta;

/* The symbol names the loader resolves. */
#define KEXBENCH_META_SYMBOL "kexbench_meta_block"
#define KEXBENCH_SEED_SYMBOL "kexbench_seed"

const kexbench_meta *kexbench_meta_block(void);

/* Instantiates drng_algorithm with seed (length in BYTES). Returns init_random_number's result. */
int kexbench_seed(const unsigned char *seed, unsigned long long seed_len_bytes);

#ifdef __cplusplus
}
#endif
#endif
