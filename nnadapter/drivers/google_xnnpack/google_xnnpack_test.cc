// google_xnnpack against builtin_device (the reference) through the public
// C API: one model per case with random inputs and odd shapes; the case must
// be claimed by google_xnnpack alone and match builtin_device within
// atol 1e-4 + rtol 1e-4 (XNNPACK reassociates sums and uses polynomial
// sigmoid/exp). Also: what validate_program rejects, partitioning with
// builtin_device, threads, and the cache round trip.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "testing/compare.h"
#include "testing/execution.h"
#include "testing/files.h"
#include "testing/model_builder.h"
#include "testing/random.h"

namespace {

using namespace nnadapter_test;  // NOLINT
using Op = NNAdapterOperand*;
constexpr int32_t U = NNADAPTER_UNKNOWN;

struct Case {
  std::string name;
  std::vector<std::vector<int32_t>> inputs;
  // Adds the operations; returns the model outputs.
  std::function<std::vector<Op>(ModelBuilder&, const std::vector<Op>&)> build;
  float lo = -1.0f, hi = 1.0f;
};

// Builds `c` into `b` as a finished model: one model input per c.inputs,
// fed with random values in [c.lo, c.hi) drawn with seed + i * seed_step.
// Returns the model outputs.
std::vector<Op> Build(const Case& c, ModelBuilder* b,
                      std::vector<Memory>* memories, unsigned seed,
                      unsigned seed_step) {
  std::vector<Op> ins;
  for (size_t i = 0; i < c.inputs.size(); i++) {
    ins.push_back(b->Tensor(c.inputs[i]));
    memories->push_back({c.inputs[i],
                         Random(Count(c.inputs[i]), c.lo, c.hi,
                                seed + static_cast<unsigned>(i) * seed_step),
                         0});
  }
  std::vector<Op> outs = c.build(*b, ins);
  b->Finish(ins, outs);
  return outs;
}

// Builds the case, checks google_xnnpack claims every operation, runs it on
// google_xnnpack (1 and 2 threads) and on builtin_device, and compares.
void Check(const Case& c) {
  SCOPED_TRACE(c.name);
  ModelBuilder b;
  std::vector<Memory> memories;
  std::vector<Op> outs = Build(c, &b, &memories, 17, 1);
  {
    Devices d({"google_xnnpack"}, "");
    bool supported[64] = {false};
    ASSERT_EQ(NNAdapterModel_getSupportedOperations(b.model(), d.context(),
                                                    supported),
              NNADAPTER_NO_ERROR);
    EXPECT_TRUE(supported[0]);
  }
  std::vector<Memory> ref, got, got2;
  ASSERT_EQ(CompileAndRun(b.model(), {"builtin_device"}, "", memories, outs.size(), &ref),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  ASSERT_EQ(CompileAndRun(b.model(), {"google_xnnpack"}, "", memories, outs.size(), &got),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  ExpectClose(got, ref, c.name);
  ASSERT_EQ(CompileAndRun(b.model(), {"google_xnnpack"}, "GOOGLE_XNNPACK_NUM_THREADS=2",
                memories, outs.size(), &got2),
            NNADAPTER_NO_ERROR);
  ExpectClose(got2, ref, c.name + " (2 threads)");
}

// One-operation helpers.
Op Conv(ModelBuilder& b, Op x, int32_t cin, int32_t cout, int32_t group,
        int32_t k, std::vector<int32_t> pads, std::vector<int32_t> strides,
        std::vector<int32_t> dilations, int32_t fuse, int32_t auto_pad = 0,
        unsigned seed = 3) {
  std::vector<int32_t> wd = {cout, cin / group, k, k};
  Op w = b.Floats(wd, Random(Count(wd), -0.5f, 0.5f, seed));
  Op bias = b.Floats({cout}, Random(cout, -0.5f, 0.5f, seed + 1));
  Op y = b.Tensor({U, U, U, U});
  b.Op(NNADAPTER_CONV_2D,
       {x, w, bias, b.Int(auto_pad), b.Ints(pads), b.Ints(strides),
        b.Int(group), b.Ints(dilations), b.Int(fuse)},
       {y});
  return y;
}

Op Pool(ModelBuilder& b, Op x, bool is_max, std::vector<int32_t> kernel,
        std::vector<int32_t> strides, std::vector<int32_t> pads, bool ceil,
        bool count_include_pad = false) {
  Op y = b.Tensor({U, U, U, U});
  std::vector<Op> in = {x, b.Int(0), b.Ints(pads), b.Ints(kernel),
                        b.Ints(strides), b.Bool(ceil)};
  if (is_max) {
    in.push_back(b.Bool(false));
    in.push_back(b.Int(NNADAPTER_INT64));
  } else {
    in.push_back(b.Bool(count_include_pad));
  }
  in.push_back(b.Int(0));
  b.Op(is_max ? NNADAPTER_MAX_POOL_2D : NNADAPTER_AVERAGE_POOL_2D, in, {y});
  return y;
}

Op Binary(ModelBuilder& b, NNAdapterOperationType type, Op x, Op y,
          int32_t fuse = 0) {
  Op z = b.Tensor({U, U, U, U});
  b.Op(type, {x, y, b.Int(fuse)}, {z});
  return z;
}

Op Unary(ModelBuilder& b, NNAdapterOperationType type, Op x,
         std::vector<Op> attrs = {}) {
  Op y = b.Tensor({U, U, U, U});
  attrs.insert(attrs.begin(), x);
  b.Op(type, attrs, {y});
  return y;
}

TEST(GoogleXnnpack, Convolutions) {
  using V = std::vector<int32_t>;
  std::vector<Case> cases = {
      {"conv3x3 pad1 relu", {{1, 3, 13, 11}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Conv(b, x[0], 3, 5, 1, 3, {1, 1, 1, 1}, {1, 1},
                                     {1, 1}, NNADAPTER_FUSED_RELU)};
       }},
      {"conv stride2 dilation2 asymmetric pads batch2", {{2, 4, 17, 15}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Conv(b, x[0], 4, 6, 1, 3, {1, 0, 2, 1}, {2, 2},
                                     {2, 2}, 0)};
       }},
      {"grouped conv g2", {{1, 4, 9, 7}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Conv(b, x[0], 4, 6, 2, 3, {1, 1, 1, 1}, {1, 1},
                                     {1, 1}, NNADAPTER_FUSED_RELU6)};
       }},
      {"depthwise 3x3 s2 relu6", {{1, 7, 13, 12}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Conv(b, x[0], 7, 7, 7, 3, {1, 1, 1, 1}, {2, 2},
                                     {1, 1}, NNADAPTER_FUSED_RELU6)};
       }},
      {"depthwise multiplier 2 5x5", {{1, 3, 11, 9}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Conv(b, x[0], 3, 6, 3, 5, {2, 2, 2, 2}, {1, 1},
                                     {1, 1}, NNADAPTER_FUSED_RELU1)};
       }},
      {"conv auto_pad SAME stride2", {{1, 5, 10, 9}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Conv(b, x[0], 5, 8, 1, 3, {0, 0, 0, 0}, {2, 2},
                                     {1, 1}, 0, NNADAPTER_AUTO_PAD_SAME)};
       }},
      {"conv1x1 cout 17", {{1, 16, 5, 6}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Conv(b, x[0], 16, 17, 1, 1, {0, 0, 0, 0}, {1, 1},
                                     {1, 1}, 0)};
       }},
  };
  auto deconv = [](int32_t cin, int32_t cout, int32_t group, int32_t k,
                   V pads, V strides, V out_pad) {
    return [=](ModelBuilder& b, const std::vector<Op>& x) {
      V wd = {cin, cout / group, k, k};
      Op w = b.Floats(wd, Random(Count(wd), -0.5f, 0.5f, 5));
      Op bias = b.Floats({cout}, Random(cout, -0.5f, 0.5f, 6));
      Op y = b.Tensor({U, U, U, U});
      b.Op(NNADAPTER_CONV_2D_TRANSPOSE,
           {x[0], w, bias, b.Int(0), b.Ints(pads), b.Ints(strides),
            b.Int(group), b.Ints({1, 1}), b.Ints(out_pad), nullptr, b.Int(0)},
           {y});
      return std::vector<Op>{y};
    };
  };
  cases.push_back({"conv transpose k3 s2 p1 output_padding1", {{1, 4, 7, 5}},
                   deconv(4, 3, 1, 3, {1, 1, 1, 1}, {2, 2}, {1, 1})});
  cases.push_back({"conv transpose k2 s2 (DB head)", {{1, 6, 8, 9}},
                   deconv(6, 6, 1, 2, {0, 0, 0, 0}, {2, 2}, {0, 0})});
  cases.push_back({"grouped conv transpose g2", {{1, 4, 5, 6}},
                   deconv(4, 6, 2, 3, {0, 1, 1, 0}, {2, 2}, {0, 0})});
  for (const auto& c : cases) Check(c);
}

