// pool2d (Paddle semantics, NCHW): max/avg pooling with ksize, strides,
// paddings (2 or 4 values), padding_algorithm, global_pooling, adaptive,
// ceil_mode and exclusive (avg divides by the count of real input elements;
// otherwise by ksize_h * ksize_w). Fixed-window pooling runs on oneDNN on the
// plain NCHW tensors; adaptive pooling (bins [floor(i*in/out),
// ceil((i+1)*in/out)) ) and the window configurations oneDNN refuses (e.g.
// ceil_mode windows lying entirely in the padding) run in plain C++ following
// Paddle's CPU loops (an empty max window gives -FLT_MAX as in Paddle).
#include <algorithm>
#include <limits>
#include <memory>
#include <vector>

#include "lite/core/registry.h"
#include "lite/operators/math/blocked_layout.h"
#include "lite/operators/nn/cpu_clones.h"
#include "lite/operators/nn/dnnl_plan_cache.h"

namespace paddle {
namespace lite {
namespace operators {

struct Pool2dParam : PoolWindowParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  bool adaptive{false};
  // X holds NHWC data under NCHW dims (int8_nhwc_chain_pass): whole-plane
  // average only; the [N, C, 1, 1] output is the same in either layout.
  bool nhwc_data{false};
  // X holds blocked data (nChw16c or nChw8c, conv_blocked_chain_pass,
  // lite/operators/math/blocked_layout.h): the same rule.
  bool blocked_data{false};
  // Resolved by InferShape for the current input dims.
  std::vector<int> eff_ksize{1, 1};
  std::vector<int> eff_paddings{0, 0, 0, 0};
};

class Pool2dOp : public OperatorBase<Pool2dParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& in = p.x->dims();
    LITE_ENFORCE(in.size() == 4, "op 'pool2d': input 'X' must be 4-D NCHW, got ",
                 DimsToString(in));
    p.eff_ksize = p.ksize;
    p.eff_paddings = p.paddings;
    DDim out{in[0], in[1], 0, 0};
    if (p.global_pooling) {
      p.eff_ksize = {static_cast<int>(in[2]), static_cast<int>(in[3])};
      p.eff_paddings = {0, 0, 0, 0};
      out[2] = out[3] = 1;
    } else if (p.adaptive) {
      out[2] = p.ksize[0];
      out[3] = p.ksize[1];
    } else {
      ApplyPaddingAlgorithm("pool2d", p.padding_algorithm, {in[2], in[3]}, p.ksize,
                            p.strides, &p.eff_paddings, nullptr);
      for (int i = 0; i < 2; ++i) {
        out[2 + i] = WindowOutputExtent(in[2 + i], p.eff_paddings[2 * i],
                                        p.eff_paddings[2 * i + 1], p.eff_ksize[i],
                                        p.strides[i], p.ceil_mode);
        LITE_ENFORCE(out[2 + i] > 0, "op 'pool2d': input 'X' ", DimsToString(in),
                     " plus paddings gives no output for ksize [", p.eff_ksize[0], ", ",
                     p.eff_ksize[1], "] and strides [", p.strides[0], ", ", p.strides[1],
                     "] (Paddle's output size (in + pads - ksize) / stride + 1 is ", out[2 + i],
                     ")");
      }
    }
    p.out->Resize(out);
    p.out->set_dtype(DataType::kFloat32);
    p.out->set_lod(p.x->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    ReadPoolWindow(desc, 2, &p);
    p.adaptive = desc.GetAttr<bool>("adaptive", false);
    p.nhwc_data = desc.GetAttr<bool>("nhwc_data", false);
    p.blocked_data = desc.GetAttr<bool>("blocked_data", false);
    std::string fmt = desc.GetAttr<std::string>("data_format", "NCHW");
    LITE_ENFORCE(fmt == "NCHW" || fmt == "AnyLayout", "op 'pool2d': attribute 'data_format' is '",
                 fmt, "'; only NCHW is supported");
  }
};

class Pool2dKernel : public KernelBase<Pool2dParam> {
 public:
  void Run(const RunContext& ctx) override {
    auto& p = param();
    const DDim& in = p.x->dims();
    const DDim& od = p.out->dims();
    // Whole-plane average (global pooling, SE blocks): one SIMD sum per
    // plane; oneDNN's pooling with a plane-sized window is ~4x slower.
    // (adaptive pooling to 1x1 has the single bin [0, H) x [0, W)).
    const bool whole_plane =
        od[2] == 1 && od[3] == 1 &&
        ((p.adaptive && !p.global_pooling) ||
         (p.eff_ksize[0] == in[2] && p.eff_ksize[1] == in[3] &&
          p.eff_paddings == std::vector<int>{0, 0, 0, 0}));
    LITE_ENFORCE(!(p.nhwc_data || p.blocked_data) || (!p.is_max && whole_plane),
                 "op 'pool2d': input 'X' ", DimsToString(in), " holds ",
                 p.nhwc_data ? "NHWC data (attribute nhwc_data)" : "blocked data (attribute "
                 "blocked_data)", ", which only a whole-plane average pooling can read; got "
                 "pooling_type '", p.is_max ? "max" : "avg", "' to output ", DimsToString(od));
    LITE_ENFORCE(!p.blocked_data || in[1] % BlockedActChannels() == 0, "op 'pool2d': input 'X' ",
                 DimsToString(in), " holds blocked data (attribute blocked_data), which needs "
                 "channels that are a multiple of ", BlockedActChannels());
    if (!p.is_max && whole_plane) {
      if (p.nhwc_data) {
        RunPlaneMeanGrouped(ctx, in[1]);
      } else if (p.blocked_data) {
        RunPlaneMeanGrouped(ctx, BlockedActChannels());
      } else {
        RunPlaneMean(ctx);
      }
      return;
    }
    // Non-overlapping unpadded windows (the SVTR neck's 3x2 average pooling
    // of 1x480x3x80, the classifier's 2x2 max pooling of 1x200x2x96): every
    // input is read once, and the plain loop took 0.19 ms where oneDNN's
    // NCHW pooling took 0.46 (AVX2 machine, 2026-11-28).
    const bool tiling = !p.global_pooling && p.strides == p.eff_ksize &&
                        p.eff_paddings == std::vector<int>{0, 0, 0, 0};
    if (tiling && p.eff_ksize[1] == 2 && od[2] * p.eff_ksize[0] <= in[2] &&
        od[3] * 2 <= in[3]) {
      RunTiles2(ctx);  // only whole windows, two columns wide
      return;
    }
    if ((p.adaptive && !p.global_pooling) || tiling) {
      RunPlain(ctx);
      return;
    }
    WithDnnlErrors("pool2d", [&] {
      if (!RunDnnl(ctx)) RunPlain(ctx);
    });
  }

