// google_xnnpack's int8 path against builtin_device through the C API:
// QUANT_INT8_SYMM_PER_LAYER activations with per-layer / per-channel
// filters; results may differ by one quantization step (XNNPACK requantizes
// in fp32 with round-to-nearest-even).
#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "testing/execution.h"
#include "testing/model_builder.h"
#include "testing/random.h"

namespace {

using namespace nnadapter_test;  // NOLINT
using Memory8 = nnadapter_test::Buffer<int8_t>;
using Op = NNAdapterOperand*;
constexpr int32_t U = NNADAPTER_UNKNOWN;

Op Quant(ModelBuilder& b, NNAdapterOperandPrecision p, std::vector<int32_t> dims,
         float scale) {
  return b.Operand(nnadapter_test::QuantPerLayer<int8_t>(p, dims, {}, scale));
}

// A per-layer constant with `scale`, or per-channel (channel_dim 0) with
// `scales`.
template <typename T>
Op QuantConst(ModelBuilder& b, NNAdapterOperandPrecision p,
              std::vector<int32_t> dims, float scale, std::vector<T> values,
              const std::vector<float>* scales = nullptr) {
  return b.Constant(
      scales ? nnadapter_test::QuantPerChannel(p, dims, values, *scales, 0)
             : nnadapter_test::QuantPerLayer(p, dims, values, scale));
}

struct Int8Case {
  std::string name;
  std::vector<std::vector<int32_t>> inputs;
  std::vector<float> input_scales;
  std::function<Op(ModelBuilder&, const std::vector<Op>&)> build;
};

TEST(GoogleXnnpack, Int8MatchesBuiltinDeviceWithinOneStep) {
  static const std::vector<float> kFilterScales = {0.004f, 0.007f, 0.0025f,
                                                   0.009f, 0.005f, 0.006f};
  auto conv = [](int32_t cin, int32_t group, bool per_channel, int32_t fuse) {
    return [=](ModelBuilder& b, const std::vector<Op>& x) {
      const int32_t cout = 6, k = 3;
      std::vector<float> bias_scales;
      for (float s : kFilterScales) bias_scales.push_back(0.05f * s);
      Op w = per_channel
                 ? QuantConst(b, NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL,
                              {cout, cin / group, k, k}, 0,
                              RandomInt8(cout * cin / group * k * k, 7), &kFilterScales)
                 : QuantConst(b, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
                              {cout, cin / group, k, k}, 0.005f,
                              RandomInt8(cout * cin / group * k * k, 7));
      Op bias = per_channel
                    ? QuantConst(b, NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL, {cout},
                                 0, RandomInt32(cout, 2000, 8), &bias_scales)
                    : QuantConst(b, NNADAPTER_QUANT_INT32_SYMM_PER_LAYER, {cout},
                                 0.05f * 0.005f, RandomInt32(cout, 2000, 8));
      Op y = Quant(b, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {U, U, U, U}, 0.1f);
      b.Op(NNADAPTER_CONV_2D,
           {x[0], w, bias, b.Int(0), b.Ints({1, 1, 1, 1}), b.Ints({2, 1}),
            b.Int(group), b.Ints({1, 1}), b.Int(fuse)},
           {y});
      return y;
    };
  };
  std::vector<Int8Case> cases = {
      {"conv per-channel relu", {{1, 5, 9, 7}}, {0.05f}, conv(5, 1, true, 1)},
      {"conv per-layer relu6", {{1, 5, 9, 7}}, {0.05f}, conv(5, 1, false, 3)},
      {"depthwise per-channel", {{1, 6, 9, 7}}, {0.05f}, conv(6, 6, true, 0)},
      {"fully connected per-layer", {{3, 10}}, {0.05f},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         Op y = Quant(b, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {U, U}, 0.2f);
         b.Op(NNADAPTER_FULLY_CONNECTED,
              {x[0],
               QuantConst(b, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {4, 10}, 0.01f,
                          RandomInt8(40, 9)),
               QuantConst(b, NNADAPTER_QUANT_INT32_SYMM_PER_LAYER, {4}, 0.0005f,
                          RandomInt32(4, 3000, 10)),
               b.Int(0)},
              {y});
         return y;
       }},
      {"matmul y [K,N]", {{3, 10}}, {0.05f},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         Op y = Quant(b, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {U, U}, 0.3f);
         b.Op(NNADAPTER_MAT_MUL,
              {x[0],
               QuantConst(b, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {10, 4}, 0.01f,
                          RandomInt8(40, 11)),
               b.Bool(false), b.Bool(false)},
              {y});
         return y;
       }},
      {"matmul transpose_y", {{3, 10}}, {0.05f},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         Op y = Quant(b, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {U, U}, 0.3f);
         b.Op(NNADAPTER_MAT_MUL,
              {x[0],
               QuantConst(b, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {4, 10}, 0.01f,
                          RandomInt8(40, 12)),
               b.Bool(false), b.Bool(true)},
              {y});
         return y;
       }},
      {"add broadcast relu", {{1, 3, 4, 5}, {1, 3, 1, 1}}, {0.05f, 0.08f},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         Op y = Quant(b, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {U, U, U, U}, 0.1f);
         b.Op(NNADAPTER_ADD, {x[0], x[1], b.Int(1)}, {y});
         return y;
       }},
      {"max pool 3x3 s2", {{1, 4, 9, 8}}, {0.05f},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         Op y = Quant(b, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {U, U, U, U}, 0.05f);
         b.Op(NNADAPTER_MAX_POOL_2D,
              {x[0], b.Int(0), b.Ints({1, 1, 1, 1}), b.Ints({3, 3}), b.Ints({2, 2}),
               b.Bool(false), b.Bool(false), b.Int(NNADAPTER_INT64), b.Int(0)},
              {y});
         return y;
       }},
      {"global average pool", {{1, 4, 6, 5}}, {0.05f},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         Op y = Quant(b, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {U, U, U, U}, 0.05f);
         b.Op(NNADAPTER_AVERAGE_POOL_2D,
              {x[0], b.Int(0), b.Ints({0, 0, 0, 0}), b.Ints({6, 5}), b.Ints({1, 1}),
               b.Bool(false), b.Bool(false), b.Int(0)},
              {y});
         return y;
       }},
      {"relu", {{2, 3, 4, 5}}, {0.05f},
       [](ModelBuilder& b, const std::vector<Op>& x) {
         Op y = Quant(b, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {U, U, U, U}, 0.05f);
         b.Op(NNADAPTER_RELU, {x[0]}, {y});
         return y;
       }},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    ModelBuilder b;
    std::vector<Op> ins;
    std::vector<Memory8> mem;
    for (size_t i = 0; i < c.inputs.size(); i++) {
      ins.push_back(Quant(b, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, c.inputs[i],
                          c.input_scales[i]));
      mem.push_back({c.inputs[i], RandomInt8(Count(c.inputs[i]), 20 + i)});
    }
    Op out = c.build(b, ins);
    b.Finish(ins, {out});
    std::vector<Memory8> ref, got;
    ASSERT_EQ(CompileAndRun(b.model(), {"builtin_device"}, "", mem, 1, &ref),
              NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    ASSERT_EQ(CompileAndRun(b.model(), {"google_xnnpack"}, "", mem, 1, &got),
              NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    ASSERT_EQ(got[0].dims, ref[0].dims);
    int nonzero = 0;
    for (size_t i = 0; i < ref[0].data.size(); i++) {
      ASSERT_LE(std::abs(int(got[0].data[i]) - int(ref[0].data[i])), 1)
          << "element " << i;
      nonzero += ref[0].data[i] != 0;
    }
    EXPECT_GT(nonzero, 0);
  }
}