TEST(GoogleXnnpack, FullyConnectedAndMatMul) {
  using V = std::vector<int32_t>;
  // Random weights [N,K] (seed) and bias [N] (seed + 1).
  auto fc = [](V wd, unsigned seed, int32_t fuse) {
    return [=](ModelBuilder& b, const std::vector<Op>& x) {
      Op y = b.Tensor({U, U});
      b.Op(NNADAPTER_FULLY_CONNECTED,
           {x[0], b.Floats(wd, Random(Count(wd), -1, 1, seed)),
            b.Floats({wd[0]}, Random(wd[0], -1, 1, seed + 1)), b.Int(fuse)},
           {y});
      return std::vector<Op>{y};
    };
  };
  auto matmul = [](V yd, bool transpose_y, unsigned seed) {
    return [=](ModelBuilder& b, const std::vector<Op>& x) {
      Op y = b.Tensor({U, U});
      b.Op(NNADAPTER_MAT_MUL,
           {x[0], b.Floats(yd, Random(Count(yd), -1, 1, seed)), b.Bool(false),
            b.Bool(transpose_y)},
           {y});
      return std::vector<Op>{y};
    };
  };
  std::vector<Case> cases = {
      {"fc relu", {{3, 10}}, fc({4, 10}, 9, 1)},
      {"fc on [N,C,1,1]", {{2, 5, 1, 1}}, fc({3, 5}, 11, 0)},
      {"matmul y [K,N]", {{3, 5}}, matmul({5, 4}, false, 13)},
      {"matmul transpose_y", {{3, 5}}, matmul({4, 5}, true, 14)},
  };
  for (const auto& c : cases) Check(c);
}

