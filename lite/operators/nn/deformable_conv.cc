// deformable_conv (DCN v2): Output [N, M, Ho, Wo] = Filter [M, C / groups,
// KH, KW] applied to samples of Input [N, C, H, W] taken, for output (oh,
// ow) and tap (i, j) of deformable group dg, at
//   (oh * stride - pad + i * dilation + Offset[n, dg*2K + 2*(i*KW + j), oh, ow],
//    ow * stride - pad + j * dilation + Offset[n, dg*2K + 2*(i*KW + j) + 1, ..])
// (K = KH * KW), bilinearly (0 outside the image, a sample with no tap
// inside is 0), times Mask[n, dg*K + i*KW + j, oh, ow]; plus Bias[M] when
// present (Paddle Lite's fused form). paddings 2 or 4 values, strides,
// dilations, groups, deformable_groups; im2col_step only splits the batch
// in Paddle and does not change the result. float32.
#include <Eigen/Core>
#include <cmath>

#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct DeformableConvParam {
  const Tensor *x{nullptr}, *offset{nullptr}, *mask{nullptr}, *filter{nullptr}, *bias{nullptr};
  Tensor* out{nullptr};
  std::vector<int64_t> strides{1, 1}, pads{0, 0, 0, 0}, dilations{1, 1};
  int groups{1}, deformable_groups{1};
};

class DeformableConvOp : public OperatorBase<DeformableConvParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim &xd = p.x->dims(), &fd = p.filter->dims();
    LITE_ENFORCE(xd.size() == 4 && fd.size() == 4, "op 'deformable_conv': Input ",
                 DimsToString(xd), " and Filter ", DimsToString(fd), " must be 4-D");
    const int64_t C = xd[1], M = fd[0];
    LITE_ENFORCE(p.groups > 0 && fd[1] * p.groups == C && M % p.groups == 0,
                 "op 'deformable_conv': attribute 'groups' ", p.groups, " does not match Input ",
                 DimsToString(xd), " and Filter ", DimsToString(fd));
    LITE_ENFORCE(p.deformable_groups > 0 && C % p.deformable_groups == 0,
                 "op 'deformable_conv': attribute 'deformable_groups' ", p.deformable_groups,
                 " must divide the ", C, " channels");
    int64_t out_hw[2];
    for (int k = 0; k < 2; ++k) {
      const int64_t extent = xd[2 + k] + p.pads[2 * k] + p.pads[2 * k + 1] -
                             (p.dilations[k] * (fd[2 + k] - 1) + 1);
      LITE_ENFORCE(p.strides[k] > 0 && p.dilations[k] > 0 && extent >= 0,
                   "op 'deformable_conv': the kernel does not fit Input ", DimsToString(xd));
      out_hw[k] = extent / p.strides[k] + 1;
    }
    const int64_t K = fd[2] * fd[3], dg = p.deformable_groups;
    const DDim want_off{xd[0], 2 * dg * K, out_hw[0], out_hw[1]};
    LITE_ENFORCE(p.offset->dims() == want_off, "op 'deformable_conv': input 'Offset' dims ",
                 DimsToString(p.offset->dims()), " expected ", DimsToString(want_off));
    if (p.mask) {
      const DDim want_mask{xd[0], dg * K, out_hw[0], out_hw[1]};
      LITE_ENFORCE(p.mask->dims() == want_mask, "op 'deformable_conv': input 'Mask' dims ",
                   DimsToString(p.mask->dims()), " expected ", DimsToString(want_mask));
    }
    LITE_ENFORCE(!p.bias || p.bias->numel() == M, "op 'deformable_conv': input 'Bias' must have ",
                 M, " elements");
    p.out->Resize({xd[0], M, out_hw[0], out_hw[1]});
    p.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "Input");
    p.offset = GetInput(desc, scope, "Offset");
    p.mask = GetOptionalInput(desc, scope, "Mask");
    p.filter = GetInput(desc, scope, "Filter");
    p.bias = GetOptionalInput(desc, scope, "Bias");
    p.out = GetOutput(desc, scope, "Output");
    p.strides = desc.GetAttr<std::vector<int64_t>>("strides", {1, 1});
    p.dilations = desc.GetAttr<std::vector<int64_t>>("dilations", {1, 1});
    auto pads = desc.GetAttr<std::vector<int64_t>>("paddings", {0, 0});
    LITE_ENFORCE(p.strides.size() == 2 && p.dilations.size() == 2 &&
                     (pads.size() == 2 || pads.size() == 4),
                 "op 'deformable_conv': attributes 'strides'/'dilations' need 2 values and "
                 "'paddings' 2 or 4");
    p.pads = pads.size() == 2 ? std::vector<int64_t>{pads[0], pads[0], pads[1], pads[1]} : pads;
    p.groups = desc.GetAttr<int32_t>("groups", 1);
    p.deformable_groups = desc.GetAttr<int32_t>("deformable_groups", 1);
  }
};

