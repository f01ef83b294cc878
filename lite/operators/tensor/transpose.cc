// transpose / transpose2: Out[i_axis[0], ..., i_axis[r-1]] = X[i_0, ..., i_r-1]
// i.e. out dims[k] = x dims[axis[k]]. Any element type (moves elements by
// size). transpose2 also produces XShape.
#include <numeric>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct TransposeParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  Tensor* xshape{nullptr};
  std::vector<int> axis;
};

class TransposeOp : public OperatorBase<TransposeParam> {
 public:
  void InferShape() override {
    const DDim& in = param_.x->dims();
    const auto& axis = param_.axis;
    LITE_ENFORCE(axis.size() == in.size(), "op '", type(), "': attribute 'axis' ",
                 DimsToString(DDim(axis.begin(), axis.end())), " has ",
                 axis.size(), " entries but input X has rank ", in.size(),
                 " (dims ", DimsToString(in), ")");
    std::vector<bool> seen(in.size(), false);
    DDim out(in.size());
    for (size_t i = 0; i < axis.size(); ++i) {
      LITE_ENFORCE(axis[i] >= 0 && axis[i] < static_cast<int>(in.size()) &&
                       !seen[axis[i]],
                   "op '", type(), "': attribute 'axis' ",
                   DimsToString(DDim(axis.begin(), axis.end())),
                   " is not a permutation of [0, ", in.size(), ")");
      seen[axis[i]] = true;
      out[i] = in[axis[i]];
    }
    param_.out->Resize(out);
    param_.out->set_dtype(param_.x->dtype());
    SetXShape(param_.xshape, *param_.x);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.x = GetInput(desc, scope, "X");
    param_.out = GetOutput(desc, scope, "Out");
    param_.xshape = GetOptionalOutput(desc, scope, "XShape");
    param_.axis = desc.GetAttr<std::vector<int32_t>>("axis");
  }
};

template <typename T>
void TransposeImpl(const T* x, T* out, const DDim& in_dims,
                   const std::vector<int>& axis, int threads) {
  const int rank = static_cast<int>(in_dims.size());
  // Input strides, permuted into output order.
  std::vector<int64_t> in_strides(rank, 1);
  for (int i = rank - 2; i >= 0; --i) in_strides[i] = in_strides[i + 1] * in_dims[i + 1];
  std::vector<int64_t> out_dims(rank), perm_strides(rank);
  for (int i = 0; i < rank; ++i) {
    out_dims[i] = in_dims[axis[i]];
    perm_strides[i] = in_strides[axis[i]];
  }
  const int64_t n = Numel(in_dims);
  if (n == 0) return;
  // Rows of the last output dim: each row is a strided gather.
  const int64_t inner = rank ? out_dims[rank - 1] : 1;
  const int64_t inner_stride = rank ? perm_strides[rank - 1] : 1;
  const int64_t rows = n / inner;
#pragma omp parallel for num_threads(threads) schedule(static) if (n > 65536)
  for (int64_t r = 0; r < rows; ++r) {
    int64_t rem = r, src = 0;
    for (int d = rank - 2; d >= 0; --d) {
      src += (rem % out_dims[d]) * perm_strides[d];
      rem /= out_dims[d];
    }
    T* o = out + r * inner;
    for (int64_t k = 0; k < inner; ++k) o[k] = x[src + k * inner_stride];
  }
}

class TransposeKernel : public KernelBase<TransposeParam> {
 public:
  void Run(const RunContext& ctx) override {
    const Tensor& x = *param().x;
    Tensor* out = param().out;
    DispatchBySize(x.dtype(), "transpose", [&](auto tag) {
      using U = decltype(tag);
      out->mutable_data(x.dtype());
      TransposeImpl<U>(static_cast<const U*>(x.raw_data()),
                       static_cast<U*>(out->raw_data_mut()), x.dims(),
                       param().axis, ctx.threads);
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(TransposeOp)
LITE_KERNEL_CLASS(TransposeKernel)
