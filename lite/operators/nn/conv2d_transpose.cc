// conv2d_transpose / depthwise_conv2d_transpose (Paddle semantics, NCHW) on
// oneDNN's deconvolution.
//
// Inputs: Input [N, C, H, W], Filter [C, M/groups, KH, KW], optional Bias [M]
// (for fusion passes). Output [N, M, OH, OW] with
//   OH = (H - 1) * stride - pad_top - pad_bottom + dilation * (KH - 1) + 1
// (paddings resolved by padding_algorithm as for conv2d, SAME resets
// dilations to 1), plus output_padding, or exactly output_size when given
// (which must lie in [OH, OH + stride)). Fused activation attributes as in
// nn_common.h. Weights are packed once (persistable filters); activations go
// through oneDNN's preferred layout like conv2d.
//
// Ungrouped transposed convolutions run instead as one GEMM on the NCHW
// tensors (cols[M*KH*KW, H*W] = Filter^T x Input) followed by a col2im
// scatter-add with bias and activation: no layout conversion, and oneDNN's
// blocked deconvolution is very slow for few output channels (the PP-OCR
// detector's 2x2/stride-2 upsampling to 1 channel took 40x longer).
//
// With PreFilter (conv_transpose_pair_fuse_pass) the op is two one-tap
// transposed convs in a row: Input -> the first (PreFilter [C, M1, KH1,
// KW1], stride = kernel, optional PreBias [M1], activation pre_act_type with
// Paddle's default parameters) -> this op (Filter [M1, M2, KH2, KW2],
// strides = kernel, no padding), computed together
// (conv_transpose_pair_nchw.h).
#include <algorithm>
#include <memory>

#include "lite/core/registry.h"
#include "lite/operators/nn/conv_param.h"
#include "lite/operators/nn/conv_transpose_pair_nchw.h"
#include "lite/operators/nn/cpu_clones.h"
#include "lite/operators/nn/dnnl_matmul.h"
#include "lite/operators/nn/dnnl_plan_cache.h"
#include "lite/operators/nn/gemm_6x16_avx2.h"
#include "lite/operators/nn/pointwise_conv_nchw.h"

