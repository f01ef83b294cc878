// fake_device numerics (each supported operation against a reference
// written here), concurrent executions and the dims callbacks.
#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <cmath>
#include <random>
#include <thread>

#include "testing/execution.h"
#include "testing/model_builder.h"

namespace nnadapter_test {
namespace {

std::vector<float> Random(size_t n, unsigned seed, float lo = -2, float hi = 2) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(rng);
  return v;
}

// Runs a one-output model on fake_device with the given inputs.
std::vector<float> RunOnFakeDevice(ModelBuilder* b,
                                   std::vector<NNAdapterOperand*> inputs,
                                   NNAdapterOperand* output,
                                   std::vector<Memory> in,
                                   std::vector<int32_t>* out_dims = nullptr) {
  b->Finish(inputs, {output});
  Devices devices({"fake_device"}, "");
  NNAdapterCompilation* c = nullptr;
  EXPECT_EQ(NNAdapterCompilation_create(b->model(), nullptr, nullptr, 0, nullptr,
                                        devices.context(), &c),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(NNAdapterCompilation_finish(c), NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  NNAdapterExecution* e = nullptr;
  EXPECT_EQ(NNAdapterExecution_create(c, &e), NNADAPTER_NO_ERROR);
  Memory out;
  for (size_t i = 0; i < in.size(); i++) {
    NNAdapterExecution_setInput(e, static_cast<int32_t>(i), &in[i], AccessInput);
  }
  NNAdapterExecution_setOutput(e, 0, &out, AccessOutput);
  EXPECT_EQ(NNAdapterExecution_compute(e), NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  NNAdapterExecution_destroy(e);
  NNAdapterCompilation_destroy(c);
  if (out_dims) *out_dims = out.dims;
  return out.data;
}

void ExpectNear(const std::vector<float>& actual,
                const std::vector<float>& expected, float tol = 1e-5f) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); i++) {
    EXPECT_NEAR(actual[i], expected[i], tol * (1 + std::fabs(expected[i]))) << i;
  }
}

// Reference convolution via an explicitly zero-padded copy of the input.
std::vector<float> RefConv(const std::vector<float>& x, int N, int C, int H,
                           int W, const std::vector<float>& w, int Co, int KH,
                           int KW, const std::vector<float>& bias, int pad,
                           int stride, int dilation, int group, int* OH, int* OW) {
  const int HP = H + 2 * pad, WP = W + 2 * pad;
  std::vector<float> padded(static_cast<size_t>(N) * C * HP * WP, 0.0f);
  for (int n = 0; n < N; n++)
    for (int c = 0; c < C; c++)
      for (int h = 0; h < H; h++)
        for (int ww = 0; ww < W; ww++)
          padded[((n * C + c) * HP + h + pad) * WP + ww + pad] =
              x[((n * C + c) * H + h) * W + ww];
  *OH = (HP - (dilation * (KH - 1) + 1)) / stride + 1;
  *OW = (WP - (dilation * (KW - 1) + 1)) / stride + 1;
  std::vector<float> y(static_cast<size_t>(N) * Co * *OH * *OW);
  const int cpg = C / group, opg = Co / group;
  for (int n = 0; n < N; n++)
    for (int o = 0; o < Co; o++)
      for (int i = 0; i < *OH; i++)
        for (int j = 0; j < *OW; j++) {
          double acc = bias[o];
          for (int c = 0; c < cpg; c++)
            for (int kh = 0; kh < KH; kh++)
              for (int kw = 0; kw < KW; kw++)
                acc += double(padded[((n * C + (o / opg) * cpg + c) * HP +
                                      i * stride + kh * dilation) * WP +
                                     j * stride + kw * dilation]) *
                       w[((o * cpg + c) * KH + kh) * KW + kw];
          y[((n * Co + o) * *OH + i) * *OW + j] = static_cast<float>(acc);
        }
  return y;
}

struct ConvCase {
  int N, C, H, W, Co, K, pad, stride, dilation, group;
};

class FakeDeviceConv : public ::testing::TestWithParam<ConvCase> {};

TEST_P(FakeDeviceConv, MatchesReference) {
  const ConvCase p = GetParam();
  const auto x = Random(size_t(p.N) * p.C * p.H * p.W, 1);
  const auto w = Random(size_t(p.Co) * (p.C / p.group) * p.K * p.K, 2);
  const auto bias = Random(p.Co, 3);
  int OH, OW;
  auto expected = RefConv(x, p.N, p.C, p.H, p.W, w, p.Co, p.K, p.K, bias, p.pad,
                          p.stride, p.dilation, p.group, &OH, &OW);
  for (auto& v : expected) v = std::min(std::max(v, 0.0f), 6.0f);  // RELU6
  ModelBuilder b;
  auto* in = b.Tensor({p.N, p.C, p.H, p.W});
  auto* out = b.Tensor({p.N, p.Co, OH, OW});
  b.Op(NNADAPTER_CONV_2D,
       {in, b.Floats({p.Co, p.C / p.group, p.K, p.K}, w), b.Floats({p.Co}, bias),
        b.Int(NNADAPTER_AUTO_PAD_NONE), b.Ints({p.pad, p.pad, p.pad, p.pad}),
        b.Ints({p.stride, p.stride}), b.Int(p.group),
        b.Ints({p.dilation, p.dilation}), b.Int(NNADAPTER_FUSED_RELU6)},
       {out});
  std::vector<int32_t> dims;
  auto y = RunOnFakeDevice(&b, {in}, out, {Memory{{p.N, p.C, p.H, p.W}, x}}, &dims);
  EXPECT_EQ(dims, (std::vector<int32_t>{p.N, p.Co, OH, OW}));
  ExpectNear(y, expected);
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, FakeDeviceConv,
    ::testing::Values(ConvCase{1, 3, 7, 9, 4, 3, 1, 1, 1, 1},
                      ConvCase{2, 4, 13, 5, 6, 3, 0, 2, 1, 2},   // groups
                      ConvCase{1, 5, 8, 8, 5, 3, 2, 1, 2, 5},    // depthwise, dilated
                      ConvCase{1, 2, 5, 5, 3, 1, 0, 1, 1, 1}));  // 1x1

TEST(FakeDevice, ElementwiseBroadcastWithFuseCode) {
  const auto a = Random(2 * 3 * 4, 4), c = Random(3 * 1, 5);
  for (auto op : {NNADAPTER_ADD, NNADAPTER_SUB, NNADAPTER_MUL, NNADAPTER_DIV}) {
    ModelBuilder b;
    auto* x = b.Tensor({2, 3, 4});
    auto* out = b.Tensor({2, 3, 4});
    b.Op(op, {x, b.Floats({3, 1}, c), b.Int(NNADAPTER_FUSED_RELU)}, {out});
    auto y = RunOnFakeDevice(&b, {x}, out, {Memory{{2, 3, 4}, a}});
    std::vector<float> expected(a.size());
    for (size_t i = 0; i < a.size(); i++) {
      const float v = c[(i / 4) % 3];
      float r = op == NNADAPTER_ADD   ? a[i] + v
                : op == NNADAPTER_SUB ? a[i] - v
                : op == NNADAPTER_MUL ? a[i] * v
                                      : a[i] / v;
      expected[i] = std::max(r, 0.0f);
    }
    ExpectNear(y, expected);
  }
}

TEST(FakeDevice, Activations) {
  const auto a = Random(30, 6, -8, 8);
  struct Case {
    NNAdapterOperationType op;
    std::function<float(float)> f;
  };
  const std::vector<Case> cases = {
      {NNADAPTER_RELU, [](float v) { return std::max(v, 0.0f); }},
      {NNADAPTER_RELU6, [](float v) { return std::min(std::max(v, 0.0f), 6.0f); }},
      {NNADAPTER_SIGMOID, [](float v) { return 1.0f / (1.0f + std::exp(-v)); }},
      {NNADAPTER_HARD_SIGMOID,
       [](float v) { return std::max(0.0f, std::min(1.0f, 0.2f * v + 0.5f)); }},
      {NNADAPTER_HARD_SWISH, [](float v) {
         return v * std::max(0.0f, std::min(1.0f, v / 6.0f + 0.5f));
       }}};
  for (const auto& tc : cases) {
    ModelBuilder b;
    auto* x = b.Tensor({5, 6});
    auto* out = b.Tensor({5, 6});
    if (tc.op == NNADAPTER_HARD_SIGMOID) {
      b.Op(tc.op, {x, b.Float(0.2f), b.Float(0.5f)}, {out});
    } else if (tc.op == NNADAPTER_HARD_SWISH) {
      b.Op(tc.op, {x, b.Float(1.0f / 6.0f), b.Float(0.5f)}, {out});
    } else {
      b.Op(tc.op, {x}, {out});
    }
    auto y = RunOnFakeDevice(&b, {x}, out, {Memory{{5, 6}, a}});
    std::vector<float> expected;
    for (float v : a) expected.push_back(tc.f(v));
    ExpectNear(y, expected);
  }
}

TEST(FakeDevice, PoolingCountIncludePadAndCeil) {
  // 1x1x5x5 input 0..24, kernel 3, stride 2, pad 1.
  std::vector<float> x(25);
  for (int i = 0; i < 25; i++) x[i] = static_cast<float>(i);
  for (bool is_max : {false, true}) {
    ModelBuilder b;
    auto* in = b.Tensor({1, 1, 5, 5});
    auto* out = b.Tensor({1, 1, 3, 3});
    std::vector<NNAdapterOperand*> ins = {
        in, b.Int(NNADAPTER_AUTO_PAD_NONE), b.Ints({1, 1, 1, 1}), b.Ints({3, 3}),
        b.Ints({2, 2}), b.Bool(false)};
    if (is_max) {
      ins.push_back(b.Bool(false));
      ins.push_back(b.Int(NNADAPTER_INT32));
    } else {
      ins.push_back(b.Bool(false));  // count_include_pad = false
    }
    ins.push_back(b.Int(NNADAPTER_FUSED_NONE));
    b.Op(is_max ? NNADAPTER_MAX_POOL_2D : NNADAPTER_AVERAGE_POOL_2D, ins, {out});
    auto y = RunOnFakeDevice(&b, {in}, out, {Memory{{1, 1, 5, 5}, x}});
    std::vector<float> expected;
    for (int oh = 0; oh < 3; oh++)
      for (int ow = 0; ow < 3; ow++) {
        float sum = 0, mx = -1e9f;
        int n = 0;
        for (int h = oh * 2 - 1; h <= oh * 2 + 1; h++)
          for (int w = ow * 2 - 1; w <= ow * 2 + 1; w++)
            if (h >= 0 && h < 5 && w >= 0 && w < 5) {
              sum += x[h * 5 + w];
              mx = std::max(mx, x[h * 5 + w]);
              n++;
            }
        expected.push_back(is_max ? mx : sum / n);
      }
    ExpectNear(y, expected);
  }
}

TEST(FakeDevice, ShapeOperations) {
  const auto a = Random(2 * 3 * 4, 7);
  {  // TRANSPOSE perm (2, 0, 1): out[k][i][j] = in[i][j][k]
    ModelBuilder b;
    auto* x = b.Tensor({2, 3, 4});
    auto* out = b.Tensor({4, 2, 3});
    b.Op(NNADAPTER_TRANSPOSE, {x, b.Ints({2, 0, 1})}, {out});
    auto y = RunOnFakeDevice(&b, {x}, out, {Memory{{2, 3, 4}, a}});
    std::vector<float> expected;
    for (int k = 0; k < 4; k++)
      for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++) expected.push_back(a[(i * 3 + j) * 4 + k]);
    ExpectNear(y, expected);
  }
  {  // RESHAPE keeps the data
    ModelBuilder b;
    auto* x = b.Tensor({2, 3, 4});
    auto* out = b.Tensor({6, 4});
    b.Op(NNADAPTER_RESHAPE, {x, b.Ints({6, 4})}, {out});
    std::vector<int32_t> dims;
    auto y = RunOnFakeDevice(&b, {x}, out, {Memory{{2, 3, 4}, a}}, &dims);
    EXPECT_EQ(dims, (std::vector<int32_t>{6, 4}));
    ExpectNear(y, a);
  }
  {  // CONCAT along axis -2 of [2,3,4] and [2,1,4]
    const auto c = Random(2 * 1 * 4, 8);
    ModelBuilder b;
    auto* x = b.Tensor({2, 3, 4});
    auto* z = b.Tensor({2, 1, 4});
    auto* out = b.Tensor({2, 4, 4});
    b.Op(NNADAPTER_CONCAT, {x, z, b.Int(-2)}, {out});
    auto y = RunOnFakeDevice(&b, {x, z}, out,
                             {Memory{{2, 3, 4}, a}, Memory{{2, 1, 4}, c}});
    std::vector<float> expected;
    for (int n = 0; n < 2; n++) {
      expected.insert(expected.end(), a.begin() + n * 12, a.begin() + n * 12 + 12);
      expected.insert(expected.end(), c.begin() + n * 4, c.begin() + n * 4 + 4);
    }
    ExpectNear(y, expected);
  }
  {  // SOFTMAX over axis 1
    ModelBuilder b;
    auto* x = b.Tensor({2, 3, 4});
    auto* out = b.Tensor({2, 3, 4});
    b.Op(NNADAPTER_SOFTMAX, {x, b.Int(1)}, {out});
    auto y = RunOnFakeDevice(&b, {x}, out, {Memory{{2, 3, 4}, a}});
    std::vector<float> expected(a.size());
    for (int n = 0; n < 2; n++)
      for (int k = 0; k < 4; k++) {
        double s = 0;
        for (int j = 0; j < 3; j++) s += std::exp(a[(n * 3 + j) * 4 + k]);
        for (int j = 0; j < 3; j++)
          expected[(n * 3 + j) * 4 + k] =
              static_cast<float>(std::exp(a[(n * 3 + j) * 4 + k]) / s);
      }
    ExpectNear(y, expected);
  }
}

