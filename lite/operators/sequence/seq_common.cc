#include "lite/operators/sequence/seq_common.h"

#include <dnnl.h>

#include <algorithm>
#include <numeric>

namespace paddle {
namespace lite {
namespace operators {

std::vector<uint64_t> SequenceOffsets(const std::string& op, const std::string& slot,
                                      const Tensor& t) {
  const std::string what = "op '" + op + "' input '" + slot + "'";
  LITE_ENFORCE(!t.lod().empty(), what, " needs a LoD (sequence offsets); got none");
  LITE_ENFORCE(!t.dims().empty(), what, " has no dims");
  CheckLoD(what, t.lod(), t.dims()[0]);
  return t.lod().back();
}

RecurrentAct ParseRecurrentAct(const std::string& op, const std::string& attr,
                               const std::string& name) {
  if (name == "sigmoid") return RecurrentAct::kSigmoid;
  if (name == "tanh") return RecurrentAct::kTanh;
  if (name == "relu") return RecurrentAct::kRelu;
  if (name == "identity" || name == "linear" || name.empty()) return RecurrentAct::kIdentity;
  ThrowError("op '", op, "': attribute '", attr, "' = '", name,
             "' is not one of sigmoid, tanh, relu, identity");
}

void AddMatMat(const float* x, int64_t m, int64_t ldx, const float* w, int64_t k, int64_t n,
               float* y, int64_t ldy) {
  if (m == 0) return;
  LITE_ENFORCE(dnnl_sgemm('N', 'N', m, n, k, 1.f, x, ldx, w, n, 1.f, y, ldy) == dnnl_success,
               "recurrent step: oneDNN sgemm [", m, ", ", k, "] x [", k, ", ", n, "] failed");
}

StepBatches ReorderByLength(const std::vector<uint64_t>& offsets) {
  StepBatches b;
  const size_t n = offsets.size() - 1;
  b.order.resize(n);
  std::iota(b.order.begin(), b.order.end(), size_t{0});
  auto length = [&](size_t s) { return offsets[s + 1] - offsets[s]; };
  std::stable_sort(b.order.begin(), b.order.end(),
                   [&](size_t a, size_t c) { return length(a) > length(c); });
  const uint64_t longest = n ? length(b.order[0]) : 0;
  b.active.assign(longest, 0);
  for (size_t s : b.order) {
    for (uint64_t k = 0; k < length(s); ++k) b.active[k]++;
  }
  return b;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