namespace paddle {
namespace lite {
namespace operators {

struct ConvTransposeParam {
  const Tensor* input{nullptr};
  const Tensor* filter{nullptr};
  const Tensor* bias{nullptr};
  Tensor* output{nullptr};
  std::vector<int> strides{1, 1};
  std::vector<int> paddings{0, 0, 0, 0};
  std::vector<int> dilations{1, 1};
  std::vector<int> output_padding;
  std::vector<int> output_size;
  int groups{1};
  std::string padding_algorithm{"EXPLICIT"};
  FusedActivation act;
  std::string op_type;
  // conv_transpose_pair_fuse_pass: the first of two one-tap transposed convs.
  const Tensor* pre_filter{nullptr};
  const Tensor* pre_bias{nullptr};
  FusedActivation pre_act;
  // Resolved by InferShape.
  std::vector<int> eff_paddings{0, 0, 0, 0};
  std::vector<int> eff_dilations{1, 1};
  std::vector<int64_t> extra{0, 0};  // output rows/cols beyond the inferred size
};

// The shape of a pair (PreFilter set; InferShape checked the rest).
ConvTransposePairShape PairShapeOf(const ConvTransposeParam& p) {
  const DDim& in = p.input->dims();
  const DDim& f1 = p.pre_filter->dims();
  const DDim& w = p.filter->dims();
  return {in[0], in[1], in[2], in[3], f1[1], f1[2], f1[3], w[1], w[2], w[3]};
}

class ConvTransposeOp : public OperatorBase<ConvTransposeParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    if (p.pre_filter) {
      InferPairShape();
      return;
    }
    const std::string& op = p.op_type;
    const DDim& in = p.input->dims();
    const DDim& w = p.filter->dims();
    CheckConvRanks(p, "[C, M/groups, KH, KW]");
    LITE_ENFORCE(in[1] == w[0], "op '", op, "': input 'Input' ", DimsToString(in), " has ",
                 in[1], " channels but 'Filter' ", DimsToString(w), " expects ", w[0],
                 " (Filter dim 0)");
    LITE_ENFORCE(w[0] % p.groups == 0, "op '", op, "': 'Filter' ", DimsToString(w),
                 " dim 0 is not divisible by groups=", p.groups);
    const int64_t M = w[1] * p.groups;
    if (p.bias) {
      LITE_ENFORCE(p.bias->numel() == M, "op '", op, "': input 'Bias' ",
                   DimsToString(p.bias->dims()), " must have ", M, " elements");
    }
    ResolveConvPadding(&p);
    DDim out{in[0], M, 0, 0};
    for (int i = 0; i < 2; ++i) {
      const int64_t ext = p.eff_dilations[i] * (w[2 + i] - 1) + 1;
      const int64_t inferred = TransposedWindowOutputExtent(
          in[2 + i], p.eff_paddings[2 * i], p.eff_paddings[2 * i + 1], ext, p.strides[i]);
      LITE_ENFORCE(inferred > 0, "op '", op, "': paddings are too large for input ",
                   DimsToString(in), " and filter ", DimsToString(w));
      int64_t o = inferred;
      if (!p.output_size.empty()) {
        o = p.output_size[i];
        LITE_ENFORCE(o >= inferred && o < inferred + p.strides[i], "op '", op,
                     "': attribute 'output_size' [", p.output_size[0], ", ", p.output_size[1],
                     "] must lie in [", inferred, ", ", inferred + p.strides[i],
                     ") along spatial axis ", i);
      } else if (!p.output_padding.empty()) {
        LITE_ENFORCE(p.output_padding[i] >= 0 &&
                         p.output_padding[i] < std::max(p.strides[i], p.eff_dilations[i]),
                     "op '", op, "': attribute 'output_padding' value ", p.output_padding[i],
                     " must be in [0, max(stride, dilation))");
        o = inferred + p.output_padding[i];
      }
      p.extra[i] = o - inferred;
      out[2 + i] = o;
    }
    p.output->Resize(out);
    p.output->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    ReadConvAttributes(desc, scope, &p);
    p.output_padding = desc.GetAttr<std::vector<int>>("output_padding", {});
    p.output_size = desc.GetAttr<std::vector<int>>("output_size", {});
    LITE_ENFORCE(p.output_padding.empty() || p.output_padding.size() == 2, "op '", p.op_type,
                 "': attribute 'output_padding' must be empty or have 2 values");
    LITE_ENFORCE(p.output_size.empty() || p.output_size.size() == 2, "op '", p.op_type,
                 "': attribute 'output_size' must be empty or have 2 values");
    p.pre_filter = GetOptionalInput(desc, scope, "PreFilter");
    p.pre_bias = GetOptionalInput(desc, scope, "PreBias");
    if (p.pre_filter) p.pre_act = FusedActivation::DefaultNamed(desc, "pre_act_type");
  }

 private:
  // The pair's rules (conv_transpose_pair_nchw.h), each broken one named.
  void InferPairShape() {
    auto& p = param_;
    const std::string& op = p.op_type;
    CheckConvRanks(p, "[M1, M2, KH, KW]");
    const DDim& in = p.input->dims();
    const DDim& f1 = p.pre_filter->dims();
    const DDim& w = p.filter->dims();
    LITE_ENFORCE(f1.size() == 4 && f1[0] == in[1] && f1[1] == w[0], "op '", op,
                 "': input 'PreFilter' ", DimsToString(f1), " must be [C, M1, KH1, KW1] with C = ",
                 in[1], " (Input ", DimsToString(in), ") and M1 = ", w[0], " (Filter ",
                 DimsToString(w), ")");
    LITE_ENFORCE(!p.pre_bias || p.pre_bias->numel() == f1[1], "op '", op, "': input 'PreBias' ",
                 DimsToString(p.pre_bias ? p.pre_bias->dims() : DDim{}), " must have ", f1[1],
                 " elements");
    LITE_ENFORCE(!p.bias || p.bias->numel() == w[1], "op '", op, "': input 'Bias' must have ",
                 w[1], " elements");
    const bool one_tap = p.groups == 1 && p.strides[0] == w[2] && p.strides[1] == w[3] &&
                         p.dilations == std::vector<int>{1, 1} &&
                         p.paddings == std::vector<int>{0, 0, 0, 0} &&
                         (p.padding_algorithm == "EXPLICIT" || p.padding_algorithm == "VALID") &&
                         std::all_of(p.output_padding.begin(), p.output_padding.end(),
                                     [](int v) { return v == 0; }) &&
                         p.output_size.empty();
    LITE_ENFORCE(one_tap, "op '", op, "': with input 'PreFilter' the op must be a one-tap ",
                 "transposed conv (one group, strides equal to the kernel ", w[2], "x", w[3],
                 ", no padding, dilation, output_padding or output_size)");
    const ConvTransposePairShape s = PairShapeOf(p);
    int64_t oh, ow;
    ConvTransposePairOutput(s, &oh, &ow);
    p.output->Resize({in[0], w[1], oh, ow});
    p.output->set_dtype(DataType::kFloat32);
  }
};

class ConvTransposeDnnlKernel : public DnnlKernel<ConvTransposeParam> {
 public:
  // One group runs as a GEMM plus col2im; grouped ones on oneDNN.
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    if (p.pre_filter) {
      const std::vector<float>& f1 = pre_packed_.Get(*p.pre_filter, ConvTransposePairPackFirst);
      ConvTransposePairNchw(PairShapeOf(p), p.input->data<float>(), f1.data(),
                            p.pre_bias ? p.pre_bias->data<float>() : nullptr, p.pre_act,
                            p.filter->data<float>(), p.bias ? p.bias->data<float>() : nullptr,
                            p.act, p.output->mutable_data<float>(), ctx.threads);
      return;
    }
    if (param().groups == 1) {
      RunGemm(ctx);
      return;
    }
    DnnlKernel::Run(ctx);
  }