// float -> QUANTIZE -> int8 conv (per-channel) -> DEQUANTIZE -> float: the
// bridge's form of a quantized Paddle conv. Within one output step.
TEST(GoogleXnnpack, QuantizeInt8ConvDequantize) {
  static const std::vector<float> kScales = {0.004f, 0.007f, 0.0025f, 0.009f};
  std::vector<float> bias_scales;
  for (float s : kScales) bias_scales.push_back(0.05f * s);
  ModelBuilder b;
  Op x = b.Tensor({1, 3, 8, 7});
  Op q = Quant(b, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {U, U, U, U}, 0.05f);
  b.Op(NNADAPTER_QUANTIZE, {x, b.Int(1), b.Floats({1}, {0.05f}), b.Floats({1}, {0.0f})},
       {q});
  Op w = QuantConst(b, NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, {4, 3, 3, 3}, 0,
                    RandomInt8(108, 30), &kScales);
  Op bias = QuantConst(b, NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL, {4}, 0,
                       RandomInt32(4, 500, 31), &bias_scales);
  Op c = Quant(b, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {U, U, U, U}, 0.02f);
  b.Op(NNADAPTER_CONV_2D,
       {q, w, bias, b.Int(0), b.Ints({1, 1, 1, 1}), b.Ints({1, 1}), b.Int(1),
        b.Ints({1, 1}), b.Int(1)},
       {c});
  Op y = b.Tensor({U, U, U, U});
  b.Op(NNADAPTER_DEQUANTIZE, {c}, {y});
  b.Finish({x}, {y});
  std::mt19937 rng(32);
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  nnadapter_test::Memory in;
  in.dims = {1, 3, 8, 7};
  for (int64_t i = 0; i < Count(in.dims); i++) in.data.push_back(dist(rng));
  std::vector<nnadapter_test::Memory> outs(2);
  for (int k = 0; k < 2; k++) {
    Devices d({k == 0 ? "builtin_device" : "google_xnnpack"}, "");
    bool supported[3] = {false, false, false};
    ASSERT_EQ(NNAdapterModel_getSupportedOperations(b.model(), d.context(), supported),
              NNADAPTER_NO_ERROR);
    EXPECT_TRUE(supported[0] && supported[1] && supported[2]);
    std::vector<nnadapter_test::Memory> out;
    ASSERT_EQ(CompileAndRun(b.model(), d.context(), {in}, 1, &out),
              NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    outs[k] = out[0];
  }
  ASSERT_EQ(outs[0].dims, outs[1].dims);
  int nonzero = 0;
  for (size_t i = 0; i < outs[0].data.size(); i++) {
    // One step of the conv output (0.02), plus one input step propagated.
    ASSERT_NEAR(outs[1].data[i], outs[0].data[i], 0.02f * 1.01f) << "element " << i;
    nonzero += outs[0].data[i] != 0;
  }
  EXPECT_GT(nonzero, 0);
}

}  // namespace
