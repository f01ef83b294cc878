// Shared helpers of the builtin_device kernels (see kernel.h for the
// numeric rules).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "drivers/builtin_device/kernels/kernel.h"
#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/driver_kit.h"
#include "nnadapter/utility/logging.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {
namespace builtin_device {

int64_t Tensor::count() const { return Product(dims); }

int Fail(const KernelContext* ctx, const std::string& message) {
  return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                   std::string(ctx->name) + ": " + message);
}

std::string DimsToString(const Dims& dims) {
  return ExtentsToString(dims.data(), dims.size());
}

int64_t Product(const Dims& dims, size_t begin, size_t end) {
  int64_t p = 1;
  for (size_t i = begin; i < dims.size() && i < end; i++) {
    if (dims[i] < 0) return -1;
    if (__builtin_mul_overflow(p, dims[i], &p)) {
      return std::numeric_limits<int64_t>::max();  // allocation will fail
    }
  }
  return p;
}

int64_t MaxElements() {
  static const int64_t limit = [] {
    const char* env = std::getenv("NNADAPTER_BUILTIN_DEVICE_MAX_ELEMENTS");
    if (env && *env) {
      char* end = nullptr;
      long long v = std::strtoll(env, &end, 10);
      if (end && *end == '\0' && v > 0) return static_cast<int64_t>(v);
      NNADAPTER_LOG(WARNING)
          << "builtin_device: ignoring NNADAPTER_BUILTIN_DEVICE_MAX_ELEMENTS='"
          << env << "' (expected a positive integer)";
    }
    return kDefaultMaxElements;
  }();
  return limit;
}

int CheckSize(const KernelContext* ctx, const Dims& dims) {
  int64_t n = Product(dims);
  if (n < 0 || n > MaxElements()) {
    return Fail(ctx, "output dimensions " + DimsToString(dims) +
                         " are negative or exceed " +
                         std::to_string(MaxElements()) +
                         " elements (NNADAPTER_BUILTIN_DEVICE_MAX_ELEMENTS)");
  }
  return NNADAPTER_NO_ERROR;
}

int64_t ToInt64(double x) {
  if (std::isnan(x)) return 0;
  if (x >= 9.2233720368547748e18) return std::numeric_limits<int64_t>::max();
  if (x <= -9.2233720368547748e18) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(x);
}

Dims Strides(const Dims& dims) {
  Dims s(dims.size(), 1);
  for (int64_t i = static_cast<int64_t>(dims.size()) - 2; i >= 0; i--) {
    s[i] = s[i + 1] * dims[i + 1];
  }
  return s;
}

uint32_t ElementSize(NNAdapterOperandPrecision precision) {
  return GetOperandPrecisionDataLength(precision);
}

bool IsFloatPrecision(NNAdapterOperandPrecision p) {
  return p == NNADAPTER_FLOAT32 || p == NNADAPTER_FLOAT64 ||
         p == NNADAPTER_FLOAT16;
}

bool HasInput(const KernelContext* ctx, size_t i) {
  return i < ctx->in.size() && ctx->in[i] != nullptr && ctx->in[i]->valid;
}

static double ChannelScale(const NNAdapterOperandType& type, const Dims& dims,
                           int64_t index) {
  const auto& p = type.symm_per_channel_params;
  if (p.channel_dim >= dims.size() || p.scales == nullptr) return 1.0;
  int64_t inner = Product(dims, p.channel_dim + 1);
  int64_t c = (index / inner) % dims[p.channel_dim];
  if (c >= static_cast<int64_t>(p.scale_count)) return 1.0;
  return p.scales[c];
}

double HalfToDouble(uint16_t h) {
  int sign = h >> 15, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  double v;
  if (exp == 0) {
    v = std::ldexp(static_cast<double>(mant), -24);
  } else if (exp == 31) {
    v = mant ? std::numeric_limits<double>::quiet_NaN()
             : std::numeric_limits<double>::infinity();
  } else {
    v = std::ldexp(1.0 + mant / 1024.0, exp - 15);
  }
  return sign ? -v : v;
}