TEST(FakeDevice, MatMulFullyConnectedBatchNormResize) {
  {  // MAT_MUL with transpose_y: [2,3,4] x [5,4]^T
    const auto a = Random(24, 9), w = Random(20, 10);
    ModelBuilder b;
    auto* x = b.Tensor({2, 3, 4});
    auto* out = b.Tensor({2, 3, 5});
    b.Op(NNADAPTER_MAT_MUL, {x, b.Floats({5, 4}, w), b.Bool(false), b.Bool(true)},
         {out});
    auto y = RunOnFakeDevice(&b, {x}, out, {Memory{{2, 3, 4}, a}});
    std::vector<float> expected;
    for (int bm = 0; bm < 6; bm++)
      for (int n = 0; n < 5; n++) {
        float s = 0;
        for (int k = 0; k < 4; k++) s += a[bm * 4 + k] * w[n * 4 + k];
        expected.push_back(s);
      }
    ExpectNear(y, expected);
  }
  {  // FULLY_CONNECTED flattens [2,2,3] to [2,6]
    const auto a = Random(12, 11), w = Random(18, 12), bias = Random(3, 13);
    ModelBuilder b;
    auto* x = b.Tensor({2, 2, 3});
    auto* out = b.Tensor({2, 3});
    b.Op(NNADAPTER_FULLY_CONNECTED,
         {x, b.Floats({3, 6}, w), b.Floats({3}, bias), b.Int(NNADAPTER_FUSED_NONE)},
         {out});
    auto y = RunOnFakeDevice(&b, {x}, out, {Memory{{2, 2, 3}, a}});
    std::vector<float> expected;
    for (int m = 0; m < 2; m++)
      for (int n = 0; n < 3; n++) {
        float s = bias[n];
        for (int k = 0; k < 6; k++) s += a[m * 6 + k] * w[n * 6 + k];
        expected.push_back(s);
      }
    ExpectNear(y, expected);
  }
  {  // BATCH_NORMALIZATION
    const auto a = Random(2 * 3 * 4, 14);
    const std::vector<float> scale = {1, 2, 0.5f}, bias = {0, 1, -1},
                             mean = {0.1f, -0.2f, 0.3f}, var = {1, 4, 0.25f};
    ModelBuilder b;
    auto* x = b.Tensor({2, 3, 4});
    auto* out = b.Tensor({2, 3, 4});
    b.Op(NNADAPTER_BATCH_NORMALIZATION,
         {x, b.Floats({3}, scale), b.Floats({3}, bias), b.Floats({3}, mean),
          b.Floats({3}, var), b.Float(1e-5f)},
         {out});
    auto y = RunOnFakeDevice(&b, {x}, out, {Memory{{2, 3, 4}, a}});
    std::vector<float> expected;
    for (size_t i = 0; i < a.size(); i++) {
      const size_t c = (i / 4) % 3;
      expected.push_back((a[i] - mean[c]) / std::sqrt(var[c] + 1e-5f) * scale[c] +
                         bias[c]);
    }
    ExpectNear(y, expected);
  }
  {  // RESIZE_NEAREST 2x upsampling of [1,1,2,3] -> [1,1,4,6]
    const std::vector<float> a = {1, 2, 3, 4, 5, 6};
    ModelBuilder b;
    auto* x = b.Tensor({1, 1, 2, 3});
    auto* out = b.Tensor({1, 1, 4, 6});
    b.Op(NNADAPTER_RESIZE_NEAREST,
         {x, b.Ints({4, 6}), b.Floats({2}, {2.0f, 2.0f}), b.Bool(false)}, {out});
    auto y = RunOnFakeDevice(&b, {x}, out, {Memory{{1, 1, 2, 3}, a}});
    ExpectNear(y, {1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3,
                   4, 4, 5, 5, 6, 6, 4, 4, 5, 5, 6, 6});
  }
}

