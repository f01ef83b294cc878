// Unary elementwise operations and activations. Output precision defaults
// to the input's (quantized outputs reuse the input scale unless the model
// gave the output its own).
#include <cmath>
#include <algorithm>
#include <functional>

#include "nnadapter/utility/modeling.h"

#include "drivers/builtin_device/kernels/kernel.h"

namespace nnadapter {
namespace builtin_device {

namespace {

int Unary(KernelContext* ctx, const std::function<double(double)>& f) {
  const Tensor& in = *ctx->in[0];
  std::vector<double> v = Values(in);
  for (auto& x : v) x = f(x);
  return Output(ctx, 0, in.dims, v, in.type.precision, &in);
}

double Sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

}  // namespace

int Compute_ABS(KernelContext* ctx) {
  return Unary(ctx, [](double x) { return std::fabs(x); });
}
int Compute_COS(KernelContext* ctx) {
  return Unary(ctx, [](double x) { return std::cos(x); });
}
int Compute_SIN(KernelContext* ctx) {
  return Unary(ctx, [](double x) { return std::sin(x); });
}
int Compute_EXP(KernelContext* ctx) {
  return Unary(ctx, [](double x) { return std::exp(x); });
}
int Compute_FLOOR(KernelContext* ctx) {
  return Unary(ctx, [](double x) { return std::floor(x); });
}
int Compute_LOG(KernelContext* ctx) {
  return Unary(ctx, [](double x) { return std::log(x); });
}
int Compute_RSQRT(KernelContext* ctx) {
  return Unary(ctx, [](double x) { return 1.0 / std::sqrt(x); });
}
int Compute_SQUARE(KernelContext* ctx) {
  return Unary(ctx, [](double x) { return x * x; });
}
int Compute_RELU(KernelContext* ctx) {
  return Unary(ctx, [](double x) { return ClampNum(x, 0.0, INFINITY); });
}
int Compute_RELU6(KernelContext* ctx) {
  return Unary(ctx, [](double x) { return ClampNum(x, 0.0, 6.0); });
}
int Compute_SIGMOID(KernelContext* ctx) { return Unary(ctx, Sigmoid); }
int Compute_TANH(KernelContext* ctx) {
  return Unary(ctx, [](double x) { return std::tanh(x); });
}
int Compute_SWISH(KernelContext* ctx) {
  return Unary(ctx, [](double x) { return x * Sigmoid(x); });
}
int Compute_NOT(KernelContext* ctx) {
  return Unary(ctx, [](double x) { return x != 0 ? 0.0 : 1.0; });
}
int Compute_ASSIGN(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  std::vector<int64_t> src(in.count());
  for (int64_t i = 0; i < in.count(); i++) src[i] = i;
  return Gather(ctx, 0, in, in.dims, src);
}
// GELU: exact 0.5 x (1 + erf(x / sqrt 2)); approximate (input 1 true):
// 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
int Compute_GELU(KernelContext* ctx) {
  bool approximate = BoolAttr(ctx, 1, false);
  return Unary(ctx, [approximate](double x) {
    if (approximate) {
      return 0.5 * x *
             (1 + std::tanh(std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x)));
    }
    return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
  });
}
int Compute_HARD_SIGMOID(KernelContext* ctx) {
  double alpha = FloatAttr(ctx, 1, 0.2), beta = FloatAttr(ctx, 2, 0.5);
  return Unary(ctx, [=](double x) {
    return ClampNum(alpha * x + beta, 0.0, 1.0);
  });
}
int Compute_HARD_SWISH(KernelContext* ctx) {
  double alpha = FloatAttr(ctx, 1, 1.0 / 6), beta = FloatAttr(ctx, 2, 0.5);
  return Unary(ctx, [=](double x) {
    return x * ClampNum(alpha * x + beta, 0.0, 1.0);
  });
}
int Compute_LEAKY_RELU(KernelContext* ctx) {
  double alpha = FloatAttr(ctx, 1, 0.01);
  return Unary(ctx, [=](double x) { return x >= 0 ? x : alpha * x; });
}
// SOFTPLUS: output = log(1 + exp(beta * x)) / beta, and x when
// beta * x > threshold. Input 1 (named "alpha" by the spec) is beta,
// default 1; input 2 is the threshold, default 20.
int Compute_SOFTPLUS(KernelContext* ctx) {
  double beta = FloatAttr(ctx, 1, 1.0);
  double threshold = FloatAttr(ctx, 2, 20.0);
  if (beta == 0) return Fail(ctx, "input 1 (beta) must not be 0");
  return Unary(ctx, [=](double x) {
    return beta * x > threshold ? x : std::log1p(std::exp(beta * x)) / beta;
  });
}
int Compute_CLIP(KernelContext* ctx) {
  double lo = FloatAttr(ctx, 1, -INFINITY), hi = FloatAttr(ctx, 2, INFINITY);
  return Unary(ctx, [=](double x) { return ClampNum(x, lo, hi); });
}
// PRELU: alpha of shape [1] or [C] (C = dims[1]).
int Compute_PRELU(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  std::vector<double> alpha = FloatsAttr(ctx, 1);
  int64_t channels = in.dims.size() >= 2 ? in.dims[1] : 1;
  if (alpha.size() != 1 && static_cast<int64_t>(alpha.size()) != channels) {
    return Fail(ctx, "input 1 (alpha): expected 1 or " +
                         std::to_string(channels) + " elements, got " +
                         std::to_string(alpha.size()));
  }
  int64_t inner = in.dims.size() >= 2 ? Product(in.dims, 2) : 1;
  std::vector<double> v = Values(in);
  for (size_t i = 0; i < v.size(); i++) {
    double a = alpha.size() == 1 ? alpha[0] : alpha[(i / inner) % channels];
    if (v[i] < 0) v[i] *= a;
  }
  return Output(ctx, 0, in.dims, v, in.type.precision, &in);
}
int Compute_FILL_LIKE(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  const Tensor& value = *ctx->in[1];
  double x = FloatAttr(ctx, 1, 0);
  if (value.type.precision == NNADAPTER_INT64 && value.count() >= 1) {
    // exact int64 copy
    int r = Prepare(ctx, 0, in.dims, NNADAPTER_INT64);
    if (r) return r;
    if (ctx->out[0]->type.precision == NNADAPTER_INT64) {
      for (int64_t i = 0; i < ctx->out[0]->count(); i++)
        ctx->out[0]->as<int64_t>()[i] = value.as<int64_t>()[0];
      return NNADAPTER_NO_ERROR;
    }
    return Store(ctx, 0, std::vector<double>(in.count(), x));
  }
  return Output(ctx, 0, in.dims, std::vector<double>(in.count(), x),
                value.type.precision, &value);
}
// CAST: input 1 is the target NNAdapterOperandPrecisionCode. Float to
// integer truncates toward zero; to bool is x != 0.
int Compute_CAST(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  int64_t dtype = IntAttr(ctx, 1, NNADAPTER_FLOAT32);
  switch (dtype) {
    case NNADAPTER_BOOL8:
    case NNADAPTER_INT8:
    case NNADAPTER_UINT8:
    case NNADAPTER_INT16:
    case NNADAPTER_INT32:
    case NNADAPTER_INT64:
    case NNADAPTER_FLOAT16:
    case NNADAPTER_FLOAT32:
    case NNADAPTER_FLOAT64:
      break;
    default:
      return Fail(ctx, "input 1 (dtype): unsupported target precision " +
                           std::to_string(dtype));
  }
  if (ctx->out[0]->type.precision != NNADAPTER_UNKNOWN_PRECISION &&
      ctx->out[0]->type.precision != dtype) {
    return Fail(ctx, "output 0 precision " +
                         std::to_string(ctx->out[0]->type.precision) +
                         " differs from dtype " + std::to_string(dtype));
  }
  if (in.type.precision == NNADAPTER_INT64 && dtype == NNADAPTER_INT64) {
    std::vector<int64_t> src(in.count());
    for (int64_t i = 0; i < in.count(); i++) src[i] = i;
    return Gather(ctx, 0, in, in.dims, src);
  }
  return Output(ctx, 0, in.dims, Values(in),
                static_cast<NNAdapterOperandPrecision>(dtype));
}
int Compute_DEQUANTIZE(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  if (!IsQuantizedPrecision(in.type.precision) &&
      in.type.precision != NNADAPTER_FLOAT32) {
    return Fail(ctx, "input 0: expected a quantized precision");
  }
  return Output(ctx, 0, in.dims, Values(in), NNADAPTER_FLOAT32);
}
// QUANTIZE: q = round_half_away(x / scale) + zero_point, saturated to the
// output precision. Per-layer when scale has 1 element, else per-channel
// along `axis` (default 1). Output precision: the model's, else
// QUANT_INT8_SYMM_PER_LAYER (zero_point 0) / QUANT_UINT8_ASYMM_PER_LAYER.
int Compute_QUANTIZE(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  int64_t axis = IntAttr(ctx, 1, 1);
  std::vector<double> scale = FloatsAttr(ctx, 2);
  std::vector<double> zp = FloatsAttr(ctx, 3);
  if (scale.empty()) return Fail(ctx, "input 2 (scale) is empty");
  if (!zp.empty() && zp.size() != scale.size())
    return Fail(ctx, "input 3 (zero_point) must have the shape of scale");
  int64_t rank = static_cast<int64_t>(in.dims.size());
  int64_t channels = 1, inner = 1;
  if (scale.size() > 1) {
    if (!NormalizeAxis(&axis, rank))
      return Fail(ctx, "input 1 (axis) out of range");
    channels = in.dims[axis];
    inner = Product(in.dims, axis + 1);
    if (static_cast<int64_t>(scale.size()) != channels)
      return Fail(ctx, "input 2 (scale): expected " +
                           std::to_string(channels) + " elements");
  }
  for (double s : scale)
    if (!(s > 0)) return Fail(ctx, "input 2 (scale) must be positive");
  bool asym = false;
  for (double z : zp) asym = asym || z != 0;
  Tensor* out = ctx->out[0];
  if (out->type.precision == NNADAPTER_UNKNOWN_PRECISION) {
    out->type.precision = asym ? NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER
                               : NNADAPTER_QUANT_INT8_SYMM_PER_LAYER;
    if (asym) {
      out->type.asymm_per_layer_params.scale = static_cast<float>(scale[0]);
      out->type.asymm_per_layer_params.zero_point =
          static_cast<int32_t>(zp[0]);
    } else {
      out->type.symm_per_layer_params.scale = static_cast<float>(scale[0]);
    }
  }
  NNAdapterOperandPrecision p = out->type.precision;
  double lo = -128, hi = 127;
  if (p == NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER ||
      p == NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL) {
    lo = 0;
    hi = 255;
  } else if (p != NNADAPTER_QUANT_INT8_SYMM_PER_LAYER &&
             p != NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL) {
    return Fail(ctx, "output 0: expected a quantized int8/uint8 precision");
  }
  // Write the raw quantized values directly (they follow input 2/3, which
  // define the quantization).
  if (p == NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL) {
    return Fail(ctx, "output 0: uint8 per-channel output is not supported");
  }
  auto saved = out->type.precision;
  out->type.precision = p == NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER
                            ? NNADAPTER_UINT8
                            : NNADAPTER_INT8;
  int r = Prepare(ctx, 0, in.dims, out->type.precision);
  out->type.precision = saved;
  if (r) return r;
  std::vector<double> v = Values(in);
  for (size_t i = 0; i < v.size(); i++) {
    size_t c = scale.size() == 1 ? 0 : (i / inner) % channels;
    double z = zp.empty() ? 0 : zp[c];
    double q = RoundHalfAwayFromZero(v[i] / scale[c]) + z;
    q = std::min(std::max(q, lo), hi);
    if (lo == 0)
      out->as<uint8_t>()[i] = static_cast<uint8_t>(q);
    else
      out->as<int8_t>()[i] = static_cast<int8_t>(q);
  }
  return NNADAPTER_NO_ERROR;
}

}  // namespace builtin_device
}  // namespace nnadapter