// Round to nearest, ties to even (std::nearbyint in the default mode).
uint16_t DoubleToHalf(double x) {
  if (std::isnan(x)) return 0x7e00;
  uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  double a = std::fabs(x);
  if (a >= 65520.0) return sign | 0x7c00;
  if (a < std::ldexp(1.0, -14)) {
    // subnormal (a result of 1024 is the smallest normal, same bits)
    return sign | static_cast<uint16_t>(std::nearbyint(std::ldexp(a, 24)));
  }
  int e2 = 0;
  std::frexp(a, &e2);
  int e = e2 - 1;  // a in [2^e, 2^(e+1))
  double m = std::nearbyint(std::ldexp(a, 10 - e)) - 1024;
  if (m >= 1024) {
    m = 0;
    e++;
  }
  if (e + 15 >= 31) return sign | 0x7c00;
  return sign | static_cast<uint16_t>(((e + 15) << 10) | static_cast<int>(m));
}

std::vector<double> Values(const Tensor& t) {
  int64_t n = std::min<int64_t>(
      t.count(), static_cast<int64_t>(t.data.size() /
                                      std::max<uint32_t>(
                                          ElementSize(t.type.precision), 1)));
  std::vector<double> v(static_cast<size_t>(std::max<int64_t>(n, 0)));
  const uint8_t* d = t.data.data();
  for (int64_t i = 0; i < n; i++) {
    double x = 0;
    switch (t.type.precision) {
      case NNADAPTER_BOOL8:
        x = reinterpret_cast<const int8_t*>(d)[i] != 0 ? 1 : 0;
        break;
      case NNADAPTER_INT8:
        x = reinterpret_cast<const int8_t*>(d)[i];
        break;
      case NNADAPTER_UINT8:
        x = d[i];
        break;
      case NNADAPTER_INT16:
        x = reinterpret_cast<const int16_t*>(d)[i];
        break;
      case NNADAPTER_UINT16:
        x = reinterpret_cast<const uint16_t*>(d)[i];
        break;
      case NNADAPTER_INT32:
        x = reinterpret_cast<const int32_t*>(d)[i];
        break;
      case NNADAPTER_UINT32:
        x = reinterpret_cast<const uint32_t*>(d)[i];
        break;
      case NNADAPTER_INT64:
        x = static_cast<double>(reinterpret_cast<const int64_t*>(d)[i]);
        break;
      case NNADAPTER_UINT64:
        x = static_cast<double>(reinterpret_cast<const uint64_t*>(d)[i]);
        break;
      case NNADAPTER_FLOAT16:
        x = HalfToDouble(reinterpret_cast<const uint16_t*>(d)[i]);
        break;
      case NNADAPTER_FLOAT32:
        x = reinterpret_cast<const float*>(d)[i];
        break;
      case NNADAPTER_FLOAT64:
        x = reinterpret_cast<const double*>(d)[i];
        break;
      case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
        x = reinterpret_cast<const int8_t*>(d)[i] *
            static_cast<double>(t.type.symm_per_layer_params.scale);
        break;
      case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
        x = reinterpret_cast<const int8_t*>(d)[i] *
            ChannelScale(t.type, t.dims, i);
        break;
      case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
        x = (static_cast<int>(d[i]) - t.type.asymm_per_layer_params.zero_point) *
            static_cast<double>(t.type.asymm_per_layer_params.scale);
        break;
      case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER:
        x = reinterpret_cast<const int32_t*>(d)[i] *
            static_cast<double>(t.type.symm_per_layer_params.scale);
        break;
      case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL:
        x = reinterpret_cast<const int32_t*>(d)[i] *
            ChannelScale(t.type, t.dims, i);
        break;
      default:
        x = 0;
        break;
    }
    v[i] = x;
  }
  return v;
}

double RoundHalfAwayFromZero(double x) {
  return x < 0 ? -std::floor(-x + 0.5) : std::floor(x + 0.5);
}

static double Saturate(double x, double lo, double hi) {
  if (std::isnan(x)) return 0;
  return std::min(std::max(x, lo), hi);
}

