// Binary elementwise operations with numpy broadcasting: arithmetic (with
// fuse_code), logical and comparison operations, WHERE and SUM.
// Integer DIV truncates toward zero (C semantics); FLOOR_DIV floors.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

#include "drivers/builtin_device/kernels/kernel.h"
#include "nnadapter/utility/precision.h"

namespace nnadapter {
namespace builtin_device {

namespace {

int Binary(KernelContext* ctx, const std::function<double(double, double)>& f,
           bool comparison) {
  const Tensor& a = *ctx->in[0];
  const Tensor& b = *ctx->in[1];
  Dims dims;
  if (!BroadcastShape(a.dims, b.dims, &dims)) {
    return Fail(ctx, "inputs " + DimsToString(a.dims) + " and " +
                         DimsToString(b.dims) + " cannot be broadcast");
  }
  std::vector<double> va = Values(a), vb = Values(b);
  int64_t n = Product(dims);
  std::vector<double> v(n);
  if (a.dims == dims && b.dims == dims) {  // no broadcasting
    for (int64_t i = 0; i < n; i++) v[i] = f(va[i], vb[i]);
  } else if (a.dims == dims && vb.size() == 1) {  // tensor op scalar
    for (int64_t i = 0; i < n; i++) v[i] = f(va[i], vb[0]);
  } else {
    Odometer(dims, {BroadcastStrides(a.dims, dims), BroadcastStrides(b.dims, dims)},
             [&](int64_t i, const std::vector<int64_t>& off) {
               v[i] = f(va[off[0]], vb[off[1]]);
             });
  }
  int r = FuseFrom(ctx, &v);  // arithmetic operations have a fuse_code
  if (r) return r;
  if (comparison) return Output(ctx, 0, dims, v, NNADAPTER_BOOL8);
  return Output(ctx, 0, dims, v, a.type.precision, &a);
}

bool IsIntegerTensor(const Tensor& t) {
  switch (t.type.precision) {
    case NNADAPTER_INT8:
    case NNADAPTER_UINT8:
    case NNADAPTER_INT16:
    case NNADAPTER_INT32:
    case NNADAPTER_INT64:
    case NNADAPTER_BOOL8:
      return true;
    default:
      return false;
  }
}

// The lowest value of a signed integer type, or 0 for other types.
double LowestSigned(NNAdapterOperandPrecision precision) {
  switch (precision) {
    case NNADAPTER_INT8:
      return -128.0;
    case NNADAPTER_INT16:
      return -32768.0;
    case NNADAPTER_INT32:
      return -2147483648.0;
    case NNADAPTER_INT64:
      return -9223372036854775808.0;
    default:
      return 0;
  }
}

// Integer DIV and FLOOR_DIV fail, as on Paddle Lite's CPU path, on a zero
// divisor and on the lowest value divided by -1 (no result in the type).
int CheckIntegerDivision(KernelContext* ctx) {
  const Tensor& a = *ctx->in[0];
  const Tensor& b = *ctx->in[1];
  if (!IsIntegerTensor(a)) return 0;
  const std::vector<double> vb = Values(b);
  for (size_t i = 0; i < vb.size(); i++) {
    if (vb[i] == 0) {
      return Fail(ctx, "integer division by zero (input 1 element " + std::to_string(i) + ")");
    }
  }
  const double lowest = LowestSigned(a.type.precision);
  if (lowest == 0) return 0;
  const std::vector<double> va = Values(a);
  if (std::find(va.begin(), va.end(), lowest) == va.end() ||
      std::find(vb.begin(), vb.end(), -1.0) == vb.end()) {
    return 0;
  }
  Dims dims;
  if (!BroadcastShape(a.dims, b.dims, &dims)) return 0;  // Binary reports it
  int64_t ia = -1, ib = -1;
  Odometer(dims, {BroadcastStrides(a.dims, dims), BroadcastStrides(b.dims, dims)},
           [&](int64_t, const std::vector<int64_t>& off) {
             if (ia < 0 && va[off[0]] == lowest && vb[off[1]] == -1.0) {
               ia = off[0];
               ib = off[1];
             }
           });
  if (ia < 0) return 0;
  char value[32];
  std::snprintf(value, sizeof(value), "%.0f", lowest);
  return Fail(ctx, "integer division overflow: input 0 element " + std::to_string(ia) + " is " +
                       value + " and input 1 element " + std::to_string(ib) +
                       " is -1; the quotient does not fit " +
                       std::string(PrecisionName(a.type.precision)));
}

}  // namespace

int Compute_ADD(KernelContext* ctx) {
  return Binary(ctx, [](double x, double y) { return x + y; }, false);
}
int Compute_SUB(KernelContext* ctx) {
  return Binary(ctx, [](double x, double y) { return x - y; }, false);
}
int Compute_MUL(KernelContext* ctx) {
  return Binary(ctx, [](double x, double y) { return x * y; }, false);
}
int Compute_DIV(KernelContext* ctx) {
  int r = CheckIntegerDivision(ctx);
  if (r) return r;
  return Binary(ctx, [](double x, double y) { return x / y; }, false);
}
int Compute_FLOOR_DIV(KernelContext* ctx) {
  int r = CheckIntegerDivision(ctx);
  if (r) return r;
  return Binary(ctx, [](double x, double y) { return std::floor(x / y); },
                false);
}
int Compute_MAX(KernelContext* ctx) {
  return Binary(ctx, [](double x, double y) { return x > y ? x : y; },
                false);
}
int Compute_MIN(KernelContext* ctx) {
  return Binary(ctx, [](double x, double y) { return x < y ? x : y; },
                false);
}
int Compute_POW(KernelContext* ctx) {
  return Binary(ctx, [](double x, double y) { return std::pow(x, y); },
                false);
}
int Compute_AND(KernelContext* ctx) {
  return Binary(ctx, [](double x, double y) { return (x != 0 && y != 0); },
                true);
}
int Compute_OR(KernelContext* ctx) {
  return Binary(ctx, [](double x, double y) { return (x != 0 || y != 0); },
                true);
}
int Compute_XOR(KernelContext* ctx) {
  return Binary(ctx, [](double x, double y) { return (x != 0) != (y != 0); },
                true);
}
int Compute_EQUAL(KernelContext* ctx) {
  return Binary(ctx, [](double x, double y) { return x == y; }, true);
}
int Compute_NOT_EQUAL(KernelContext* ctx) {
  return Binary(ctx, [](double x, double y) { return x != y; }, true);
}
int Compute_GREATER(KernelContext* ctx) {
  return Binary(ctx, [](double x, double y) { return x > y; }, true);
}
int Compute_GREATER_EQUAL(KernelContext* ctx) {
  return Binary(ctx, [](double x, double y) { return x >= y; }, true);
}
int Compute_LESS(KernelContext* ctx) {
  return Binary(ctx, [](double x, double y) { return x < y; }, true);
}
int Compute_LESS_EQUAL(KernelContext* ctx) {
  return Binary(ctx, [](double x, double y) { return x <= y; }, true);
}

// WHERE: output = condition ? input0 : input1, all three broadcast.
int Compute_WHERE(KernelContext* ctx) {
  const Tensor& c = *ctx->in[0];
  const Tensor& a = *ctx->in[1];
  const Tensor& b = *ctx->in[2];
  Dims d1, dims;
  if (!BroadcastShape(c.dims, a.dims, &d1) ||
      !BroadcastShape(d1, b.dims, &dims)) {
    return Fail(ctx, "condition " + DimsToString(c.dims) + ", input0 " +
                         DimsToString(a.dims) + " and input1 " +
                         DimsToString(b.dims) + " cannot be broadcast");
  }
  std::vector<double> vc = Values(c), va = Values(a), vb = Values(b);
  int64_t n = Product(dims);
  std::vector<double> v(n);
  std::vector<int64_t> idx;
  for (int64_t i = 0; i < n; i++) {
    Unravel(i, dims, &idx);
    v[i] = vc[BroadcastIndex(c.dims, dims, idx)] != 0
               ? va[BroadcastIndex(a.dims, dims, idx)]
               : vb[BroadcastIndex(b.dims, dims, idx)];
  }
  return Output(ctx, 0, dims, v, a.type.precision, &a);
}

// SUM: elementwise sum of all inputs (broadcast).
int Compute_SUM(KernelContext* ctx) {
  Dims dims;
  for (size_t k = 0; k < ctx->in.size(); k++) {
    if (!ctx->in[k]) return Fail(ctx, "input " + std::to_string(k) + " missing");
    Dims next;
    if (!BroadcastShape(dims, ctx->in[k]->dims, &next))
      return Fail(ctx, "input " + std::to_string(k) + " " +
                           DimsToString(ctx->in[k]->dims) +
                           " cannot be broadcast to " + DimsToString(dims));
    dims = next;
  }
  int64_t n = Product(dims);
  std::vector<double> v(n, 0.0);
  std::vector<int64_t> idx;
  for (size_t k = 0; k < ctx->in.size(); k++) {
    const Tensor& t = *ctx->in[k];
    std::vector<double> vt = Values(t);
    for (int64_t i = 0; i < n; i++) {
      Unravel(i, dims, &idx);
      v[i] += vt[BroadcastIndex(t.dims, dims, idx)];
    }
  }
  return Output(ctx, 0, dims, v, ctx->in[0]->type.precision, ctx->in[0]);
}

}  // namespace builtin_device
}  // namespace nnadapter
