// where_index: Out (int64 [count, rank]) = the coordinates of the nonzero
//   (true) elements of Condition in row-major order.
// scatter: Out = X with rows Ids[k] (int32/int64, 1-D or [K, 1]) replaced by
//   Updates[k] (overwrite = true, the last write wins) or, with overwrite =
//   false, zeroed and then summed with every Updates row aimed at them.
// scatter_nd_add: Out = X; Out[Index[i]] += Updates[i], Index [..., k]
//   addressing the first k dims of X; Updates dims = Index dims[:-1] + X
//   dims[k:].
// Indices must be in range (checked, with negatives counted from the end for
// scatter as Paddle does).
#include <cstring>

#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct WhereIndexParam {
  const Tensor* cond{nullptr};
  Tensor* out{nullptr};
  std::vector<int64_t> hits;  // flat indices of the true elements
};

class WhereIndexOp : public OperatorBase<WhereIndexParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    // The output extent depends on the values: counted here.
    p.hits.clear();
    DispatchType(p.cond->dtype(), "where_index", [&](auto tag) {
      using T = decltype(tag);
      const T* c = p.cond->template data<T>();
      for (int64_t i = 0; i < p.cond->numel(); ++i)
        if (c[i] != T(0)) p.hits.push_back(i);
    });
    p.out->Resize({static_cast<int64_t>(p.hits.size()),
                   static_cast<int64_t>(p.cond->dims().size())});
    p.out->set_dtype(DataType::kInt64);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.cond = GetInput(desc, scope, "Condition");
    param_.out = GetOutput(desc, scope, "Out");
  }
};

class WhereIndexKernel : public KernelBase<WhereIndexParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& d = p.cond->dims();
    const int r = static_cast<int>(d.size());
    int64_t* o = p.out->mutable_data<int64_t>();
    for (size_t h = 0; h < p.hits.size(); ++h) {
      int64_t rem = p.hits[h];
      for (int k = r - 1; k >= 0; --k) {
        o[h * r + k] = rem % d[k];
        rem /= d[k];
      }
    }
  }
};

struct ScatterParam {
  const Tensor *x{nullptr}, *index{nullptr}, *updates{nullptr};
  Tensor* out{nullptr};
  bool overwrite{true};
  bool nd{false};
};

class ScatterOp : public OperatorBase<ScatterParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    const DDim &xd = p.x->dims(), &id = p.index->dims(), &ud = p.updates->dims();
    LITE_ENFORCE(p.updates->dtype() == p.x->dtype(), "op '", op, "': Updates is ",
                 DataTypeName(p.updates->dtype()), ", X is ", DataTypeName(p.x->dtype()));
    DDim want;
    if (!p.nd) {
      LITE_ENFORCE(!xd.empty() && (id.size() == 1 || (id.size() == 2 && id[1] == 1)),
                   "op 'scatter': Ids must be 1-D or [K, 1] and X at least 1-D, got Ids ",
                   DimsToString(id), " X ", DimsToString(xd));
      want = xd;
      want[0] = id[0];
    } else {
      LITE_ENFORCE(!id.empty() && id.back() <= static_cast<int64_t>(xd.size()),
                   "op 'scatter_nd_add': the last dim of Index ", DimsToString(id),
                   " exceeds the rank of X ", DimsToString(xd));
      want.assign(id.begin(), id.end() - 1);
      want.insert(want.end(), xd.begin() + id.back(), xd.end());
    }
    LITE_ENFORCE(Numel(ud) == Numel(want), "op '", op, "': Updates dims ", DimsToString(ud),
                 " do not match the expected ", DimsToString(want));
    p.out->Resize(xd);
    p.out->set_dtype(p.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.nd = desc.Type() == "scatter_nd_add";
    p.x = GetInput(desc, scope, "X");
    p.index = GetInput(desc, scope, p.nd ? "Index" : "Ids");
    p.updates = GetInput(desc, scope, "Updates");
    p.out = GetOutput(desc, scope, "Out");
    if (!p.nd) p.overwrite = desc.GetAttr<bool>("overwrite", true);
  }
};

class ScatterKernel : public KernelBase<ScatterParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const std::string& op = key().op_type;
    const DDim& xd = p.x->dims();
    auto idx = ReadInts(*p.index, "op '" + op + "': input '" + (p.nd ? "Index" : "Ids") + "'");
    DispatchDataType<float, double, int32_t, int64_t>(p.x->dtype(), op, "X", [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T* x = p.x->data<T>();
      const T* u = p.updates->data<T>();
      T* o = p.out->mutable_data<T>();
      std::memcpy(o, x, sizeof(T) * p.x->numel());
      if (!p.nd) {
        const int64_t row = DimsProduct(xd, 1, xd.size()), n = xd[0];
        for (int64_t& v : idx) {
          if (v < 0) v += n;
          LITE_ENFORCE(v >= 0 && v < n, "op 'scatter': an index of Ids is out of range [", -n,
                       ", ", n, ")");
        }
        if (!p.overwrite) {
          for (int64_t v : idx) std::fill(o + v * row, o + (v + 1) * row, T(0));
        }
        for (size_t k = 0; k < idx.size(); ++k) {
          T* dst = o + idx[k] * row;
          const T* src = u + k * row;
          for (int64_t j = 0; j < row; ++j) dst[j] = p.overwrite ? src[j] : dst[j] + src[j];
        }
        return;
      }
      const int64_t depth = p.index->dims().back();
      const int64_t slice = DimsProduct(xd, depth, xd.size());
      const int64_t rows = depth ? static_cast<int64_t>(idx.size()) / depth
                                 : Numel(DDim(p.index->dims().begin(), p.index->dims().end() - 1));
      for (int64_t r = 0; r < rows; ++r) {
        int64_t off = 0;
        for (int64_t k = 0; k < depth; ++k) {
          int64_t v = idx[r * depth + k];
          if (v < 0) v += xd[k];
          LITE_ENFORCE(v >= 0 && v < xd[k], "op 'scatter_nd_add': Index value ",
                       idx[r * depth + k], " at row ", r, " is out of range for X dim ", k,
                       " (", xd[k], ")");
          off = off * xd[k] + v;
        }
        for (int64_t j = 0; j < slice; ++j) o[off * slice + j] += u[r * slice + j];
      }
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(WhereIndexOp)
LITE_KERNEL_CLASS(WhereIndexKernel)
LITE_OP_CLASS(ScatterOp)
LITE_KERNEL_CLASS(ScatterKernel)
