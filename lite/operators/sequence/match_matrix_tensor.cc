// match_matrix_tensor (Baidu search models; Paddle's op, Paddle Lite's x86
// kernel lite/kernels/x86/match_matrix_tensor_compute.cc). float32.
// X [Lx, Dx] and Y [Ly, Dy] are LoD batches of B sequences each (level 0;
// sequence b of X has len_l rows, of Y len_r); W [Dx, dim_t, Dy].
// For every b, t < dim_t, i < len_l, j < len_r:
//   Out[off[b] + (t * len_l + i) * len_r + j] = X[lb + i] . W[:, t, :] . Y[rb + j]
// with off[b] = sum over earlier sequences of dim_t * len_l * len_r; then
// max(., 0) when `fuse_relu` (Paddle Lite's fused relu) is set.
// Out [off[B], 1] with LoD {off, X's offsets, Y's offsets} (Paddle's);
// Tmp [Lx * dim_t * Dy, 1] = X . W (the left products, row-major
// [Lx, dim_t, Dy]).
#include <algorithm>
#include <cstring>

#include "lite/core/registry.h"
#include "lite/operators/sequence/seq_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

constexpr const char* kOp = "match_matrix_tensor";

struct MatchMatrixParam {
  const Tensor *x{nullptr}, *y{nullptr}, *w{nullptr};
  Tensor *out{nullptr}, *tmp{nullptr};
  int dim_t{1};
  bool fuse_relu{false};
  std::vector<uint64_t> off_l, off_r, off_out;
};

class MatchMatrixTensorOp : public OperatorBase<MatchMatrixParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim &x = p.x->dims(), &y = p.y->dims(), &w = p.w->dims();
    LITE_ENFORCE(x.size() == 2 && y.size() == 2 && w.size() == 3 && w[0] == x[1] &&
                     w[1] == p.dim_t && w[2] == y[1],
                 "op '", kOp, "': expected X [Lx, Dx], Y [Ly, Dy], W [Dx, dim_t = ", p.dim_t,
                 ", Dy]; got X ", DimsToString(x), ", Y ", DimsToString(y), ", W ", DimsToString(w));
    for (const Tensor* t : {p.x, p.y, p.w}) {
      LITE_ENFORCE(t->dtype() == DataType::kFloat32, "op '", kOp, "': inputs must be float32");
    }
    p.off_l = SequenceOffsets(kOp, "X", *p.x);
    p.off_r = SequenceOffsets(kOp, "Y", *p.y);
    LITE_ENFORCE(p.off_l.size() == p.off_r.size(), "op '", kOp, "': X holds ",
                 p.off_l.size() - 1, " sequences but Y holds ", p.off_r.size() - 1,
                 " (their LoDs must pair them)");
    p.off_out.assign(1, 0);
    for (size_t b = 0; b + 1 < p.off_l.size(); ++b) {
      p.off_out.push_back(p.off_out.back() + static_cast<uint64_t>(p.dim_t) *
                                                 (p.off_l[b + 1] - p.off_l[b]) *
                                                 (p.off_r[b + 1] - p.off_r[b]));
    }
    p.out->Resize({static_cast<int64_t>(p.off_out.back()), 1});
    p.out->set_lod({p.off_out, p.off_l, p.off_r});
    p.tmp->Resize({x[0] * p.dim_t * y[1], 1});
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.y = GetInput(desc, scope, "Y");
    p.w = GetInput(desc, scope, "W");
    p.out = GetOutput(desc, scope, "Out");
    p.tmp = GetOutput(desc, scope, "Tmp");
    p.dim_t = desc.GetAttr<int32_t>("dim_t");
    p.fuse_relu = desc.GetAttr<bool>("fuse_relu", false);
    LITE_ENFORCE(p.dim_t > 0, "op '", kOp, "': attribute 'dim_t' must be > 0, got ", p.dim_t);
  }
};

class MatchMatrixTensorKernel : public KernelBase<MatchMatrixParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const int64_t lx = p.x->dims()[0], dx = p.x->dims()[1], dy = p.y->dims()[1];
    const int64_t td = p.dim_t * dy;
    float* tmp = p.tmp->mutable_data<float>();
    std::fill_n(tmp, lx * td, 0.f);
    AddMatMat(p.x->data<float>(), lx, dx, p.w->data<float>(), dx, td, tmp, td);
    const float* y = p.y->data<float>();
    float* out = p.out->mutable_data<float>();
    for (size_t b = 0; b + 1 < p.off_l.size(); ++b) {
      const int64_t len_l = static_cast<int64_t>(p.off_l[b + 1] - p.off_l[b]);
      const int64_t len_r = static_cast<int64_t>(p.off_r[b + 1] - p.off_r[b]);
      for (int64_t t = 0; t < p.dim_t; ++t) {
        for (int64_t i = 0; i < len_l; ++i) {
          const float* left = tmp + (static_cast<int64_t>(p.off_l[b]) + i) * td + t * dy;
          float* o = out + p.off_out[b] + (t * len_l + i) * len_r;
          for (int64_t j = 0; j < len_r; ++j) {
            const float* right = y + (static_cast<int64_t>(p.off_r[b]) + j) * dy;
            float s = 0.f;
            for (int64_t c = 0; c < dy; ++c) s += left[c] * right[c];
            o[j] = p.fuse_relu ? std::max(s, 0.f) : s;
          }
        }
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(MatchMatrixTensorOp)
LITE_KERNEL_CLASS(MatchMatrixTensorKernel)