 private:
  using tag = dnnl::memory::format_tag;
  using dt = dnnl::memory::data_type;

  // false when oneDNN does not support the configuration.
  bool RunDnnl(const RunContext& ctx) {
    auto& p = param();
    x86::ScopedDnnlThreads threads(ctx.threads);
    const DDim window{p.eff_ksize[0], p.eff_ksize[1]};
    const DnnlPlanKey key{p.x->dims(), window, p.out->dims(), nullptr, false,
                          p.eff_paddings, {}, ctx.threads};
    if (unsupported_ && unsupported_key_ == key) return false;
    DnnlPlan* plan = nullptr;
    try {
      plan = &plans_.Get(key, false, [&] { return Build(key); });
    } catch (const dnnl::error&) {
      // oneDNN refused this configuration; remembered so that later runs
      // with the same shapes go straight to the plain loop.
      unsupported_ = true;
      unsupported_key_ = key;
      return false;
    }
    plan->Execute(p.x->data<float>(), nullptr, p.out->mutable_data<float>(), FusedActivation());
    return true;
  }

  std::unique_ptr<DnnlPlan> Build(const DnnlPlanKey& key) {
    auto& p = param();
    const DDim& in = key.in;
    const DDim& out = key.out;
    dnnl::memory::desc src(ToDnnlDims(in), dt::f32, tag::nchw);
    dnnl::memory::desc dst(ToDnnlDims(out), dt::f32, tag::nchw);
    dnnl::memory::dims pad_l{key.pads[0], key.pads[2]};
    dnnl::memory::dims pad_r{key.pads[1], key.pads[3]};
    for (int i = 0; i < 2; ++i) {
      // ceil_mode: extend the right padding so the last window fits.
      int64_t need = (out[2 + i] - 1) * p.strides[i] + key.w[i] - in[2 + i] - pad_l[i];
      pad_r[i] = std::max<int64_t>(pad_r[i], need);
    }
    auto alg = p.is_max ? dnnl::algorithm::pooling_max
                        : (p.exclusive ? dnnl::algorithm::pooling_avg_exclude_padding
                                       : dnnl::algorithm::pooling_avg_include_padding);
    dnnl::pooling_forward::desc d(dnnl::prop_kind::forward_inference, alg, src, dst,
                                  {p.strides[0], p.strides[1]}, {key.w[0], key.w[1]}, pad_l,
                                  pad_r);
    dnnl::pooling_forward::primitive_desc pd(d, x86::DnnlAttr(), x86::DnnlEngine());
    return std::make_unique<DnnlPlan>(key, pd, dnnl::pooling_forward(pd), dnnl::memory::desc(),
                                      /*post_act_fallback=*/false);
  }

