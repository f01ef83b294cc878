// FULLY_CONNECTED and MAT_MUL (numpy matmul semantics with broadcast batch
// dimensions; 1-D operands are promoted and the added axis removed).
#include "drivers/builtin_device/kernels/kernel.h"

namespace nnadapter {
namespace builtin_device {

// FULLY_CONNECTED: input flattened to [batch, input_size] (input_size =
// weight dims[1]); output = input * weight^T + bias, fuse_code at input 3.
int Compute_FULLY_CONNECTED(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  const Tensor& weight = *ctx->in[1];
  if (weight.dims.size() != 2)
    return Fail(ctx, "input 1 (weight): expected rank 2, got " +
                         DimsToString(weight.dims));
  int64_t units = weight.dims[0], size = weight.dims[1];
  if (size <= 0 || in.count() % size)
    return Fail(ctx, "input 0 " + DimsToString(in.dims) +
                         " cannot be flattened to [batch, " +
                         std::to_string(size) + "]");
  int64_t batch = in.count() / size;
  std::vector<double> x = Values(in), w = Values(weight);
  std::vector<double> b = HasInput(ctx, 2) ? Values(*ctx->in[2])
                                           : std::vector<double>(units, 0.0);
  if (static_cast<int64_t>(b.size()) != units)
    return Fail(ctx, "input 2 (bias): expected " + std::to_string(units) +
                         " elements");
  std::vector<double> out(batch * units);
  for (int64_t i = 0; i < batch; i++)
    for (int64_t u = 0; u < units; u++) {
      double s = b[u];
      for (int64_t k = 0; k < size; k++) s += x[i * size + k] * w[u * size + k];
      out[i * units + u] = s;
    }
  int r = FuseFrom(ctx, &out);
  if (r) return r;
  return Output(ctx, 0, {batch, units}, out, in.type.precision, &in);
}

int Compute_MAT_MUL(KernelContext* ctx) {
  const Tensor& X = *ctx->in[0];
  const Tensor& Y = *ctx->in[1];
  bool tx = BoolAttr(ctx, 2, false), ty = BoolAttr(ctx, 3, false);
  Dims xd = X.dims, yd = Y.dims;
  if (xd.empty() || yd.empty()) return Fail(ctx, "inputs must have rank >= 1");
  bool x1 = xd.size() == 1, y1 = yd.size() == 1;
  if (x1) {
    xd = {1, xd[0]};
    tx = false;
  }
  if (y1) {
    yd = {yd[0], 1};
    ty = false;
  }
  int64_t M = tx ? xd[xd.size() - 1] : xd[xd.size() - 2];
  int64_t K = tx ? xd[xd.size() - 2] : xd[xd.size() - 1];
  int64_t K2 = ty ? yd[yd.size() - 1] : yd[yd.size() - 2];
  int64_t Nn = ty ? yd[yd.size() - 2] : yd[yd.size() - 1];
  if (K != K2)
    return Fail(ctx, "inner dimensions differ: x " + DimsToString(X.dims) +
                         ", y " + DimsToString(Y.dims));
  Dims xb(xd.begin(), xd.end() - 2), yb(yd.begin(), yd.end() - 2), batch;
  if (!BroadcastShape(xb, yb, &batch))
    return Fail(ctx, "batch dimensions cannot be broadcast");
  std::vector<double> xv = Values(X), yv = Values(Y);
  int64_t nb = Product(batch);
  std::vector<double> out(nb * M * Nn);
  std::vector<int64_t> idx;
  for (int64_t b = 0; b < nb; b++) {
    Unravel(b, batch, &idx);
    int64_t bx = BroadcastIndex(xb, batch, idx), by = BroadcastIndex(yb, batch, idx);
    for (int64_t i = 0; i < M; i++)
      for (int64_t j = 0; j < Nn; j++) {
        double s = 0;
        for (int64_t k = 0; k < K; k++) {
          double a = tx ? xv[bx * M * K + k * M + i] : xv[bx * M * K + i * K + k];
          double c = ty ? yv[by * K * Nn + j * K + k] : yv[by * K * Nn + k * Nn + j];
          s += a * c;
        }
        out[(b * M + i) * Nn + j] = s;
      }
  }
  Dims od = batch;
  if (!x1) od.push_back(M);
  if (!y1) od.push_back(Nn);
  return Output(ctx, 0, od, out, X.type.precision, &X);
}

}  // namespace builtin_device
}  // namespace nnadapter
