// Public: the macros of Paddle Lite's paddle_use_ops.h, paddle_use_kernels.h
// and paddle_use_passes.h. In Paddle Lite they force the linker to keep an
// op's, kernel's or pass's registration when linking the static library. Our
// registry is an explicit table compiled into every library (no
// self-registering globals to lose), so each use expands to a declaration
// that costs nothing; the lists exist so that code including them compiles
// unchanged and says which ops, kernels and passes this build has.
#pragma once

#define USE_LITE_OP(op_type__) extern int paddle_lite_use_op_##op_type__
#define USE_LITE_KERNEL(op_type__, target__, precision__, layout__, alias__) \
  extern int paddle_lite_use_kernel_##op_type__##_##target__##_##precision__##_##layout__##_##alias__
#define USE_MIR_PASS(name__) extern int paddle_lite_use_pass_##name__
