// softmax / log_softmax along attribute `axis` (default -1), numerically
// stable (the max along the axis is subtracted before exp). Float32.
// softmax over the last axis (a CTC recognizer's 6625 classes per step) runs
// a vectorized exp (fast_exp.h, < 2 ulp; exp(-87) for arguments below -87),
// on AVX2 CPUs as intrinsics.
#include <immintrin.h>

#include <cmath>

#include <Eigen/Core>

#include "lite/core/registry.h"
#include "lite/operators/math/fast_exp.h"
#include "lite/operators/math/math_common.h"
#include "lite/operators/nn/cpu_clones.h"

namespace paddle {
namespace lite {
namespace operators {

struct SoftmaxParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  int axis{-1};
  bool log{false};
  std::string op_type;
};

class SoftmaxOp : public OperatorBase<SoftmaxParam> {
 public:
  void InferShape() override {
    const DDim& d = param_.x->dims();
    const int rank = static_cast<int>(d.size());
    const int axis = param_.axis;
    LITE_ENFORCE((rank == 0 && (axis == 0 || axis == -1)) || (axis >= -rank && axis < rank),
                 "op '", param_.op_type, "': attribute 'axis' ", axis,
                 " is out of range for X dims ", DimsToString(d));
    param_.out->Resize(d);
    param_.out->set_lod(param_.x->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.op_type = desc.Type();
    param_.log = desc.Type() == "log_softmax";
    param_.x = GetInput(desc, scope, "X");
    param_.out = GetOutput(desc, scope, "Out");
    param_.axis = desc.GetAttr<int32_t>("axis", -1);
  }
};

namespace {
// y = exp(x - m) over a row; NaN arguments stay NaN (the blend vectorizes).
LITE_CPU_CLONES
void ExpShifted(const float* x, float* y, int64_t n, float m) {
  for (int64_t i = 0; i < n; ++i) {
    const float d = x[i] - m;
    const float e = ExpNonPositive(d);
    y[i] = d == d ? e : d;
  }
}

LITE_CPU_CLONES
void ScaleRow(float* y, int64_t n, float s) {
  for (int64_t i = 0; i < n; ++i) y[i] *= s;
}

// softmax of one row with AVX2/FMA, given its max m: exp(x - m) stored and
// summed in the same pass, then the scale (the portable path makes a pass
// more, its exp at ~5 cycles per element). A NaN anywhere makes the sum,
// hence the whole row, NaN, as in the portable path.
__attribute__((target("avx2,fma"))) void SoftmaxRowAvx2(const float* x, float m, float* y,
                                                        int64_t n) {
  const __m256 mv = _mm256_set1_ps(m);
  __m256 s0 = _mm256_setzero_ps(), s1 = s0;
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m256 d0 = _mm256_sub_ps(_mm256_loadu_ps(x + i), mv);
    const __m256 d1 = _mm256_sub_ps(_mm256_loadu_ps(x + i + 8), mv);
    // NaN arguments stay NaN
    const __m256 e0 = _mm256_blendv_ps(d0, ExpNonPositiveAvx2(d0), _mm256_cmp_ps(d0, d0, _CMP_ORD_Q));
    const __m256 e1 = _mm256_blendv_ps(d1, ExpNonPositiveAvx2(d1), _mm256_cmp_ps(d1, d1, _CMP_ORD_Q));
    _mm256_storeu_ps(y + i, e0);
    _mm256_storeu_ps(y + i + 8, e1);
    s0 = _mm256_add_ps(s0, e0);
    s1 = _mm256_add_ps(s1, e1);
  }
  alignas(32) float lanes[8];
  _mm256_store_ps(lanes, _mm256_add_ps(s0, s1));
  float sum = 0.f;
  for (int k = 0; k < 8; ++k) sum += lanes[k];
  for (; i < n; ++i) {
    const float d = x[i] - m;
    y[i] = d == d ? ExpNonPositive(d) : d;
    sum += y[i];
  }
  const float inv = 1.f / sum;
  const __m256 inv8 = _mm256_set1_ps(inv);
  i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(y + i, _mm256_mul_ps(_mm256_loadu_ps(y + i), inv8));
  for (; i < n; ++i) y[i] *= inv;
}
}  // namespace

class SoftmaxKernel : public KernelBase<SoftmaxParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    EnforceDataType(p.op_type, "X", *p.x, DataType::kFloat32);
    const DDim& d = p.x->dims();
    const int rank = static_cast<int>(d.size());
    const int axis = rank == 0 ? 0 : (p.axis < 0 ? p.axis + rank : p.axis);
    const int64_t n = rank == 0 ? 1 : d[axis];
    const int64_t outer = rank == 0 ? 1 : DimsProduct(d, 0, axis);
    const int64_t inner = rank == 0 ? 1 : DimsProduct(d, axis + 1, d.size());
    const float* x = p.x->data<float>();
    float* y = p.out->mutable_data<float>();
    const bool log = p.log;
    if (n == 0 || outer * inner == 0) return;
    if (inner == 1) {
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (outer * n > 32768 && ctx.threads > 1)
      for (int64_t o = 0; o < outer; ++o) {
        Eigen::Map<const Eigen::ArrayXf> xr(x + o * n, n);
        Eigen::Map<Eigen::ArrayXf> yr(y + o * n, n);
        const float m = xr.maxCoeff();
        if (log) {
          yr = (xr - m).exp();
          yr = (xr - m) - std::log(yr.sum());
        } else if (Avx2FmaAvailable()) {
          SoftmaxRowAvx2(x + o * n, m, y + o * n, n);
        } else {
          ExpShifted(x + o * n, y + o * n, n, m);
          ScaleRow(y + o * n, n, 1.f / yr.sum());
        }
      }
      return;
    }
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (outer * n * inner > 32768 && ctx.threads > 1)
    for (int64_t o = 0; o < outer; ++o) {
      const float* xo = x + o * n * inner;
      float* yo = y + o * n * inner;
      std::vector<float> mx(xo, xo + inner), sum(inner, 0.f);
      for (int64_t k = 1; k < n; ++k) {
        const float* xk = xo + k * inner;
        for (int64_t i = 0; i < inner; ++i) mx[i] = xk[i] > mx[i] ? xk[i] : mx[i];
      }
      for (int64_t k = 0; k < n; ++k) {
        Eigen::Map<const Eigen::ArrayXf> xk(xo + k * inner, inner);
        Eigen::Map<Eigen::ArrayXf> yk(yo + k * inner, inner);
        Eigen::Map<const Eigen::ArrayXf> m(mx.data(), inner);
        yk = (xk - m).exp();
        Eigen::Map<Eigen::ArrayXf>(sum.data(), inner) += yk;
      }
      for (int64_t k = 0; k < n; ++k) {
        float* yk = yo + k * inner;
        const float* xk = xo + k * inner;
        if (log) {
          for (int64_t i = 0; i < inner; ++i) yk[i] = xk[i] - mx[i] - std::log(sum[i]);
        } else {
          for (int64_t i = 0; i < inner; ++i) yk[i] /= sum[i];
        }
      }
    }
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(SoftmaxOp)
LITE_KERNEL_CLASS(SoftmaxKernel)
