// Primitive implementations that do not depend on the thread count.
//
// oneDNN decides some implementations by the OpenMP thread count at
// primitive creation, and the candidates round differently: its Winograd
// F(4x4,3x3) kernel declines the detector's 3x3 96->24 conv at 80x80 with 2
// threads and F(2x2,3x3) runs instead (max |diff| 1.1e-5 on the detector's
// map). The thread count of a run may change from run to run
// (lite/core/thread_governor.h), and outputs must not, so kernels whose
// candidates differ this way take an algorithm whose implementation is the
// same at every thread count from 1 to the hardware's.
#pragma once
#include <functional>

#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {

// `make()` builds the descriptor under the calling thread's OpenMP thread
// count. Returns it when oneDNN picks the same implementation at every count
// from 1 to `max_threads` (a predictor of one thread keeps every kernel,
// e.g. the detector's Winograd F(4x4,3x3) conv), else nullptr (also when make() throws
// dnnl::error at some count): the caller then takes another algorithm.
// (Moving a descriptor to oneDNN's next candidate with next_impl() crashed
// oneDNN 2.6 on the Winograd descriptors, so no other candidate is sought.)
std::unique_ptr<dnnl::convolution_forward::primitive_desc> ThreadStableConvPd(
    const std::function<dnnl::convolution_forward::primitive_desc()>& make, int max_threads);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
