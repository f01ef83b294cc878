#include <cmath>

#include "lite/core/op_test_util.h"
#include "lite/operators/tensor/quant_round_type.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Reference quant-dequant in double: round half away from zero of
// clip(x/s, -1, 1) * bin (round_type 1), or ties-to-even of x/s*bin clipped
// to [-bin-1, bin] (round_type 0).
double RefQuant(double x, double s, int bits, int round_type) {
  const double bin = std::pow(2.0, bits - 1) - 1;
  if (round_type == 1) {
    double v = std::max(-1.0, std::min(1.0, x / s)) * bin;
    return v < 0 ? -std::floor(-v + 0.5) : std::floor(v + 0.5);
  }
  double q = std::nearbyint(x / s * bin);
  return std::max(-bin - 1, std::min(bin, q));
}
double RefQDq(double x, double s, int bits, int round_type) {
  return RefQuant(x, s, bits, round_type) * s / (std::pow(2.0, bits - 1) - 1);
}

TEST(FakeQuantDequantMovingAverage, MatchesFormulaForAllBitsAndRoundTypes) {
  for (int bits : {2, 4, 8}) {
    for (int rt : {-1, 0, 1}) {  // -1: attribute absent (default 1)
      for (DDim d : {DDim{1}, DDim{3, 13}, DDim{1, 3, 13, 127}}) {
        OpRunner r("fake_quantize_dequantize_moving_average_abs_max");
        auto x = RandomFloats(Numel(d), -2.f, 2.f, 3);
        const float s = 1.3f;  // some values are clipped
        r.Input<float>("X", "x", d, x);
        r.Input<float>("InScale", "in_scale", {1}, {s});
        r.Input<float>("InState", "in_state", {1}, {5.f});
        r.Input<float>("InAccum", "in_accum", {1}, {6.f});
        r.Output("Out", "out");
        r.Output("OutScale", "out_scale");
        r.Output("OutState", "out_state");
        r.Output("OutAccum", "out_accum");
        r.Attr("bit_length", bits);
        r.Attr("moving_rate", 0.9f);
        r.Attr("is_test", true);
        if (rt >= 0) r.Attr("round_type", rt);
        r.Run();
        std::vector<float> expected(x.size());
        for (size_t i = 0; i < x.size(); ++i) {
          expected[i] = static_cast<float>(RefQDq(x[i], s, bits, rt < 0 ? 1 : rt));
        }
        EXPECT_EQ(r.Get("out")->dims(), d);
        ExpectAllClose(expected, r.Values<float>("out"));
        EXPECT_EQ(r.Values<float>("out_scale"), (std::vector<float>{s}));
        EXPECT_EQ(r.Values<float>("out_state"), (std::vector<float>{5.f}));
        EXPECT_EQ(r.Values<float>("out_accum"), (std::vector<float>{6.f}));
      }
    }
  }
}

// {0.5, -0.5, 1.5, -2, 0.49} through `op` with bit_length 2 (bin_cnt 1) and
// a stored scale s = 1; round_type -1 leaves the attribute out.
std::vector<float> Ties(const std::string& op, int round_type) {
  const bool linear = op == "quantize_linear";
  OpRunner r(op);
  r.Input<float>("X", "x", {5}, {0.5f, -0.5f, 1.5f, -2.f, 0.49f});
  r.Input<float>(linear ? "Scale" : "InScale", "s", {1}, {1.f});
  r.Output(linear ? "Y" : "Out", "out");
  if (linear) {
    r.Attr("quant_axis", -1);
  } else {
    r.Output("OutScale", "os");
  }
  r.Attr("bit_length", 2);
  if (round_type >= 0) r.Attr("round_type", round_type);
  r.Run();
  return r.Values<float>("out");
}
const std::vector<float> kAway = {1, -1, 1, -1, 0};    // round_type 1 (clip to [-s, s])
const std::vector<float> kEven = {0, -0.f, 1, -2, 0};  // round_type 0 (clip to [-2, 1])

TEST(FakeQuantDequantMovingAverage, HandComputedTiesAndClipping) {
  for (int rt : {0, 1}) {
    EXPECT_EQ(Ties("fake_quantize_dequantize_moving_average_abs_max", rt), rt ? kAway : kEven)
        << rt;
  }
}

