// Window copies (any element type; X of any rank):
// crop: Out = X[offsets : offsets + shape] per dim; the shape comes from Y's
//   dims when Y is given, else the `shape` attribute; offsets from the
//   Offsets input when given, else the `offsets` attribute (default 0s).
// crop_tensor: the same with shape from the Shape input, the ShapeTensor
//   list or the attribute (a -1 extends to the end of X: X dim - offset), and
//   offsets from Offsets, the OffsetsTensor list or the attribute.
// pad (v1): Out = X surrounded by paddings[2i] before and paddings[2i + 1]
//   after dim i, filled with pad_value.
#include <cstring>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct CropPadParam {
  const Tensor* x{nullptr};
  const Tensor *y{nullptr}, *shape_tensor{nullptr}, *offsets_tensor{nullptr};
  std::vector<Tensor*> shape_list, offsets_list;
  Tensor* out{nullptr};
  std::vector<int64_t> shape, offsets, paddings;
  float pad_value{0.f};
  bool pad{false};
  std::vector<int64_t> start;  // per dim: X index of Out index 0 (pad: negative)
};

class CropPadOp : public OperatorBase<CropPadParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    const DDim& xd = p.x->dims();
    const size_t rank = xd.size();
    DDim od(rank);
    p.start.assign(rank, 0);
    if (p.pad) {
      LITE_ENFORCE(p.paddings.size() == 2 * rank, "op 'pad': attribute 'paddings' has ",
                   p.paddings.size(), " values; X dims ", DimsToString(xd), " need ", 2 * rank);
      for (size_t i = 0; i < rank; ++i) {
        LITE_ENFORCE(p.paddings[2 * i] >= 0 && p.paddings[2 * i + 1] >= 0,
                     "op 'pad': attribute 'paddings' has a negative value");
        od[i] = xd[i] + p.paddings[2 * i] + p.paddings[2 * i + 1];
        p.start[i] = -p.paddings[2 * i];
      }
    } else {
      std::vector<int64_t> shape = p.shape, offsets = p.offsets;
      if (p.y) {
        shape = p.y->dims();
      } else if (p.shape_tensor) {
        shape = ReadInts(*p.shape_tensor, "op '" + op + "': input 'Shape'");
      } else if (!p.shape_list.empty()) {
        shape = ReadIntList(p.shape_list, "op '" + op + "': input 'ShapeTensor'");
      }
      if (p.offsets_tensor) {
        offsets = ReadInts(*p.offsets_tensor, "op '" + op + "': input 'Offsets'");
      } else if (!p.offsets_list.empty()) {
        offsets = ReadIntList(p.offsets_list, "op '" + op + "': input 'OffsetsTensor'");
      }
      if (offsets.empty()) offsets.assign(rank, 0);
      LITE_ENFORCE(shape.size() == rank && offsets.size() == rank, "op '", op, "': shape ",
                   DimsToString(shape), " and offsets ", DimsToString(offsets),
                   " must have one value per dim of X ", DimsToString(xd));
      for (size_t i = 0; i < rank; ++i) {
        int64_t s = shape[i];
        if (s == -1 && op == "crop_tensor") s = xd[i] - offsets[i];
        LITE_ENFORCE(offsets[i] >= 0 && s >= 0 && offsets[i] + s <= xd[i], "op '", op,
                     "': the window offset ", offsets[i], " size ", s, " of dim ", i,
                     " does not fit X dims ", DimsToString(xd));
        od[i] = s;
        p.start[i] = offsets[i];
      }
    }
    p.out->Resize(od);
    p.out->set_dtype(p.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    const std::string& op = desc.Type();
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.pad = op == "pad";
    if (p.pad) {
      p.paddings = desc.GetAttr<std::vector<int64_t>>("paddings", {});
      p.pad_value = desc.GetAttr<float>("pad_value", 0.f);
      return;
    }
    p.shape = desc.GetAttr<std::vector<int64_t>>("shape", {});
    p.offsets = desc.GetAttr<std::vector<int64_t>>("offsets", {});
    p.offsets_tensor = GetOptionalInput(desc, scope, "Offsets");
    if (op == "crop") {
      p.y = GetOptionalInput(desc, scope, "Y");
    } else {
      p.shape_tensor = GetOptionalInput(desc, scope, "Shape");
      p.shape_list = GetOptionalInputList(desc, scope, "ShapeTensor");
      p.offsets_list = GetOptionalInputList(desc, scope, "OffsetsTensor");
    }
  }
};

class CropPadKernel : public KernelBase<CropPadParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& xd = p.x->dims();
    const DDim& od = p.out->dims();
    const int r = static_cast<int>(od.size());
    DispatchType(p.x->dtype(), key().op_type, [&](auto tag) {
      using T = decltype(tag);
      const T* x = p.x->template data<T>();
      T* o = p.out->template mutable_data<T>();
      const T fill = static_cast<T>(p.pad_value);
      const int64_t total = Numel(od);
      for (int64_t e = 0; e < total; ++e) {
        int64_t rem = e, src = 0, stride = 1;
        bool inside = true;
        for (int k = r - 1; k >= 0; --k) {
          const int64_t j = rem % od[k] + p.start[k];
          rem /= od[k];
          inside = inside && j >= 0 && j < xd[k];
          src += j * stride;
          stride *= xd[k];
        }
        o[e] = inside ? x[src] : fill;
      }
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(CropPadOp)
LITE_KERNEL_CLASS(CropPadKernel)
