// More hand-written int8 (QUANT_INT8_SYMM_PER_LAYER / PER_CHANNEL) cases:
// depthwise and transposed convolution, MUL, SUB, LEAKY_RELU, SIGMOID, TANH,
// SOFTMAX, REDUCE_MEAN, TRANSPOSE, SLICE, SPLIT, FLATTEN, GATHER. Same rules
// as hand_int8.cc: expectation = real result worked out by hand / output
// scale; the transcendental ones use input scales that make the real input
// an exact point (ln 3, atanh 0.5) so that the result is a simple fraction.
#include <cmath>

#include "hand_cases.h"

namespace conformance {
namespace {

CaseSpec Make(const char* op, const char* name) { return NamedCase("hand_int8", op, name); }

// One operation with one input and one output: y = op(x, extra operands).
CaseSpec Unary(const char* op_name, const char* name, NNAdapterOperationType type,
               const Tensor& x_value, const Tensor& expected,
               void (*extra)(CaseSpec*, std::vector<int>*) = nullptr) {
  CaseSpec c = Make(op_name, name);
  std::vector<int> ins = {c.Input(x_value)};
  if (extra) extra(&c, &ins);
  const int y = c.TempLike(expected);
  c.Op(type, ins, {y});
  c.Output(y, expected);
  return c;
}

void AddConvolutions(std::vector<CaseSpec>* cases) {
  // Depthwise CONV_2D (group 2), per-channel filter scales {0.25, 0.5}.
  // x (0.5): ch0 real [1, 2, 3, 4], ch1 real [-1, 0, 1, 2]; filters ch0
  // [[1, 0], [0, 1]], ch1 all 1; bias real [0.5, -1] (scales 0.125, 0.25).
  // y: ch0 1 + 4 + 0.5 = 5.5, ch1 -1 + 0 + 1 + 2 - 1 = 1 -> scale 0.5: 11, 2.
  {
    CaseSpec c = Make("CONV_2D", "depthwise_conv2d_per_channel");
    const Tensor expected = Q8({1, 2, 1, 1}, {11, 2}, 0.5f);
    const int x = c.Input(Q8({1, 2, 2, 2}, {2, 4, 6, 8, -2, 0, 2, 4}, 0.5f));
    const int y = c.TempLike(expected);
    c.Op(NNADAPTER_CONV_2D,
         {x, c.Const(Q8PerChannel({2, 1, 2, 2}, {4, 0, 0, 4, 2, 2, 2, 2}, {0.25f, 0.5f}, 0)),
          c.Const(Q32PerChannel({2}, {4, -4}, {0.125f, 0.25f}, 0)),
          c.ConstI32(NNADAPTER_AUTO_PAD_NONE), c.ConstI32s({0, 0, 0, 0}),
          c.ConstI32s({1, 1}), c.ConstI32(2), c.ConstI32s({1, 1}),
          c.ConstI32(NNADAPTER_FUSED_NONE)},
         {y});
    c.Output(y, expected);
    cases->push_back(c);
  }
  // CONV_2D_TRANSPOSE 2x2 stride 2, filter all 1 (0.25), bias 0: every
  // input value (0.5: real 1, 2, 3, 4) fills its 2x2 block; scale 0.5.
  {
    CaseSpec c = Make("CONV_2D_TRANSPOSE", "conv2d_transpose_per_layer");
    const Tensor expected = Q8({1, 1, 4, 4}, {2, 2, 4, 4, 2, 2, 4, 4,
                                               6, 6, 8, 8, 6, 6, 8, 8}, 0.5f);
    const int x = c.Input(Q8({1, 1, 2, 2}, {2, 4, 6, 8}, 0.5f));
    const int y = c.TempLike(expected);
    c.Op(NNADAPTER_CONV_2D_TRANSPOSE,
         {x, c.Const(Q8({1, 1, 2, 2}, {4, 4, 4, 4}, 0.25f)),
          c.Const(Q32({1}, {0}, 0.125f)), c.ConstI32(NNADAPTER_AUTO_PAD_NONE),
          c.ConstI32s({0, 0, 0, 0}), c.ConstI32s({2, 2}), c.ConstI32(1),
          c.ConstI32s({1, 1}), c.ConstI32s({0, 0}), -1,
          c.ConstI32(NNADAPTER_FUSED_NONE)},
         {y});
    c.Output(y, expected);
    cases->push_back(c);
  }
}

void AddElementwise(std::vector<CaseSpec>* cases) {
  // a (0.5) real [1, -2, 3, 0.5], b (0.25) real [2, 2, -1, 4].
  const Tensor a = Q8({4}, {2, -4, 6, 1}, 0.5f);
  const Tensor b = Q8({4}, {8, 8, -4, 16}, 0.25f);
  struct Binary {
    const char* op;
    const char* name;
    NNAdapterOperationType type;
    Tensor expected;
  };
  const Binary binaries[] = {
      // a * b = [2, -4, -3, 2] -> scale 0.25.
      {"MUL", "mul_per_layer", NNADAPTER_MUL, Q8({4}, {8, -16, -12, 8}, 0.25f)},
      // a - b = [-1, -4, 4, -3.5] -> scale 0.5.
      {"SUB", "sub_per_layer", NNADAPTER_SUB, Q8({4}, {-2, -8, 8, -7}, 0.5f)},
  };
  for (const auto& bin : binaries) {
    CaseSpec c = Make(bin.op, bin.name);
    const int x0 = c.Input(a);
    const int x1 = c.Input(b);
    const int y = c.TempLike(bin.expected);
    c.Op(bin.type, {x0, x1, c.ConstI32(NNADAPTER_FUSED_NONE)}, {y});
    c.Output(y, bin.expected);
    cases->push_back(c);
  }
  // LEAKY_RELU alpha 0.5: real [-2, -1, 0, 3] -> [-1, -0.5, 0, 3] (0.5).
  cases->push_back(Unary("LEAKY_RELU", "leaky_relu_per_layer", NNADAPTER_LEAKY_RELU,
                         Q8({4}, {-4, -2, 0, 6}, 0.5f), Q8({4}, {-2, -1, 0, 6}, 0.5f),
                         [](CaseSpec* c, std::vector<int>* in) {
                           in->push_back(c->ConstF32(0.5f));
                         }));
  // SIGMOID: x = [0, ln 3, -ln 3] -> [1/2, 3/4, 1/4]; output scale 1/128.
  const float ln3 = static_cast<float>(std::log(3.0) / 100.0);
  cases->push_back(Unary("SIGMOID", "sigmoid_per_layer", NNADAPTER_SIGMOID,
                         Q8({3}, {0, 100, -100}, ln3),
                         Q8({3}, {64, 96, 32}, 1.0f / 128)));
  // TANH: x = [0, atanh 0.5, -atanh 0.5] -> [0, 0.5, -0.5]; scale 1/128.
  cases->push_back(Unary("TANH", "tanh_per_layer", NNADAPTER_TANH,
                         Q8({3}, {0, 100, -100}, static_cast<float>(std::atanh(0.5) / 100.0)),
                         Q8({3}, {0, 64, -64}, 1.0f / 128)));
  // SOFTMAX over the last axis: rows [0, ln 3] -> [1/4, 3/4] and [c, c] ->
  // [1/2, 1/2]; scale 1/128.
  cases->push_back(Unary("SOFTMAX", "softmax_per_layer", NNADAPTER_SOFTMAX,
                         Q8({2, 2}, {0, 100, 7, 7}, ln3),
                         Q8({2, 2}, {32, 96, 64, 64}, 1.0f / 128),
                         [](CaseSpec* c, std::vector<int>* in) {
                           in->push_back(c->ConstI32(-1));
                         }));
  // REDUCE_MEAN over axis 1: real [[1, 2], [3, 4]] -> [1.5, 3.5] (0.5).
  cases->push_back(Unary("REDUCE_MEAN", "reduce_mean_per_layer", NNADAPTER_REDUCE_MEAN,
                         Q8({2, 2}, {2, 4, 6, 8}, 0.5f), Q8({2}, {3, 7}, 0.5f),
                         [](CaseSpec* c, std::vector<int>* in) {
                           in->push_back(c->ConstI32s({1}));
                           in->push_back(c->ConstBool(false));
                         }));
}

void AddDataMovement(std::vector<CaseSpec>* cases) {
  // Quantized values move unchanged, the scale is kept.
  const Tensor x = Q8({2, 3}, {1, -2, 3, 4, -128, 127}, 0.25f);
  cases->push_back(Unary("TRANSPOSE", "transpose_per_layer", NNADAPTER_TRANSPOSE, x,
                         Q8({3, 2}, {1, 4, -2, -128, 3, 127}, 0.25f),
                         [](CaseSpec* c, std::vector<int>* in) {
                           in->push_back(c->ConstI32s({1, 0}));
                         }));
  cases->push_back(Unary("SLICE", "slice_per_layer", NNADAPTER_SLICE, x,
                         Q8({2, 2}, {-2, 3, -128, 127}, 0.25f),
                         [](CaseSpec* c, std::vector<int>* in) {
                           in->push_back(c->ConstI32s({1}));  // axes
                           in->push_back(c->ConstI32s({1}));  // starts
                           in->push_back(c->ConstI32s({3}));  // ends
                           in->push_back(c->ConstI32s({1}));  // steps
                         }));
  cases->push_back(Unary("FLATTEN", "flatten_per_layer", NNADAPTER_FLATTEN,
                         Q8({1, 2, 2}, {5, -6, 7, -8}, 0.5f),
                         Q8({1, 4}, {5, -6, 7, -8}, 0.5f),
                         [](CaseSpec* c, std::vector<int>* in) {
                           in->push_back(c->ConstI32(1));
                           in->push_back(c->ConstI32(2));
                         }));
  cases->push_back(Unary("GATHER", "gather_per_layer", NNADAPTER_GATHER,
                         Q8({3, 2}, {1, 2, 3, 4, 5, 6}, 0.5f),
                         Q8({2, 2}, {5, 6, 1, 2}, 0.5f),
                         [](CaseSpec* c, std::vector<int>* in) {
                           in->push_back(c->ConstI32s({2, 0}));  // indices
                           in->push_back(c->ConstI32(0));        // axis
                         }));
  // SPLIT [1, 4] along axis 1 into [1, 1] and [1, 3].
  {
    CaseSpec c = Make("SPLIT", "split_per_layer");
    const Tensor e0 = Q8({1, 1}, {9}, 0.5f);
    const Tensor e1 = Q8({1, 3}, {-9, 10, -10}, 0.5f);
    const int in = c.Input(Q8({1, 4}, {9, -9, 10, -10}, 0.5f));
    const int y0 = c.TempLike(e0);
    const int y1 = c.TempLike(e1);
    c.Op(NNADAPTER_SPLIT, {in, c.ConstI32(1), c.ConstI32s({1, 3})}, {y0, y1});
    c.Output(y0, e0);
    c.Output(y1, e1);
    cases->push_back(c);
  }
}

}  // namespace

void AddHandInt8MoreCases(std::vector<CaseSpec>* cases) {
  AddConvolutions(cases);
  AddElementwise(cases);
  AddDataMovement(cases);
}

}  // namespace conformance