 private:
  void RunGemm(const RunContext& ctx) {
    auto& p = param();
    const DDim& in = p.input->dims();
    const DDim& w = p.filter->dims();
    const DDim& od = p.output->dims();
    const int64_t N = in[0], IC = in[1], H = in[2], W = in[3];
    const int64_t OC = w[1], KH = w[2], KW = w[3], OH = od[2], OW = od[3];
    const int64_t M = OC * KH * KW, HW = H * W;
    float* out = p.output->mutable_data<float>();
    if (p.output->numel() == 0) return;
    // Few output rows per pixel (M = OC*KH*KW small): cols[n][m][hw] =
    // Filter^T x Input (oneDNN's matmul is fast with a short M and long N).
    // Otherwise colsT[n][hw][m] = Input^T x Filter, which oneDNN runs ~10x
    // faster than the other orientation when M is large.
    const int sh = p.strides[0], sw = p.strides[1];
    const int dh = p.eff_dilations[0], dw = p.eff_dilations[1];
    const int pt = p.eff_paddings[0], pl = p.eff_paddings[2];
    // Kernel == stride, no padding: every output pixel gets exactly one
    // tap (upsampling like PP-OCR's DB head), so the scatter is a plain
    // interleaving copy with bias and activation fused.
    const bool one_tap = KH == sh && KW == sw && dh == 1 && dw == 1 && pt == 0 && pl == 0 &&
                         OH == H * KH && OW == W * KW;
    if (one_tap) {
      RunOneTap(ctx);
      return;
    }
    const bool m_major = M <= 16;
    cols_.resize(static_cast<size_t>(N * M * HW));
    MatmulSpec spec;
    if (m_major) {
      spec.src_dims = {1, M, IC};
      spec.src_strides = {M * IC, 1, M};
      spec.w_dims = {N, IC, HW};
      spec.w_strides = {IC * HW, HW, 1};
      spec.dst_dims = {N, M, HW};
    } else {
      spec.src_dims = {N, HW, IC};
      spec.src_strides = {IC * HW, 1, HW};
      spec.w_dims = {1, IC, M};
      spec.w_strides = {IC * M, M, 1};
      spec.dst_dims = {N, HW, M};
    }
    spec.threads = ctx.threads;
    if (m_major) {
      matmul_.Run(p.op_type, spec, FusedActivation(), p.filter->data<float>(),
                  p.input->data<float>(), nullptr, cols_.data());
    } else {
      matmul_.Run(p.op_type, spec, FusedActivation(), p.input->data<float>(),
                  p.filter->data<float>(), nullptr, cols_.data());
    }
    const float* cols = cols_.data();
    const float* bias = p.bias ? p.bias->data<float>() : nullptr;
    const int64_t planes = N * OC, plane = OH * OW;
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (planes * plane > 65536)
    for (int64_t no = 0; no < planes; ++no) {
      const float b = bias ? bias[no % OC] : 0.f;
      float* op = out + no * plane;
      for (int64_t i = 0; i < plane; ++i) op[i] = b;
    }
    if (m_major) {
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (planes * plane > 65536)
      for (int64_t no = 0; no < planes; ++no) {
        const int64_t n = no / OC, oc = no % OC;
        float* op = out + no * plane;
        for (int64_t kh = 0; kh < KH; ++kh)
          for (int64_t kw = 0; kw < KW; ++kw) {
            const float* cp = cols + (n * M + (oc * KH + kh) * KW + kw) * HW;
            const int64_t off = kw * dw - pl;
            // iw range with 0 <= iw * sw + off < OW
            const int64_t iw0 = off >= 0 ? 0 : (-off + sw - 1) / sw;
            const int64_t iw1 = OW - off <= 0 ? 0 : std::min<int64_t>(W, (OW - off + sw - 1) / sw);
            for (int64_t ih = 0; ih < H; ++ih) {
              const int64_t oh = ih * sh - pt + kh * dh;
              if (oh < 0 || oh >= OH) continue;
              float* orow = op + oh * OW;
              const float* crow = cp + ih * W;
              for (int64_t iw = iw0; iw < iw1; ++iw) orow[iw * sw + off] += crow[iw];
            }
          }
      }
    } else {
      Col2ImPixelMajor(cols, out, N, H, W, OC, KH, KW, OH, OW, sh, sw, dh, dw, pt, pl,
                       ctx.threads);
    }
    const FusedActivation& act = p.act;
    if (!act.Identity()) act.ApplyInPlace(out, p.output->numel(), ctx.threads);
  }