TEST(FakeDevice, Conv2DTranspose) {
  // Filter layout [C_in, C_out / group, kh, kw]; stride 2, pad 1.
  const int Ci = 2, Co = 3, H = 3, W = 4, K = 3, S = 2, P = 1;
  const int OH = (H - 1) * S - 2 * P + K, OW = (W - 1) * S - 2 * P + K;
  const auto x = Random(Ci * H * W, 15), w = Random(Ci * Co * K * K, 16),
             bias = Random(Co, 17);
  std::vector<float> expected(Co * OH * OW);
  for (int o = 0; o < Co; o++)
    for (int i = 0; i < OH * OW; i++) expected[o * OH * OW + i] = bias[o];
  for (int c = 0; c < Ci; c++)
    for (int h = 0; h < H; h++)
      for (int ww = 0; ww < W; ww++)
        for (int o = 0; o < Co; o++)
          for (int kh = 0; kh < K; kh++)
            for (int kw = 0; kw < K; kw++) {
              const int oh = h * S - P + kh, ow = ww * S - P + kw;
              if (oh < 0 || oh >= OH || ow < 0 || ow >= OW) continue;
              expected[(o * OH + oh) * OW + ow] +=
                  x[(c * H + h) * W + ww] * w[((c * Co + o) * K + kh) * K + kw];
            }
  ModelBuilder b;
  auto* in = b.Tensor({1, Ci, H, W});
  auto* out = b.Tensor({1, Co, OH, OW});
  b.Op(NNADAPTER_CONV_2D_TRANSPOSE,
       {in, b.Floats({Ci, Co, K, K}, w), b.Floats({Co}, bias),
        b.Int(NNADAPTER_AUTO_PAD_NONE), b.Ints({P, P, P, P}), b.Ints({S, S}),
        b.Int(1), b.Ints({1, 1}), b.Ints({0, 0}), nullptr,
        b.Int(NNADAPTER_FUSED_NONE)},
       {out});
  auto y = RunOnFakeDevice(&b, {in}, out, {Memory{{1, Ci, H, W}, x}});
  ExpectNear(y, expected);
}

