/* kexbench clean-room ICCS auxiliary functions: sm3hash, pseudohash, pseudoXOF.
 * All message and output lengths are in BITS, MSB-first for partial bytes.
 * Return codes: 0 ok, -2 allocation failed, -3 inner HMAC failed, -4 unsupported length.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef KEXBENCH_ICCS_AUXFUNC_H
#define KEXBENCH_ICCS_AUXFUNC_H

#ifdef __cplusplus
extern "C" {
#endif

/* SM3 of msg (msg_len_bits bits). digest_len_bits must be 256; anything else returns -4. */
int sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);

/* digest_len_bits must be 512, 768 or 1024; anything else returns -4. */
int pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);

/* SM3-based KDF (GB/T 32918.4 5.4.3); writes ceil(output_len_bits/8) bytes. */
int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *output);

#ifdef __cplusplus
}
#endif
#endif