  // Kernel == stride, no padding (one tap per output pixel):
  // out[n, oc, ih*KH+kh, iw*KW+kw] = act(bias[oc] + sum_c Input[n, c, ih, iw] *
  // Filter[c, oc, kh, kw]). Blocks of input rows go through one GEMM into an
  // L2-sized cols block [OC*KH*KW, rows*W] that is scattered (interleaving
  // copy + bias + activation) while still in cache.
  void RunOneTap(const RunContext& ctx) {
    if (PointwiseKernelsAvailable()) {
      RunOneTapPointwise(ctx);
      return;
    }
    auto& p = param();
    const DDim& in = p.input->dims();
    const DDim& w = p.filter->dims();
    const int64_t N = in[0], IC = in[1], H = in[2], W = in[3];
    const int64_t OC = w[1], KH = w[2], KW = w[3], OW = W * KW;
    const int64_t M = OC * KH * KW, HW = H * W;
    float* out = p.output->mutable_data<float>();
    const float* bias = p.bias ? p.bias->data<float>() : nullptr;
    // ~256 KB of cols per block
    const int64_t rows = std::max<int64_t>(1, std::min<int64_t>(H, 65536 / std::max<int64_t>(1, M * W)));
    cols_.resize(static_cast<size_t>(M * rows * W));
    for (int64_t n = 0; n < N; ++n) {
      for (int64_t ih0 = 0; ih0 < H; ih0 += rows) {
        const int64_t r = std::min(rows, H - ih0), rw = r * W;
        MatmulSpec spec;
        spec.src_dims = {1, M, IC};
        spec.src_strides = {M * IC, 1, M};
        spec.w_dims = {1, IC, rw};
        spec.w_strides = {IC * HW, HW, 1};
        spec.dst_dims = {1, M, rw};
        spec.threads = ctx.threads;
        // full blocks and the last (shorter) block keep separate primitives
        (r == rows ? matmul_ : matmul_tail_)
            .Run(p.op_type, spec, FusedActivation(), p.filter->data<float>(),
                 p.input->data<float>() + (n * IC * H + ih0) * W, nullptr, cols_.data());
        const float* cols = cols_.data();
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (OC * rw * KH * KW > 65536)
        for (int64_t oc = 0; oc < OC; ++oc) {
          ScatterOneTapBand(cols + oc * KH * KW * rw, rw, r, W, KH, KW, bias ? bias[oc] : 0.f,
                            p.act, out + ((n * OC + oc) * H * KH + ih0 * KH) * OW);
        }
      }
    }
  }

