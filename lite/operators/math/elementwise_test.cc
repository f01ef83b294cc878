#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Every broadcasting form Paddle models use.
const std::vector<BroadcastCase>& BroadcastCases() {
  static const std::vector<BroadcastCase> cases = {
      {{3, 13}, {3, 13}, -1, {3, 13}},                  // same shape
      {{1}, {1}, -1, {1}},                              // single element
      {{2, 3, 4, 5}, {3}, 1, {2, 3, 4, 5}},             // per-channel
      {{2, 3, 4, 5}, {3, 4}, 1, {2, 3, 4, 5}},          // middle block
      {{2, 3, 4, 5}, {2, 3}, 0, {2, 3, 4, 5}},          // leading block
      {{2, 3, 4, 5}, {5}, -1, {2, 3, 4, 5}},            // trailing
      {{2, 3, 4, 5}, {4, 5}, -1, {2, 3, 4, 5}},         // trailing block
      {{2, 3, 4, 5}, {3, 1, 1}, 1, {2, 3, 4, 5}},       // Y with trailing 1s
      {{2, 3, 4, 5}, {5, 1}, 3, {2, 3, 4, 5}},          // trailing 1s trimmed
      {{2, 3, 4, 5}, {3, 1}, 1, {2, 3, 4, 5}},          // [C,1] at axis 1
      {{2, 3, 4, 5}, {1}, -1, {2, 3, 4, 5}},            // scalar Y
      {{2, 3, 4, 5}, {1, 3, 1, 1}, -1, {2, 3, 4, 5}},   // same rank, channel
      {{2, 3, 4, 5}, {2, 1, 4, 1}, -1, {2, 3, 4, 5}},   // same rank, mixed
      {{3, 1}, {1, 13}, -1, {3, 13}},                   // both broadcast
      {{4, 1, 5}, {4, 3, 1}, -1, {4, 3, 5}},            // numpy, interleaved
      {{5}, {2, 3, 4, 5}, -1, {2, 3, 4, 5}},            // X smaller, trailing
      {{3}, {2, 3, 4}, 1, {2, 3, 4}},                   // X smaller, axis
      {{1, 3, 1, 1}, {2, 3, 7, 1}, -1, {2, 3, 7, 1}},   // X smaller numel
      {{1, 3, 13, 127}, {3}, 1, {1, 3, 13, 127}},       // odd per-channel
      {{1, 3, 13, 127}, {1, 3, 13, 127}, -1, {1, 3, 13, 127}},
  };
  return cases;
}

using FloatFn = std::function<float(float, float)>;
using IntFn = std::function<int64_t(int64_t, int64_t)>;

struct KindRef {
  std::string op;
  FloatFn f;
  IntFn i;
};

int64_t FloorDivRef(int64_t a, int64_t b) {
  return static_cast<int64_t>(std::floor(static_cast<double>(a) / b));
}
int64_t ModRef(int64_t a, int64_t b) { return a - FloorDivRef(a, b) * b; }

const std::vector<KindRef>& Kinds() {
  static const std::vector<KindRef> kinds = {
      {"elementwise_add", [](float a, float b) { return a + b; },
       [](int64_t a, int64_t b) { return a + b; }},
      {"elementwise_sub", [](float a, float b) { return a - b; },
       [](int64_t a, int64_t b) { return a - b; }},
      {"elementwise_mul", [](float a, float b) { return a * b; },
       [](int64_t a, int64_t b) { return a * b; }},
      {"elementwise_div", [](float a, float b) { return a / b; },
       [](int64_t a, int64_t b) { return a / b; }},  // C++ truncation
      {"elementwise_max", [](float a, float b) { return std::max(a, b); },
       [](int64_t a, int64_t b) { return std::max(a, b); }},
      {"elementwise_min", [](float a, float b) { return std::min(a, b); },
       [](int64_t a, int64_t b) { return std::min(a, b); }},
      {"elementwise_pow",
       [](float a, float b) { return static_cast<float>(std::pow(double(a), double(b))); },
       [](int64_t a, int64_t b) {
         int64_t r = 1;
         for (int64_t k = 0; k < b; ++k) r *= a;
         return b < 0 ? int64_t(std::llround(std::pow(double(a), double(b)))) : r;
       }},
      {"elementwise_floordiv",
       [](float a, float b) { return static_cast<float>(std::floor(double(a) / b)); },
       FloorDivRef},
      {"elementwise_mod",
       [](float a, float b) {
         double r = std::fmod(double(a), double(b));
         if (r != 0 && ((r < 0) != (b < 0))) r += b;
         return static_cast<float>(r);
       },
       ModRef},
  };
  return kinds;
}

