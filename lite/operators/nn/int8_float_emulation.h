// Where oneDNN's int8 kernels are not exact, the int8 conv2d and fc kernels
// compute the same integer products in fp32 instead.
//
// Without VNNI (AVX512-VNNI or AVX-VNNI; AMX machines have AVX512-VNNI),
// oneDNN 2.6 multiplies s8 x s8 with vpmaddubsw, whose int16 pair sums
// saturate: to avoid that it scales every s8 weight by 0.5 ("sa0.5" in
// ONEDNN_VERBOSE), i.e. computes with 7-bit weights, and its s8 gemm
// saturates instead. On an AVX2-only machine (AMD EPYC here) that moved the
// int8 conv 1-2% away from the quantized result and the QAT detector from
// 16 to 17 text regions. In fp32 the quantized values (integers in
// [-127, 127]) and their products are exact and the sums exact up to 2^24
// (1,040 products at the extremes), so the result is the quantized one to
// float rounding.
//
// PADDLE_LITE_INT8_FLOAT_EMULATION=1 forces the fp32 path (tests check it on
// every machine), =0 forces oneDNN's int8 primitives.
#pragma once
#include <cstdlib>
#include <cstring>

#include <glog/logging.h>

#include <oneapi/dnnl/dnnl.hpp>

namespace paddle {
namespace lite {
namespace operators {

inline bool Int8RunsInFloat() {
  if (const char* v = std::getenv("PADDLE_LITE_INT8_FLOAT_EMULATION")) {
    if (std::strcmp(v, "1") == 0) return true;
    if (std::strcmp(v, "0") == 0) return false;
  }
  // The ISA oneDNN itself dispatches to (a bit set: each ISA includes the
  // bits of those it extends; AMX includes AVX512-VNNI).
  static const bool exact_int8 = [] {
    const unsigned isa = static_cast<unsigned>(dnnl::get_effective_cpu_isa());
    auto has = [isa](dnnl::cpu_isa want) {
      const unsigned w = static_cast<unsigned>(want);
      return (isa & w) == w;
    };
    const bool exact = has(dnnl::cpu_isa::avx512_core_vnni) || has(dnnl::cpu_isa::avx2_vnni);
    // Once per process, when an int8 kernel first asks: the user chose int8
    // for speed and gets the quantized numbers, but not the speed.
    LOG_IF(WARNING, !exact)
        << "int8 kernels run emulated in fp32 on this CPU (no AVX512-VNNI or AVX-VNNI: "
           "oneDNN's int8 is inexact here), usually slower than the float model; "
           "see docs/int8.md";
    return exact;
  }();
  return !exact_int8;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
