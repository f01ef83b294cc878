// sequence_conv: X [T, D] with a LoD, Filter [contextLength * D, M];
// Out [T, M] with X's LoD. Row t of sequence [s, e) sees the context rows
// t + contextStart + j (j < contextLength): rows outside [s, e) are zeros,
// or with paddingTrainable the rows of PaddingData [up + down, D] (up =
// max(0, -contextStart) rows above, down = max(0, contextStart +
// contextLength - 1) rows below). contextStride must be 1 (as in Paddle).
// The context rows are gathered into one [T, contextLength * D] matrix and
// multiplied by Filter in one GEMM.
#include <algorithm>
#include <cstring>

#include "lite/core/registry.h"
#include "lite/operators/nn/dnnl_matmul.h"
#include "lite/operators/sequence/seq_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct SequenceConvParam {
  const Tensor* x{nullptr};
  const Tensor* filter{nullptr};
  const Tensor* padding{nullptr};
  Tensor* out{nullptr};
  int context_length{3};
  int context_start{0};
  bool padding_trainable{false};
  std::vector<uint64_t> offsets;
};

class SequenceConvOp : public OperatorBase<SequenceConvParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& xd = p.x->dims();
    const DDim& fd = p.filter->dims();
    LITE_ENFORCE(xd.size() == 2, "op 'sequence_conv': input 'X' must be 2-D [T, D], got ",
                 DimsToString(xd));
    LITE_ENFORCE(fd.size() == 2 && fd[0] == p.context_length * xd[1],
                 "op 'sequence_conv': input 'Filter' ", DimsToString(fd), " must be [",
                 p.context_length * xd[1], ", M] (contextLength x width of 'X')");
    p.offsets = SequenceOffsets("sequence_conv", "X", *p.x);
    if (p.padding_trainable) {
      const int64_t rows = std::max(0, -p.context_start) +
                           std::max(0, p.context_start + p.context_length - 1);
      LITE_ENFORCE(p.padding && p.padding->dims().size() == 2 &&
                       p.padding->dims()[0] >= rows && p.padding->dims()[1] == xd[1],
                   "op 'sequence_conv': paddingTrainable needs input 'PaddingData' [", rows,
                   ", ", xd[1], "]");
    }
    p.out->Resize({xd[0], fd[1]});
    p.out->set_dtype(DataType::kFloat32);
    p.out->set_lod(p.x->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.filter = GetInput(desc, scope, "Filter");
    p.padding = GetOptionalInput(desc, scope, "PaddingData");
    p.out = GetOutput(desc, scope, "Out");
    // Required by Paddle's OpMaker (no default); the others default as there.
    p.context_length = desc.GetAttr<int>("contextLength");
    p.context_start = desc.GetAttr<int>("contextStart", 0);
    p.padding_trainable = desc.GetAttr<bool>("paddingTrainable", false);
    const int stride = desc.GetAttr<int>("contextStride", 1);
    LITE_ENFORCE(stride == 1, "op 'sequence_conv': attribute 'contextStride' = ", stride,
                 "; only 1 is defined");
    LITE_ENFORCE(p.context_length >= 1, "op 'sequence_conv': attribute 'contextLength' = ",
                 p.context_length, " must be at least 1");
  }
};

class SequenceConvKernel : public KernelBase<SequenceConvParam> {
 public:
  void Run(const RunContext& ctx) override {
    auto& p = param();
    const int64_t rows = p.x->dims()[0], width = p.x->dims()[1];
    const int64_t k = p.context_length * width, m = p.filter->dims()[1];
    const int up = std::max(0, -p.context_start);
    col_.assign(static_cast<size_t>(rows * k), 0.f);
    const float* x = p.x->data<float>();
    const float* pad = p.padding_trainable ? p.padding->data<float>() : nullptr;
    for (size_t s = 0; s + 1 < p.offsets.size(); ++s) {
      const int64_t begin = p.offsets[s], end = p.offsets[s + 1];
      for (int64_t t = begin; t < end; ++t) {
        for (int j = 0; j < p.context_length; ++j) {
          const int64_t src = t + p.context_start + j;
          float* dst = col_.data() + t * k + j * width;
          const float* from = nullptr;
          if (src >= begin && src < end) {
            from = x + src * width;
          } else if (pad) {
            from = pad + (src < begin ? up + (src - begin) : up + (src - end)) * width;
          }
          if (from) std::memcpy(dst, from, sizeof(float) * width);
        }
      }
    }
    float* out = p.out->mutable_data<float>();
    if (rows == 0 || m == 0) return;
    MatmulSpec spec;
    spec.src_dims = {rows, k};
    spec.src_strides = {k, 1};
    spec.w_dims = {k, m};
    spec.w_strides = {m, 1};
    spec.dst_dims = {rows, m};
    spec.pack_weights = p.filter->persistable();
    spec.threads = ctx.threads;
    matmul_.Run("sequence_conv", spec, FusedActivation(), col_.data(), p.filter->data<float>(),
                nullptr, out);
  }

 private:
  std::vector<float> col_;
  DnnlMatmul matmul_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(SequenceConvOp)
LITE_KERNEL_CLASS(SequenceConvKernel)