// Y values away from 0 for division-like ops; X positive for pow.
std::vector<float> YValues(size_t n, uint32_t seed) {
  auto v = RandomFloats(n, 0.5f, 2.f, seed);
  auto s = RandomFloats(n, -1.f, 1.f, seed + 1);
  for (size_t i = 0; i < n; ++i) v[i] = s[i] < 0 ? -v[i] : v[i];
  return v;
}

TEST(Elementwise, FloatAllOpsAllBroadcastCases) {
  for (const auto& k : Kinds()) {
    for (const auto& c : BroadcastCases()) {
      std::string what = k.op + " x" + DimsToString(c.x) + " y" +
                         DimsToString(c.y) + " axis " + std::to_string(c.axis);
      auto x = k.op == "elementwise_pow" ? RandomFloats(Numel(c.x), 0.1f, 3.f, 3)
                                         : RandomFloats(Numel(c.x), -4.f, 4.f, 3);
      auto y = k.op == "elementwise_pow" ? RandomFloats(Numel(c.y), -2.f, 2.f, 4)
                                         : YValues(Numel(c.y), 4);
      OpRunner r(k.op);
      r.Input<float>("X", "x", c.x, x);
      r.Input<float>("Y", "y", c.y, y);
      r.Output("Out", "out");
      r.Attr("axis", c.axis);
      r.Run(c.x.size() == 4 ? 2 : 1);
      DDim od;
      auto expected = RefBinary<float, float>(c.x, c.y, c.axis, x, y, k.f, &od);
      ASSERT_EQ(od, c.expected_out) << what;
      EXPECT_EQ(r.Get("out")->dims(), c.expected_out) << what;
      ExpectAllClose(expected, r.Values<float>("out"), 1e-5f, 1e-5f, what);
    }
  }
}

template <typename T>
void CheckIntOps() {
  for (const auto& k : Kinds()) {
    for (const auto& c : BroadcastCases()) {
      std::string what = k.op + " x" + DimsToString(c.x) + " y" + DimsToString(c.y);
      bool pow = k.op == "elementwise_pow";
      auto x = Cast<T>(RandomInts(Numel(c.x), pow ? -5 : -50, pow ? 5 : 50, 11));
      auto y = Cast<T>(RandomInts(Numel(c.y), pow ? 0 : -9, pow ? 4 : 9, 12, !pow));
      OpRunner r(k.op);
      r.Input<T>("X", "x", c.x, x);
      r.Input<T>("Y", "y", c.y, y);
      r.Output("Out", "out");
      r.Attr("axis", c.axis);
      r.Run();
      DDim od;
      auto expected = RefBinary<T, T>(
          c.x, c.y, c.axis, x, y,
          [&](T a, T b) { return static_cast<T>(k.i(a, b)); }, &od);
      EXPECT_EQ(r.Get("out")->dims(), od) << what;
      EXPECT_EQ(r.Get("out")->dtype(), DataTypeTrait<T>::value) << what;
      EXPECT_EQ(expected, r.Values<T>("out")) << what;
    }
  }
}

TEST(Elementwise, Int32AllOpsAllBroadcastCases) { CheckIntOps<int32_t>(); }
TEST(Elementwise, Int64AllOpsAllBroadcastCases) { CheckIntOps<int64_t>(); }
// Narrow integer types wrap like the reference's cast of the int64 result.
TEST(Elementwise, Int8AllOpsAllBroadcastCases) { CheckIntOps<int8_t>(); }
TEST(Elementwise, Uint8AllOpsAllBroadcastCases) { CheckIntOps<uint8_t>(); }
TEST(Elementwise, Int16AllOpsAllBroadcastCases) { CheckIntOps<int16_t>(); }

struct ActCase {
  std::string act;
  std::vector<std::pair<std::string, float>> attrs;
  std::function<float(float)> f;
};

