// top_k (last axis; k attribute or K input), top_k_v2 (axis, largest,
// sorted) and arg_sort / argsort (Paddle's name; axis, descending). Out holds the values, Indices
// the int64 positions along the axis. Ties keep the lower index first;
// results are always sorted (also valid for sorted = false). NaN is treated
// as larger than any number. Types: float32, float64, int32, int64.
// top_k and top_k_v2 pass X's LoD to Out and Indices (a beam-search
// decoder's candidates stay grouped by source).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <type_traits>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct TopKParam {
  const Tensor* x{nullptr};
  const Tensor* k_tensor{nullptr};
  Tensor* out{nullptr};
  Tensor* indices{nullptr};
  int k_attr{1};
  int axis_attr{-1};
  bool largest{true};
  bool full_sort{false};  // arg_sort
  int axis{0};
  int64_t k{1};
};

class TopKOp : public OperatorBase<TopKParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    const DDim& d = p.x->dims();
    LITE_ENFORCE(!d.empty(), "op '", op, "': input X must have rank >= 1");
    p.axis = NormalizeAxis(p.axis_attr, static_cast<int64_t>(d.size()), op, "axis");
    p.k = p.full_sort ? d[p.axis] : p.k_attr;
    if (p.k_tensor) p.k = ReadInts(*p.k_tensor, "op '" + op + "': input 'K'").at(0);
    LITE_ENFORCE(p.k >= 1 && p.k <= d[p.axis], "op '", op, "': k = ", p.k,
                 " must be in [1, ", d[p.axis], "] for input X dims ", DimsToString(d),
                 " along axis ", p.axis);
    DDim out = d;
    out[p.axis] = p.k;
    p.out->Resize(out);
    p.out->set_dtype(p.x->dtype());
    p.indices->Resize(out);
    p.indices->set_dtype(DataType::kInt64);
    if (!p.full_sort) {  // Paddle's top_k / top_k_v2 share X's LoD with both outputs
      p.out->set_lod(p.x->lod());
      p.indices->set_lod(p.x->lod());
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    const std::string& op = desc.Type();
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.indices = GetOutput(desc, scope, "Indices");
    if (op == "arg_sort" || op == "argsort") {
      p.full_sort = true;
      p.axis_attr = desc.GetAttr<int32_t>("axis", -1);
      p.largest = desc.GetAttr<bool>("descending", false);
    } else {
      p.k_tensor = GetOptionalInput(desc, scope, "K");
      p.k_attr = desc.GetAttr<int32_t>("k", 1);
      p.axis_attr = op == "top_k_v2" ? desc.GetAttr<int32_t>("axis", -1) : -1;
      p.largest = op == "top_k_v2" ? desc.GetAttr<bool>("largest", true) : true;
    }
  }
};

class TopKKernel : public KernelBase<TopKParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DataType t = p.x->dtype();
    LITE_ENFORCE(t == DataType::kFloat32 || t == DataType::kFloat64 || t == DataType::kInt32 ||
                     t == DataType::kInt64,
                 "op '", key().op_type, "': unsupported type ", DataTypeName(t));
    DispatchType(t, "top_k", [&](auto tag) {
      using T = decltype(tag);
      if constexpr (!std::is_same_v<T, bool>) Compute<T>();
    });
  }

 private:
  template <typename T>
  void Compute() {
    auto& p = param();
    const DDim& d = p.x->dims();
    const int64_t outer = DimsProduct(d, 0, p.axis), n = d[p.axis];
    const int64_t inner = DimsProduct(d, p.axis + 1, d.size());
    const T* x = p.x->data<T>();
    T* o = p.out->mutable_data<T>();
    int64_t* oi = p.indices->mutable_data<int64_t>();
    const int64_t k = p.k;
    const bool largest = p.largest;
    auto greater = [](T a, T b) {
      if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(a)) return !std::isnan(b);
        if (std::isnan(b)) return false;
      }
      return a > b;
    };
    std::vector<int64_t> idx(n);
    for (int64_t i = 0; i < outer; ++i) {
      for (int64_t j = 0; j < inner; ++j) {
        auto at = [&](int64_t a) { return x[(i * n + a) * inner + j]; };
        std::iota(idx.begin(), idx.end(), 0);
        auto cmp = [&](int64_t a, int64_t b) {
          const T va = at(a), vb = at(b);
          if (largest ? greater(va, vb) : greater(vb, va)) return true;
          if (largest ? greater(vb, va) : greater(va, vb)) return false;
          return a < b;
        };
        std::partial_sort(idx.begin(), idx.begin() + k, idx.end(), cmp);
        for (int64_t a = 0; a < k; ++a) {
          o[(i * k + a) * inner + j] = at(idx[a]);
          oi[(i * k + a) * inner + j] = idx[a];
        }
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(TopKOp)
LITE_KERNEL_CLASS(TopKKernel)