class DeformableConvKernel : public KernelBase<DeformableConvParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim &xd = p.x->dims(), &fd = p.filter->dims(), &od = p.out->dims();
    const int64_t N = xd[0], C = xd[1], H = xd[2], W = xd[3];
    const int64_t M = fd[0], CI = fd[1], KH = fd[2], KW = fd[3], K = KH * KW;
    const int64_t OH = od[2], OW = od[3], HW = OH * OW;
    const int64_t G = p.groups, dg = p.deformable_groups, cpd = C / dg, mg = M / G;
    const float* x = p.x->data<float>();
    const float* off = p.offset->data<float>();
    const float* mask = p.mask ? p.mask->data<float>() : nullptr;
    const float* bias = p.bias ? p.bias->data<float>() : nullptr;
    float* out = p.out->mutable_data<float>();
    using Mat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    Mat col(CI * K, HW);
    for (int64_t n = 0; n < N; ++n)
      for (int64_t g = 0; g < G; ++g) {
        // The sampled columns of this group's input channels.
        for (int64_t ic = 0; ic < CI; ++ic) {
          const int64_t c = g * CI + ic, d = c / cpd;
          const float* plane = x + (n * C + c) * H * W;
          for (int64_t i = 0; i < KH; ++i)
            for (int64_t j = 0; j < KW; ++j) {
              const int64_t tap = i * KW + j;
              const float* oh_off = off + ((n * dg + d) * 2 * K + 2 * tap) * HW;
              const float* ow_off = oh_off + HW;
              const float* m = mask ? mask + ((n * dg + d) * K + tap) * HW : nullptr;
              float* dst = col.data() + (ic * K + tap) * HW;
              for (int64_t oh = 0; oh < OH; ++oh)
                for (int64_t ow = 0; ow < OW; ++ow) {
                  const int64_t e = oh * OW + ow;
                  const float ph = static_cast<float>(oh * p.strides[0] - p.pads[0] + i * p.dilations[0]) + oh_off[e];
                  const float pw = static_cast<float>(ow * p.strides[1] - p.pads[2] + j * p.dilations[1]) + ow_off[e];
                  float v = 0.f;
                  if (ph > -1.f && pw > -1.f && ph < H && pw < W) {
                    const int64_t h0 = static_cast<int64_t>(std::floor(ph));
                    const int64_t w0 = static_cast<int64_t>(std::floor(pw));
                    const float lh = ph - h0, lw = pw - w0;
                    auto at = [&](int64_t hh, int64_t ww) {
                      return hh >= 0 && hh < H && ww >= 0 && ww < W ? plane[hh * W + ww] : 0.f;
                    };
                    v = (1 - lh) * (1 - lw) * at(h0, w0) + (1 - lh) * lw * at(h0, w0 + 1) +
                        lh * (1 - lw) * at(h0 + 1, w0) + lh * lw * at(h0 + 1, w0 + 1);
                  }
                  dst[e] = m ? v * m[e] : v;
                }
            }
        }
        Eigen::Map<const Mat> f(p.filter->data<float>() + g * mg * CI * K, mg, CI * K);
        Eigen::Map<Mat> o(out + (n * M + g * mg) * HW, mg, HW);
        o.noalias() = f * col;
        if (bias) {
          for (int64_t k = 0; k < mg; ++k) o.row(k).array() += bias[g * mg + k];
        }
      }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(DeformableConvOp)
LITE_KERNEL_CLASS(DeformableConvKernel)