TEST(Elementwise, FusedActivations) {
  const std::vector<ActCase> acts = {
      {"", {}, [](float v) { return v; }},
      {"identity", {}, [](float v) { return v; }},
      {"relu", {}, [](float v) { return v > 0 ? v : 0.f; }},
      {"relu6", {}, [](float v) { return std::min(std::max(v, 0.f), 6.f); }},
      {"relu6", {{"threshold", 2.5f}},
       [](float v) { return std::min(std::max(v, 0.f), 2.5f); }},
      {"leaky_relu", {{"alpha", 0.1f}}, [](float v) { return v >= 0 ? v : 0.1f * v; }},
      {"leaky_relu", {}, [](float v) { return v >= 0 ? v : 0.02f * v; }},
      {"hard_swish", {},
       [](float v) { return v * std::min(std::max(v + 3.f, 0.f), 6.f) / 6.f; }},
      {"hard_sigmoid", {{"slope", 0.2f}, {"offset", 0.5f}},
       [](float v) { return std::min(std::max(0.2f * v + 0.5f, 0.f), 1.f); }},
      {"sigmoid", {}, [](float v) { return float(1.0 / (1.0 + std::exp(-double(v)))); }},
      {"tanh", {}, [](float v) { return float(std::tanh(double(v))); }},
  };
  const std::vector<ActCase> fused_names = {
      {"relu6", {{"fuse_brelu_threshold", 2.f}},
       [](float v) { return std::min(std::max(v, 0.f), 2.f); }},
      {"leaky_relu", {{"leaky_relu_alpha", 0.25f}},
       [](float v) { return v >= 0 ? v : 0.25f * v; }},
      {"hard_swish",
       {{"hard_swish_threshold", 5.f}, {"hard_swish_scale", 4.f}, {"hard_swish_offset", 2.f}},
       [](float v) { return v * std::min(std::max(v + 2.f, 0.f), 5.f) / 4.f; }},
      {"hard_sigmoid", {{"hard_sigmoid_slope", 0.1f}, {"hard_sigmoid_offset", 0.4f}},
       [](float v) { return std::min(std::max(0.1f * v + 0.4f, 0.f), 1.f); }},
      {"swish", {{"swish_beta", 2.f}},
       [](float v) { return float(v / (1.0 + std::exp(-2.0 * v))); }},
  };
  std::vector<ActCase> all = acts;
  all.insert(all.end(), fused_names.begin(), fused_names.end());
  for (const std::string op : {"elementwise_add", "fusion_elementwise_add_activation",
                               "fusion_elementwise_mul_activation",
                               "fusion_elementwise_sub_activation"}) {
    for (const auto& a : all) {
      for (const auto& c : {BroadcastCases()[0], BroadcastCases()[2],
                            BroadcastCases()[15]}) {
        auto x = RandomFloats(Numel(c.x), -5.f, 5.f, 21);
        auto y = RandomFloats(Numel(c.y), -5.f, 5.f, 22);
        OpRunner r(op);
        r.Input<float>("X", "x", c.x, x);
        r.Input<float>("Y", "y", c.y, y);
        r.Output("Out", "out");
        r.Attr("axis", c.axis);
        r.Attr("act_type", a.act);
        for (auto& kv : a.attrs) r.Attr(kv.first, kv.second);
        r.Run();
        DDim od;
        auto expected = RefBinary<float, float>(
            c.x, c.y, c.axis, x, y,
            [&](float p, float q) {
              float v = op.find("mul") != std::string::npos   ? p * q
                        : op.find("sub") != std::string::npos ? p - q
                                                               : p + q;
              return a.f(v);
            },
            &od);
        ExpectAllClose(expected, r.Values<float>("out"), 2e-6f, 2e-6f,
                       op + " act " + a.act);
      }
    }
  }
}

TEST(Elementwise, IntReluFusionAndRejectsFloatOnlyActOnInts) {
  OpRunner r("fusion_elementwise_add_activation");
  r.Input<int64_t>("X", "x", {2, 3}, {1, -2, 3, -4, 5, -6});
  r.Input<int64_t>("Y", "y", {3}, {1, 1, 1});
  r.Output("Out", "out");
  r.Attr("act_type", "relu");
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{2, 0, 4, 0, 6, 0}));

  OpRunner s("fusion_elementwise_add_activation");
  s.Input<int32_t>("X", "x", {2}, {1, 2});
  s.Input<int32_t>("Y", "y", {2}, {1, 1});
  s.Output("Out", "out");
  s.Attr("act_type", "sigmoid");
  ExpectErrorContains([&] { s.Run(); },
                      {"fusion_elementwise_add_activation", "int32"});
}

