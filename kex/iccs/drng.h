/* kexbench clean-room ICCS DRNG interface (SM3 Hash_DRBG, 440-bit state).
 * Written from the interface facts of the official ICCS package; the names,
 * types and layout match it so unmodified submission code links against it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef KEXBENCH_ICCS_DRNG_H
#define KEXBENCH_ICCS_DRNG_H

#ifdef __cplusplus
extern "C" {
#endif

#define SEEDLEN 55

typedef struct {
    unsigned char V[SEEDLEN];
    unsigned char C[SEEDLEN];
    unsigned char reseed_counter[SEEDLEN];
} DRNG_ctx;

/* seed_len_bytes is in BYTES. Returns 0, or -2 when memory runs out. */
int init_random_number(DRNG_ctx *drng, const unsigned char *seed, unsigned long long seed_len_bytes);

/* random_number_len_bits is in BITS; a partial last byte is MSB-first with its low bits cleared. Returns 0. */
int get_random_number(DRNG_ctx *drng, unsigned char *random_number, unsigned long long random_number_len_bits);

#ifdef __cplusplus
}
#endif
#endif
