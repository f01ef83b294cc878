// mul and fc (Paddle semantics) on oneDNN matmul with weights packed once.
//
// mul: X flattened to [prod(X.dims[:x_num_col_dims]), rest], Y to
//   [prod(Y.dims[:y_num_col_dims]), rest]; Out dims = X.dims[:x_num_col_dims]
//   + Y.dims[y_num_col_dims:].
// fc: Input flattened at in_num_col_dims (-1: at the last dim, whatever
//   the rank; a 1-D Input is one row), W [K, N] (or [K+4, N+4] with
//   padding_weights, of which the top-left [K, N] is used), optional Bias
//   with N elements, activation_type "" or any fused activation of
//   nn_common.h (Paddle uses "relu"); Out dims = Input.dims[:in_num_col_dims]
//   + [N].
// Persistable weights are packed into oneDNN's layout once (keyed on the
// weights pointer and dims); other weight operands are read in place.
#include "lite/core/registry.h"
#include "lite/operators/nn/dnnl_matmul.h"
#include "lite/operators/nn/fc_param.h"

namespace paddle {
namespace lite {
namespace operators {

class FcOp : public OperatorBase<FcParam> {
 public:
  PrecisionType PreferredPrecision() const override {
    return param_.enable_int8 ? PrecisionType::kInt8 : PrecisionType::kFloat;
  }
  void InferShape() override {
    auto& p = param_;
    const std::string& op = p.op_type;
    const bool is_fc = op == "fc";
    const char* x_slot = is_fc ? "Input" : "X";
    const char* w_slot = is_fc ? "W" : "Y";
    const DDim& xd = p.x->dims();
    const DDim& wd = p.w->dims();
    const int rank = static_cast<int>(xd.size());
    // fc's in_num_col_dims -1 (fc_fuse_pass's matmul + bias, whose X rank
    // is unknown when the pass runs): all dims but the last are rows.
    const int cols_at = is_fc && p.x_num_col_dims == -1 ? rank - 1 : p.x_num_col_dims;
    LITE_ENFORCE((cols_at >= 1 || (p.x_num_col_dims == -1 && rank == 1)) && cols_at < rank,
                 "op '", op, "': attribute '", is_fc ? "in_num_col_dims" : "x_num_col_dims",
                 "' = ", p.x_num_col_dims, " must be in [1, rank of '", x_slot, "' ",
                 DimsToString(xd), ")", is_fc ? " or -1" : "");
    p.M = DimsProduct(xd, 0, cols_at);
    p.K = DimsProduct(xd, cols_at, xd.size());
    DDim out(xd.begin(), xd.begin() + cols_at);
    int64_t wk;
    if (is_fc) {
      LITE_ENFORCE(wd.size() == 2, "op 'fc': input 'W' must be 2-D, got ", DimsToString(wd));
      wk = wd[0] - (p.padding_weights ? 4 : 0);
      p.N = wd[1] - (p.padding_weights ? 4 : 0);
      out.push_back(p.N);
    } else {
      LITE_ENFORCE(p.y_num_col_dims >= 1 && p.y_num_col_dims < static_cast<int>(wd.size()),
                   "op 'mul': attribute 'y_num_col_dims' = ", p.y_num_col_dims,
                   " must be in [1, rank of 'Y' ", DimsToString(wd), ")");
      wk = DimsProduct(wd, 0, p.y_num_col_dims);
      p.N = DimsProduct(wd, p.y_num_col_dims, wd.size());
      out.insert(out.end(), wd.begin() + p.y_num_col_dims, wd.end());
    }
    LITE_ENFORCE(wk == p.K, "op '", op, "': input '", x_slot, "' ", DimsToString(xd),
                 " flattened at ", p.x_num_col_dims, " has ", p.K, " columns but '", w_slot,
                 "' ", DimsToString(wd), " has ", wk, " rows");
    if (p.enable_int8) {
      LITE_ENFORCE(p.weight_scale.size() == 1 || static_cast<int64_t>(p.weight_scale.size()) == p.N,
                   "op '", op, "': attribute '", is_fc ? "W0_scale" : "Y0_scale", "' has ",
                   p.weight_scale.size(), " values; expected 1 or ", p.N, " (columns of '",
                   w_slot, "')");
    }
    if (p.bias) {
      LITE_ENFORCE(p.bias->numel() == p.N, "op '", op, "': input 'Bias' ",
                   DimsToString(p.bias->dims()), " must have ", p.N, " elements");
    }
    p.out->Resize(out);
    p.out->set_dtype(DataType::kFloat32);
    p.out->set_lod(p.x->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op_type = desc.Type();
    if (p.op_type == "fc") {
      p.x = GetInput(desc, scope, "Input");
      p.w = GetInput(desc, scope, "W");
      p.bias = GetOptionalInput(desc, scope, "Bias");
      p.x_num_col_dims = desc.GetAttr<int>("in_num_col_dims", 1);
      p.padding_weights = desc.GetAttr<bool>("padding_weights", false);
      p.act = ParseFusedActivation(desc, "activation_type");
    } else {
      p.x = GetInput(desc, scope, "X");
      p.w = GetInput(desc, scope, "Y");
      p.x_num_col_dims = desc.GetAttr<int>("x_num_col_dims", 1);
      p.y_num_col_dims = desc.GetAttr<int>("y_num_col_dims", 1);
    }
    p.out = GetOutput(desc, scope, "Out");
    p.enable_int8 = desc.GetAttr<bool>("enable_int8", false);
    if (p.enable_int8) {
      const bool is_fc = p.op_type == "fc";
      const std::string in_attr = is_fc ? "Input0_scale" : "X0_scale";
      const std::string w_attr = is_fc ? "W0_scale" : "Y0_scale";
      auto in_scale = desc.GetAttr<std::vector<float>>(in_attr, {});
      p.weight_scale = desc.GetAttr<std::vector<float>>(w_attr, {});
      LITE_ENFORCE(in_scale.size() == 1 && in_scale[0] > 0.f && std::isfinite(in_scale[0]),
                   "op '", p.op_type, "': enable_int8 needs attribute '", in_attr,
                   "' with one positive scale");
      p.input_scale = in_scale[0];
      LITE_ENFORCE(!p.weight_scale.empty(), "op '", p.op_type, "': enable_int8 needs attribute '",
                   w_attr, "' (per output column)");
      for (float v : p.weight_scale) {
        LITE_ENFORCE(v > 0.f && std::isfinite(v), "op '", p.op_type, "': attribute '", w_attr,
                     "' values must be positive");
      }
    }
  }
};

class FcKernel : public KernelBase<FcParam> {
 public:
  void Run(const RunContext& ctx) override {
    auto& p = param();
    float* out = p.out->mutable_data<float>();
    if (FillFcWithoutProducts(p, out)) return;
    MatmulSpec spec;
    spec.src_dims = {p.M, p.K};
    spec.src_strides = {p.K, 1};
    spec.w_dims = {p.K, p.N};
    spec.w_strides = {p.padding_weights ? p.N + 4 : p.N, 1};
    spec.dst_dims = {p.M, p.N};
    spec.has_bias = p.bias != nullptr;
    spec.pack_weights = p.w->persistable();
    spec.threads = ctx.threads;
    matmul_.Run(p.op_type, spec, p.act, p.x->data<float>(), p.w->data<float>(),
                p.bias ? p.bias->data<float>() : nullptr, out);
  }

 private:
  DnnlMatmul matmul_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(FcOp)
LITE_KERNEL_CLASS(FcKernel)