TEST(Elementwise, DynamicShapesOnOneRunner) {
  OpRunner r("elementwise_mul");
  auto x = RandomFloats(2 * 3 * 4 * 5);
  auto y = RandomFloats(3);
  r.Input<float>("X", "x", {2, 3, 4, 5}, x);
  r.Input<float>("Y", "y", {3}, y);
  r.Output("Out", "out");
  r.Attr("axis", 1);
  r.Run();
  DDim od;
  auto e1 = RefBinary<float, float>({2, 3, 4, 5}, {3}, 1, x, y,
                                    std::multiplies<float>(), &od);
  ExpectAllClose(e1, r.Values<float>("out"));
  // New shapes for both inputs: the loop plan is rebuilt.
  for (DDim xd : {DDim{1, 3, 7, 9}, DDim{2, 3, 1}}) {
    auto x2 = RandomFloats(Numel(xd), -1, 1, 5);
    Tensor* xt = r.Get("x");
    xt->Resize(xd);
    std::copy(x2.begin(), x2.end(), xt->mutable_data<float>());
    r.Run(2);
    auto e2 = RefBinary<float, float>(xd, {3}, 1, x2, y, std::multiplies<float>(), &od);
    EXPECT_EQ(r.Get("out")->dims(), od);
    ExpectAllClose(e2, r.Values<float>("out"));
  }
}

TEST(Elementwise, LargePerChannelAndSameShapeMultiThreaded) {
  DDim xd{1, 16, 80, 80};
  auto x = RandomFloats(Numel(xd), -1, 1, 8);
  auto y = RandomFloats(16, -1, 1, 9);
  auto x2 = RandomFloats(Numel(xd), -1, 1, 10);
  for (int threads : {1, 2}) {
    OpRunner r("elementwise_add");
    r.Input<float>("X", "x", xd, x);
    r.Input<float>("Y", "y", {16}, y);
    r.Output("Out", "out");
    r.Attr("axis", 1);
    r.Run(threads);
    DDim od;
    ExpectAllClose(RefBinary<float, float>(xd, {16}, 1, x, y, std::plus<float>(), &od),
                   r.Values<float>("out"));
    OpRunner s("elementwise_mul");
    s.Input<float>("X", "x", xd, x);
    s.Input<float>("Y", "y", xd, x2);
    s.Output("Out", "out");
    s.Run(threads);
    ExpectAllClose(RefBinary<float, float>(xd, xd, -1, x, x2, std::multiplies<float>(), &od),
                   s.Values<float>("out"));
  }
}

// nhwc_data (int8_nhwc_chain_pass): X holds NHWC data; a per-channel
// [N or 1, C, 1, 1] Y of elementwise_mul scales every pixel's channels as the
// NCHW path does, and equal dims stay element by element.
TEST(Elementwise, NhwcDataPerChannelMulAndSameShapeMatchNchw) {
  for (DDim xd : {DDim{1, 96, 20, 20}, DDim{2, 13, 7, 5}}) {
    for (DDim yd : {DDim{xd[0], xd[1], 1, 1}, DDim{1, xd[1], 1, 1}, xd}) {
      SCOPED_TRACE("X " + DimsToString(xd) + " Y " + DimsToString(yd));
      auto x = RandomFloats(Numel(xd), -1, 1, 12);
      auto y = RandomFloats(Numel(yd), -1, 1, 13);
      auto run = [&](bool nhwc, int threads) {
        OpRunner r("fusion_elementwise_mul_activation");
        r.Input<float>("X", "x", xd, nhwc ? ToNhwc(x, xd) : x);
        r.Input<float>("Y", "y", yd, nhwc && yd == xd ? ToNhwc(y, yd) : y);
        r.Output("Out", "out");
        r.Attr("act_type", std::string("relu"));
        r.Attr("nhwc_data", nhwc);
        r.Run(threads);
        EXPECT_EQ(r.Get("out")->dims(), xd);
        return r.Values<float>("out");
      };
      const auto nchw = run(false, 1);
      ExpectAllClose(ToNhwc(nchw, xd), run(true, 1), 0, 0, "mul NHWC vs NCHW, 1 thread");
      ExpectAllClose(ToNhwc(nchw, xd), run(true, 2), 0, 0, "mul NHWC vs NCHW, 2 threads");
    }
  }
  OpRunner r("elementwise_mul");
  r.Input<float>("X", "x", {1, 8, 4, 4}, RandomFloats(128));
  r.Input<float>("Y", "y", {1, 8, 4, 1}, RandomFloats(32));
  r.Output("Out", "out");
  r.Attr("nhwc_data", true);
  ExpectErrorMentions(r, {"elementwise_mul", "nhwc_data", "[1, 8, 4, 1]"});
}

