// builtin_device kernels: the reference implementation of every NNAdapter
// standard operation. Simple and obviously correct beats fast.
//
// Numeric rule (all kernels):
//   * Every input is read as real values in double precision (int8/int32
//     quantized inputs are dequantized: real = scale * q, per layer or per
//     channel along channel_dim).
//   * Results are computed in double and stored in the output precision:
//     float32/float16 by conversion (float16: round to nearest even); QUANT_INT8_SYMM_* by q = round_half_away_from_
//     zero(real / scale) saturated to [-128, 127]; QUANT_INT32_SYMM_* the same
//     saturated to the int32 range; INT8/INT16/INT32/INT64/UINT8 by
//     truncation toward zero of an integral value (integer ops produce exact
//     integers); BOOL8 as real != 0.
//   * Pure data-movement operations (reshape, transpose, concat, gather ...)
//     copy the stored bytes when input and output have the same precision and
//     quantization parameters, so int64 values are never rounded.
// Output dimensions are computed by each kernel from the ACTUAL input
// dimensions at execution time (dynamic shapes need no shape inference).
#ifndef NNADAPTER_DRIVERS_BUILTIN_DEVICE_KERNELS_KERNEL_H_
#define NNADAPTER_DRIVERS_BUILTIN_DEVICE_KERNELS_KERNEL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/nnadapter.h"
#include "nnadapter/operation_layout.h"

namespace nnadapter {
namespace builtin_device {

using Dims = std::vector<int64_t>;

// The run-time value of one operand.
struct Tensor {
  const core::Operand* operand = nullptr;
  // Precision and quantization parameters (from the model operand type).
  NNAdapterOperandType type{};
  Dims dims;
  std::vector<uint8_t> data;
  bool valid = false;  // holds a value (constant, input, or computed)

