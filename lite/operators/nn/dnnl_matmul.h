// A cached oneDNN matmul used by matmul, matmul_v2, mul and fc:
// dst[b..., M, N] = alpha * src[b..., M, K] x weights[b..., K, N] (+ bias[N])
// then a fused activation. Operand layouts are given as dims + strides, so
// transposes and batch broadcasting (stride-any dims of size 1) need no copy.
// With `pack_weights`, the weights are reordered once into oneDNN's preferred
// layout and reused while the weights pointer and dims stay the same (only
// for persistable weight tensors: their contents never change).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct MatmulSpec {
  dnnl::memory::dims src_dims, src_strides;
  dnnl::memory::dims w_dims, w_strides;
  dnnl::memory::dims dst_dims;  // dense row-major
  float alpha{1.f};
  bool has_bias{false};  // bias of N values, broadcast over rows
  bool pack_weights{false};
  int threads{1};
  bool operator==(const MatmulSpec& o) const {
    return src_dims == o.src_dims && src_strides == o.src_strides && w_dims == o.w_dims &&
           w_strides == o.w_strides && dst_dims == o.dst_dims && alpha == o.alpha &&
           has_bias == o.has_bias && pack_weights == o.pack_weights && threads == o.threads;
  }
};

class DnnlMatmul {
 public:
  // Computes; `op` names the op in errors. Rebuilds the primitive only when
  // the spec changes.
  void Run(const std::string& op, const MatmulSpec& spec, const FusedActivation& act,
           const float* src, const float* weights, const float* bias, float* dst);

 private:
  struct Plan;
  std::vector<std::shared_ptr<Plan>> plans_;  // one per thread count, newest first
};

// Row-major strides of dense dims.
dnnl::memory::dims DenseStrides(const dnnl::memory::dims& dims);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