TEST(GoogleXnnpack, Pooling) {
  using V = std::vector<int32_t>;
  auto pool = [](bool is_max, V k, V s, V p, bool ceil, bool cip = false) {
    return [=](ModelBuilder& b, const std::vector<Op>& x) {
      return std::vector<Op>{Pool(b, x[0], is_max, k, s, p, ceil, cip)};
    };
  };
  std::vector<Case> cases = {
      {"avg 3x3 s2 p1 exclusive", {{1, 5, 13, 11}}, pool(false, {3, 3}, {2, 2}, {1, 1, 1, 1}, false)},
      {"avg 2x2 s2 ceil", {{1, 3, 9, 7}}, pool(false, {2, 2}, {2, 2}, {0, 0, 0, 0}, true)},
      {"avg 2x2 s2 no pad count_include_pad", {{1, 3, 8, 6}}, pool(false, {2, 2}, {2, 2}, {0, 0, 0, 0}, false, true)},
      {"global avg", {{2, 6, 7, 5}}, pool(false, {7, 5}, {1, 1}, {0, 0, 0, 0}, false)},
      {"max 3x3 s1 p1", {{1, 4, 10, 9}}, pool(true, {3, 3}, {1, 1}, {1, 1, 1, 1}, false)},
      {"max 3x3 s2 ceil", {{1, 4, 10, 9}}, pool(true, {3, 3}, {2, 2}, {0, 0, 0, 0}, true)},
      {"max global", {{1, 8, 6, 5}}, pool(true, {6, 5}, {1, 1}, {0, 0, 0, 0}, false)},
  };
  for (const auto& c : cases) Check(c);
}

TEST(GoogleXnnpack, ElementwiseWithBroadcasting) {
  std::vector<Case> cases = {
      {"add 4D+4D relu6", {{2, 3, 5, 7}, {2, 3, 5, 7}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Binary(b, NNADAPTER_ADD, x[0], x[1], 3)};
       }},
      {"mul 4D * const [C,1,1]", {{1, 4, 5, 3}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Binary(
             b, NNADAPTER_MUL, x[0], b.Floats({4, 1, 1}, Random(4, -1, 1, 20)))};
       }},
      {"sub const [1] - 4D", {{1, 4, 5, 3}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{
             Binary(b, NNADAPTER_SUB, b.Floats({1}, {0.25f}), x[0])};
       }},
      {"div 4D / const 4D [1,C,H,1]", {{2, 3, 4, 5}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Binary(b, NNADAPTER_DIV, x[0],
                                       b.Floats({1, 3, 4, 1},
                                                Random(12, 0.5f, 2.0f, 21)))};
       }},
      {"max 4D with tensor [W]", {{1, 3, 4, 5}, {5}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Binary(b, NNADAPTER_MAX, x[0], x[1])};
       }},
      {"min 4D with tensor [N,C,1,1] relu", {{2, 3, 4, 5}, {2, 3, 1, 1}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Binary(b, NNADAPTER_MIN, x[0], x[1], 1)};
       }},
      {"add 2D [3,1] + [1,4]", {{3, 1}, {1, 4}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Binary(b, NNADAPTER_ADD, x[0], x[1])};
       }},
      {"mul 3D [2,3,4] * const [4]", {{2, 3, 4}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Binary(b, NNADAPTER_MUL, x[0],
                                       b.Floats({4}, Random(4, -1, 1, 22)))};
       }},
  };
  for (const auto& c : cases) Check(c);
}

