// Hand-written int8 cases: QUANT_INT8_SYMM_PER_LAYER (and PER_CHANNEL
// weights with QUANT_INT32 biases, bias scale = input scale * weight scale).
// Each expectation is the real-valued result worked out by hand, divided by
// the output scale (values chosen so that no rounding is involved); the
// comparison allows the NNAPI off-by-one for 8-bit outputs.
#include "hand_cases.h"

namespace conformance {
namespace {

CaseSpec Make(const char* op, const char* name) { return NamedCase("hand_int8", op, name); }

// Conv input, scale 0.5: real [[1, 2, -1], [3, 0, 4], [-2, 1, 5]].
Tensor ConvInput() { return Q8({1, 1, 3, 3}, {2, 4, -2, 6, 0, 8, -4, 2, 10}, 0.5f); }
// Real filters: ch0 [[1, 0], [0, 1]], ch1 [[-1, 2], [1, 0]]; real bias
// [1, -0.5]. Output (scale 0.5), valid 2x2:
//  ch0: 1+0+1=2, 2+4+1=7, 3+1+1=5, 0+5+1=6           -> q 4, 14, 10, 12
//  ch1: -1+4+3-0.5=5.5, -2-2+0-0.5=-4.5, -3+0-2-0.5=-5.5, 0+8+1-0.5=8.5
//                                                    -> q 11, -9, -11, 17
Tensor ConvExpected() {
  return Q8({1, 2, 2, 2}, {4, 14, 10, 12, 11, -9, -11, 17}, 0.5f);
}

CaseSpec Conv(const char* name, const Tensor& filter, const Tensor& bias) {
  CaseSpec c = Make("CONV_2D", name);
  const int x = c.Input(ConvInput());
  const int y = c.TempLike(ConvExpected());
  c.Op(NNADAPTER_CONV_2D,
       {x, c.Const(filter), c.Const(bias), c.ConstI32(NNADAPTER_AUTO_PAD_NONE),
        c.ConstI32s({0, 0, 0, 0}), c.ConstI32s({1, 1}), c.ConstI32(1),
        c.ConstI32s({1, 1}), c.ConstI32(NNADAPTER_FUSED_NONE)},
       {y});
  c.Output(y, ConvExpected());
  return c;
}

// FC input, scale 0.5: real [[1, 2, 3], [-1, 0, 4]]; real weight
// [[1, 0, -1], [2, 1, 0]], real bias [1, 0]; output scale 0.25:
//  [[1-3+1, 2+2], [-1-4+1, -2+0]] = [[-1, 4], [-4, -2]] -> q [-4, 16, -16, -8]
CaseSpec FullyConnected(const char* name, const Tensor& weight, const Tensor& bias) {
  CaseSpec c = Make("FULLY_CONNECTED", name);
  const Tensor expected = Q8({2, 2}, {-4, 16, -16, -8}, 0.25f);
  const int x = c.Input(Q8({2, 3}, {2, 4, 6, -2, 0, 8}, 0.5f));
  const int y = c.TempLike(expected);
  c.Op(NNADAPTER_FULLY_CONNECTED,
       {x, c.Const(weight), c.Const(bias), c.ConstI32(NNADAPTER_FUSED_NONE)}, {y});
  c.Output(y, expected);
  return c;
}

// Pool input [1, 1, 2, 4], scale 0.5 (q values).
Tensor PoolInput() { return Q8({1, 1, 2, 4}, {2, 4, 6, 8, -2, 0, 10, 12}, 0.5f); }

}  // namespace

void AddHandInt8Cases(std::vector<CaseSpec>* cases) {
  // CONV_2D, per-layer filter (scale 0.25) and QUANT_INT32 bias (0.125).
  cases->push_back(Conv("conv2d_per_layer",
                        Q8({2, 1, 2, 2}, {4, 0, 0, 4, -4, 8, 4, 0}, 0.25f),
                        Q32({2}, {8, -4}, 0.125f)));
  // CONV_2D, per-channel filter scales {0.25, 0.5}, bias {0.125, 0.25}.
  cases->push_back(Conv("conv2d_per_channel",
                        Q8PerChannel({2, 1, 2, 2}, {4, 0, 0, 4, -2, 4, 2, 0}, {0.25f, 0.5f}, 0),
                        Q32PerChannel({2}, {8, -2}, {0.125f, 0.25f}, 0)));
  cases->push_back(FullyConnected("fully_connected_per_layer",
                                  Q8({2, 3}, {4, 0, -4, 8, 4, 0}, 0.25f),
                                  Q32({2}, {8, 0}, 0.125f)));
  cases->push_back(FullyConnected("fully_connected_per_channel",
                                  Q8PerChannel({2, 3}, {4, 0, -4, 4, 2, 0}, {0.25f, 0.5f}, 0),
                                  Q32PerChannel({2}, {8, 0}, {0.125f, 0.25f}, 0)));
  // ADD: a (0.5) real [1, -2, 5, 63.5] + b (0.25) real [1, 1, -2, -5]
  //  = [2, -1, 3, 58.5] -> output scale 0.5: q [4, -2, 6, 117].
  {
    CaseSpec c = Make("ADD", "add_per_layer");
    const Tensor expected = Q8({4}, {4, -2, 6, 117}, 0.5f);
    const int a = c.Input(Q8({4}, {2, -4, 10, 127}, 0.5f));
    const int b = c.Input(Q8({4}, {4, 4, -8, -20}, 0.25f));
    const int y = c.TempLike(expected);
    c.Op(NNADAPTER_ADD, {a, b, c.ConstI32(NNADAPTER_FUSED_NONE)}, {y});
    c.Output(y, expected);
    cases->push_back(c);
  }
  // ADD with fused RELU: [2, -1, 3, 58.5] -> [2, 0, 3, 58.5].
  {
    CaseSpec c = Make("ADD", "add_per_layer_fused_relu");
    const Tensor expected = Q8({4}, {4, 0, 6, 117}, 0.5f);
    const int a = c.Input(Q8({4}, {2, -4, 10, 127}, 0.5f));
    const int b = c.Input(Q8({4}, {4, 4, -8, -20}, 0.25f));
    const int y = c.TempLike(expected);
    c.Op(NNADAPTER_ADD, {a, b, c.ConstI32(NNADAPTER_FUSED_RELU)}, {y});
    c.Output(y, expected);
    cases->push_back(c);
  }
  // MAT_MUL: x (0.5) real [[1, 2, 3], [-1, 0, 4]] * y (0.25) real
  //  [[1, 0], [0, 1], [-1, 2]] = [[-2, 8], [-5, 8]] -> scale 0.5:
  //  q [-4, 16, -10, 16].
  {
    CaseSpec c = Make("MAT_MUL", "mat_mul_per_layer");
    const Tensor expected = Q8({2, 2}, {-4, 16, -10, 16}, 0.5f);
    const int x = c.Input(Q8({2, 3}, {2, 4, 6, -2, 0, 8}, 0.5f));
    const int y = c.Input(Q8({3, 2}, {4, 0, 0, 4, -4, 8}, 0.25f));
    const int out = c.TempLike(expected);
    c.Op(NNADAPTER_MAT_MUL, {x, y, c.ConstBool(false), c.ConstBool(false)}, {out});
    c.Output(out, expected);
    cases->push_back(c);
  }
  // AVERAGE_POOL_2D 2x2 stride 2: windows {2, 4, -2, 0} -> 1 and
  //  {6, 8, 10, 12} -> 9 (same scale).
  {
    CaseSpec c = Make("AVERAGE_POOL_2D", "average_pool_per_layer");
    const Tensor expected = Q8({1, 1, 1, 2}, {1, 9}, 0.5f);
    const int x = c.Input(PoolInput());
    const int y = c.TempLike(expected);
    c.Op(NNADAPTER_AVERAGE_POOL_2D,
         {x, c.ConstI32(NNADAPTER_AUTO_PAD_NONE), c.ConstI32s({0, 0, 0, 0}),
          c.ConstI32s({2, 2}), c.ConstI32s({2, 2}), c.ConstBool(false),
          c.ConstBool(false), c.ConstI32(NNADAPTER_FUSED_NONE)},
         {y});
    c.Output(y, expected);
    cases->push_back(c);
  }
  // MAX_POOL_2D 2x2 stride 2: maxima 4 and 12.
  {
    CaseSpec c = Make("MAX_POOL_2D", "max_pool_per_layer");
    const Tensor expected = Q8({1, 1, 1, 2}, {4, 12}, 0.5f);
    const int x = c.Input(PoolInput());
    const int y = c.TempLike(expected);
    c.Op(NNADAPTER_MAX_POOL_2D,
         {x, c.ConstI32(NNADAPTER_AUTO_PAD_NONE), c.ConstI32s({0, 0, 0, 0}),
          c.ConstI32s({2, 2}), c.ConstI32s({2, 2}), c.ConstBool(false),
          c.ConstBool(false), c.ConstI32(NNADAPTER_INT64),
          c.ConstI32(NNADAPTER_FUSED_NONE)},
         {y});
    c.Output(y, expected);
    cases->push_back(c);
  }
  // RELU keeps the scale: negatives -> 0.
  {
    CaseSpec c = Make("RELU", "relu_per_layer");
    const Tensor expected = Q8({5}, {0, 0, 0, 3, 127}, 0.5f);
    const int x = c.Input(Q8({5}, {-4, -1, 0, 3, 127}, 0.5f));
    const int y = c.TempLike(expected);
    c.Op(NNADAPTER_RELU, {x}, {y});
    c.Output(y, expected);
    cases->push_back(c);
  }
  // CONCAT along axis 1, equal scales.
  {
    CaseSpec c = Make("CONCAT", "concat_per_layer");
    const Tensor expected = Q8({1, 5}, {1, -2, 3, 4, -128 + 1}, 0.5f);
    const int a = c.Input(Q8({1, 2}, {1, -2}, 0.5f));
    const int b = c.Input(Q8({1, 3}, {3, 4, -127}, 0.5f));
    const int y = c.TempLike(expected);
    c.Op(NNADAPTER_CONCAT, {a, b, c.ConstI32(1)}, {y});
    c.Output(y, expected);
    cases->push_back(c);
  }
  // RESHAPE [2, 3] -> [3, 2]: same values and scale.
  {
    CaseSpec c = Make("RESHAPE", "reshape_per_layer");
    const Tensor expected = Q8({3, 2}, {1, 2, 3, -4, 5, 6}, 0.25f);
    const int x = c.Input(Q8({2, 3}, {1, 2, 3, -4, 5, 6}, 0.25f));
    const int y = c.TempLike(expected);
    c.Op(NNADAPTER_RESHAPE, {x, c.ConstI32s({3, 2})}, {y});
    c.Output(y, expected);
    cases->push_back(c);
  }
}

}  // namespace conformance
