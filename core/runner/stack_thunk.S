/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * kexbench_stack_thunk: stands in for one ICCS API function during the stack
 * probe (core/runner/stack_probe.cpp) so the figure counts from the step's own
 * entry with word resolution.
 *
 * On entry the stack pointer is exactly the step's entry stack pointer. The
 * thunk records it, paints every word from kexbench_thunk_lo up to it, swaps
 * the return address for its landing and jumps to kexbench_thunk_target with
 * every argument register and stack argument untouched. When the step returns
 * to the landing, the landing scans upward from kexbench_thunk_lo for the
 * first word that is no longer paint, stores it in kexbench_thunk_lowest and
 * jumps back to the real caller. No C code runs between painting and the call
 * or between the return and the scan, so no frame but the step's own lands in
 * the painted range. It uses only scratch registers no argument or int return
 * value lives in. Not reentrant: one step at a time, one thread.
 */

#if defined(__x86_64__) || defined(__aarch64__)

        .bss
        .balign 8
        .globl  kexbench_thunk_lo
        .hidden kexbench_thunk_lo
kexbench_thunk_lo:        .zero 8   /* lowest painted word (8-aligned) */
        .globl  kexbench_thunk_paint
        .hidden kexbench_thunk_paint
kexbench_thunk_paint:     .zero 8   /* the paint word */
        .globl  kexbench_thunk_target
        .hidden kexbench_thunk_target
kexbench_thunk_target:    .zero 8   /* the real step function */
        .globl  kexbench_thunk_entry_sp
        .hidden kexbench_thunk_entry_sp
kexbench_thunk_entry_sp:  .zero 8   /* stack pointer at the step's entry */
        .globl  kexbench_thunk_lowest
        .hidden kexbench_thunk_lowest
kexbench_thunk_lowest:    .zero 8   /* lowest word the step changed (entry_sp when none) */
kexbench_thunk_return:    .zero 8   /* where the step would have returned to */

        .text
        .globl  kexbench_stack_thunk
        .hidden kexbench_stack_thunk
        .type   kexbench_stack_thunk, %function
#endif

#if defined(__x86_64__)
kexbench_stack_thunk:
        movq    %rsp, kexbench_thunk_entry_sp(%rip)
        movq    (%rsp), %rax
        movq    %rax, kexbench_thunk_return(%rip)
        leaq    .Llanding(%rip), %rax
        movq    %rax, (%rsp)
        movq    kexbench_thunk_lo(%rip), %r10
        movq    kexbench_thunk_paint(%rip), %rax
.Lpaint:
        cmpq    %rsp, %r10
        jae     .Lcall
        movq    %rax, (%r10)
        addq    $8, %r10
        jmp     .Lpaint
.Lcall:
        jmp     *kexbench_thunk_target(%rip)
.Llanding:
        /* %rsp is entry_sp + 8 again; %eax holds the step's result */
        movq    kexbench_thunk_lo(%rip), %r10
        movq    kexbench_thunk_paint(%rip), %r11
        movq    kexbench_thunk_entry_sp(%rip), %rcx
.Lscan:
        cmpq    %rcx, %r10
        jae     .Lfound
        cmpq    %r11, (%r10)
        jne     .Lfound
        addq    $8, %r10
        jmp     .Lscan
.Lfound:
        movq    %r10, kexbench_thunk_lowest(%rip)
        jmp     *kexbench_thunk_return(%rip)
        .size   kexbench_stack_thunk, .-kexbench_stack_thunk
#elif defined(__aarch64__)
kexbench_stack_thunk:
        /* x16, x17 (intra-procedure-call scratch) and x9, x10 (temporaries)
         * hold no argument; x0..x7 and the stack arguments pass through. */
        mov     x9, sp
        adrp    x16, kexbench_thunk_entry_sp
        str     x9, [x16, :lo12:kexbench_thunk_entry_sp]
        adrp    x16, kexbench_thunk_return
        str     x30, [x16, :lo12:kexbench_thunk_return]
        adr     x30, .Llanding
        adrp    x16, kexbench_thunk_lo
        ldr     x16, [x16, :lo12:kexbench_thunk_lo]
        adrp    x17, kexbench_thunk_paint
        ldr     x17, [x17, :lo12:kexbench_thunk_paint]
.Lpaint:
        cmp     x16, x9
        b.hs    .Lcall
        str     x17, [x16], #8
        b       .Lpaint
.Lcall:
        adrp    x16, kexbench_thunk_target
        ldr     x16, [x16, :lo12:kexbench_thunk_target]
        br      x16
.Llanding:
        /* sp is entry_sp again; w0 holds the step's result */
        adrp    x16, kexbench_thunk_lo
        ldr     x16, [x16, :lo12:kexbench_thunk_lo]
        adrp    x17, kexbench_thunk_paint
        ldr     x17, [x17, :lo12:kexbench_thunk_paint]
        adrp    x9, kexbench_thunk_entry_sp
        ldr     x9, [x9, :lo12:kexbench_thunk_entry_sp]
.Lscan:
        cmp     x16, x9
        b.hs    .Lfound
        ldr     x10, [x16]
        cmp     x10, x17
        b.ne    .Lfound
        add     x16, x16, #8
        b       .Lscan
.Lfound:
        adrp    x9, kexbench_thunk_lowest
        str     x16, [x9, :lo12:kexbench_thunk_lowest]
        adrp    x16, kexbench_thunk_return
        ldr     x16, [x16, :lo12:kexbench_thunk_return]
        br      x16
        .size   kexbench_stack_thunk, .-kexbench_stack_thunk
#endif

#if defined(__linux__) && defined(__ELF__)
        .section .note.GNU-stack, "", %progbits
#endif