TEST(GoogleXnnpack, Activations) {
  struct U1 {
    const char* name;
    NNAdapterOperationType type;
    std::function<std::vector<Op>(ModelBuilder&)> attrs;
    float lo, hi;
  };
  std::vector<U1> ops = {
      {"relu", NNADAPTER_RELU, [](ModelBuilder&) { return std::vector<Op>{}; }, -2, 2},
      {"relu6", NNADAPTER_RELU6, [](ModelBuilder&) { return std::vector<Op>{}; }, -8, 8},
      {"clip", NNADAPTER_CLIP, [](ModelBuilder& b) { return std::vector<Op>{b.Float(-0.3f), b.Float(0.6f)}; }, -1, 1},
      {"sigmoid", NNADAPTER_SIGMOID, [](ModelBuilder&) { return std::vector<Op>{}; }, -6, 6},
      {"hard_swish", NNADAPTER_HARD_SWISH, [](ModelBuilder& b) { return std::vector<Op>{b.Float(1.0f / 6), b.Float(0.5f)}; }, -5, 5},
      {"hard_sigmoid", NNADAPTER_HARD_SIGMOID, [](ModelBuilder& b) { return std::vector<Op>{b.Float(0.2f), b.Float(0.5f)}; }, -5, 5},
      {"swish", NNADAPTER_SWISH, [](ModelBuilder&) { return std::vector<Op>{}; }, -5, 5},
      {"leaky_relu", NNADAPTER_LEAKY_RELU, [](ModelBuilder& b) { return std::vector<Op>{b.Float(0.1f)}; }, -2, 2},
      {"abs", NNADAPTER_ABS, [](ModelBuilder&) { return std::vector<Op>{}; }, -2, 2},
      {"floor", NNADAPTER_FLOOR, [](ModelBuilder&) { return std::vector<Op>{}; }, -3, 3},
      {"square", NNADAPTER_SQUARE, [](ModelBuilder&) { return std::vector<Op>{}; }, -3, 3},
      {"rsqrt", NNADAPTER_RSQRT, [](ModelBuilder&) { return std::vector<Op>{}; }, 0.1f, 4},
  };
  for (const auto& u : ops) {
    for (const auto& dims : std::vector<std::vector<int32_t>>{{1, 3, 5, 7}, {6, 11}}) {
      Check({std::string(u.name) + " rank " + std::to_string(dims.size()),
             {dims},
             [&](ModelBuilder& b, const std::vector<Op>& x) {
               return std::vector<Op>{Unary(b, u.type, x[0], u.attrs(b))};
             },
             u.lo, u.hi});
    }
  }
}

TEST(GoogleXnnpack, ChannelAndShapeOps) {
  std::vector<Case> cases = {
      {"prelu [C]", {{1, 4, 5, 3}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_PRELU, x[0],
                                      {b.Floats({4}, {0.1f, 0.2f, -0.3f, 2.0f})})};
       }},
      {"prelu [1]", {{2, 3, 4, 5}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_PRELU, x[0], {b.Floats({1}, {0.25f})})};
       }},
      {"softmax 4D axis 1", {{2, 5, 3, 4}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_SOFTMAX, x[0], {b.Int(1)})};
       }, -3, 3},
      {"softmax 2D axis -1", {{3, 37}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_SOFTMAX, x[0], {b.Int(-1)})};
       }, -3, 3},
      {"pad 4D constant", {{1, 3, 4, 5}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_PAD, x[0],
                                      {b.Ints({0, 0, 1, 2, 0, 1, 3, 0}),
                                       b.Int(NNADAPTER_PAD_MODE_CONSTANT),
                                       b.Float(0.5f)})};
       }},
      {"reshape [1,8,1,1] -> [1,8]", {{1, 8, 1, 1}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_RESHAPE, x[0], {b.Ints({1, 8})})};
       }},
      {"reshape [2,3,4] -> [6,4]", {{2, 3, 4}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_RESHAPE, x[0], {b.Ints({6, -1})})};
       }},
      {"batch_norm 4D", {{2, 3, 4, 5}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(
             b, NNADAPTER_BATCH_NORMALIZATION, x[0],
             {b.Floats({3}, {1.0f, 0.5f, 2.0f}), b.Floats({3}, {0.1f, 0.2f, 0.3f}),
              b.Floats({3}, {0.0f, -0.5f, 0.5f}), b.Floats({3}, {1.0f, 0.25f, 4.0f}),
              b.Float(1e-5f)})};
       }},
  };
  for (bool align_corners : {false, true}) {
    for (int32_t align_mode : {0, 1}) {
      if (align_corners && align_mode == 0) continue;
      cases.push_back(
          {"resize_linear ac=" + std::to_string(align_corners) + " mode=" +
               std::to_string(align_mode),
           {{1, 3, 5, 7}},
           [=](ModelBuilder& b, const std::vector<Op>& x) {
             return std::vector<Op>{Unary(
                 b, NNADAPTER_RESIZE_LINEAR, x[0],
                 {b.Ints({9, 16}), nullptr, b.Bool(align_corners),
                  b.Int(align_mode)})};
           }});
    }
  }
  cases.push_back({"resize_linear scales 2", {{1, 2, 4, 6}},
                   [](ModelBuilder& b, const std::vector<Op>& x) {
                     return std::vector<Op>{Unary(
                         b, NNADAPTER_RESIZE_LINEAR, x[0],
                         {nullptr, b.Floats({2}, {2.0f, 2.0f}), b.Bool(false),
                          b.Int(0)})};
                   }});
  for (const auto& c : cases) Check(c);
}

