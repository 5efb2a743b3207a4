/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kexbench_shim.h"

#include "drng.h"

/* Each instance is built with these defined by kexbench_add_instance(). */
#ifndef KEXBENCH_INSTANCE
#error "KEXBENCH_INSTANCE must be defined"
#endif
#ifndef KEXBENCH_DISPLAY_NAME
#define KEXBENCH_DISPLAY_NAME KEXBENCH_INSTANCE
#endif
#ifndef KEXBENCH_FAMILY
#define KEXBENCH_FAMILY ""
#endif
#ifndef KEXBENCH_PARAMETER_SET
#define KEXBENCH_PARAMETER_SET ""
#endif
#ifndef KEXBENCH_GROUP
#define KEXBENCH_GROUP "submission"
#endif
#ifndef KEXBENCH_VARIANT
#define KEXBENCH_VARIANT "reference"
#endif
#ifndef KEXBENCH_COMPILER
#define KEXBENCH_COMPILER ""
#endif
#ifndef KEXBENCH_BUILD_FLAGS
#define KEXBENCH_BUILD_FLAGS ""
#endif
#ifndef KEXBENCH_SECURITY_BITS
#define KEXBENCH_SECURITY_BITS 0
#endif

/* Submissions whose sources define the DRNG global themselves build with KEXBENCH_NO_DRNG. */
#ifndef KEXBENCH_NO_DRNG
DRNG_ctx drng_algorithm;
#else
extern DRNG_ctx drng_algorithm;
#endif

static const kexbench_meta meta = {
    KEXBENCH_META_MAGIC, KEXBENCH_ABI_VERSION,   KEXBENCH_INSTANCE,      KEXBENCH_DISPLAY_NAME,
    KEXBENCH_FAMILY,     KEXBENCH_PARAMETER_SET, KEXBENCH_GROUP,         KEXBENCH_VARIANT,
    KEXBENCH_COMPILER,   KEXBENCH_BUILD_FLAGS,   KEXBENCH_SECURITY_BITS, 0,
};

const kexbench_meta *kexbench_meta_block(void) { return &meta; }

int kexbench_seed(const unsigned char *seed, unsigned long long seed_len_bytes)
{
    return init_random_number(&drng_algorithm, seed, seed_len_bytes);
}
