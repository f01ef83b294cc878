// lod_reset: Out = X with a new LoD: Y's LoD when Y has one, else Y's
// values (int32/int64 offsets), else the target_lod attribute; `append`
// adds it as a new last level below X's LoD instead of replacing it. The
// offsets must start at 0, not decrease and end at X's dim 0 (checked).
#include <cstring>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct LodResetParam {
  const Tensor *x{nullptr}, *y{nullptr};
  Tensor* out{nullptr};
  std::vector<int64_t> target;
  bool append{false};
};

class LodResetOp : public OperatorBase<LodResetParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    LoD lod;
    if (p.y && !p.y->lod().empty()) {
      lod = p.y->lod();
    } else {
      std::vector<int64_t> level =
          p.y ? ReadInts(*p.y, "op 'lod_reset': input 'Y'") : p.target;
      const int64_t rows = p.x->dims().empty() ? 1 : p.x->dims()[0];
      LITE_ENFORCE(!level.empty() && level.front() == 0 && level.back() == rows,
                   "op 'lod_reset': the new LoD ", DimsToString(level),
                   " must start at 0 and end at X's dim 0 (", rows, ")");
      for (size_t i = 1; i < level.size(); ++i) {
        LITE_ENFORCE(level[i] >= level[i - 1], "op 'lod_reset': the new LoD ",
                     DimsToString(level), " decreases");
      }
      lod.push_back(std::vector<uint64_t>(level.begin(), level.end()));
    }
    if (p.append) {
      LoD merged = p.x->lod();
      merged.insert(merged.end(), lod.begin(), lod.end());
      lod = merged;
    }
    p.out->Resize(p.x->dims());
    p.out->set_dtype(p.x->dtype());
    p.out->set_lod(lod);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.y = GetOptionalInput(desc, scope, "Y");
    p.out = GetOutput(desc, scope, "Out");
    p.target = desc.GetAttr<std::vector<int64_t>>("target_lod", {});
    p.append = desc.GetAttr<bool>("append", false);
  }
};

class LodResetKernel : public KernelBase<LodResetParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    if (p.out == p.x) return;
    void* o = p.out->mutable_data(p.x->dtype());
    if (p.x->numel() > 0) std::memcpy(o, p.x->raw_data(), p.x->memory_size());
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(LodResetOp)
LITE_KERNEL_CLASS(LodResetKernel)
