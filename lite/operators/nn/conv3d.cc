// conv3d and conv3d_transpose (Paddle semantics, NCDHW float32), plain C++
// loops: 3-D convolutions are rare in the models this runtime serves (ONNX
// exports of video/volume models), so they are simple rather than fast.
// conv3d: Input [N, C, D, H, W], Filter [M, C/groups, kd, kh, kw], optional
//   Bias [M]; out = (in + pad_begin + pad_end - dilation (k - 1) - 1) /
//   stride + 1 per spatial dim.
// conv3d_transpose: Filter [C, M/groups, kd, kh, kw]; out = (in - 1) stride
//   - pad_begin - pad_end + dilation (k - 1) + 1 + output_padding.
// paddings: 3 values [d, h, w] or 6 [front, back, top, bottom, left,
// right]; padding_algorithm EXPLICIT, SAME or VALID; strides, dilations: 3
// values.
#include "lite/core/registry.h"
#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct Conv3dParam {
  const Tensor* input{nullptr};
  const Tensor* filter{nullptr};
  const Tensor* bias{nullptr};
  Tensor* output{nullptr};
  std::vector<int> strides, dilations, paddings, output_padding;
  int groups{1};
  bool transpose{false};
  std::string padding_algorithm, op_type;
  // Resolved by InferShape.
  std::vector<int> eff_paddings, eff_dilations;
};

class Conv3dOp : public OperatorBase<Conv3dParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& x = p.input->dims();
    const DDim& w = p.filter->dims();
    LITE_ENFORCE(x.size() == 5 && w.size() == 5, "op '", p.op_type,
                 "': Input and Filter must be 5-D (NCDHW), got ", DimsToString(x), " and ",
                 DimsToString(w));
    const int64_t in_c = p.transpose ? w[0] : w[1] * p.groups;
    LITE_ENFORCE(x[1] == in_c && w[0] % p.groups == 0,
                 "op '", p.op_type, "': Input channels ", x[1], " do not match Filter ",
                 DimsToString(w), " with groups ", p.groups);
    const int64_t out_c = p.transpose ? w[1] * p.groups : w[0];
    LITE_ENFORCE(!p.bias || p.bias->numel() == out_c, "op '", p.op_type, "': Bias must hold ",
                 out_c, " values, got ", p.bias ? p.bias->numel() : 0);
    p.eff_paddings = p.paddings;
    p.eff_dilations = p.dilations;
    std::vector<int> k{static_cast<int>(w[2]), static_cast<int>(w[3]), static_cast<int>(w[4])};
    ApplyPaddingAlgorithm(p.op_type, p.padding_algorithm, {x[2], x[3], x[4]}, k, p.strides,
                          &p.eff_paddings, &p.eff_dilations);
    DDim out{x[0], out_c, 0, 0, 0};
    for (int i = 0; i < 3; ++i) {
      const int64_t ext = static_cast<int64_t>(p.eff_dilations[i]) * (k[i] - 1) + 1;
      const int64_t pad_before = p.eff_paddings[2 * i], pad_after = p.eff_paddings[2 * i + 1];
      out[2 + i] = p.transpose ? TransposedWindowOutputExtent(x[2 + i], pad_before, pad_after,
                                                              ext, p.strides[i]) +
                                     p.output_padding[i]
                               : WindowOutputExtent(x[2 + i], pad_before, pad_after, ext,
                                                    p.strides[i]);
      LITE_ENFORCE(out[2 + i] > 0, "op '", p.op_type, "': output extent of spatial dim ", i,
                   " is ", out[2 + i], " (Input ", DimsToString(x), ", Filter ", DimsToString(w),
                   ")");
    }
    p.output->Resize(out);
    p.output->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op_type = desc.Type();
    p.transpose = p.op_type == "conv3d_transpose";
    p.input = GetInput(desc, scope, "Input");
    p.filter = GetInput(desc, scope, "Filter");
    p.bias = GetOptionalInput(desc, scope, "Bias");
    p.output = GetOutput(desc, scope, "Output");
    p.strides = ReadIntList(desc, "strides", 3, {1, 1, 1});
    p.dilations = ReadIntList(desc, "dilations", 3, {1, 1, 1});
    p.output_padding = desc.GetAttr<std::vector<int>>("output_padding", {});
    if (p.output_padding.empty()) p.output_padding = {0, 0, 0};
    LITE_ENFORCE(p.output_padding.size() == 3, "op '", p.op_type,
                 "': attribute 'output_padding' must have 3 values, got ", p.output_padding.size());
    p.paddings = ReadPaddings6(desc);
    p.groups = desc.GetAttr<int>("groups", 1);
    LITE_ENFORCE(p.groups >= 1, "op '", p.op_type, "': attribute 'groups' must be >= 1");
    for (int i = 0; i < 3; ++i) {
      LITE_ENFORCE(p.strides[i] >= 1 && p.dilations[i] >= 1, "op '", p.op_type,
                   "': strides and dilations must be >= 1");
    }
    p.padding_algorithm = desc.GetAttr<std::string>("padding_algorithm", std::string("EXPLICIT"));
    const std::string fmt = desc.GetAttr<std::string>("data_format", std::string("NCDHW"));
    LITE_ENFORCE(fmt == "NCDHW" || fmt == "NCHW" || fmt == "AnyLayout", "op '", p.op_type,
                 "': attribute 'data_format' is '", fmt, "'; only NCDHW is supported");
  }
};

