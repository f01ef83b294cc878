// unique: the distinct values of X (flattened; an `axis` is refused by name).
//   is_sorted = false (Paddle's original form): Out in order of first
//   occurrence and Index[i] = the position of X[i] in Out.
//   is_sorted = true: Out ascending, and the optional outputs Indices (the
//   first occurrence in X of each value), Index (as above) and Counts.
//   `dtype` is the index type (int32 or int64, default int64).
// unique_with_counts: X 1-D; Out in order of first occurrence, Index as
//   above and Count (occurrences of each value).
// float32/float64/int32/int64 X.
#include <algorithm>
#include <map>
#include <numeric>
#include <type_traits>

#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct UniqueParam {
  const Tensor* x{nullptr};
  Tensor *out{nullptr}, *index{nullptr}, *indices{nullptr}, *counts{nullptr};
  DataType index_type{DataType::kInt64};
  bool sorted{false};
  // Computed in InferShape (the output extent depends on the values).
  std::vector<int64_t> first;    // per distinct value: its first position in X
  std::vector<int64_t> inverse;  // per element of X: its distinct value's slot
  std::vector<int64_t> count;
};

template <typename T>
void Distinct(const std::string& op, const T* x, int64_t n, bool sorted, UniqueParam* p) {
  if constexpr (std::is_floating_point_v<T>) {
    for (int64_t i = 0; i < n; ++i) {
      LITE_ENFORCE(x[i] == x[i], "op '", op, "': input 'X' holds NaN at element ", i,
                   " (NaN has no place in an order of distinct values)");
    }
  }
  std::map<T, int64_t> slot;  // value -> first position
  std::vector<int64_t> order;
  for (int64_t i = 0; i < n; ++i) {
    if (slot.emplace(x[i], i).second) order.push_back(i);
  }
  if (sorted) {
    order.clear();
    for (const auto& kv : slot) order.push_back(kv.second);
  }
  std::map<T, int64_t> pos;
  for (size_t k = 0; k < order.size(); ++k) pos[x[order[k]]] = static_cast<int64_t>(k);
  p->first = order;
  p->inverse.resize(n);
  p->count.assign(order.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    p->inverse[i] = pos[x[i]];
    ++p->count[p->inverse[i]];
  }
}

class UniqueOp : public OperatorBase<UniqueParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    if (op == "unique_with_counts") {
      LITE_ENFORCE(p.x->dims().size() == 1, "op 'unique_with_counts': input 'X' must be 1-D, got ",
                   DimsToString(p.x->dims()));
    }
    DispatchDataType<float, double, int32_t, int64_t>(p.x->dtype(), op, "X", [&](auto tag) {
      using T = typename decltype(tag)::type;
      Distinct<T>(op, p.x->data<T>(), p.x->numel(), p.sorted, &p);
    });
    const int64_t k = static_cast<int64_t>(p.first.size());
    p.out->Resize({k});
    p.out->set_dtype(p.x->dtype());
    for (Tensor* t : {p.index}) {
      if (t) {
        t->Resize({p.x->numel()});
        t->set_dtype(p.index_type);
      }
    }
    for (Tensor* t : {p.indices, p.counts}) {
      if (t) {
        t->Resize({k});
        t->set_dtype(p.index_type);
      }
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    const std::string& op = desc.Type();
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.index_type = DataTypeFromAttr(desc.GetAttr<int32_t>("dtype", 3), op);
    LITE_ENFORCE(p.index_type == DataType::kInt32 || p.index_type == DataType::kInt64, "op '", op,
                 "': attribute 'dtype' must be int32 (2) or int64 (3)");
    if (op == "unique_with_counts") {
      p.index = GetOutput(desc, scope, "Index");
      p.counts = GetOutput(desc, scope, "Count");
      return;
    }
    LITE_ENFORCE(desc.GetAttr<std::vector<int32_t>>("axis", {}).empty(), "op 'unique': attribute "
                 "'axis' (unique slices along an axis) is not supported; only the flattened form");
    p.sorted = desc.GetAttr<bool>("is_sorted", false);
    p.index = GetOptionalOutput(desc, scope, "Index");
    if (p.sorted) {
      p.indices = GetOptionalOutput(desc, scope, "Indices");
      p.counts = GetOptionalOutput(desc, scope, "Counts");
    }
  }
};

class UniqueKernel : public KernelBase<UniqueParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    DispatchBySize(p.x->dtype(), key().op_type, [&](auto tag) {
      using U = decltype(tag);
      const U* x = static_cast<const U*>(p.x->raw_data());
      U* o = static_cast<U*>(p.out->mutable_data(p.x->dtype()));
      for (size_t k = 0; k < p.first.size(); ++k) o[k] = x[p.first[k]];
    });
    auto write = [&](Tensor* t, const std::vector<int64_t>& v) {
      if (!t) return;
      if (p.index_type == DataType::kInt32) {
        int32_t* d = t->mutable_data<int32_t>();
        for (size_t i = 0; i < v.size(); ++i) d[i] = static_cast<int32_t>(v[i]);
      } else {
        std::copy(v.begin(), v.end(), t->mutable_data<int64_t>());
      }
    };
    write(p.index, p.inverse);
    write(p.indices, p.first);
    write(p.counts, p.count);
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(UniqueOp)
LITE_KERNEL_CLASS(UniqueKernel)