  void RunPlaneMean(const RunContext& ctx) {
    auto& p = param();
    const DDim& in = p.x->dims();
    const int64_t planes = in[0] * in[1], hw = in[2] * in[3];
    const float* x = p.x->data<float>();
    float* out = p.out->mutable_data<float>();
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (planes * hw > 65536)
    for (int64_t pn = 0; pn < planes; ++pn) out[pn] = PlaneSum(x + pn * hw, hw) / hw;
  }

  // Per image: the pixels' channel vectors summed row after row, so every
  // load is contiguous; the threads sum pixel ranges into partial vectors.
  // Data [N * C / group][H * W][group]: NHWC (group = C) or blocked
  // (group = the block); the means come out in NCHW order either way.
  void RunPlaneMeanGrouped(const RunContext& ctx, int64_t group) {
    auto& p = param();
    const DDim& in = p.x->dims();
    const int64_t n = in[0] * (in[1] / group), c = group, hw = in[2] * in[3];
    const int parts = n * c * hw > 65536 ? std::max(1, ctx.threads) : 1;
    const float* x = p.x->data<float>();
    float* out = p.out->mutable_data<float>();
    std::vector<float> partial(static_cast<size_t>(parts * n * c), 0.f);
#pragma omp parallel for num_threads(parts) schedule(static) collapse(2) if (parts > 1)
    for (int64_t b = 0; b < n; ++b) {
      for (int part = 0; part < parts; ++part) {
        float* acc = partial.data() + (part * n + b) * c;
        const int64_t i0 = hw * part / parts, i1 = hw * (part + 1) / parts;
        if (c == 8) {
          AddRowsOf8(x + (b * hw + i0) * c, i1 - i0, acc);
          continue;
        }
        if (c == 16) {
          AddRowsOf16(x + (b * hw + i0) * c, i1 - i0, acc);
          continue;
        }
        for (int64_t i = i0; i < i1; ++i) AddRow(x + (b * hw + i) * c, c, acc);
      }
    }
    for (int64_t k = 0; k < n * c; ++k) {
      float sum = 0.f;
      for (int part = 0; part < parts; ++part) sum += partial[part * n * c + k];
      out[k] = sum / static_cast<float>(hw);
    }
  }

  LITE_CPU_CLONES
  static void AddRow(const float* x, int64_t n, float* acc) {
#pragma omp simd
    for (int64_t i = 0; i < n; ++i) acc[i] += x[i];
  }

  // AddRow over `rows` rows of one group of B channels (a block, or a whole
  // NHWC pixel of B channels), the sums in registers (the same additions in
  // the same order).
  // Inlined into the CPU clones below (target_clones takes no templates).
  template <int64_t B>
  __attribute__((always_inline)) static void AddRowsOfBlock(const float* x, int64_t rows,
                                                            float* acc) {
    float sum[B];
    for (int64_t k = 0; k < B; ++k) sum[k] = acc[k];
    for (int64_t i = 0; i < rows; ++i, x += B) {
      for (int64_t k = 0; k < B; ++k) sum[k] += x[k];
    }
    for (int64_t k = 0; k < B; ++k) acc[k] = sum[k];
  }
  LITE_CPU_CLONES
  static void AddRowsOf8(const float* x, int64_t rows, float* acc) {
    AddRowsOfBlock<8>(x, rows, acc);
  }
  LITE_CPU_CLONES
  static void AddRowsOf16(const float* x, int64_t rows, float* acc) {
    AddRowsOfBlock<16>(x, rows, acc);
  }

  LITE_CPU_CLONES
  static float PlaneSum(const float* x, int64_t n) {
    float acc = 0.f;
#pragma omp simd reduction(+ : acc)
    for (int64_t i = 0; i < n; ++i) acc += x[i];
    return acc;
  }

  // The input range [*start, *end) of output position o along an axis of
  // `in` inputs and `out` outputs: Paddle's adaptive bins, or the window of
  // `k` at stride `stride` after `pad` leading padding, clipped to the input.
  static void Window(int64_t o, int64_t in, int64_t out, bool adaptive, int stride, int pad,
                     int k, int64_t* start, int64_t* end) {
    if (adaptive) {
      *start = o * in / out;
      *end = ((o + 1) * in + out - 1) / out;
      return;
    }
    const int64_t s = o * stride - pad;
    *end = std::min<int64_t>(s + k, in);
    *start = std::max<int64_t>(s, 0);
  }