  int64_t count() const;
  template <typename T>
  T* as() {
    return reinterpret_cast<T*>(data.data());
  }
  template <typename T>
  const T* as() const {
    return reinterpret_cast<const T*>(data.data());
  }
};

struct KernelContext {
  const core::Operation* op = nullptr;
  const char* name = "";  // operation name, e.g. "CONV_2D"
  std::vector<Tensor*> in;   // nullptr for an absent optional operand
  std::vector<Tensor*> out;  // nullptr for an absent optional output
};

// Kernel entry points, one per operation (defined in kernels/*.cc).
#define NNADAPTER_OPERATION(name, code) int Compute_##name(KernelContext* ctx);
#include "nnadapter/operation_types.inc"

// ---- helpers (kernels/common.cc) ------------------------------------------
// Logs "builtin_device: <OP>: <message>" and returns
// NNADAPTER_INVALID_PARAMETER.
int Fail(const KernelContext* ctx, const std::string& message);
std::string DimsToString(const Dims& dims);
// Product of dims[begin, end); -1 if one is negative, INT64_MAX on overflow.
int64_t Product(const Dims& dims, size_t begin = 0, size_t end = SIZE_MAX);
// Largest tensor a kernel produces (elements); larger outputs are an error
// (the oracle computes in double: 2^24 elements = 128 MiB per copy).
// Environment NNADAPTER_BUILTIN_DEVICE_MAX_ELEMENTS overrides the default.
constexpr int64_t kDefaultMaxElements = int64_t(1) << 24;
int64_t MaxElements();
// Fails (naming the operation) if `dims` has a negative extent or more
// than MaxElements() elements; call before allocating an output.
int CheckSize(const KernelContext* ctx, const Dims& dims);
// Saturating conversion (NaN -> 0).
int64_t ToInt64(double x);
Dims Strides(const Dims& dims);
uint32_t ElementSize(NNAdapterOperandPrecision precision);

bool HasInput(const KernelContext* ctx, size_t i);
// Scalar/array attributes read from input `i` (any integer/bool/float
// precision); `def` is used when the operand is absent.
int64_t IntAttr(const KernelContext* ctx, size_t i, int64_t def);
double FloatAttr(const KernelContext* ctx, size_t i, double def);
bool BoolAttr(const KernelContext* ctx, size_t i, bool def);
std::vector<int64_t> IntsAttr(const KernelContext* ctx, size_t i);
std::vector<double> FloatsAttr(const KernelContext* ctx, size_t i);

// Real values of a tensor (dequantized), row-major.
std::vector<double> Values(const Tensor& t);
// Dequantization scale of element `index` (1 for non-quantized).
// Sets output dims (and the default precision/quant params when the model
// left the output precision unknown) and allocates the buffer.
int Prepare(KernelContext* ctx, size_t out_index, const Dims& dims,
            NNAdapterOperandPrecision default_precision,
            const Tensor* quant_source = nullptr);
// Stores real values into an output tensor (already prepared).
int Store(KernelContext* ctx, size_t out_index,
          const std::vector<double>& values);
// Prepare + Store.
int Output(KernelContext* ctx, size_t out_index, const Dims& dims,
           const std::vector<double>& values,
           NNAdapterOperandPrecision default_precision,
           const Tensor* quant_source = nullptr);
// Copies elements: output[i] = input[src[i]]. Byte copy when precisions and
// quantization match, otherwise via real values.
int Gather(KernelContext* ctx, size_t out_index, const Tensor& input,
           const Dims& out_dims, const std::vector<int64_t>& src);
// Applies NNAdapterFuseCode in place; false if the code is invalid.
bool ApplyFuse(int64_t fuse_code, std::vector<double>* values);
// min(max(x, lo), hi) with IEEE 754-2008 maxNum/minNum: a NaN x gives lo,
// as the CPU kernels, oneDNN's post-ops and XNNPACK's clamps do (relu(NaN)
// = 0); see docs/reliability.md "Non-finite values".
inline double ClampNum(double x, double lo, double hi) { return x > lo ? (x < hi ? x : hi) : lo; }
// Applies the operation's fuse_code operand (found in its layout in
// operation_types.inc; nothing if it has none) to `values`.
int FuseFrom(KernelContext* ctx, std::vector<double>* values);
// The operation's auto_pad operand (NNADAPTER_AUTO_PAD_NONE if absent).
int64_t AutoPadAttr(const KernelContext* ctx);
// Normalizes an axis in [-rank, rank) to [0, rank); false if out of range.
bool NormalizeAxis(int64_t* axis, int64_t rank);
// Numpy broadcasting of two shapes; false if incompatible.
bool BroadcastShape(const Dims& a, const Dims& b, Dims* out);
// Index into a tensor of dims `dims` (right-aligned, broadcast) for the
// multi-index `idx` of a tensor of dims `out_dims`.
int64_t BroadcastIndex(const Dims& dims, const Dims& out_dims,
                       const std::vector<int64_t>& idx);
void Unravel(int64_t flat, const Dims& dims, std::vector<int64_t>* idx);
// Strides of a tensor of dims `dims` broadcast (right-aligned) to
// `out_dims`, per output axis (0 along broadcast axes).
Dims BroadcastStrides(const Dims& dims, const Dims& out_dims);
// Visits every element of `out_dims` in row-major order, calling
// f(out_index, offsets) where offsets[k] = sum(idx[i] * strides[k][i]).
template <typename F>
void Odometer(const Dims& out_dims, const std::vector<Dims>& strides, F f) {
  int64_t n = Product(out_dims);
  size_t rank = out_dims.size(), m = strides.size();
  std::vector<int64_t> idx(rank, 0), off(m, 0);
  for (int64_t i = 0; i < n; i++) {
    f(i, off);
    for (size_t ax = rank; ax-- > 0;) {
      idx[ax]++;
      for (size_t k = 0; k < m; k++) off[k] += strides[k][ax];
      if (idx[ax] < out_dims[ax]) break;
      for (size_t k = 0; k < m; k++) off[k] -= strides[k][ax] * idx[ax];
      idx[ax] = 0;
    }
  }
}
double RoundHalfAwayFromZero(double x);
// IEEE 754 binary16 conversions (FLOAT16 operands).
double HalfToDouble(uint16_t h);
uint16_t DoubleToHalf(double x);
bool IsFloatPrecision(NNAdapterOperandPrecision p);

}  // namespace builtin_device
}  // namespace nnadapter

#endif  // NNADAPTER_DRIVERS_BUILTIN_DEVICE_KERNELS_KERNEL_H_