// A small network: conv -> depthwise -> residual add -> hard_swish ->
// global pool -> reshape -> fc -> softmax, all on google_xnnpack.
Case Network() {
  return {"network", {{1, 3, 19, 17}},
          [](ModelBuilder& b, const std::vector<Op>& x) {
            Op c1 = Conv(b, x[0], 3, 8, 1, 3, {1, 1, 1, 1}, {2, 2}, {1, 1}, 1, 0, 30);
            Op d1 = Conv(b, c1, 8, 8, 8, 3, {1, 1, 1, 1}, {1, 1}, {1, 1}, 0, 0, 32);
            Op a = Binary(b, NNADAPTER_ADD, c1, d1);
            Op h = Unary(b, NNADAPTER_HARD_SWISH, a, {b.Float(1.0f / 6), b.Float(0.5f)});
            Op p = Pool(b, h, false, {10, 9}, {1, 1}, {0, 0, 0, 0}, false);
            Op r = Unary(b, NNADAPTER_RESHAPE, p, {b.Ints({1, 8})});
            Op f = b.Tensor({U, U});
            b.Op(NNADAPTER_FULLY_CONNECTED,
                 {r, b.Floats({5, 8}, Random(40, -1, 1, 34)),
                  b.Floats({5}, Random(5, -1, 1, 35)), b.Int(0)},
                 {f});
            return std::vector<Op>{Unary(b, NNADAPTER_SOFTMAX, f, {b.Int(1)}), a};
          }};
}

TEST(GoogleXnnpack, Network) { Check(Network()); }

// conv -> batch_norm -> + per-channel constant -> relu: the driver folds
// the last three into the conv with the optimizer toolkit's fusions
// (CreateProgram) and must still equal builtin_device running them apart.
TEST(GoogleXnnpack, ConvBatchNormAddReluFusedByTheToolkit) {
  Check({"conv + batch_norm + add + relu", {{1, 3, 9, 7}},
         [](ModelBuilder& b, const std::vector<Op>& x) {
           Op c = Conv(b, x[0], 3, 4, 1, 3, {1, 1, 1, 1}, {1, 1}, {1, 1}, 0, 0, 40);
           Op bn = b.Tensor({U, U, U, U});
           b.Op(NNADAPTER_BATCH_NORMALIZATION,
                {c, b.Floats({4}, Random(4, 0.5f, 1.5f, 41)),
                 b.Floats({4}, Random(4, -0.5f, 0.5f, 42)),
                 b.Floats({4}, Random(4, -0.5f, 0.5f, 43)),
                 b.Floats({4}, Random(4, 0.5f, 2.0f, 44)), b.Float(1e-5f)},
                {bn});
           Op a = Binary(b, NNADAPTER_ADD, bn, b.Floats({1, 4, 1, 1}, Random(4, -1, 1, 45)));
           return std::vector<Op>{Unary(b, NNADAPTER_RELU, a)};
         }});
}

// Operations this XNNPACK lacks, composed from the ones it has.
TEST(GoogleXnnpack, ComposedOps) {
  auto concat = [](int32_t axis, size_t n) {
    return [=](ModelBuilder& b, const std::vector<Op>& x) {
      std::vector<Op> in(x.begin(), x.begin() + n);
      in.push_back(b.Int(axis));
      Op y = b.Tensor({U, U, U, U});
      b.Op(NNADAPTER_CONCAT, in, {y});
      return std::vector<Op>{y};
    };
  };
  std::vector<Case> cases = {
      {"concat axis 1", {{1, 3, 4, 5}, {1, 2, 4, 5}}, concat(1, 2)},
      {"concat axis -2, 3 inputs", {{2, 3, 4, 5}, {2, 3, 1, 5}, {2, 3, 2, 5}}, concat(-2, 3)},
      {"concat axis 3", {{1, 3, 4, 5}, {1, 3, 4, 2}}, concat(3, 2)},
      {"concat 2D axis 0", {{2, 7}, {3, 7}}, concat(0, 2)},
      {"conv over concat (fused: sum of part convolutions)",
       {{1, 3, 9, 8}, {1, 2, 9, 8}, {1, 4, 9, 8}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         Op cat = b.Tensor({U, U, U, U});
         b.Op(NNADAPTER_CONCAT, {x[0], x[1], x[2], b.Int(1)}, {cat});
         return std::vector<Op>{Conv(b, cat, 9, 5, 1, 3, {1, 1, 1, 1}, {2, 2},
                                     {1, 1}, NNADAPTER_FUSED_RELU6, 0, 90)};
       }},
      {"concat feeding a conv and an output (not fused)",
       {{1, 3, 6, 5}, {1, 2, 6, 5}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         Op cat = b.Tensor({U, U, U, U});
         b.Op(NNADAPTER_CONCAT, {x[0], x[1], b.Int(1)}, {cat});
         return std::vector<Op>{Conv(b, cat, 5, 4, 1, 1, {0, 0, 0, 0}, {1, 1},
                                     {1, 1}, 0, 0, 92), cat};
       }},
      {"concat with a constant", {{1, 2, 3, 3}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         Op y = b.Tensor({U, U, U, U});
         b.Op(NNADAPTER_CONCAT,
              {b.Floats({1, 1, 3, 3}, Random(9, -1, 1, 70)), x[0], b.Int(1)}, {y});
         return std::vector<Op>{y};
       }},
      {"resize_nearest x2", {{1, 3, 5, 4}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_RESIZE_NEAREST, x[0],
                                      {nullptr, b.Floats({2}, {2.0f, 2.0f}), b.Bool(false)})};
       }},
      {"resize_nearest x4 by x3 shape", {{2, 2, 3, 5}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_RESIZE_NEAREST, x[0],
                                      {b.Ints({12, 15}), nullptr, b.Bool(false)})};
       }},
      {"assign", {{1, 3, 4, 5}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_ASSIGN, x[0])};
       }},
      {"sum of three with broadcasting", {{1, 3, 4, 5}, {1, 3, 4, 5}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         Op y = b.Tensor({U, U, U, U});
         b.Op(NNADAPTER_SUM, {x[0], b.Floats({3, 1, 1}, {0.5f, -1.0f, 2.0f}), x[1]},
              {y});
         return std::vector<Op>{y};
       }},
      {"reduce_mean H,W keepdim", {{2, 5, 7, 3}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_REDUCE_MEAN, x[0],
                                      {b.Ints({2, 3}), b.Bool(true)})};
       }},
      {"reduce_mean -1,-2 no keepdim", {{2, 5, 7, 3}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         Op y = b.Tensor({U, U});
         b.Op(NNADAPTER_REDUCE_MEAN, {x[0], b.Ints({-1, -2}), b.Bool(false)}, {y});
         return std::vector<Op>{y};
       }},
      {"adaptive avg pool to 1x1", {{1, 6, 7, 5}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, x[0],
                                      {b.Ints({1, 1})})};
       }},
      {"adaptive avg pool 6x8 -> 3x2", {{1, 4, 6, 8}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, x[0],
                                      {b.Ints({3, 2})})};
       }},
      {"adaptive max pool to 1x1", {{1, 6, 7, 5}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_ADAPTIVE_MAX_POOL_2D, x[0],
                                      {b.Ints({1, 1}), b.Bool(false), b.Int(NNADAPTER_INT64)})};
       }},
  };
  for (const auto& c : cases) Check(c);
}