  // acc[i] (+ or max)= row[2 i + w] for i < n: output i's column w of a
  // window two columns wide, for 8 outputs at a time.
  LITE_CPU_CLONES
  static void AccumulateColumn(float* __restrict acc, const float* __restrict row, int64_t n,
                               int w, bool is_max) {
    if (is_max) {
      for (int64_t i = 0; i < n; ++i) acc[i] = std::max(acc[i], row[2 * i + w]);
    } else {
      for (int64_t i = 0; i < n; ++i) acc[i] += row[2 * i + w];
    }
  }

  // Non-overlapping unpadded windows of kh x 2, all inside the input (the
  // SVTR neck's 3x2 average pooling of 1x480x3x80: 0.19 ms in RunPlain's
  // per-window loop): a row of outputs at a time, each output's window read
  // in RunPlain's order (row by row, column by column), so the sums are the
  // same floats.
  void RunTiles2(const RunContext& ctx) {
    auto& p = param();
    const DDim& in = p.x->dims();
    const DDim& od = p.out->dims();
    const int64_t H = in[2], W = in[3], OH = od[2], OW = od[3];
    const int kh = p.eff_ksize[0];
    const float* x = p.x->data<float>();
    float* out = p.out->mutable_data<float>();
    const int64_t planes = in[0] * in[1];
    const bool is_max = p.is_max;
    const float count = static_cast<float>(kh * 2);  // whole windows: both rules agree
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (planes * H * W > 65536)
    for (int64_t pn = 0; pn < planes; ++pn) {
      const float* xp = x + pn * H * W;
      float* op = out + pn * OH * OW;
      for (int64_t oh = 0; oh < OH; ++oh) {
        float* acc = op + oh * OW;
        std::fill(acc, acc + OW, is_max ? -std::numeric_limits<float>::max() : 0.f);
        for (int64_t h = oh * kh; h < (oh + 1) * kh; ++h) {
          for (int w = 0; w < 2; ++w) AccumulateColumn(acc, xp + h * W, OW, w, is_max);
        }
        if (!is_max) {
          for (int64_t ow = 0; ow < OW; ++ow) acc[ow] /= count;
        }
      }
    }
  }

  void RunPlain(const RunContext& ctx) {
    auto& p = param();
    const DDim& in = p.x->dims();
    const DDim& od = p.out->dims();
    const int64_t H = in[2], W = in[3], OH = od[2], OW = od[3];
    const float* x = p.x->data<float>();
    float* out = p.out->mutable_data<float>();
    const int64_t planes = in[0] * in[1];
    const bool is_max = p.is_max;
    const bool adaptive = p.adaptive && !p.global_pooling;
    const bool by_count = p.exclusive || adaptive;
    const int kh = p.eff_ksize[0], kw = p.eff_ksize[1];
    const int sh = p.global_pooling ? 1 : p.strides[0], sw = p.global_pooling ? 1 : p.strides[1];
    const int pt = p.eff_paddings[0], pl = p.eff_paddings[2];
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (planes * H * W > 65536)
    for (int64_t pn = 0; pn < planes; ++pn) {
      const float* xp = x + pn * H * W;
      float* op = out + pn * OH * OW;
      for (int64_t oh = 0; oh < OH; ++oh) {
        int64_t hs, he;
        Window(oh, H, OH, adaptive, sh, pt, kh, &hs, &he);
        for (int64_t ow = 0; ow < OW; ++ow) {
          int64_t ws, we;
          Window(ow, W, OW, adaptive, sw, pl, kw, &ws, &we);
          float acc = is_max ? -std::numeric_limits<float>::max() : 0.f;
          for (int64_t h = hs; h < he; ++h)
            for (int64_t w = ws; w < we; ++w) {
              const float v = xp[h * W + w];
              acc = is_max ? std::max(acc, v) : acc + v;
            }
          if (!is_max) {
            acc /= by_count ? static_cast<float>((he - hs) * (we - ws))
                            : static_cast<float>(kh * kw);
          }
          op[oh * OW + ow] = acc;
        }
      }
    }
  }

  DnnlPlanCache plans_;
  bool unsupported_{false};
  DnnlPlanKey unsupported_key_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(Pool2dOp)
LITE_KERNEL_CLASS(Pool2dKernel)
