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

#include "runtime/test_util.h"

namespace {

using nnadapter_test::Devices;
using nnadapter_test::ModelBuilder;
using Op = NNAdapterOperand*;
constexpr int32_t U = NNADAPTER_UNKNOWN;

size_t Count(const std::vector<int32_t>& dims) {
  size_t n = 1;
  for (int32_t d : dims) n *= static_cast<size_t>(d);
  return n;
}

struct Memory8 {
  std::vector<int32_t> dims;
  std::vector<int8_t> data;
};

void* AccessInput8(void* memory, NNAdapterOperandType* type) {
  auto* m = static_cast<Memory8*>(memory);
  type->dimensions.count = static_cast<uint32_t>(m->dims.size());
  std::copy(m->dims.begin(), m->dims.end(), type->dimensions.data);
  return m->data.data();
}

void* AccessOutput8(void* memory, NNAdapterOperandType* type) {
  auto* m = static_cast<Memory8*>(memory);
  m->dims.assign(type->dimensions.data,
                 type->dimensions.data + type->dimensions.count);
  m->data.resize(Count(m->dims));
  return m->data.data();
}

Op Quant(ModelBuilder& b, NNAdapterOperandPrecision p, std::vector<int32_t> dims,
         float scale, const std::vector<float>* scales = nullptr) {
  NNAdapterOperandType t = nnadapter_test::Type(p, dims);
  if (scales) {
    t.symm_per_channel_params.channel_dim = 0;
    t.symm_per_channel_params.scale_count = static_cast<uint32_t>(scales->size());
    t.symm_per_channel_params.scales = const_cast<float*>(scales->data());
  } else {
    t.symm_per_layer_params.scale = scale;
  }
  Op o = nullptr;
  EXPECT_EQ(NNAdapterModel_addOperand(b.model(), &t, &o), NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  return o;
}

template <typename T>
Op QuantConst(ModelBuilder& b, NNAdapterOperandPrecision p,
              std::vector<int32_t> dims, float scale, std::vector<T> values,
              const std::vector<float>* scales = nullptr) {
  Op o = Quant(b, p, dims, scale, scales);
  EXPECT_EQ(NNAdapterModel_setOperandValue(
                o, values.data(), static_cast<uint32_t>(values.size() * sizeof(T)),
                true),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  return o;
}

std::vector<int8_t> RandomInt8(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(-127, 127);
  std::vector<int8_t> v(n);
  for (auto& x : v) x = static_cast<int8_t>(dist(rng));
  return v;
}

std::vector<int32_t> RandomInt32(size_t n, int32_t range, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int32_t> dist(-range, range);
  std::vector<int32_t> v(n);
  for (auto& x : v) x = dist(rng);
  return v;
}

int RunInt8(NNAdapterModel* model, const std::string& device,
            std::vector<Memory8> inputs, Memory8* out) {
  Devices d({device}, "");
  NNAdapterCompilation* c = nullptr;
  int code = NNAdapterCompilation_create(model, nullptr, nullptr, 0, nullptr,
                                         d.context(), &c);
  if (code == NNADAPTER_NO_ERROR) code = NNAdapterCompilation_finish(c);
  if (code != NNADAPTER_NO_ERROR) {
    NNAdapterCompilation_destroy(c);
    return code;
  }
  NNAdapterExecution* e = nullptr;
  EXPECT_EQ(NNAdapterExecution_create(c, &e), NNADAPTER_NO_ERROR);
  for (size_t i = 0; i < inputs.size(); i++) {
    NNAdapterExecution_setInput(e, static_cast<int32_t>(i), &inputs[i], AccessInput8);
  }
  NNAdapterExecution_setOutput(e, 0, out, AccessOutput8);
  code = NNAdapterExecution_compute(e);
  NNAdapterExecution_destroy(e);
  NNAdapterCompilation_destroy(c);
  return code;
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
    Memory8 ref, got;
    ASSERT_EQ(RunInt8(b.model(), "builtin_device", mem, &ref), NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    ASSERT_EQ(RunInt8(b.model(), "google_xnnpack", mem, &got), NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    ASSERT_EQ(got.dims, ref.dims);
    int nonzero = 0;
    for (size_t i = 0; i < ref.data.size(); i++) {
      ASSERT_LE(std::abs(int(got.data[i]) - int(ref.data[i])), 1) << "element " << i;
      nonzero += ref.data[i] != 0;
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
  for (size_t i = 0; i < Count(in.dims); i++) in.data.push_back(dist(rng));
  std::vector<nnadapter_test::Memory> outs(2);
  for (int k = 0; k < 2; k++) {
    Devices d({k == 0 ? "builtin_device" : "google_xnnpack"}, "");
    bool supported[3] = {false, false, false};
    ASSERT_EQ(NNAdapterModel_getSupportedOperations(b.model(), d.context(), supported),
              NNADAPTER_NO_ERROR);
    EXPECT_TRUE(supported[0] && supported[1] && supported[2]);
    NNAdapterCompilation* c = nullptr;
    ASSERT_EQ(NNAdapterCompilation_create(b.model(), nullptr, nullptr, 0, nullptr,
                                          d.context(), &c),
              NNADAPTER_NO_ERROR);
    ASSERT_EQ(NNAdapterCompilation_finish(c), NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    NNAdapterExecution* e = nullptr;
    ASSERT_EQ(NNAdapterExecution_create(c, &e), NNADAPTER_NO_ERROR);
    NNAdapterExecution_setInput(e, 0, &in, nnadapter_test::AccessInput);
    NNAdapterExecution_setOutput(e, 0, &outs[k], nnadapter_test::AccessOutput);
    ASSERT_EQ(NNAdapterExecution_compute(e), NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    NNAdapterExecution_destroy(e);
    NNAdapterCompilation_destroy(c);
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