  // RunOneTap on CPUs where oneDNN runs AVX2 kernels: the product runs on
  // our pointwise kernel (pointwise_conv_nchw.h) with bands of input rows
  // spread over the threads, each band's cols in a per-thread buffer (the
  // oneDNN matmul per band took 2 threads for a small product and ran
  // slower at 2 threads than at 1: 5.6 vs 4.6 ms on the detector's two).
  void RunOneTapPointwise(const RunContext& ctx) {
    auto& p = param();
    const DDim& in = p.input->dims();
    const DDim& w = p.filter->dims();
    const int64_t N = in[0], IC = in[1], H = in[2], W = in[3];
    const int64_t OC = w[1], KH = w[2], KW = w[3], OW = W * KW, OH = H * KH;
    const int64_t M = OC * KH * KW, HW = H * W;
    const int64_t blocks = (M + kGemmRows - 1) / kGemmRows;
    const std::vector<float>& packed = packed_.Get(*p.filter, PackTransposed);
    float* out = p.output->mutable_data<float>();
    const float* x = p.input->data<float>();
    const float* bias = p.bias ? p.bias->data<float>() : nullptr;
    // ~256 KB of cols per band
    const int64_t rows = std::max<int64_t>(1, std::min<int64_t>(H, 65536 / std::max<int64_t>(1, M * W)));
    const int64_t bands = (H + rows - 1) / rows, jobs = N * bands;
#pragma omp parallel num_threads(ctx.threads) if (ctx.threads > 1 && jobs > 1)
    {
      std::vector<float> cols(static_cast<size_t>(blocks * kGemmRows * rows * W));
#pragma omp for schedule(static)
      for (int64_t job = 0; job < jobs; ++job) {
        const int64_t n = job / bands, ih0 = (job % bands) * rows;
        const int64_t r = std::min(rows, H - ih0), rw = r * W;
        const float* xb = x + n * IC * HW + ih0 * W;
        for (int64_t ob = 0; ob < blocks; ++ob) {
          PointwiseGemmBlock(packed.data() + ob * IC * kGemmRows, IC, xb, HW, rw,
                             cols.data() + ob * kGemmRows * rw, rw);
        }
        for (int64_t oc = 0; oc < OC; ++oc) {
          ScatterOneTapBand(cols.data() + oc * KH * KW * rw, rw, r, W, KH, KW,
                            bias ? bias[oc] : 0.f, p.act,
                            out + ((n * OC + oc) * OH + ih0 * KH) * OW);
        }
      }
    }
  }

  // The filter [IC, OC, KH, KW] as the (OC*KH*KW) x IC matrix Filter^T,
  // packed for PointwiseGemmBlock.
  static std::vector<float> PackTransposed(const float* filter, const DDim& d) {
    const int64_t IC = d[0], M = d[1] * d[2] * d[3];
    std::vector<float> ft(static_cast<size_t>(M * IC));
    for (int64_t ic = 0; ic < IC; ++ic)
      for (int64_t m = 0; m < M; ++m) ft[m * IC + ic] = filter[ic * M + m];
    return PointwisePackFilter(ft.data(), M, IC);
  }
  PackedFilterCache packed_;
  PackedFilterCache pre_packed_;  // PreFilter for ConvTransposePairNchw

  // One output channel of a band of r input rows (W wide) of a one-tap
  // transposed conv: `cols` holds its KH * KW rows of rw = r * W products
  // (tap (kh, kw) at row kh * KW + kw); output row ih * KH + kh (from `op`,
  // OW = W * KW wide) interleaves the KW taps of kernel row kh, plus `b`,
  // then the activation.
  static void ScatterOneTapBand(const float* cols, int64_t rw, int64_t r, int64_t W, int64_t KH,
                                int64_t KW, float b, const FusedActivation& act, float* op) {
    const int64_t OW = W * KW;
    for (int64_t ih = 0; ih < r; ++ih) {
      for (int64_t kh = 0; kh < KH; ++kh) {
        float* orow = op + (ih * KH + kh) * OW;
        const float* c = cols + kh * KW * rw + ih * W;
        if (KW == 2) {
          InterleaveRows2(c, c + rw, b, orow, W);
        } else {
          for (int64_t kw = 0; kw < KW; ++kw)
            for (int64_t iw = 0; iw < W; ++iw) orow[iw * KW + kw] = c[kw * rw + iw] + b;
        }
      }
    }
    act.ApplySerial(op, r * KH * OW);
  }

