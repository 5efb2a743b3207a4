/* The ICCS KEX programming interface as exported by every instance library.
 * Signatures follow the official KEX_AlgorithmInstance.h interface facts
 * (all sizes in bytes; odd passes by the initiator A, even passes by B).
 * Built-in instances include this; submissions bring their own header.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef KEXBENCH_KEX_API_H
#define KEXBENCH_KEX_API_H

#include "drng.h"

#ifdef __cplusplus
extern "C" {
#endif

extern DRNG_ctx drng_algorithm;

unsigned long long kex_get_passes_num(void);
unsigned long long kex_get_pk_len_bytes(void);
unsigned long long kex_get_sk_len_bytes(void);
unsigned long long kex_get_sta_len_bytes(void);
unsigned long long kex_get_stb_len_bytes(void);
unsigned long long kex_get_ss_len_bytes(void);
unsigned long long kex_get_total_msg_len_bytes(void);

int kex_init_a(unsigned char *pka, unsigned long long *pka_len_bytes, unsigned char *ska,
               unsigned long long *ska_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes);
int kex_init_b(unsigned char *pkb, unsigned long long *pkb_len_bytes, unsigned char *skb,
               unsigned long long *skb_len_bytes, unsigned char *stb, unsigned long long *stb_len_bytes);

/* Pass 1 has no incoming message. */
int kex_generate_pass1_msg_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                             unsigned long long pkb_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes,
                             unsigned char *m1, unsigned long long *m1_len_bytes);

/* Every later pass k: (own sk, peer pk, m_{k-1}, own state, m_k). Returns 1 when it is the last pass,
 * 0 when more passes follow, negative on error. */
typedef int (*kex_pass_fn)(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *peer_pk,
                           unsigned long long peer_pk_len_bytes, unsigned char *m_in, unsigned long long m_in_len_bytes,
                           unsigned char *st, unsigned long long *st_len_bytes, unsigned char *m_out,
                           unsigned long long *m_out_len_bytes);

int kex_generate_pass2_msg_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
                             unsigned long long pka_len_bytes, unsigned char *m1, unsigned long long m1_len_bytes,
                             unsigned char *stb, unsigned long long *stb_len_bytes, unsigned char *m2,
                             unsigned long long *m2_len_bytes);
int kex_generate_pass3_msg_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                             unsigned long long pkb_len_bytes, unsigned char *m2, unsigned long long m2_len_bytes,
                             unsigned char *sta, unsigned long long *sta_len_bytes, unsigned char *m3,
                             unsigned long long *m3_len_bytes);

/* mb / ma: the last message sent by the other party (NULL, 0 when it sent none). State by value. */
int kex_derive_ss_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                    unsigned long long pkb_len_bytes, unsigned char *mb, unsigned long long mb_len_bytes,
                    unsigned char *sta, unsigned long long sta_len_bytes, unsigned char *ssa,
                    unsigned long long *ssa_len_bytes);
int kex_derive_ss_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
                    unsigned long long pka_len_bytes, unsigned char *ma, unsigned long long ma_len_bytes,
                    unsigned char *stb, unsigned long long stb_len_bytes, unsigned char *ssb,
                    unsigned long long *ssb_len_bytes);

#ifdef __cplusplus
}
#endif
#endif