class Conv3dKernel : public KernelBase<Conv3dParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    const DDim& xd = p.input->dims();
    const DDim& wd = p.filter->dims();
    const DDim& od = p.output->dims();
    const float* x = p.input->data<float>();
    const float* w = p.filter->data<float>();
    float* out = p.output->mutable_data<float>();
    const int64_t n = xd[0], in_c = xd[1], out_c = od[1], g = p.groups;
    const int64_t icg = in_c / g, ocg = out_c / g;
    const int64_t in_sp[3] = {xd[2], xd[3], xd[4]}, out_sp[3] = {od[2], od[3], od[4]};
    const int64_t k[3] = {wd[2], wd[3], wd[4]};
    const int64_t in_vol = in_sp[0] * in_sp[1] * in_sp[2], out_vol = out_sp[0] * out_sp[1] * out_sp[2];
    const int64_t k_vol = k[0] * k[1] * k[2];
    // Forward: out positions gather from inputs; transpose: inputs scatter
    // into out positions. Both walk (output position, kernel tap) pairs.
    const int64_t* lo_sp = p.transpose ? in_sp : out_sp;  // the side iterated
    const int64_t* hi_sp = p.transpose ? out_sp : in_sp;  // the side indexed
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (n * out_c * out_vol > 65536)
    for (int64_t nm = 0; nm < n * out_c; ++nm) {
      const int64_t b = nm / out_c, m = nm % out_c, grp = m / ocg, mo = m % ocg;
      float* o = out + nm * out_vol;
      const float bias = p.bias ? p.bias->data<float>()[m] : 0.f;
      for (int64_t i = 0; i < out_vol; ++i) o[i] = bias;
      for (int64_t ci = 0; ci < icg; ++ci) {
        const float* xp = x + (b * in_c + grp * icg + ci) * in_vol;
        const float* wp = p.transpose ? w + ((grp * icg + ci) * ocg + mo) * k_vol
                                      : w + (m * icg + ci) * k_vol;
        for (int64_t a = 0; a < lo_sp[0]; ++a)
          for (int64_t bb = 0; bb < lo_sp[1]; ++bb)
            for (int64_t cc = 0; cc < lo_sp[2]; ++cc) {
              const int64_t lo[3] = {a, bb, cc};
              for (int64_t t = 0; t < k_vol; ++t) {
                const int64_t kk[3] = {t / (k[1] * k[2]), (t / k[2]) % k[1], t % k[2]};
                int64_t hi[3];
                bool inside = true;
                for (int d = 0; d < 3; ++d) {
                  hi[d] = lo[d] * p.strides[d] - p.eff_paddings[2 * d] + kk[d] * p.eff_dilations[d];
                  inside = inside && hi[d] >= 0 && hi[d] < hi_sp[d];
                }
                if (!inside) continue;
                const int64_t lo_i = (a * lo_sp[1] + bb) * lo_sp[2] + cc;
                const int64_t hi_i = (hi[0] * hi_sp[1] + hi[1]) * hi_sp[2] + hi[2];
                if (p.transpose) {
                  o[hi_i] += xp[lo_i] * wp[t];
                } else {
                  o[lo_i] += xp[hi_i] * wp[t];
                }
              }
            }
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(Conv3dOp)
LITE_KERNEL_CLASS(Conv3dKernel)
