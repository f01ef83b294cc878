// box_coder as SLICE / element-wise / EXP / LOG / CONCAT operations, in the
// order of operations of the CPU kernel (lite/operators/detection/
// box_coder.cc) so that every float result rounds the same way. A box is
// handled as two [.., 2] halves: (x1, y1) and (x2, y2).
#include "lite/nnadapter/converters.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

namespace {
class BoxOps {
 public:
  explicit BoxOps(Converter& c) : c_(c) {}
  NNAdapterOperand* Bin(NNAdapterOperationType type, NNAdapterOperand* a, NNAdapterOperand* b,
                        NNAdapterOperand* out = nullptr) {
    if (!out) out = c_.Temporary();
    c_.AddOperation(type, {a, b, c_.Int32(NNADAPTER_FUSED_NONE)}, {out});
    return out;
  }
  NNAdapterOperand* Un(NNAdapterOperationType type, NNAdapterOperand* a) {
    NNAdapterOperand* out = c_.Temporary();
    c_.AddOperation(type, {a}, {out});
    return out;
  }
  // Columns [start, start + 2) of the last axis of a rank-`rank` tensor.
  NNAdapterOperand* Half(NNAdapterOperand* x, int32_t rank, int32_t start) {
    NNAdapterOperand* out = c_.Temporary();
    c_.AddOperation(NNADAPTER_SLICE,
                    {x, c_.Int32s({rank - 1}), c_.Int32s({start}), c_.Int32s({start + 2}),
                     c_.Int32s({1})},
                    {out});
    return out;
  }
  // [K, 4] as [K, 1, 4]: a prior per row of a [N, M, 4] TargetBox (axis 1),
  // or a target box against every prior (encode).
  NNAdapterOperand* PerRow(NNAdapterOperand* x) {
    NNAdapterOperand* out = c_.Temporary();
    c_.AddOperation(NNADAPTER_RESHAPE, {x, c_.Int32s({-1, 1, 4})}, {out});
    return out;
  }
  // hi - lo (+ 1 for unnormalized boxes).
  NNAdapterOperand* Extent(NNAdapterOperand* lo, NNAdapterOperand* hi, bool plus_one) {
    NNAdapterOperand* d = Bin(NNADAPTER_SUB, hi, lo);
    return plus_one ? Bin(NNADAPTER_ADD, d, c_.Float32(1.f)) : d;
  }
  NNAdapterOperand* Halved(NNAdapterOperand* x) { return Bin(NNADAPTER_DIV, x, c_.Float32(2.f)); }

 private:
  Converter& c_;
};
}  // namespace

// Variances: PriorBoxVar (shaped like PriorBox), else the `variance`
// attribute, else none (the kernel's factor 1, which changes no value).
void ConvertBoxCoder(Converter& c, const cpp::OpDesc& op) {
  const std::string code = op.GetAttr<std::string>("code_type", "encode_center_size");
  LITE_ENFORCE(code == "encode_center_size" || code == "decode_center_size",
               "op 'box_coder': attribute 'code_type' = \"", code, "\" is not converted");
  const bool encode = code == "encode_center_size";
  const int axis = op.GetAttr<int32_t>("axis", 0);
  LITE_ENFORCE(encode || axis == 0 || axis == 1, "op 'box_coder': attribute 'axis' = ", axis,
               " is not converted (0 or 1)");
  const auto variance = op.GetAttr<std::vector<float>>("variance", {});
  LITE_ENFORCE(variance.empty() || variance.size() == 4,
               "op 'box_coder': attribute 'variance' must hold 4 values, got ", variance.size());
  const bool plus_one = !op.GetAttr<bool>("box_normalized", true);
  BoxOps b(c);
  // Priors broadcast against the target halves: [M, 2] for encode and
  // decode axis 0, [N, 1, 2] for decode axis 1.
  const bool prior_per_row = !encode && axis == 1;
  auto prior_like = [&](const std::string& var) {
    NNAdapterOperand* x = c.Input(var);
    return prior_per_row ? b.PerRow(x) : x;
  };
  const int32_t prior_rank = prior_per_row ? 3 : 2;
  NNAdapterOperand* prior = prior_like(One(op, "PriorBox"));
  NNAdapterOperand* pwh = b.Extent(b.Half(prior, prior_rank, 0), b.Half(prior, prior_rank, 2),
                                   plus_one);
  NNAdapterOperand* pc = b.Bin(NNADAPTER_ADD, b.Half(prior, prior_rank, 0), b.Halved(pwh));
  NNAdapterOperand* v01 = nullptr;
  NNAdapterOperand* v23 = nullptr;
  if (op.HasInput("PriorBoxVar") && !op.Input("PriorBoxVar").empty()) {
    NNAdapterOperand* var = prior_like(One(op, "PriorBoxVar"));
    v01 = b.Half(var, prior_rank, 0);
    v23 = b.Half(var, prior_rank, 2);
  } else if (!variance.empty()) {
    v01 = c.Float32s({variance[0], variance[1]});
    v23 = c.Float32s({variance[2], variance[3]});
  }
  NNAdapterOperand* target = c.Input(One(op, "TargetBox"));
  if (encode) target = b.PerRow(target);
  NNAdapterOperand* t01 = b.Half(target, 3, 0);
  NNAdapterOperand* t23 = b.Half(target, 3, 2);
  NNAdapterOperand *lo = nullptr, *hi = nullptr;
  if (encode) {
    NNAdapterOperand* tc = b.Halved(b.Bin(NNADAPTER_ADD, t01, t23));
    NNAdapterOperand* twh = b.Extent(t01, t23, plus_one);
    lo = b.Bin(NNADAPTER_DIV, b.Bin(NNADAPTER_SUB, tc, pc), pwh);
    hi = b.Un(NNADAPTER_LOG, b.Un(NNADAPTER_ABS, b.Bin(NNADAPTER_DIV, twh, pwh)));
    if (v01) lo = b.Bin(NNADAPTER_DIV, lo, v01);
    if (v23) hi = b.Bin(NNADAPTER_DIV, hi, v23);
  } else {
    NNAdapterOperand* center = v01 ? b.Bin(NNADAPTER_MUL, v01, t01) : t01;
    center = b.Bin(NNADAPTER_ADD, b.Bin(NNADAPTER_MUL, center, pwh), pc);
    NNAdapterOperand* scaled = v23 ? b.Bin(NNADAPTER_MUL, v23, t23) : t23;
    NNAdapterOperand* half_wh = b.Halved(b.Bin(NNADAPTER_MUL, b.Un(NNADAPTER_EXP, scaled), pwh));
    lo = b.Bin(NNADAPTER_SUB, center, half_wh);
    hi = b.Bin(NNADAPTER_ADD, center, half_wh);
    if (plus_one) hi = b.Bin(NNADAPTER_SUB, hi, c.Float32(1.f));
  }
  c.AddOperation(NNADAPTER_CONCAT, {lo, hi, c.Int32(2)}, {c.Output(One(op, "OutputBox", false))});
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