// Unknown input dims: the program is built at the first execution for the
// actual dims and rebuilt for new ones; GOOGLE_XNNPACK_MAX_SHAPES keeps the
// runtimes of several input dims (counted through the profile printed at
// every build).
TEST(GoogleXnnpack, DynamicInputDimsRebuildTheRuntime) {
  ModelBuilder b;
  Op x = b.Tensor({U, 3, U, U});
  Op c = Conv(b, x, 3, 4, 1, 3, {1, 1, 1, 1}, {2, 2}, {1, 1}, 1, 0, 80);
  Op p = b.Tensor({U, U, U, U});
  b.Op(NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, {c, b.Ints({1, 1})}, {p});
  Op m = Binary(b, NNADAPTER_MUL, c, p);
  Op u = Unary(b, NNADAPTER_RESIZE_NEAREST, m,
               {nullptr, b.Floats({2}, {2.0f, 2.0f}), b.Bool(false)});
  b.Finish({x}, {u});
  const std::vector<std::vector<int32_t>> sequence = {
      {1, 3, 9, 7}, {2, 3, 16, 11}, {1, 3, 9, 7}, {2, 3, 16, 11}, {1, 3, 9, 7}};
  auto run = [&](const std::string& properties) {
    Devices d({"google_xnnpack"}, properties);
    Devices r({"builtin_device"}, "");
    NNAdapterCompilation* cx = Compile(b.model(), d.context());
    NNAdapterCompilation* cr = Compile(b.model(), r.context());
    NNAdapterExecution *ex = nullptr, *er = nullptr;
    EXPECT_EQ(NNAdapterExecution_create(cx, &ex), NNADAPTER_NO_ERROR);
    EXPECT_EQ(NNAdapterExecution_create(cr, &er), NNADAPTER_NO_ERROR);
    testing::internal::CaptureStderr();
    for (const auto& dims : sequence) {
      SCOPED_TRACE(::testing::PrintToString(dims));
      Memory in{dims, Random(Count(dims), -1, 1, 81), 0}, ox, orf;
      NNAdapterExecution_setInput(ex, 0, &in, AccessInput);
      NNAdapterExecution_setOutput(ex, 0, &ox, AccessOutput);
      NNAdapterExecution_setInput(er, 0, &in, AccessInput);
      NNAdapterExecution_setOutput(er, 0, &orf, AccessOutput);
      EXPECT_EQ(NNAdapterExecution_compute(ex), NNADAPTER_NO_ERROR)
          << NNAdapter_getLastErrorMessage();
      EXPECT_EQ(NNAdapterExecution_compute(er), NNADAPTER_NO_ERROR);
      ExpectClose({ox}, {orf}, "dynamic");
    }
    const std::string report = testing::internal::GetCapturedStderr();
    NNAdapterExecution_destroy(ex);
    NNAdapterExecution_destroy(er);
    NNAdapterCompilation_destroy(cx);
    NNAdapterCompilation_destroy(cr);
    int builds = 0;
    for (size_t at = report.find("google_xnnpack profile:"); at != std::string::npos;
         at = report.find("google_xnnpack profile:", at + 1)) {
      builds++;
    }
    return builds;
  };
  EXPECT_EQ(run("GOOGLE_XNNPACK_PROFILE=1"), 5);  // one runtime: every change rebuilds
  EXPECT_EQ(run("GOOGLE_XNNPACK_PROFILE=1;GOOGLE_XNNPACK_MAX_SHAPES=2"), 2);
}

