// MAT_MUL: numpy.matmul with optional transposes of the last two dims of x
// and y (ignored for 1-D operands) and broadcasting of the batch dims.
#include "operation/context.h"

namespace nnadapter {
namespace operation {

void Infer_MAT_MUL(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->ExpectSamePrecision(1, 0);
  ctx->ExpectRankRange(0, 1, NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  ctx->ExpectRankRange(1, 1, NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  const bool tx = ctx->Bool(2);
  const bool ty = ctx->Bool(3);
  Dims x = ctx->InDims(0);
  Dims y = ctx->InDims(1);
  const bool x_vector = x.size() == 1, y_vector = y.size() == 1;
  if (x_vector) x.insert(x.begin(), 1);  // [K] -> [1, K]
  if (y_vector) y.push_back(1);          // [K] -> [K, 1]
  if (tx && !x_vector) std::swap(x[x.size() - 1], x[x.size() - 2]);
  if (ty && !y_vector) std::swap(y[y.size() - 1], y[y.size() - 2]);
  const int32_t m = x[x.size() - 2], kx = x.back();
  const int32_t ky = y[y.size() - 2], n = y.back();
  if (kx >= 0 && ky >= 0 && kx != ky) {
    ctx->FailInput(1, "inner dimension " + std::to_string(ky) +
                          " does not match " + std::to_string(kx) +
                          " of input 0 (x " + DimsToString(ctx->InDims(0)) +
                          (tx ? " transposed" : "") + ", y " +
                          DimsToString(ctx->InDims(1)) +
                          (ty ? " transposed" : "") + ")");
  }
  Dims batch;
  int bad = -1;
  if (!BroadcastDims(Dims(x.begin(), x.end() - 2), Dims(y.begin(), y.end() - 2),
                     &batch, &bad)) {
    ctx->FailInput(1, "batch dimensions of " + DimsToString(ctx->InDims(1)) +
                          " cannot be broadcast with " +
                          DimsToString(ctx->InDims(0)));
  }
  Dims out = batch;
  if (!x_vector) out.push_back(m);
  if (!y_vector) out.push_back(n);
  ctx->SetOutput(0, out, 0);
}

}  // namespace operation
}  // namespace nnadapter