// The attributes int8_nhwc_chain_pass gives an op that writes s8 NHWC data.
void SetS8Nhwc(OpRunner* r, float scale) {
  r->Attr("nhwc_data", true);
  r->Attr("output_int8", true);
  r->Attr("Out0_scale", std::vector<float>{scale});
}

// The op's s8 output "out" is the floats `ref` quantized as an int8 conv
// quantizes its input (clamp(round_half_even(v / scale), -127, 127)), and
// some of them saturate.
void ExpectS8OfFloats(OpRunner& r, const std::vector<float>& ref, float scale) {
  EXPECT_EQ(r.Get("out")->dtype(), DataType::kInt8);
  const std::vector<int8_t> got = r.Values<int8_t>("out");
  ASSERT_EQ(got.size(), ref.size());
  int saturated = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    const float q = std::min(127.f, std::max(-127.f, std::nearbyint(ref[i] / scale)));
    saturated += std::fabs(q) == 127.f;
    ASSERT_EQ(got[i], static_cast<int8_t>(q)) << "element " << i << ": float " << ref[i];
  }
  EXPECT_GT(saturated, 0);
}

// output_int8 on the nhwc_data channel multiply (int8_nhwc_chain_pass, for
// int8 convs reading it alone): Out is the s8 NHWC data those convs would
// make of the float product (QuantizeS8), with plus_x and an activation, at
// 1 and 2 threads; equal-dims operands are refused by name.
TEST(Elementwise, NhwcChannelMulQuantizedToS8IsWhatTheConvsWouldQuantize) {
  const DDim xd{2, 24, 30, 31}, yd{2, 24, 1, 1};  // > 65536 elements: the parallel path
  const float scale = 1.f / 127;
  const auto x = ToNhwc(RandomFloats(Numel(xd), -2, 2, 14), xd);
  const auto y = RandomFloats(Numel(yd), -1, 1, 15);
  auto setup = [&](OpRunner* r) {
    r->Input<float>("X", "x", xd, x);
    r->Input<float>("Y", "y", yd, y);
    r->Output("Out", "out");
    r->Attr("act_type", std::string("relu"));
    r->Attr("plus_x", true);
    r->Attr("nhwc_data", true);
  };
  OpRunner f32("fusion_elementwise_mul_activation");
  setup(&f32);
  f32.Run();
  const std::vector<float> product = f32.Values<float>("out");
  for (int threads : {1, 2}) {
    OpRunner r("fusion_elementwise_mul_activation");
    setup(&r);
    r.Attr("output_int8", true);
    r.Attr("Out0_scale", std::vector<float>{scale});
    r.Run(threads);
    SCOPED_TRACE(std::to_string(threads) + " thread(s)");
    ExpectS8OfFloats(r, product, scale);
  }
  OpRunner same("elementwise_mul");
  same.Input<float>("X", "x", xd, x);
  same.Input<float>("Y", "y", xd, x);
  same.Output("Out", "out");
  SetS8Nhwc(&same, scale);
  ExpectErrorMentions(same, {"elementwise_mul", "output_int8", "per-channel Y"});
}

