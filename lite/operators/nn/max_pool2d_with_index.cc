// max_pool2d_with_index (Paddle semantics, NCHW): max pooling that also
// returns Mask, the index h * W + w within the input plane of each output's
// maximum (the first one in row-major window order). Attributes ksize,
// strides, paddings (2 or 4 values: top, bottom, left, right),
// global_pooling, and (ours, for ONNX MaxPool) dilations and ceil_mode. An
// output extent is (in + pads - dilation (k - 1) - 1 [+ stride - 1 with
// ceil_mode]) / stride + 1; a window starting past the padded input is
// dropped. float32, int32, int8, uint8; plain C++ (the plain pool2d kernel
// serves the common case).
#include <limits>

#include "lite/core/registry.h"
#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct MaxPoolIndexParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  Tensor* mask{nullptr};
  std::vector<int> ksize, strides, paddings, dilations;
  bool global_pooling{false};
  bool ceil_mode{false};
  // Resolved by InferShape.
  std::vector<int> eff_ksize, eff_paddings;
};

class MaxPoolIndexOp : public OperatorBase<MaxPoolIndexParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& in = p.x->dims();
    LITE_ENFORCE(in.size() == 4, "op 'max_pool2d_with_index': input 'X' must be 4-D NCHW, got ",
                 DimsToString(in));
    p.eff_ksize = p.ksize;
    p.eff_paddings = p.paddings;
    DDim out{in[0], in[1], 1, 1};
    if (p.global_pooling) {
      p.eff_ksize = {static_cast<int>(in[2]), static_cast<int>(in[3])};
      p.eff_paddings = {0, 0, 0, 0};
    } else {
      for (int i = 0; i < 2; ++i) {
        const int64_t ext = static_cast<int64_t>(p.dilations[i]) * (p.ksize[i] - 1) + 1;
        const int64_t padded = in[2 + i] + p.paddings[2 * i] + p.paddings[2 * i + 1];
        int64_t o = WindowOutputExtent(in[2 + i], p.paddings[2 * i], p.paddings[2 * i + 1], ext,
                                       p.strides[i], p.ceil_mode);
        // ceil_mode: the last window must start inside the input or its
        // leading padding.
        if (p.ceil_mode && (o - 1) * p.strides[i] >= in[2 + i] + p.paddings[2 * i]) --o;
        LITE_ENFORCE(padded >= ext && o > 0, "op 'max_pool2d_with_index': input 'X' ",
                     DimsToString(in), " plus paddings is smaller than the dilated window");
        out[2 + i] = o;
      }
    }
    p.out->Resize(out);
    p.out->set_dtype(p.x->dtype());
    p.mask->Resize(out);
    p.mask->set_dtype(DataType::kInt32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.mask = GetOutput(desc, scope, "Mask");
    p.ksize = ReadIntList(desc, "ksize", 2, {1, 1});
    p.strides = ReadIntList(desc, "strides", 2, {1, 1});
    p.dilations = ReadIntList(desc, "dilations", 2, {1, 1});
    p.paddings = ReadPaddings4(desc);
    p.global_pooling = desc.GetAttr<bool>("global_pooling", false);
    p.ceil_mode = desc.GetAttr<bool>("ceil_mode", false);
    LITE_ENFORCE(!desc.GetAttr<bool>("adaptive", false),
                 "op 'max_pool2d_with_index': adaptive pooling is not supported");
    for (int i = 0; i < 2; ++i) {
      LITE_ENFORCE(p.global_pooling || p.ksize[i] >= 1,
                   "op 'max_pool2d_with_index': attribute 'ksize' values must be >= 1");
      LITE_ENFORCE(p.strides[i] >= 1 && p.dilations[i] >= 1,
                   "op 'max_pool2d_with_index': strides and dilations must be >= 1");
    }
    for (int v : p.paddings) {
      LITE_ENFORCE(v >= 0, "op 'max_pool2d_with_index': attribute 'paddings' must be >= 0");
    }
  }
};

class MaxPoolIndexKernel : public KernelBase<MaxPoolIndexParam> {
 public:
  void Run(const RunContext& ctx) override {
    switch (param().x->dtype()) {
      case DataType::kFloat32: return RunTyped<float>(ctx);
      case DataType::kInt32: return RunTyped<int32_t>(ctx);
      case DataType::kInt8: return RunTyped<int8_t>(ctx);
      case DataType::kUInt8: return RunTyped<uint8_t>(ctx);
      default:
        ThrowError("op 'max_pool2d_with_index': input 'X' has unsupported element type ",
                   DataTypeName(param().x->dtype()), " (supported: float32, int32, int8, uint8)");
    }
  }

 private:
  template <typename T>
  void RunTyped(const RunContext& ctx) {
    const auto& p = param();
    const DDim& in = p.x->dims();
    const DDim& od = p.out->dims();
    const int64_t planes = in[0] * in[1], H = in[2], W = in[3], OH = od[2], OW = od[3];
    const T* x = p.x->data<T>();
    T* out = p.out->mutable_data<T>();
    int32_t* mask = p.mask->mutable_data<int32_t>();
    const int dh = p.global_pooling ? 1 : p.dilations[0], dw = p.global_pooling ? 1 : p.dilations[1];
    const int sh = p.global_pooling ? 1 : p.strides[0], sw = p.global_pooling ? 1 : p.strides[1];
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (planes * OH * OW > 65536)
    for (int64_t nc = 0; nc < planes; ++nc) {
      const T* src = x + nc * H * W;
      for (int64_t oh = 0; oh < OH; ++oh) {
        for (int64_t ow = 0; ow < OW; ++ow) {
          T best = std::numeric_limits<T>::lowest();
          int64_t at = -1;
          for (int kh = 0; kh < p.eff_ksize[0]; ++kh) {
            const int64_t h = oh * sh - p.eff_paddings[0] + static_cast<int64_t>(kh) * dh;
            if (h < 0 || h >= H) continue;
            for (int kw = 0; kw < p.eff_ksize[1]; ++kw) {
              const int64_t w = ow * sw - p.eff_paddings[2] + static_cast<int64_t>(kw) * dw;
              if (w < 0 || w >= W) continue;
              if (at < 0 || src[h * W + w] > best) {
                best = src[h * W + w];
                at = h * W + w;
              }
            }
          }
          const int64_t o = (nc * OH + oh) * OW + ow;
          out[o] = best;
          mask[o] = static_cast<int32_t>(at);
        }
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(MaxPoolIndexOp)
LITE_KERNEL_CLASS(MaxPoolIndexKernel)
