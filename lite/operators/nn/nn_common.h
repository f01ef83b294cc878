// Helpers shared by the nn family: Paddle padding rules, fused activations
// (as oneDNN post-ops or as a plain loop), oneDNN error translation.
#pragma once
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <dnnl.hpp>

#include "lite/core/op.h"
#include "lite/operators/math/activation_funcs.h"
#include "lite/operators/nn/dnnl_context.h"

namespace paddle {
namespace lite {
namespace operators {

// An activation fused into a conv/fc/matmul: the rows of
// lite/operators/math/activations.inc whose fusion is kKernels or kPass.
// Attributes (read by ParseFusedActivation): "act_type" (or
// "activation_type" for fc), "" / "identity" / "none" or one of those rows'
// op types; "with_act" false disables it; legacy "fuse_relu" = true means
// relu; the parameters under their fused names (docs/fusion-attributes.md).
struct FusedActivation {
  using Kind = ActType;
  static constexpr Kind kNone = ActType::kNone;
#define LITE_ACT(op_type__, type__, impl__, precision__, fusion__, nnadapter__) \
  static constexpr Kind type__ = ActType::type__;
#include "lite/operators/math/activations.inc"
  Kind kind{kNone};
  ActParam params;  // Paddle defaults unless parsed
  // y = act(x) * post_scale + post_shift: a scalar multiply and add after
  // the activation (attributes "post_act_scale" / "post_act_shift",
  // post_act_affine_fuse_pass), each done only when it is not the
  // identity, as the separate elementwise ops did.
  float post_scale{1.f};
  float post_shift{0.f};
  bool HasPostAffine() const { return post_scale != 1.f || post_shift != 0.f; }
  // Nothing to apply.
  bool Identity() const { return kind == kNone && !HasPostAffine(); }

  // Parses the name; throws naming the op and its attribute `attr` when unknown.
  static Kind KindFromName(const std::string& op, const std::string& name,
                           const std::string& attr = "act_type");
  // The activation a fusion pass names in attribute `attr` of `desc` (an op
  // folded in front of this one), with Paddle's default parameters.
  static FusedActivation DefaultNamed(const cpp::OpDesc& desc, const std::string& attr);
  // y = act(x) computed plainly (used for fallbacks and by tests), with the
  // post affine; ApplyActivationOnly without it.
  float Apply(float x) const;
  float ApplyActivationOnly(float x) const;
  // Appends the activation to oneDNN post-ops; false when oneDNN cannot
  // express it exactly (then the kernel applies ApplyInPlace afterwards),
  // always with a post affine (oneDNN's linear may contract it to an FMA).
  bool AppendPostOps(dnnl::post_ops* ops) const;
  void ApplyInPlace(float* data, int64_t n, int threads) const;
  // ApplyInPlace on the calling thread only (for kernels that apply the
  // activation to a piece of output they just wrote, inside their own loop).
  void ApplySerial(float* data, int64_t n) const;
  // True when ApplyInPlace runs as a SIMD loop (relu, relu6, leaky_relu,
  // hard_swish, hard_sigmoid, sigmoid, swish): kernels whose oneDNN implementation applies
  // post-ops per element in scalar code (GEMM convolution on NCHW) use it
  // instead of post-ops.
  bool Vectorized() const;
};

FusedActivation ParseFusedActivation(const cpp::OpDesc& desc,
                                     const std::string& type_attr = "act_type");

// Reads "paddings" (2 values [h, w] or 4 values [top, bottom, left, right])
// into 4 values; throws naming the op otherwise.
std::vector<int> ReadPaddings4(const cpp::OpDesc& desc);
// The same for 3-D ops: 3 values [d, h, w] or 6 [front, back, top, bottom,
// left, right], into 6 values.
std::vector<int> ReadPaddings6(const cpp::OpDesc& desc);

// The window attributes pool2d and pool3d share, over `rank` spatial dims.
struct PoolWindowParam {
  bool is_max{true};  // pooling_type "max" (else "avg")
  std::vector<int> ksize, strides, paddings;  // paddings: 2 * rank values
  bool global_pooling{false};
  bool ceil_mode{false};
  bool exclusive{true};
  std::string padding_algorithm{"EXPLICIT"};
};
// Reads them (rank 2 or 3): "pooling_type" ("max" or "avg"), "ksize" and
// "strides" (rank values, >= 1; ksize may be 0 under global pooling, as old
// exports write it), "paddings" (ReadPaddings4 / ReadPaddings6, >= 0),
// "global_pooling", "ceil_mode", "exclusive", "padding_algorithm"; throws
// naming the op and the attribute otherwise.
void ReadPoolWindow(const cpp::OpDesc& desc, int rank, PoolWindowParam* p);

// Paddle's padding_algorithm rule: "SAME" sets paddings so that
// out = ceil(in / stride) and resets dilations to 1; "VALID" zeroes them;
// "EXPLICIT" keeps them. `in` holds the spatial input extents, `ksize` the
// kernel extents; pads are [top, bottom, left, right].
void ApplyPaddingAlgorithm(const std::string& op, const std::string& algorithm,
                           const std::vector<int64_t>& in,
                           const std::vector<int>& ksize,
                           const std::vector<int>& strides, std::vector<int>* pads,
                           std::vector<int>* dilations);

// Paddle's output extent of one spatial axis of a conv/pool window:
// (in + pad_before + pad_after - window) / stride + 1, the division rounded up
// under ceil_mode. `window` is the dilated extent, dilation * (k - 1) + 1.
// C++ division truncates toward zero, so a window up to stride-1 larger than
// the padded input still gives one output (2x2/2 pooling on height 1 gives 1);
// ops that refuse that case check the span themselves.
inline int64_t WindowOutputExtent(int64_t in, int64_t pad_before, int64_t pad_after,
                                  int64_t window, int64_t stride, bool ceil_mode = false) {
  const int64_t span = in + pad_before + pad_after - window;
  return (ceil_mode ? span + stride - 1 : span) / stride + 1;
}
// The same for a transposed convolution, before output_padding/output_size:
// (in - 1) * stride - pad_before - pad_after + window.
inline int64_t TransposedWindowOutputExtent(int64_t in, int64_t pad_before, int64_t pad_after,
                                            int64_t window, int64_t stride) {
  return (in - 1) * stride - pad_before - pad_after + window;
}

// Reads an int-list attribute of exactly `n` values (or `fallback`).
std::vector<int> ReadIntList(const cpp::OpDesc& desc, const std::string& name,
                             size_t n, const std::vector<int>& fallback);

// Short names for oneDNN memory formats and element types.
using tag = dnnl::memory::format_tag;
using dt = dnnl::memory::data_type;

// Vector → oneDNN dims.
inline dnnl::memory::dims ToDnnlDims(const DDim& d) {
  return dnnl::memory::dims(d.begin(), d.end());
}

// Runs `fn`; converts a dnnl::error into an Error naming the op.
template <typename Fn>
void WithDnnlErrors(const std::string& op, Fn&& fn) {
  try {
    fn();
  } catch (const dnnl::error& e) {
    ThrowError("op '", op, "': oneDNN failed: ", e.what());
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