// What validate_program must refuse (and what the model then needs another
// device for).
TEST(GoogleXnnpack, RejectsWhatItCannotRun) {
  std::vector<Case> cases = {
      {"softmax on H of NCHW", {{1, 3, 4, 5}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_SOFTMAX, x[0], {b.Int(2)})};
       }},
      {"reshape of rank 4 with C>1 and HW>1", {{1, 2, 3, 4}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_RESHAPE, x[0], {b.Ints({1, 24})})};
       }},
      {"hard_swish alpha 0.2", {{1, 2, 3, 4}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_HARD_SWISH, x[0], {b.Float(0.2f), b.Float(0.5f)})};
       }},
      {"avg pool with padding counting pads", {{1, 2, 6, 6}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Pool(b, x[0], false, {3, 3}, {1, 1}, {1, 1, 1, 1}, false, true)};
       }},
      {"reduce_mean over C", {{1, 2, 3, 4}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_REDUCE_MEAN, x[0],
                                      {b.Ints({1}), b.Bool(true)})};
       }},
      {"transpose (not in this XNNPACK)", {{1, 2, 3, 4}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_TRANSPOSE, x[0], {b.Ints({0, 1, 3, 2})})};
       }},
      {"resize_nearest by 1.5", {{1, 2, 4, 4}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_RESIZE_NEAREST, x[0],
                                      {b.Ints({6, 6}), nullptr, b.Bool(false)})};
       }},
      {"adaptive avg pool 5 -> 2", {{1, 2, 5, 5}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, x[0],
                                      {b.Ints({2, 2})})};
       }},
      {"pad reflect", {{1, 2, 3, 4}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Unary(b, NNADAPTER_PAD, x[0],
                                      {b.Ints({0, 0, 0, 0, 1, 1, 1, 1}),
                                       b.Int(NNADAPTER_PAD_MODE_REFLECT), b.Float(0)})};
       }},
      {"conv with a stride beyond 2^20", {{1, 2, 5, 5}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         return std::vector<Op>{Conv(b, x[0], 2, 3, 1, 3, {1, 1, 1, 1},
                                     {(1 << 21) + 1, 1}, {1, 1}, 0)};
       }},
      {"conv with a tensor filter", {{1, 2, 5, 5}, {3, 2, 3, 3}},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         Op y = b.Tensor({U, U, U, U});
         b.Op(NNADAPTER_CONV_2D,
              {x[0], x[1], b.Floats({3}, {0, 0, 0}), b.Int(0), b.Ints({0, 0, 0, 0}),
               b.Ints({1, 1}), b.Int(1), b.Ints({1, 1}), b.Int(0)},
              {y});
         return std::vector<Op>{y};
       }},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    ModelBuilder b;
    std::vector<Memory> memories;
    std::vector<Op> outs = Build(c, &b, &memories, 40, 0);
    Devices d({"google_xnnpack"}, "");
    bool supported[4] = {true, true, true, true};
    ASSERT_EQ(NNAdapterModel_getSupportedOperations(b.model(), d.context(), supported),
              NNADAPTER_NO_ERROR);
    EXPECT_FALSE(supported[0]);
    std::vector<Memory> ref, got;
    EXPECT_EQ(CompileAndRun(b.model(), {"google_xnnpack"}, "", memories, outs.size(), &got),
              NNADAPTER_FEATURE_NOT_SUPPORTED);
    // With builtin_device as the fallback the model runs and matches.
    ASSERT_EQ(CompileAndRun(b.model(), {"builtin_device"}, "", memories, outs.size(), &ref),
              NNADAPTER_NO_ERROR);
    ASSERT_EQ(CompileAndRun(b.model(), {"google_xnnpack", "builtin_device"}, "", memories,
                  outs.size(), &got),
              NNADAPTER_NO_ERROR);
    ExpectClose(got, ref, c.name);
  }
}

