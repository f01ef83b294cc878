// lookup_table / lookup_table_v2: Out[i] = W[Ids[i]] (a row of the [V, D]
// table), zeros where Ids[i] == padding_idx (-1: none).
// lookup_table: Ids [..., 1] (int64), Out = Ids.dims[:-1] + [D].
// lookup_table_v2: Ids int32 or int64 of any rank, Out = Ids.dims + [D].
// Out takes the LoD of Ids. An id outside [0, V) is an error naming it.
#include <cstring>

#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {

struct LookupTableParam {
  const Tensor* w{nullptr};
  const Tensor* ids{nullptr};
  Tensor* out{nullptr};
  int64_t padding_idx{-1};
  std::string op;
};

class LookupTableOp : public OperatorBase<LookupTableParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& wd = p.w->dims();
    LITE_ENFORCE(wd.size() == 2, "op '", p.op, "': input 'W' must be 2-D [vocabulary, width], got ",
                 DimsToString(wd));
    DDim out = p.ids->dims();
    if (p.op == "lookup_table") {
      LITE_ENFORCE(!out.empty() && out.back() == 1, "op 'lookup_table': input 'Ids' ",
                   DimsToString(out), " must end in a dimension of 1");
      out.pop_back();
    }
    out.push_back(wd[1]);
    p.out->Resize(out);
    p.out->set_dtype(DataType::kFloat32);
    p.out->set_lod(p.ids->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op = desc.Type();
    p.w = GetInput(desc, scope, "W");
    p.ids = GetInput(desc, scope, "Ids");
    p.out = GetOutput(desc, scope, "Out");
    p.padding_idx = desc.GetAttr<int64_t>("padding_idx", -1);
  }
};

class LookupTableKernel : public KernelBase<LookupTableParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DataType it = p.ids->dtype();
    LITE_ENFORCE(it == DataType::kInt64 || it == DataType::kInt32, "op '", p.op,
                 "': input 'Ids' must be int64 or int32");
    if (it == DataType::kInt64) {
      Gather(p.ids->data<int64_t>());
    } else {
      Gather(p.ids->data<int32_t>());
    }
  }

 private:
  template <typename T>
  void Gather(const T* ids) {
    auto& p = param();
    const int64_t vocab = p.w->dims()[0], width = p.w->dims()[1];
    const int64_t n = p.ids->numel();
    const float* w = p.w->data<float>();
    float* out = p.out->mutable_data<float>();
    for (int64_t i = 0; i < n; ++i) {
      const int64_t id = static_cast<int64_t>(ids[i]);
      float* row = out + i * width;
      if (p.padding_idx != -1 && id == p.padding_idx) {
        std::memset(row, 0, sizeof(float) * width);
        continue;
      }
      LITE_ENFORCE(id >= 0 && id < vocab, "op '", p.op, "': input 'Ids'[", i, "] = ", id,
                   " is outside the table 'W' of ", vocab, " rows");
      std::memcpy(row, w + id * width, sizeof(float) * width);
    }
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(LookupTableOp)
LITE_KERNEL_CLASS(LookupTableKernel)