int Prepare(KernelContext* ctx, size_t out_index, const Dims& dims,
            NNAdapterOperandPrecision default_precision,
            const Tensor* quant_source) {
  if (out_index >= ctx->out.size() || ctx->out[out_index] == nullptr) {
    return Fail(ctx, "output " + std::to_string(out_index) + " is missing");
  }
  Tensor* t = ctx->out[out_index];
  for (auto d : dims) {
    if (d < 0) {
      return Fail(ctx, "output " + std::to_string(out_index) +
                           " would have a negative dimension " +
                           DimsToString(dims));
    }
  }
  if (t->type.precision == NNADAPTER_UNKNOWN_PRECISION) {
    t->type.precision = default_precision;
    if (quant_source && IsQuantizedPrecision(default_precision)) {
      t->type.symm_per_layer_params = quant_source->type.symm_per_layer_params;
      if (IsPerChannelQuantizedPrecision(default_precision)) {
        t->type.symm_per_channel_params =
            quant_source->type.symm_per_channel_params;
      }
    }
  }
  uint32_t es = ElementSize(t->type.precision);
  if (es == 0) {
    return Fail(ctx, "output " + std::to_string(out_index) +
                         ": unsupported precision " +
                         std::to_string(t->type.precision));
  }
  if (t->type.precision == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER ||
      t->type.precision == NNADAPTER_QUANT_INT32_SYMM_PER_LAYER) {
    if (!(t->type.symm_per_layer_params.scale > 0)) {
      return Fail(ctx, "output " + std::to_string(out_index) +
                           ": quantized output needs a positive scale");
    }
  }
  int r = CheckSize(ctx, dims);
  if (r != NNADAPTER_NO_ERROR) return r;
  int64_t n = Product(dims);
  t->dims = dims;
  t->data.assign(static_cast<size_t>(n) * es, 0);
  t->valid = true;
  return NNADAPTER_NO_ERROR;
}

int Store(KernelContext* ctx, size_t out_index,
          const std::vector<double>& values) {
  Tensor* t = ctx->out[out_index];
  int64_t n = t->count();
  if (static_cast<int64_t>(values.size()) != n) {
    return Fail(ctx, "internal: value count mismatch for output " +
                         std::to_string(out_index));
  }
  uint8_t* d = t->data.data();
  for (int64_t i = 0; i < n; i++) {
    double x = values[i];
    switch (t->type.precision) {
      case NNADAPTER_BOOL8:
        reinterpret_cast<int8_t*>(d)[i] = x != 0 ? 1 : 0;
        break;
      case NNADAPTER_INT8:
        reinterpret_cast<int8_t*>(d)[i] =
            static_cast<int8_t>(Saturate(std::trunc(x), -128, 127));
        break;
      case NNADAPTER_UINT8:
        d[i] = static_cast<uint8_t>(Saturate(std::trunc(x), 0, 255));
        break;
      case NNADAPTER_INT16:
        reinterpret_cast<int16_t*>(d)[i] =
            static_cast<int16_t>(Saturate(std::trunc(x), -32768, 32767));
        break;
      case NNADAPTER_UINT16:
        reinterpret_cast<uint16_t*>(d)[i] =
            static_cast<uint16_t>(Saturate(std::trunc(x), 0, 65535));
        break;
      case NNADAPTER_INT32:
        reinterpret_cast<int32_t*>(d)[i] = static_cast<int32_t>(
            Saturate(std::trunc(x), -2147483648.0, 2147483647.0));
        break;
      case NNADAPTER_UINT32:
        reinterpret_cast<uint32_t*>(d)[i] =
            static_cast<uint32_t>(Saturate(std::trunc(x), 0, 4294967295.0));
        break;
      case NNADAPTER_INT64:
        reinterpret_cast<int64_t*>(d)[i] = static_cast<int64_t>(
            Saturate(std::trunc(x), -9.2233720368547748e18,
                     9.2233720368547748e18 - 1024));
        break;
      case NNADAPTER_UINT64:
        reinterpret_cast<uint64_t*>(d)[i] = static_cast<uint64_t>(
            Saturate(std::trunc(x), 0, 1.8446744073709550e19));
        break;
      case NNADAPTER_FLOAT16:
        reinterpret_cast<uint16_t*>(d)[i] = DoubleToHalf(x);
        break;
      case NNADAPTER_FLOAT32:
        reinterpret_cast<float*>(d)[i] = static_cast<float>(x);
        break;
      case NNADAPTER_FLOAT64:
        reinterpret_cast<double*>(d)[i] = x;
        break;
      case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
        reinterpret_cast<int8_t*>(d)[i] = static_cast<int8_t>(Saturate(
            RoundHalfAwayFromZero(x / t->type.symm_per_layer_params.scale),
            -128, 127));
        break;
      case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
        reinterpret_cast<int8_t*>(d)[i] = static_cast<int8_t>(Saturate(
            RoundHalfAwayFromZero(x / ChannelScale(t->type, t->dims, i)), -128,
            127));
        break;
      case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
        d[i] = static_cast<uint8_t>(Saturate(
            RoundHalfAwayFromZero(x / t->type.asymm_per_layer_params.scale) +
                t->type.asymm_per_layer_params.zero_point,
            0, 255));
        break;
      case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER:
        reinterpret_cast<int32_t*>(d)[i] = static_cast<int32_t>(Saturate(
            RoundHalfAwayFromZero(x / t->type.symm_per_layer_params.scale),
            -2147483648.0, 2147483647.0));
        break;
      case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL:
        reinterpret_cast<int32_t*>(d)[i] = static_cast<int32_t>(Saturate(
            RoundHalfAwayFromZero(x / ChannelScale(t->type, t->dims, i)),
            -2147483648.0, 2147483647.0));
        break;
      default:
        return Fail(ctx, "output " + std::to_string(out_index) +
                             ": unsupported precision " +
                             std::to_string(t->type.precision));
    }
  }
  return NNADAPTER_NO_ERROR;
}

