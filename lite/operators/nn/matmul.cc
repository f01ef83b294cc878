// matmul (v1: transpose_X, transpose_Y, alpha) and matmul_v2 (trans_x,
// trans_y), Paddle semantics, on oneDNN's matmul with strided (transposed)
// and broadcast operands (no copies).
//
// Rules: a 1-D X [K] is the row [1, K] and a 1-D Y [K] the column [K, 1]
// (v2 ignores trans_* for 1-D operands; v1 applies them after the
// promotion); batch dims (all but the last two) broadcast numpy-style. Output
// = broadcast batch dims + [M] + [N], where the M dim is dropped when X was
// 1-D and the N dim when Y was 1-D (v1 drops them only when they equal 1, as
// Paddle does); an empty result is [1]. v1 also accepts two batch shapes that
// do not broadcast but hold the same number of matrices (paired in order; the
// output takes X's batch dims), as Paddle's v1 does.
#include <algorithm>

#include "lite/core/registry.h"
#include "lite/operators/nn/dnnl_matmul.h"

namespace paddle {
namespace lite {
namespace operators {

struct MatmulParam {
  const Tensor* x{nullptr};
  const Tensor* y{nullptr};
  Tensor* out{nullptr};
  bool trans_x{false}, trans_y{false};
  float alpha{1.f};
  bool v2{true};
  std::string op_type;
  // Resolved by InferShape.
  MatmulSpec spec;
};

namespace {

// Builds the oneDNN operand descriptions and the output dims.
void PlanMatmul(MatmulParam* p, DDim* out_dims) {
  const std::string& op = p->op_type;
  DDim xd = p->x->dims(), yd = p->y->dims();
  LITE_ENFORCE(!xd.empty() && !yd.empty(), "op '", op,
               "': inputs 'X' and 'Y' must have at least 1 dim, got ", DimsToString(xd),
               " and ", DimsToString(yd));
  const bool x1 = xd.size() == 1, y1 = yd.size() == 1;
  bool tx = p->trans_x, ty = p->trans_y;
  if (x1) {
    xd = {1, xd[0]};
    if (p->v2) tx = false;
  }
  if (y1) {
    yd = {yd[0], 1};
    if (p->v2) ty = false;
  }
  const int64_t M = tx ? xd[xd.size() - 1] : xd[xd.size() - 2];
  const int64_t Kx = tx ? xd[xd.size() - 2] : xd[xd.size() - 1];
  const int64_t Ky = ty ? yd[yd.size() - 1] : yd[yd.size() - 2];
  const int64_t N = ty ? yd[yd.size() - 2] : yd[yd.size() - 1];
  LITE_ENFORCE(Kx == Ky, "op '", op, "': inner dims differ: 'X' ", DimsToString(p->x->dims()),
               (tx ? " (transposed)" : ""), " gives K=", Kx, " but 'Y' ",
               DimsToString(p->y->dims()), (ty ? " (transposed)" : ""), " gives K=", Ky);
  DDim bx(xd.begin(), xd.end() - 2), by(yd.begin(), yd.end() - 2);
  const size_t r = std::max(bx.size(), by.size());
  DDim bxp(r - bx.size(), 1), byp(r - by.size(), 1);
  bxp.insert(bxp.end(), bx.begin(), bx.end());
  byp.insert(byp.end(), by.begin(), by.end());
  DDim batch(r);
  bool broadcastable = true;
  for (size_t i = 0; i < r; ++i) {
    if (bxp[i] == byp[i] || byp[i] == 1) {
      batch[i] = bxp[i];
    } else if (bxp[i] == 1) {
      batch[i] = byp[i];
    } else {
      broadcastable = false;
    }
  }
  if (!broadcastable) {
    const int64_t nx = Numel(bx), ny = Numel(by);
    LITE_ENFORCE(!p->v2 && nx == ny, "op '", op, "': batch dims of 'X' ",
                 DimsToString(p->x->dims()), " and 'Y' ", DimsToString(p->y->dims()),
                 " cannot be broadcast together");
    // v1: same number of matrices, paired in order; output batch dims = X's.
    batch = bx;
    bxp = DDim(r, 1);
    byp = DDim(r, 1);
    bxp.back() = byp.back() = nx;
  }
  // oneDNN dims (at least 2-D) with strides describing the stored layout.
  auto operand = [](const DDim& b, int64_t rows, int64_t cols, bool trans,
                    dnnl::memory::dims* dims, dnnl::memory::dims* strides) {
    // logical [b..., rows, cols]; stored [b..., rows, cols] or [b..., cols, rows]
    dims->assign(b.begin(), b.end());
    dims->push_back(rows);
    dims->push_back(cols);
    strides->assign(dims->size(), 0);
    const size_t n = dims->size();
    (*strides)[n - 2] = trans ? 1 : cols;
    (*strides)[n - 1] = trans ? rows : 1;
    int64_t s = rows * cols;
    for (int i = static_cast<int>(b.size()) - 1; i >= 0; --i) {
      (*strides)[i] = s;
      s *= b[i];
    }
  };
  MatmulSpec& spec = p->spec;
  spec = MatmulSpec();
  if (by.empty() && !tx && !bx.empty()) {
    // One Y for every matrix of a dense X: one GEMM with the batch dims
    // folded into the rows ([B * M, K] x [K, N]), which oneDNN runs faster
    // than B small ones (the recognizer's [1, 40, 120] x [120, 6625]).
    const int64_t rows = Numel(bx) * M;
    operand({}, rows, Kx, false, &spec.src_dims, &spec.src_strides);
    operand({}, Kx, N, ty, &spec.w_dims, &spec.w_strides);
    spec.dst_dims = {rows, N};
  } else if (bxp.empty()) {
    operand({}, M, Kx, tx, &spec.src_dims, &spec.src_strides);
    operand({}, Kx, N, ty, &spec.w_dims, &spec.w_strides);
    spec.dst_dims = {M, N};
  } else {
    operand(bxp, M, Kx, tx, &spec.src_dims, &spec.src_strides);
    operand(byp, Kx, N, ty, &spec.w_dims, &spec.w_strides);
    DDim db = broadcastable ? batch : DDim(bxp);
    spec.dst_dims.assign(db.begin(), db.end());
    spec.dst_dims.push_back(M);
    spec.dst_dims.push_back(N);
  }
  spec.alpha = p->alpha;
  // A weight operand (persistable) is packed into oneDNN's layout once.
  spec.pack_weights = p->y->persistable();
  // Output dims.
  DDim out = batch;
  if (p->v2) {
    if (!x1) out.push_back(M);
    if (!y1) out.push_back(N);
  } else {
    out.push_back(M);
    out.push_back(N);
    if (x1 && out[out.size() - 2] == 1) {
      std::swap(out[out.size() - 1], out[out.size() - 2]);
      out.pop_back();
    }
    if (y1 && out.back() == 1) out.pop_back();
  }
  if (out.empty()) out = {1};
  *out_dims = out;
}

}  // namespace

class MatmulOp : public OperatorBase<MatmulParam> {
 public:
  void InferShape() override {
    DDim out;
    PlanMatmul(&param_, &out);
    param_.out->Resize(out);
    param_.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op_type = desc.Type();
    p.v2 = desc.Type() == "matmul_v2";
    p.x = GetInput(desc, scope, "X");
    p.y = GetInput(desc, scope, "Y");
    p.out = GetOutput(desc, scope, "Out");
    if (p.v2) {
      p.trans_x = desc.GetAttr<bool>("trans_x", false);
      p.trans_y = desc.GetAttr<bool>("trans_y", false);
    } else {
      p.trans_x = desc.GetAttr<bool>("transpose_X", false);
      p.trans_y = desc.GetAttr<bool>("transpose_Y", false);
      p.alpha = desc.GetAttr<float>("alpha", 1.f);
    }
  }
};

class MatmulKernel : public KernelBase<MatmulParam> {
 public:
  void Run(const RunContext& ctx) override {
    auto& p = param();
    MatmulSpec spec = p.spec;
    spec.threads = ctx.threads;
    float* out = p.out->mutable_data<float>();
    if (p.x->numel() == 0 || p.y->numel() == 0) {
      std::fill(out, out + p.out->numel(), 0.f);
      return;
    }
    matmul_.Run(p.op_type, spec, FusedActivation(), p.x->data<float>(), p.y->data<float>(),
                nullptr, out);
  }

 private:
  DnnlMatmul matmul_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(MatmulOp)
LITE_KERNEL_CLASS(MatmulKernel)