// output_int8 on an nhwc_data residual add of equal dims (int8_nhwc_chain_pass,
// for int8 convs reading it alone): Out is the s8 NHWC data those convs would
// make of the float sum (QuantizeS8 of the rounded sum), at 1 and 2 threads
// and over the parallel chunks; a fused activation or a broadcast Y is
// refused by name.
TEST(Elementwise, NhwcResidualAddQuantizedToS8IsWhatTheConvsWouldQuantize) {
  const DDim d{2, 24, 41, 43};  // > 4 chunks of 16384: the parallel path
  const float scale = 1.f / 127;
  const auto x = RandomFloats(Numel(d), -2, 2, 16);
  const auto y = RandomFloats(Numel(d), -1, 1, 17);
  std::vector<float> sum(x.size());
  for (size_t i = 0; i < x.size(); ++i) sum[i] = x[i] + y[i];
  for (int threads : {1, 2}) {
    OpRunner r("elementwise_add");
    r.Input<float>("X", "x", d, x);
    r.Input<float>("Y", "y", d, y);
    r.Output("Out", "out");
    SetS8Nhwc(&r, scale);
    r.Run(threads);
    SCOPED_TRACE(std::to_string(threads) + " thread(s)");
    ExpectS8OfFloats(r, sum, scale);
  }
  OpRunner act("fusion_elementwise_add_activation");
  act.Input<float>("X", "x", d, x);
  act.Input<float>("Y", "y", d, y);
  act.Output("Out", "out");
  act.Attr("act_type", std::string("relu"));
  SetS8Nhwc(&act, scale);
  ExpectErrorMentions(act, {"fusion_elementwise_add_activation", "output_int8"});
  OpRunner broadcast("elementwise_add");
  broadcast.Input<float>("X", "x", d, x);
  broadcast.Input<float>("Y", "y", {1, 24, 1, 1}, RandomFloats(24, -1, 1, 18));
  broadcast.Output("Out", "out");
  SetS8Nhwc(&broadcast, scale);
  ExpectErrorMentions(broadcast, {"elementwise_add", "nhwc_data"});
}

// elementwise_mul with plus_x (mul_plus_x_fuse_pass): Out = act(X * Y + X),
// the product rounded before the sum, on NCHW (per-channel and same-shape
// Y, 1 and 2 threads) and on NHWC data; X must have the output's dims.
TEST(Elementwise, MulPlusXMatchesMultiplyThenAdd) {
  const DDim xd{2, 13, 37, 41};  // > 32768 outputs: the parallel path
  for (DDim yd : {DDim{2, 13, 1, 1}, DDim{1, 13, 1, 1}, xd}) {
    SCOPED_TRACE("Y " + DimsToString(yd));
    auto x = RandomFloats(Numel(xd), -2, 2, 21);
    auto y = RandomFloats(Numel(yd), -1, 1, 22);
    std::vector<float> expected(x.size());
    const int64_t hw = xd[2] * xd[3];
    for (int64_t i = 0; i < Numel(xd); ++i) {
      const int64_t yi = yd == xd ? i : (yd[0] == 1 ? 0 : i / (13 * hw) * 13) + i / hw % 13;
      const float prod = x[i] * y[yi];
      expected[i] = std::max(prod + x[i], 0.f);
    }
    auto run = [&](bool nhwc, int threads) {
      OpRunner r("elementwise_mul");
      r.Input<float>("X", "x", xd, nhwc ? ToNhwc(x, xd) : x);
      r.Input<float>("Y", "y", yd, nhwc && yd == xd ? ToNhwc(y, yd) : y);
      r.Output("Out", "out");
      r.Attr("plus_x", true);
      r.Attr("act_type", std::string("relu"));
      r.Attr("nhwc_data", nhwc);
      r.Run(threads);
      return r.Values<float>("out");
    };
    ExpectAllClose(expected, run(false, 1), 0, 0, "NCHW, 1 thread");
    ExpectAllClose(expected, run(false, 2), 0, 0, "NCHW, 2 threads");
    ExpectAllClose(ToNhwc(expected, xd), run(true, 2), 0, 0, "NHWC, 2 threads");
  }
  auto plus_x_error = [](const std::string& type, const DDim& xd, const DDim& yd,
                         const std::vector<std::string>& words) {
    OpRunner r(type);
    r.Input<float>("X", "x", xd, RandomFloats(Numel(xd)));
    r.Input<float>("Y", "y", yd, RandomFloats(Numel(yd)));
    r.Output("Out", "out");
    r.Attr("plus_x", true);
    ExpectErrorMentions(r, words);
  };
  plus_x_error("elementwise_mul", {1, 3, 1, 1}, {1, 3, 4, 4},
               {"elementwise_mul", "plus_x", "[1, 3, 1, 1]", "[1, 3, 4, 4]"});
  plus_x_error("elementwise_add", {4}, {4}, {"elementwise_add", "plus_x", "elementwise_mul"});
}