int Output(KernelContext* ctx, size_t out_index, const Dims& dims,
           const std::vector<double>& values,
           NNAdapterOperandPrecision default_precision,
           const Tensor* quant_source) {
  int r = Prepare(ctx, out_index, dims, default_precision, quant_source);
  if (r != NNADAPTER_NO_ERROR) return r;
  return Store(ctx, out_index, values);
}

static bool SameQuant(const NNAdapterOperandType& a,
                      const NNAdapterOperandType& b) {
  if (a.precision != b.precision) return false;
  switch (a.precision) {
    case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER:
      return a.symm_per_layer_params.scale == b.symm_per_layer_params.scale;
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
    case NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER:
      return a.asymm_per_layer_params.scale ==
                 b.asymm_per_layer_params.scale &&
             a.asymm_per_layer_params.zero_point ==
                 b.asymm_per_layer_params.zero_point;
    case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
    case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL:
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL:
      return false;  // channel positions move: go through real values
    default:
      return true;
  }
}

int Gather(KernelContext* ctx, size_t out_index, const Tensor& input,
           const Dims& out_dims, const std::vector<int64_t>& src) {
  NNAdapterOperandPrecision def = input.type.precision;
  if (IsPerChannelQuantizedPrecision(def)) def = NNADAPTER_FLOAT32;
  int r = Prepare(ctx, out_index, out_dims, def, &input);
  if (r != NNADAPTER_NO_ERROR) return r;
  Tensor* out = ctx->out[out_index];
  int64_t n = input.count();
  for (auto s : src) {
    if (s < 0 || s >= n) {
      return Fail(ctx, "internal: source index out of range");
    }
  }
  if (SameQuant(out->type, input.type)) {
    uint32_t es = ElementSize(input.type.precision);
    for (size_t i = 0; i < src.size(); i++) {
      std::memcpy(out->data.data() + i * es, input.data.data() + src[i] * es,
                  es);
    }
    return NNADAPTER_NO_ERROR;
  }
  std::vector<double> in = Values(input);
  std::vector<double> v(src.size());
  for (size_t i = 0; i < src.size(); i++) v[i] = in[src[i]];
  return Store(ctx, out_index, v);
}

bool ApplyFuse(int64_t fuse_code, std::vector<double>* values) {
  double lo, hi;
  switch (fuse_code) {
    case NNADAPTER_FUSED_NONE:
      return true;
    case NNADAPTER_FUSED_RELU:
      lo = 0;
      hi = std::numeric_limits<double>::infinity();
      break;
    case NNADAPTER_FUSED_RELU1:
      lo = -1;
      hi = 1;
      break;
    case NNADAPTER_FUSED_RELU6:
      lo = 0;
      hi = 6;
      break;
    default:
      return false;
  }
  for (auto& v : *values) v = ClampNum(v, lo, hi);
  return true;
}