// Without a round_type attribute each op rounds as Paddle's definition says
// (quant_round_type.h): quantize_linear ties to even, the fake_* ops ties away.
TEST(QuantRoundType, AbsentAttributeTakesPaddlesDefaultPerOpType) {
  EXPECT_EQ(Ties("quantize_linear", -1), kEven);
  EXPECT_EQ(Ties("fake_quantize_moving_average_abs_max", -1), kAway);
  EXPECT_EQ(Ties("fake_quantize_dequantize_moving_average_abs_max", -1), kAway);
  for (const char* op : {"quantize_linear", "dequantize_linear"}) {
    EXPECT_EQ(PaddleDefaultRoundType(op), 0) << op;
  }
  for (const char* op : {"fake_quantize_abs_max", "fake_quantize_dequantize_abs_max",
                         "fake_quantize_moving_average_abs_max",
                         "fake_quantize_dequantize_moving_average_abs_max",
                         "fake_channel_wise_quantize_abs_max",
                         "fake_channel_wise_quantize_dequantize_abs_max"}) {
    EXPECT_EQ(PaddleDefaultRoundType(op), 1) << op;
  }
}

TEST(FakeChannelWiseQuantDequant, PerChannelAbsMaxOnBothAxes) {
  for (int axis : {0, 1}) {
    for (DDim d : {DDim{3, 13}, DDim{13, 3, 3, 3}, DDim{1, 5, 1, 1}, DDim{4, 1, 3, 3}}) {
      for (int rt : {0, 1}) {
        OpRunner r("fake_channel_wise_quantize_dequantize_abs_max");
        auto x = RandomFloats(Numel(d), -3.f, 3.f, 11);
        r.Input<float>("X", "x", d, x);
        r.Output("Out", "out");
        r.Output("OutScale", "scale");
        r.Attr("quant_axis", axis);
        r.Attr("bit_length", 8);
        r.Attr("round_type", rt);
        r.Run();
        int64_t outer = 1, inner = 1, C = d[axis];
        for (int i = 0; i < axis; ++i) outer *= d[i];
        for (size_t i = axis + 1; i < d.size(); ++i) inner *= d[i];
        std::vector<float> s(C, 0.f);
        for (int64_t o = 0; o < outer; ++o)
          for (int64_t c = 0; c < C; ++c)
            for (int64_t i = 0; i < inner; ++i)
              s[c] = std::max(s[c], std::fabs(x[(o * C + c) * inner + i]));
        std::vector<float> expected(x.size());
        for (int64_t o = 0; o < outer; ++o)
          for (int64_t c = 0; c < C; ++c)
            for (int64_t i = 0; i < inner; ++i) {
              int64_t k = (o * C + c) * inner + i;
              expected[k] = static_cast<float>(RefQDq(x[k], s[c], 8, rt));
            }
        EXPECT_EQ(r.Values<float>("scale"), s);
        ExpectAllClose(expected, r.Values<float>("out"));
      }
    }
  }
  OpRunner bad("fake_channel_wise_quantize_dequantize_abs_max");
  bad.Input<float>("X", "x", {3}, {1, 2, 3});
  bad.Output("Out", "out");
  bad.Attr("quant_axis", 1);
  ExpectErrorMentions(bad, {"fake_channel_wise_quantize_dequantize_abs_max"});
}

TEST(FakeQuantAbsMax, QuantizedValuesAndScale) {
  std::vector<float> x = {-1.f, 0.5f, 0.25f, 2.f};
  OpRunner r("fake_quantize_abs_max");
  r.Input<float>("X", "x", {4}, x);
  r.Output("Out", "out");
  r.Output("OutScale", "s");
  r.Attr("bit_length", 8);
  r.Run();
  EXPECT_EQ(r.Values<float>("s"), (std::vector<float>{2.f}));
  // round(127 * x / 2): -63.5 -> -64, 31.75 -> 32, 15.875 -> 16, 127.
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{-64, 32, 16, 127}));
  OpRunner qd("fake_quantize_dequantize_abs_max");
  qd.Input<float>("X", "x", {4}, x);
  qd.Output("Out", "out");
  qd.Output("OutScale", "s");
  qd.Run();
  std::vector<float> e;
  for (float v : x) e.push_back(static_cast<float>(RefQDq(v, 2.0, 8, 1)));
  ExpectAllClose(e, qd.Values<float>("out"));
}