// conv -> transpose (builtin_device) -> conv: two google_xnnpack sub-models with
// NHWC<->NCHW at their boundaries, equal to builtin_device alone.
TEST(GoogleXnnpack, PartitionWithBuiltinDevice) {
  ModelBuilder b;
  Op x = b.Tensor({1, 3, 9, 8});
  Op c1 = Conv(b, x, 3, 4, 1, 3, {1, 1, 1, 1}, {1, 1}, {1, 1}, 1, 0, 50);
  Op c2 = Conv(b, x, 3, 2, 1, 1, {0, 0, 0, 0}, {1, 1}, {1, 1}, 0, 0, 52);
  Op cat = b.Tensor({U, U, U, U});
  b.Op(NNADAPTER_CONCAT, {c1, c2, b.Int(1)}, {cat});
  Op t = Unary(b, NNADAPTER_TRANSPOSE, cat, {b.Ints({0, 1, 3, 2})});
  Op c3 = Conv(b, t, 6, 5, 1, 3, {1, 1, 1, 1}, {2, 2}, {1, 1}, 0, 0, 54);
  b.Finish({x}, {c3});
  std::vector<Memory> in = {{{1, 3, 9, 8}, Random(216, -1, 1, 55), 0}};
  std::vector<Memory> ref, got;
  ASSERT_EQ(CompileAndRun(b.model(), {"builtin_device"}, "", in, 1, &ref), NNADAPTER_NO_ERROR);
  ASSERT_EQ(CompileAndRun(b.model(), {"google_xnnpack", "builtin_device"}, "", in, 1, &got),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  ExpectClose(got, ref, "partition");
}

TEST(GoogleXnnpack, ThreadsProperty) {
  NNAdapterDevice* device = nullptr;
  ASSERT_EQ(NNAdapterDevice_acquire("google_xnnpack", &device), NNADAPTER_NO_ERROR);
  for (const char* bad : {"GOOGLE_XNNPACK_NUM_THREADS=0",
                          "GOOGLE_XNNPACK_NUM_THREADS=two",
                          "GOOGLE_XNNPACK_NUM_THREADS=1000",
                          "GOOGLE_XNNPACK_PROFILE=yes",
                          "GOOGLE_XNNPACK_MAX_SHAPES=0",
                          "GOOGLE_XNNPACK_MAX_SHAPES=17"}) {
    NNAdapterContext* context = nullptr;
    EXPECT_EQ(NNAdapterContext_create(&device, 1, bad, nullptr, &context),
              NNADAPTER_INVALID_PARAMETER)
        << bad;
  }
  NNAdapterDevice_release(device);
}

TEST(GoogleXnnpack, ProfileProperty) {
  ModelBuilder b;
  std::vector<Memory> in;
  Build(Network(), &b, &in, 61, 0);
  std::vector<Memory> plain, profiled;
  ASSERT_EQ(CompileAndRun(b.model(), {"google_xnnpack"}, "", in, 2, &plain),
            NNADAPTER_NO_ERROR);
  testing::internal::CaptureStderr();
  ASSERT_EQ(CompileAndRun(b.model(), {"google_xnnpack"}, "GOOGLE_XNNPACK_PROFILE=1", in,
                     2, &profiled),
            NNADAPTER_NO_ERROR);
  const std::string report = testing::internal::GetCapturedStderr();
  // The network's 8 operations and the layout pass's RESHAPE of the pooled
  // [1, 1, 1, C] back to NCHW order before the network's RESHAPE.
  EXPECT_NE(report.find("google_xnnpack profile: 9 operations timed"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("CONV_2D depthwise"), std::string::npos) << report;
  EXPECT_NE(report.find("FULLY_CONNECTED"), std::string::npos) << report;
  for (size_t o = 0; o < 2; o++) EXPECT_EQ(profiled[o].data, plain[o].data);
}

TEST(GoogleXnnpack, CacheRoundTrip) {
  TempDir tmp("google_xnnpack_cache_");
  ASSERT_FALSE(tmp.path().empty());
  const char* dir = tmp.path().c_str();
  ModelBuilder b;
  std::vector<Memory> in;
  Build(Network(), &b, &in, 60, 0);
  std::vector<Memory> first, cached;
  ASSERT_EQ(CompileAndRun(b.model(), {"google_xnnpack"}, "", in, 2, &first, "xnn_net", dir),
            NNADAPTER_NO_ERROR);
  const std::string path = tmp.path() + "/xnn_net.nnc";
  ASSERT_FALSE(ReadFileBytes(path).empty()) << "no cache file " << path;
  // Rebuild from the cache alone (no model).
  ASSERT_EQ(CompileAndRun(nullptr, {"google_xnnpack"}, "", in, 2, &cached, "xnn_net", dir),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  ExpectClose(cached, first, "cache");
  for (size_t o = 0; o < 2; o++) EXPECT_EQ(cached[o].data, first[o].data);
}

TEST(GoogleXnnpack, WrongInputDimensionsAreRejected) {
  ModelBuilder b;
  Op x = b.Tensor({1, 3, 5, 5});
  Op y = Unary(b, NNADAPTER_RELU, x);
  b.Finish({x}, {y});
  Devices d({"google_xnnpack"}, "");
  NNAdapterCompilation* c = Compile(b.model(), d.context());
  ASSERT_NE(c, nullptr);
  NNAdapterExecution* e = nullptr;
  ASSERT_EQ(NNAdapterExecution_create(c, &e), NNADAPTER_NO_ERROR);
  Memory in{{1, 3, 5, 6}, std::vector<float>(90, 1.0f), 0}, out;
  NNAdapterExecution_setInput(e, 0, &in, AccessInput);
  NNAdapterExecution_setOutput(e, 0, &out, AccessOutput);
  EXPECT_EQ(NNAdapterExecution_compute(e), NNADAPTER_INVALID_DIMENSIONS);
  in.dims = {1, 3, 5, 5};
  in.data.assign(75, -2.0f);
  in.data[7] = 3.0f;
  ASSERT_EQ(NNAdapterExecution_compute(e), NNADAPTER_NO_ERROR);
  ASSERT_EQ(out.data.size(), 75u);
  EXPECT_EQ(out.data[7], 3.0f);
  EXPECT_EQ(out.data[8], 0.0f);
  NNAdapterExecution_destroy(e);
  NNAdapterCompilation_destroy(c);
}

}  // namespace