TEST(FakeDevice, ConcurrentExecutionsOfOneCompilation) {
  Devices devices({"fake_device"}, "");
  ModelBuilder b;
  auto* x = b.Tensor({1, 8});
  auto* h = b.Tensor({1, 8});
  auto* y = b.Tensor({1, 8});
  const auto w = Random(64, 18), bias = Random(8, 19);
  b.Op(NNADAPTER_FULLY_CONNECTED,
       {x, b.Floats({8, 8}, w), b.Floats({8}, bias), b.Int(NNADAPTER_FUSED_NONE)},
       {h});
  b.Op(NNADAPTER_SIGMOID, {h}, {y});
  b.Finish({x}, {y});
  NNAdapterCompilation* c = Compile(b.model(), devices.context());
  ASSERT_NE(c, nullptr);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; t++) {
    threads.emplace_back([&, t] {
      NNAdapterExecution* e = nullptr;
      if (NNAdapterExecution_create(c, &e) != NNADAPTER_NO_ERROR) {
        failures++;
        return;
      }
      for (int iter = 0; iter < 50; iter++) {
        Memory in{{1, 8}, Random(8, 100 + t * 1000 + iter)}, out;
        NNAdapterExecution_setInput(e, 0, &in, AccessInput);
        NNAdapterExecution_setOutput(e, 0, &out, AccessOutput);
        if (NNAdapterExecution_compute(e) != NNADAPTER_NO_ERROR) {
          failures++;
          continue;
        }
        for (int n = 0; n < 8; n++) {
          float s = bias[n];
          for (int k = 0; k < 8; k++) s += in.data[k] * w[n * 8 + k];
          if (std::fabs(out.data[n] - 1.0f / (1.0f + std::exp(-s))) > 1e-5f) {
            failures++;
          }
        }
      }
      NNAdapterExecution_destroy(e);
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  NNAdapterCompilation_destroy(c);
}

TEST(FakeDevice, CallbacksSeeCompiledTypesAndFinalDims) {
  Devices devices({"fake_device"}, "");
  ModelBuilder b;
  auto* x = b.Tensor({2, 3});
  auto* y = b.Tensor({3, 2});
  b.Op(NNADAPTER_TRANSPOSE, {x, b.Ints({1, 0})}, {y});
  b.Finish({x}, {y});
  NNAdapterCompilation* c = Compile(b.model(), devices.context());
  ASSERT_NE(c, nullptr);
  NNAdapterExecution* e = nullptr;
  ASSERT_EQ(NNAdapterExecution_create(c, &e), NNADAPTER_NO_ERROR);
  struct Probe {
    NNAdapterOperandType seen;
    std::vector<float> data;
  };
  Probe in_probe{{}, {1, 2, 3, 4, 5, 6}}, out_probe{{}, {}};
  auto in_access = [](void* memory, NNAdapterOperandType* type) -> void* {
    auto* p = static_cast<Probe*>(memory);
    p->seen = *type;  // the compiled type, before the caller fills dims
    return p->data.data();
  };
  auto out_access = [](void* memory, NNAdapterOperandType* type) -> void* {
    auto* p = static_cast<Probe*>(memory);
    p->seen = *type;
    p->data.resize(6);
    return p->data.data();
  };
  ASSERT_EQ(NNAdapterExecution_setInput(e, 0, &in_probe, in_access), NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterExecution_setOutput(e, 0, &out_probe, out_access),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterExecution_compute(e), NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  EXPECT_EQ(in_probe.seen.precision, NNADAPTER_FLOAT32);
  EXPECT_EQ(in_probe.seen.dimensions.count, 2u);
  EXPECT_EQ(in_probe.seen.dimensions.data[0], 2);
  EXPECT_EQ(out_probe.seen.precision, NNADAPTER_FLOAT32);
  ASSERT_EQ(out_probe.seen.dimensions.count, 2u);
  EXPECT_EQ(out_probe.seen.dimensions.data[0], 3);
  EXPECT_EQ(out_probe.seen.dimensions.data[1], 2);
  EXPECT_EQ(out_probe.data, (std::vector<float>{1, 4, 2, 5, 3, 6}));
  // An output callback returning NULL fails the computation with a message.
  auto null_access = [](void*, NNAdapterOperandType*) -> void* { return nullptr; };
  ASSERT_EQ(NNAdapterExecution_setOutput(e, 0, &out_probe, null_access),
            NNADAPTER_NO_ERROR);
  EXPECT_NE(NNAdapterExecution_compute(e), NNADAPTER_NO_ERROR);
  EXPECT_NE(std::string(NNAdapter_getLastErrorMessage()).find("fake_device"),
            std::string::npos)
      << NNAdapter_getLastErrorMessage();
  NNAdapterExecution_destroy(e);
  NNAdapterCompilation_destroy(c);
}

}  // namespace
}  // namespace nnadapter_test