  // out[2i] = a[i] + b, out[2i+1] = c[i] + b.
  LITE_CPU_CLONES
  static void InterleaveRows2(const float* a, const float* c, float b, float* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      out[2 * i] = a[i] + b;
      out[2 * i + 1] = c[i] + b;
    }
  }

  // colsT [N, H*W, OC*KH*KW] scattered into out [N, OC, OH, OW] (+=).
  static void Col2ImPixelMajor(const float* cols, float* out, int64_t N, int64_t H, int64_t W,
                               int64_t OC, int64_t KH, int64_t KW, int64_t OH, int64_t OW,
                               int sh, int sw, int dh, int dw, int pt, int pl, int threads) {
    const int64_t M = OC * KH * KW;
    // input rows map to disjoint output rows when kernel rows do not
    // overlap (KH taps within one stride), so rows can run in parallel.
    const bool disjoint_rows = (KH - 1) * dh < sh;
#pragma omp parallel for num_threads(threads) schedule(static) \
    if (disjoint_rows && N * OC * OH * OW > 65536)
    for (int64_t nh = 0; nh < N * H; ++nh) {
      const int64_t n = nh / H, ih = nh % H;
      for (int64_t iw = 0; iw < W; ++iw) {
        const float* c = cols + (nh * W + iw) * M;
        for (int64_t oc = 0; oc < OC; ++oc) {
          for (int64_t kh = 0; kh < KH; ++kh) {
            const int64_t oh = ih * sh - pt + kh * dh;
            if (oh < 0 || oh >= OH) continue;
            float* orow = out + ((n * OC + oc) * OH + oh) * OW;
            const float* ck = c + (oc * KH + kh) * KW;
            for (int64_t kw = 0; kw < KW; ++kw) {
              const int64_t ow = iw * sw - pl + kw * dw;
              if (ow >= 0 && ow < OW) orow[ow] += ck[kw];
            }
          }
        }
      }
    }
  }

  DnnlMatmul matmul_, matmul_tail_;
  std::vector<float> cols_;

  std::unique_ptr<DnnlPlan> Build(const DnnlPlanKey& key) {
    auto& p = param();
    const DDim &in = key.in, &w = key.w, &out = key.out;
    const int64_t g = p.groups, icg = w[0] / g, ocg = w[1], kh = w[2], kw = w[3];
    dnnl::memory::dims src_dims = ToDnnlDims(in), dst_dims = ToDnnlDims(out);
    // Paddle stores [g * icg, ocg, kh, kw]; oneDNN wants logical (g, oc, ic, kh, kw).
    dnnl::memory::dims w_dims, w_strides;
    if (g == 1) {
      w_dims = {ocg, icg, kh, kw};
      w_strides = {kh * kw, ocg * kh * kw, kw, 1};
    } else {
      w_dims = {g, ocg, icg, kh, kw};
      w_strides = {icg * ocg * kh * kw, kh * kw, ocg * kh * kw, kw, 1};
    }
    dnnl::memory::desc src_any(src_dims, dt::f32, tag::any);
    dnnl::memory::desc dst_any(dst_dims, dt::f32, tag::any);
    dnnl::memory::desc w_any(w_dims, dt::f32, tag::any);
    dnnl::memory::desc b_md({out[1]}, dt::f32, tag::x);
    dnnl::memory::dims strides{p.strides[0], p.strides[1]};
    dnnl::memory::dims dil{key.dil[0] - 1, key.dil[1] - 1};
    // output_padding / output_size rows come off the bottom/right padding.
    dnnl::memory::dims pad_l{key.pads[0], key.pads[2]};
    dnnl::memory::dims pad_r{key.pads[1] - p.extra[0], key.pads[3] - p.extra[1]};
    auto desc = key.has_bias
                    ? dnnl::deconvolution_forward::desc(
                          dnnl::prop_kind::forward_inference,
                          dnnl::algorithm::deconvolution_direct, src_any, w_any, b_md, dst_any,
                          strides, dil, pad_l, pad_r)
                    : dnnl::deconvolution_forward::desc(
                          dnnl::prop_kind::forward_inference,
                          dnnl::algorithm::deconvolution_direct, src_any, w_any, dst_any,
                          strides, dil, pad_l, pad_r);
    dnnl::post_ops ops;
    const bool post_act_fallback = !p.act.AppendPostOps(&ops);
    dnnl::primitive_attr attr = x86::DnnlAttr();
    if (!post_act_fallback) attr.set_post_ops(ops);
    dnnl::deconvolution_forward::primitive_desc pd(desc, attr, x86::DnnlEngine());
    return std::make_unique<DnnlPlan>(key, pd, dnnl::deconvolution_forward(pd),
                                      dnnl::memory::desc(w_dims, dt::f32, w_strides),
                                      post_act_fallback);
  }

  void RunImpl(const RunContext& ctx) override {
    RunFloatConvPlan(&plans_, param(), ctx.threads,
                     [&](const DnnlPlanKey& key) { return Build(key); });
  }

  DnnlPlanCache plans_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ConvTransposeOp)
LITE_KERNEL_CLASS(ConvTransposeDnnlKernel)