namespace {
// Position of the operand called `operand` in the layout of ctx's operation
// (-1 if it has none).
int LayoutIndex(const KernelContext* ctx, const char* operand) {
  const OperationLayout* layout =
      ctx->op ? FindOperationLayout(ctx->op->type) : nullptr;
  return layout ? layout->InputIndex(operand) : -1;
}
}  // namespace

int FuseFrom(KernelContext* ctx, std::vector<double>* values) {
  const int i = LayoutIndex(ctx, "fuse_code");
  if (i < 0) return NNADAPTER_NO_ERROR;
  int64_t code = IntAttr(ctx, i, NNADAPTER_FUSED_NONE);
  if (!ApplyFuse(code, values)) {
    return Fail(ctx, "input " + std::to_string(i) +
                         " (fuse_code): expected 0..3, got " +
                         std::to_string(code));
  }
  return NNADAPTER_NO_ERROR;
}

int64_t AutoPadAttr(const KernelContext* ctx) {
  const int i = LayoutIndex(ctx, "auto_pad");
  if (i < 0) return NNADAPTER_AUTO_PAD_NONE;
  return IntAttr(ctx, i, NNADAPTER_AUTO_PAD_NONE);
}

int64_t IntAttr(const KernelContext* ctx, size_t i, int64_t def) {
  if (!HasInput(ctx, i) || ctx->in[i]->count() < 1) return def;
  return ToInt64(Values(*ctx->in[i])[0]);
}

double FloatAttr(const KernelContext* ctx, size_t i, double def) {
  if (!HasInput(ctx, i) || ctx->in[i]->count() < 1) return def;
  return Values(*ctx->in[i])[0];
}

bool BoolAttr(const KernelContext* ctx, size_t i, bool def) {
  if (!HasInput(ctx, i) || ctx->in[i]->count() < 1) return def;
  return Values(*ctx->in[i])[0] != 0;
}

std::vector<int64_t> IntsAttr(const KernelContext* ctx, size_t i) {
  std::vector<int64_t> r;
  if (!HasInput(ctx, i)) return r;
  const Tensor& t = *ctx->in[i];
  if (t.type.precision == NNADAPTER_INT64) {
    r.assign(t.as<int64_t>(), t.as<int64_t>() + t.count());
    return r;
  }
  for (double v : Values(t)) r.push_back(ToInt64(v));
  return r;
}

std::vector<double> FloatsAttr(const KernelContext* ctx, size_t i) {
  if (!HasInput(ctx, i)) return {};
  return Values(*ctx->in[i]);
}

bool NormalizeAxis(int64_t* axis, int64_t rank) {
  if (*axis < -rank || *axis >= rank) return false;
  if (*axis < 0) *axis += rank;
  return true;
}

bool BroadcastShape(const Dims& a, const Dims& b, Dims* out) {
  size_t n = std::max(a.size(), b.size());
  out->assign(n, 1);
  for (size_t i = 0; i < n; i++) {
    int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
    int64_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (da != db && da != 1 && db != 1) return false;
    (*out)[i] = da == 1 ? db : da;
  }
  return true;
}

int64_t BroadcastIndex(const Dims& dims, const Dims& out_dims,
                       const std::vector<int64_t>& idx) {
  size_t off = out_dims.size() - dims.size();
  int64_t flat = 0;
  for (size_t i = 0; i < dims.size(); i++) {
    int64_t v = dims[i] == 1 ? 0 : idx[i + off];
    flat = flat * dims[i] + v;
  }
  return flat;
}

Dims BroadcastStrides(const Dims& dims, const Dims& out_dims) {
  Dims own = Strides(dims), s(out_dims.size(), 0);
  size_t off = out_dims.size() - dims.size();
  for (size_t i = 0; i < dims.size(); i++)
    s[i + off] = dims[i] == 1 ? 0 : own[i];
  return s;
}

void Unravel(int64_t flat, const Dims& dims, std::vector<int64_t>* idx) {
  idx->assign(dims.size(), 0);
  for (int64_t i = static_cast<int64_t>(dims.size()) - 1; i >= 0; i--) {
    (*idx)[i] = dims[i] == 0 ? 0 : flat % dims[i];
    flat = dims[i] == 0 ? 0 : flat / dims[i];
  }
}

}  // namespace builtin_device
}  // namespace nnadapter