TEST(Elementwise, BadInputsNameOpAndDims) {
  {
    OpRunner r("elementwise_add");
    r.Input<float>("X", "x", {2, 3}, std::vector<float>(6, 1.f));
    r.Input<float>("Y", "y", {4}, std::vector<float>(4, 1.f));
    r.Output("Out", "out");
    ExpectErrorContains([&] { r.Run(); }, {"elementwise_add", "[2, 3]", "[4]"});
  }
  {
    OpRunner r("elementwise_sub");
    r.Input<float>("X", "x", {2, 3, 4}, std::vector<float>(24, 1.f));
    r.Input<float>("Y", "y", {3, 4}, std::vector<float>(12, 1.f));
    r.Output("Out", "out");
    r.Attr("axis", 2);
    ExpectErrorContains([&] { r.Run(); }, {"elementwise_sub", "axis 2", "[2, 3, 4]", "[3, 4]"});
  }
  {
    OpRunner r("elementwise_mul");
    r.Input<float>("X", "x", {2, 3}, std::vector<float>(6, 1.f));
    r.Input<int32_t>("Y", "y", {2, 3}, std::vector<int32_t>(6, 1));
    r.Output("Out", "out");
    ExpectErrorContains([&] { r.Run(); }, {"elementwise_mul", "'Y'", "int32", "float32"});
  }
  {
    OpRunner r("elementwise_div");
    r.Input<int32_t>("X", "x", {3}, {1, 2, 3});
    r.Input<int32_t>("Y", "y", {3}, {1, 0, 3});
    r.Output("Out", "out");
    ExpectErrorContains([&] { r.Run(); }, {"elementwise_div", "division by zero"});
  }
  {
    OpRunner r("elementwise_add");
    r.Input<float>("X", "x", {3}, {1, 2, 3});
    r.Input<float>("Y", "y", {3}, {1, 0, 3});
    r.Output("Out", "out");
    r.Attr("act_type", "no_such_act");
    ExpectErrorContains([&] { r.Run(); }, {"elementwise_add", "no_such_act"});
  }
  {
    OpRunner r("elementwise_add");
    r.Input<float>("X", "x", {3}, {1, 2, 3});
    r.Output("Out", "out");
    ExpectErrorContains([&] { r.Run(); }, {"elementwise_add", "'Y'"});
  }
}

// Issue 27 #5: the lowest int32/int64 divided by -1 killed the process
// (SIGFPE). Now an Error naming the op, both variables and the elements;
// mod gives the exact remainder 0.
template <typename T>
void CheckDivisionOverflow() {
  const T lo = std::numeric_limits<T>::lowest();
  for (const std::string op : {"elementwise_div", "elementwise_floordiv"}) {
    SCOPED_TRACE(op);
    {
      OpRunner r(op);
      r.Input<T>("X", "numerator", {3}, {T(5), lo, T(7)});
      r.Input<T>("Y", "denominator", {1}, {T(-1)});
      r.Output("Out", "out");
      ExpectErrorContains([&] { r.Run(); },
                          {"op '" + op + "'", "integer division overflow", "'numerator'",
                           "element 1 is " + std::to_string(lo), "'denominator') element 0 is -1"});
    }
    {
      // Both values present but never paired: computed.
      OpRunner r(op);
      r.Input<T>("X", "x", {2}, {lo, T(4)});
      r.Input<T>("Y", "y", {2}, {T(2), T(-1)});
      r.Output("Out", "out");
      r.Run();
      EXPECT_EQ(r.Values<T>("out"), std::vector<T>({T(lo / 2), T(-4)}));
    }
  }
  OpRunner r("elementwise_mod");
  r.Input<T>("X", "x", {2}, {lo, T(-7)});
  r.Input<T>("Y", "y", {1}, {T(-1)});
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Values<T>("out"), std::vector<T>({T(0), T(0)}));
}

TEST(Elementwise, Int32LowestDividedByMinusOneIsAnError) { CheckDivisionOverflow<int32_t>(); }
TEST(Elementwise, Int64LowestDividedByMinusOneIsAnError) { CheckDivisionOverflow<int64_t>(); }

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
