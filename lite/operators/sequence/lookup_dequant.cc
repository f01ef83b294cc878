// Paddle Lite's compressed-embedding ops:
// dequantize_log: Out (float) = Dict[X] for X >= 0 and -Dict[X + 128] for
//   X < 0 (X int8, Dict [128] float: a logarithmic code book).
// lookup_table_dequant: W [rows, 2 + k] holds per row the floats min, max
//   and then 4 * k uint8 codes (the bytes of the remaining k floats); the
//   row of each Ids value (int64, last dim 1) becomes 4 * k floats
//   min + code * (max - min) / 256; Ids == padding_idx (!= -1) gives zeros.
//   Out = Ids dims with the last replaced by 4 * k, Ids' LoD.
#include <cstring>

#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct LookupDequantParam {
  const Tensor *x{nullptr}, *dict{nullptr};  // dequantize_log
  const Tensor *w{nullptr}, *ids{nullptr};   // lookup_table_dequant
  Tensor* out{nullptr};
  int64_t padding_idx{-1};
  bool log{false};
};

class LookupDequantOp : public OperatorBase<LookupDequantParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    if (p.log) {
      LITE_ENFORCE(p.dict->numel() == 128, "op 'dequantize_log': input 'Dict' must hold 128 "
                   "values, got ", DimsToString(p.dict->dims()));
      p.out->Resize(p.x->dims());
      p.out->set_dtype(DataType::kFloat32);
      return;
    }
    const DDim &wd = p.w->dims(), &id = p.ids->dims();
    LITE_ENFORCE(wd.size() == 2 && wd[1] > 2, "op 'lookup_table_dequant': input 'W' must be "
                 "[rows, 2 + k], got ", DimsToString(wd));
    LITE_ENFORCE(!id.empty() && id.back() == 1, "op 'lookup_table_dequant': input 'Ids' dims ",
                 DimsToString(id), " must end in 1");
    DDim od = id;
    od.back() = (wd[1] - 2) * 4;
    p.out->Resize(od);
    p.out->set_dtype(DataType::kFloat32);
    p.out->set_lod(p.ids->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.log = desc.Type() == "dequantize_log";
    p.out = GetOutput(desc, scope, "Out");
    if (p.log) {
      p.x = GetInput(desc, scope, "X");
      p.dict = GetInput(desc, scope, "Dict");
    } else {
      p.w = GetInput(desc, scope, "W");
      p.ids = GetInput(desc, scope, "Ids");
      p.padding_idx = desc.GetAttr<int64_t>("padding_idx", -1);
    }
  }
};

class LookupDequantKernel : public KernelBase<LookupDequantParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    float* out = p.out->mutable_data<float>();
    if (p.log) {
      LITE_ENFORCE(p.x->dtype() == DataType::kInt8, "op 'dequantize_log': input 'X' must be "
                   "int8, got ", DataTypeName(p.x->dtype()));
      const int8_t* x = p.x->data<int8_t>();
      const float* dict = p.dict->data<float>();
      for (int64_t i = 0; i < p.x->numel(); ++i) out[i] = x[i] < 0 ? -dict[x[i] + 128] : dict[x[i]];
      return;
    }
    LITE_ENFORCE(p.ids->dtype() == DataType::kInt64, "op 'lookup_table_dequant': input 'Ids' "
                 "must be int64, got ", DataTypeName(p.ids->dtype()));
    const int64_t rows = p.w->dims()[0], q = p.w->dims()[1], width = (q - 2) * 4;
    const float* w = p.w->data<float>();
    const int64_t* ids = p.ids->data<int64_t>();
    for (int64_t i = 0; i < p.ids->numel(); ++i) {
      float* dst = out + i * width;
      if (p.padding_idx != -1 && ids[i] == p.padding_idx) {
        std::memset(dst, 0, sizeof(float) * width);
        continue;
      }
      LITE_ENFORCE(ids[i] >= 0 && ids[i] < rows, "op 'lookup_table_dequant': Ids[", i, "] = ",
                   ids[i], " is outside [0, ", rows, ")");
      const float* row = w + ids[i] * q;
      const float lo = row[0], scale = (row[1] - row[0]) / 256.f;
      const unsigned char* codes = reinterpret_cast<const unsigned char*>(row + 2);
      for (int64_t k = 0; k < width; ++k) dst[k] = scale * static_cast<int>(codes[k]) + lo;
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(LookupDequantOp)
LITE_KERNEL_CLASS(LookupDequantKernel)
