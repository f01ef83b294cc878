// concat: joins the inputs X[0..n) along `axis` (negative counts from the
// end; the optional AxisTensor overrides the attribute). All other dims must
// match. Any element type. With nhwc_data (int8_nhwc_chain_pass) the 4-D
// inputs hold NHWC data under NCHW dims and axis must be 1 (channels): each
// pixel's channel vectors are joined. Out takes X[0]'s LoD unless axis is 0 (as in
// Paddle: rows of sequences side by side keep their sequence offsets).
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct ConcatParam {
  std::vector<Tensor*> x;
  Tensor* out{nullptr};
  const Tensor* axis_tensor{nullptr};
  int axis_attr{0};
  int axis{0};  // resolved by InferShape
  bool nhwc_data{false};
};

class ConcatOp : public OperatorBase<ConcatParam> {
 public:
  void InferShape() override {
    const auto& xs = param_.x;
    int64_t axis = param_.axis_attr;
    if (param_.axis_tensor) {
      auto v = ReadInts(*param_.axis_tensor, "op 'concat': input 'AxisTensor'");
      LITE_ENFORCE(v.size() == 1, "op 'concat': input 'AxisTensor' must hold one value, got ",
                   v.size());
      axis = v[0];
    }
    const DDim& d0 = xs[0]->dims();
    const int64_t rank = static_cast<int64_t>(d0.size());
    param_.axis = NormalizeAxis(axis, rank, "concat", "axis");
    LITE_ENFORCE(!param_.nhwc_data || (rank == 4 && param_.axis == 1),
                 "op 'concat': inputs hold NHWC data (attribute nhwc_data), which joins along "
                 "channels only: expected 4-D inputs and axis 1, got dims ", DimsToString(d0),
                 " and axis ", param_.axis);
    DDim out = d0;
    out[param_.axis] = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
      const DDim& d = xs[i]->dims();
      bool ok = d.size() == d0.size() && xs[i]->dtype() == xs[0]->dtype();
      for (size_t k = 0; ok && k < d.size(); ++k) {
        if (static_cast<int>(k) != param_.axis && d[k] != d0[k]) ok = false;
      }
      LITE_ENFORCE(ok, "op 'concat': input X[", i, "] has dims ", DimsToString(d),
                   " and type ", DataTypeName(xs[i]->dtype()),
                   ", incompatible with X[0] dims ", DimsToString(d0), " type ",
                   DataTypeName(xs[0]->dtype()), " for concatenation along axis ",
                   param_.axis);
      out[param_.axis] += d[param_.axis];
    }
    param_.out->Resize(out);
    param_.out->set_dtype(xs[0]->dtype());
    if (param_.axis != 0) param_.out->set_lod(xs[0]->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.x = GetInputList(desc, scope, "X");
    param_.out = GetOutput(desc, scope, "Out");
    param_.axis_tensor = GetOptionalInput(desc, scope, "AxisTensor");
    param_.axis_attr = desc.GetAttr<int32_t>("axis", 0);
    param_.nhwc_data = desc.GetAttr<bool>("nhwc_data", false);
  }
};

class ConcatKernel : public KernelBase<ConcatParam> {
 public:
  void Run(const RunContext&) override {
    const auto& xs = param().x;
    Tensor* out = param().out;
    const size_t esize = SizeOf(xs[0]->dtype());
    char* o = static_cast<char*>(out->mutable_data(xs[0]->dtype()));
    // NHWC data joined along C is the NHWC view joined along its last axis.
    const bool nhwc = param().nhwc_data;
    auto view = [nhwc](const DDim& d) { return nhwc ? DDim{d[0], d[2], d[3], d[1]} : d; };
    const DDim od = view(out->dims());
    const int axis = nhwc ? 3 : param().axis;
    const int64_t outer = DimsProduct(od, 0, axis);
    const int64_t inner = DimsProduct(od, axis + 1, od.size());
    const int64_t out_row = od[axis] * inner * esize;
    int64_t offset = 0;
    for (const Tensor* x : xs) {
      const int64_t row = view(x->dims())[axis] * inner * esize;
      if (row > 0) {
        const char* src = static_cast<const char*>(x->raw_data());
        for (int64_t i = 0; i < outer; ++i) {
          std::memcpy(o + i * out_row + offset, src + i * row, row);
        }
      }
      offset += row;
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ConcatOp)
LITE_KERNEL_CLASS(ConcatKernel)