TEST(FakeDequant, MaxAbsAndChannelWise) {
  OpRunner r("fake_dequantize_max_abs");
  r.Input<float>("X", "x", {3}, {-127, 64, 1});
  r.Input<float>("Scale", "s", {1}, {2.f});
  r.Output("Out", "out");
  r.Attr("max_range", 127.f);
  r.Run();
  ExpectAllClose({-2.f, 128.f / 127, 2.f / 127}, r.Values<float>("out"));

  // One scale per output channel (quant_axis 0) of a [2, 3] weight.
  OpRunner c("fake_channel_wise_dequantize_max_abs");
  c.Input<float>("X", "x", {2, 3}, {127, -127, 0, 10, 20, 30});
  c.Input<float>("Scales", "s1", {2}, {1.f, 0.5f});
  c.Output("Out", "out");
  c.Attr("quant_bits", std::vector<int32_t>{8});
  c.Attr("quant_axis", 0);
  c.Run();
  ExpectAllClose({1.f, -1.f, 0.f, 5.f / 127, 10.f / 127, 15.f / 127}, c.Values<float>("out"));
  // Two scales: channel along x_num_col_dims, times the second scale.
  OpRunner c2("fake_channel_wise_dequantize_max_abs");
  c2.Input<float>("X", "x", {2, 2}, {127, 127, 127, 127});
  c2.Input<float>("Scales", "s1", {2}, {1.f, 2.f});
  c2.Input<float>("Scales", "s2", {1}, {3.f});
  c2.Output("Out", "out");
  c2.Attr("quant_bits", std::vector<int32_t>{8, 8});
  c2.Attr("x_num_col_dims", 1);
  c2.Run();
  ExpectAllClose({3.f / 127, 6.f / 127, 3.f / 127, 6.f / 127}, c2.Values<float>("out"));
}

TEST(QuantizeLinear, PerTensorAndPerChannelRoundTrip) {
  auto x = RandomFloats(2 * 3 * 5, -1.f, 1.f, 5);
  OpRunner q("quantize_linear");
  q.Input<float>("X", "x", {2, 3, 5}, x);
  q.Input<float>("Scale", "s", {3}, {0.5f, 1.f, 2.f});
  q.Input<float>("ZeroPoint", "zp", {3}, {0, 0, 0});
  q.Output("Y", "y");
  q.Attr("quant_axis", 1);
  q.Attr("bit_length", 8);
  q.Attr("round_type", 1);
  q.Run();
  OpRunner dq("dequantize_linear");
  dq.Input<float>("X", "x", {2, 3, 5}, q.Values<float>("y"));
  dq.Input<float>("Scale", "s", {3}, {0.5f, 1.f, 2.f});
  dq.Input<float>("ZeroPoint", "zp", {3}, {0, 0, 0});
  dq.Output("Y", "y");
  dq.Attr("quant_axis", 1);
  dq.Attr("bit_length", 8);
  dq.Run();
  std::vector<float> eq(x.size()), edq(x.size());
  const float sc[3] = {0.5f, 1.f, 2.f};
  for (size_t i = 0; i < x.size(); ++i) {
    float s = sc[(i / 5) % 3];
    eq[i] = static_cast<float>(RefQuant(x[i], s, 8, 1));
    edq[i] = static_cast<float>(RefQDq(x[i], s, 8, 1));
  }
  EXPECT_EQ(q.Values<float>("y"), eq);
  ExpectAllClose(edq, dq.Values<float>("y"));

  OpRunner t("dequantize_linear");
  t.Input<int8_t>("X", "x", {3}, {-127, 0, 64});
  t.Input<float>("Scale", "s", {1}, {0.5f});
  t.Output("Y", "y");
  t.Attr("quant_axis", -1);
  t.Run();
  ExpectAllClose({-0.5f, 0.f, 32.f / 127}, t.Values<float>("y"));
  OpRunner bad("quantize_linear");
  bad.Input<float>("X", "x", {2, 3}, RandomFloats(6));
  bad.Input<float>("Scale", "s", {2}, {1.f, 2.f});
  bad.Output("Y", "y");
  bad.Attr("quant_axis", 1);
  ExpectErrorMentions(bad, {"quantize_linear", "'Scale'"});
  // PaddleSlim always writes ZeroPoint; a non-zero one (asymmetric) is refused.
  OpRunner asym("dequantize_linear");
  asym.Input<int8_t>("X", "x", {2}, {1, 2});
  asym.Input<float>("Scale", "s", {1}, {0.5f});
  asym.Input<float>("ZeroPoint", "zp", {1}, {3.f});
  asym.Output("Y", "y");
  asym.Attr("quant_axis", -1);
  ExpectErrorMentions(asym, {"dequantize_linear", "'ZeroPoint'", "symmetric"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
