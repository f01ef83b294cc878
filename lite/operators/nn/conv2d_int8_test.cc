#include <cmath>

#include "lite/core/op_test_util.h"
#include "lite/operators/nn/nn_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

int8_t Quant(float v, float scale) {
  float q = std::nearbyint(v / scale);
  return static_cast<int8_t>(std::min(127.f, std::max(-127.f, q)));
}

struct Int8Case {
  DDim in, filter;
  std::vector<int> strides, paddings;
  int groups;
  std::string algo;
  bool per_channel, bias, int8_filter;
  std::string act;
  float x_range{2.f};  // inputs in [-x_range, x_range]; the input scale covers ±2
  // The activation layouts of int8_nhwc_chain_pass (default: float NCHW).
  enum class Io { kNchw, kF32NhwcIn, kS8NhwcIn, kF32NhwcOut, kS8NhwcOut } io{Io::kNchw};
};

// Quantized reference: exact int32 accumulation of the quantized operands,
// then scaled back to float, plus bias and activation.
std::vector<float> NaiveInt8Conv(const Int8Case& c, const std::vector<float>& x,
                                 const std::vector<int8_t>& qw, const std::vector<float>& b,
                                 float in_scale, const std::vector<float>& w_scale, DDim* od) {
  std::vector<int8_t> qx(x.size());
  for (size_t i = 0; i < x.size(); ++i) qx[i] = Quant(x[i], in_scale);
  const ConvWindow2d w = ResolveConvWindow(c.strides, c.paddings, {1, 1}, c.algo, c.in[2],
                                           c.in[3], c.filter[2], c.filter[3]);
  const std::vector<int32_t> acc = ConvS32Sums(qx, c.in, qw, c.filter, c.groups, w, od);
  const int64_t M = (*od)[1], plane = (*od)[2] * (*od)[3];
  std::vector<float> out(acc.size());
  for (size_t i = 0; i < acc.size(); ++i) {
    const int64_t m = static_cast<int64_t>(i) / plane % M;
    const float ws = w_scale.size() == 1 ? w_scale[0] : w_scale[m];
    const float v = static_cast<float>(double(acc[i]) * in_scale * ws) + (c.bias ? b[m] : 0.f);
    out[i] = RefActivation(c.act, v);
  }
  return out;
}

void RunInt8(const Int8Case& c) {
  SCOPED_TRACE("int8 in " + DimsToString(c.in) + " filter " + DimsToString(c.filter) +
               " groups " + std::to_string(c.groups) + " act '" + c.act + "'");
  const std::string op = c.groups == c.in[1] && c.groups > 1 ? "depthwise_conv2d" : "conv2d";
  const int64_t M = c.filter[0], per = Numel(c.filter) / M;
  auto x = RandomFloats(Numel(c.in), -c.x_range, c.x_range, 1);
  auto w = RandomFloats(Numel(c.filter), -0.5f, 0.5f, 2);
  auto b = RandomFloats(M, -1, 1, 3);
  const float in_scale = 2.f / 127;
  std::vector<float> w_scale;
  for (int64_t m = 0; m < (c.per_channel ? M : 1); ++m) {
    float mx = 1e-6f;
    for (int64_t i = 0; i < (c.per_channel ? per : Numel(c.filter)); ++i)
      mx = std::max(mx, std::fabs(w[(c.per_channel ? m * per : 0) + i]));
    w_scale.push_back(mx / 127);
  }
  std::vector<int8_t> qw(w.size());
  for (int64_t m = 0; m < M; ++m)
    for (int64_t i = 0; i < per; ++i)
      qw[m * per + i] = Quant(w[m * per + i], w_scale.size() == 1 ? w_scale[0] : w_scale[m]);
  using Io = Int8Case::Io;
  OpRunner r(op);
  if (c.io == Io::kS8NhwcIn) {  // what an s8-writing conv hands over: q_x in NHWC
    std::vector<int8_t> qx(x.size());
    for (size_t i = 0; i < x.size(); ++i) qx[i] = Quant(x[i], in_scale);
    r.Input<int8_t>("Input", "x", c.in, ToNhwc(qx, c.in));
  } else {
    r.Input<float>("Input", "x", c.in, c.io == Io::kF32NhwcIn ? ToNhwc(x, c.in) : x);
  }
  r.Attr("input_nhwc", c.io == Io::kF32NhwcIn || c.io == Io::kS8NhwcIn);
  r.Attr("output_nhwc", c.io == Io::kF32NhwcOut || c.io == Io::kS8NhwcOut);
  r.Attr("output_int8", c.io == Io::kS8NhwcOut);
  const float out_scale = 0.05f;  // some outputs saturate
  r.Attr("Output0_scale", std::vector<float>{out_scale});
  if (c.int8_filter) {
    r.Input<int8_t>("Filter", "w", c.filter, qw)->set_persistable(true);
  } else {
    r.Input<float>("Filter", "w", c.filter, w)->set_persistable(true);
  }
  if (c.bias) r.Input<float>("Bias", "b", {M}, b);
  r.Output("Output", "y");
  r.Attr("strides", c.strides);
  r.Attr("paddings", c.paddings);
  r.Attr("groups", c.groups);
  r.Attr("padding_algorithm", c.algo);
  r.Attr("enable_int8", true);
  r.Attr("input_scale", in_scale);
  r.Attr("weight_scale", w_scale);
  SetActAttrs(&r, c.act);
  r.Run(1, "", PrecisionType::kInt8);
  r.Run(2, "", PrecisionType::kInt8);  // packed weights reused, other thread count
  DDim od;
  auto expected = NaiveInt8Conv(c, x, qw, b, in_scale, w_scale, &od);
  EXPECT_EQ(r.Get("y")->dims(), od);
  if (c.io == Io::kS8NhwcOut) {
    // oneDNN rounds result / out_scale to nearest and saturates to
    // [-128, 127]: off by one at most (the NNAPI rule for 8-bit).
    const std::vector<float> ref = ToNhwc(expected, od);
    const std::vector<int8_t> got = r.Values<int8_t>("y");
    ASSERT_EQ(got.size(), ref.size());
    int saturated = 0;
    for (size_t i = 0; i < ref.size(); ++i) {
      const float q = std::min(127.f, std::max(-128.f, std::nearbyint(ref[i] / out_scale)));
      saturated += std::fabs(q) >= 127.f;
      ASSERT_LE(std::fabs(q - got[i]), 1.f) << "s8 NHWC output " << i << ": float " << ref[i];
    }
    if (c.act.empty()) {
      EXPECT_GT(saturated, 0);  // the clamp is exercised
    }
    return;
  }
  ExpectAllClose(c.io == Io::kF32NhwcOut ? ToNhwc(expected, od) : expected, r.Values<float>("y"),
                 1e-4f, 1e-4f, "int8 " + op);
}

TEST(Conv2dInt8, MatchesQuantizedReference) {
  for (std::string algo : {"EXPLICIT", "SAME"})
    for (bool per_channel : {true, false}) {
      RunInt8({{1, 3, 13, 11}, {5, 3, 3, 3}, {1, 1}, {1, 1}, 1, algo, per_channel, true, false, ""});
      RunInt8({{2, 4, 9, 7}, {6, 2, 3, 3}, {2, 2}, {1, 0}, 2, algo, per_channel, false, false, "relu"});
      RunInt8({{1, 16, 10, 10}, {32, 16, 1, 1}, {1, 1}, {0, 0}, 1, algo, per_channel, true, true,
               "relu6"});
      RunInt8({{1, 8, 11, 11}, {16, 1, 3, 3}, {2, 2}, {1, 1}, 8, algo, per_channel, true, false,
               "hard_swish_custom"});
      RunInt8({{1, 32, 14, 14}, {32, 1, 3, 3}, {1, 1}, {1, 1}, 32, algo, per_channel, true, true,
               "hard_swish"});
    }
  // A network's RGB stem, large enough that the NCHW -> NHWC s8 input
  // conversion splits its pixel blocks between threads (3 channels: the
  // stores of 8 bytes per pixel must stay inside their thread's block).
  RunInt8({{1, 3, 160, 164}, {8, 3, 3, 3}, {2, 2}, {1, 1}, 1, "EXPLICIT", true, true, false,
           "hard_swish"});
}

// The layouts int8_nhwc_chain_pass chains: float or s8 NHWC inputs, float
// or s8 NHWC outputs (with and without activation, grouped, tails of 8).
TEST(Conv2dInt8, NhwcInputsAndOutputsMatchTheQuantizedReference) {
  using Io = Int8Case::Io;
  for (Io io : {Io::kF32NhwcIn, Io::kS8NhwcIn, Io::kF32NhwcOut, Io::kS8NhwcOut}) {
    SCOPED_TRACE("io " + std::to_string(static_cast<int>(io)));
    Int8Case a{{1, 13, 9, 11}, {24, 13, 3, 3}, {1, 1}, {1, 1}, 1, "EXPLICIT", true, true, true, ""};
    a.io = io;
    RunInt8(a);
    Int8Case b{{2, 16, 7, 5}, {16, 1, 3, 3}, {2, 2}, {1, 1}, 16, "SAME", true, true, false,
               "hard_swish"};
    b.io = io;
    RunInt8(b);
    Int8Case d{{1, 40, 6, 6}, {8, 40, 1, 1}, {1, 1}, {0, 0}, 1, "EXPLICIT", false, false, true,
               "relu"};
    d.io = io;
    RunInt8(d);
  }
}

// A 1x2x4x4 input, a 4x2x3x3 filter and enable_int8: what the tests of the
// int8 attributes start from.
void SetUpSmallInt8Conv(OpRunner* r) {
  r->Input<float>("Input", "x", {1, 2, 4, 4}, RandomFloats(32));
  r->Input<float>("Filter", "w", {4, 2, 3, 3}, RandomFloats(72));
  r->Output("Output", "y");
  r->Attr("enable_int8", true);
}

// An NHWC output needs an activation oneDNN applies itself.
TEST(Conv2dInt8, NhwcOutputWithAFallbackActivationIsAnError) {
  OpRunner r("conv2d");
  SetUpSmallInt8Conv(&r);
  r.Attr("input_scale", 0.1f);
  r.Attr("weight_scale", std::vector<float>{0.1f});
  r.Attr("output_nhwc", true);
  SetActAttrs(&r, "hard_swish_custom");
  const std::string msg = ErrorOf([&] { r.Run(1, "", PrecisionType::kInt8); });
  EXPECT_NE(msg.find("output_nhwc"), std::string::npos) << msg;
}

// Inputs beyond ±127 * input_scale saturate to ±127 (as Paddle's fake
// quant clips), on the AVX2 tiles (16 channels, 8-pixel blocks) and on the
// scalar tails (3 channels, 143 pixels).
TEST(Conv2dInt8, InputsBeyondTheScaleSaturate) {
  RunInt8({{1, 16, 8, 12}, {8, 16, 1, 1}, {1, 1}, {0, 0}, 1, "EXPLICIT", true, true, true, "",
           5.f});
  RunInt8({{1, 3, 13, 11}, {5, 3, 3, 3}, {1, 1}, {1, 1}, 1, "EXPLICIT", true, false, false, "",
           5.f});
}

TEST(Conv2dInt8, PreferredPrecisionAndCloseToFloat) {
  auto op = CreateOp("conv2d");
  Scope scope;
  cpp::OpDesc desc("conv2d");
  desc.SetInput("Input", {"x"});
  desc.SetInput("Filter", {"w"});
  desc.SetOutput("Output", {"y"});
  desc.SetAttr("enable_int8", true);
  desc.SetAttr("input_scale", 0.01f);
  desc.SetAttr("weight_scale", std::vector<float>{0.01f});
  scope.Var("x")->Resize({1, 2, 3, 3});
  scope.Var("x")->mutable_data<float>();
  scope.Var("w")->Resize({2, 2, 1, 1});
  scope.Var("w")->mutable_data<float>();
  op->Attach(desc, &scope);
  EXPECT_EQ(op->PreferredPrecision(), PrecisionType::kInt8);
  const KernelInfo* k = PickKernel(*op, {Place{TargetType::kX86, PrecisionType::kInt8},
                                         Place{TargetType::kX86, PrecisionType::kFloat}});
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->key.precision, PrecisionType::kInt8);

  // Quantized result stays within a few quantization steps of float.
  DDim in{1, 8, 12, 12}, filter{16, 8, 3, 3};
  auto x = RandomFloats(Numel(in), -1, 1, 5);
  auto w = RandomFloats(Numel(filter), -0.25f, 0.25f, 6);
  std::vector<float> outs[2];
  for (int i = 0; i < 2; ++i) {
    OpRunner r("conv2d");
    r.Input<float>("Input", "x", in, x);
    r.Input<float>("Filter", "w", filter, w)->set_persistable(true);
    r.Output("Output", "y");
    r.Attr("paddings", std::vector<int>{1, 1});
    r.Attr("enable_int8", true);
    r.Attr("input_scale", 1.f / 127);
    r.Attr("weight_scale", std::vector<float>{0.25f / 127});
    r.Run(1, "", i == 0 ? PrecisionType::kFloat : PrecisionType::kInt8);
    outs[i] = r.Values<float>("y");
  }
  ExpectAllClose(outs[0], outs[1], 0.05f, 0.f, "int8 vs float");
}

TEST(Conv2dInt8, BadScalesAreErrors) {
  OpRunner r("conv2d");
  SetUpSmallInt8Conv(&r);
  r.Attr("input_scale", 0.1f);
  r.Attr("weight_scale", std::vector<float>{0.1f, 0.2f});
  std::string msg = ErrorOf([&] { r.Run(1, "", PrecisionType::kInt8); });
  EXPECT_NE(msg.find("weight_scale"), std::string::npos) << msg;
  EXPECT_NE(msg.find("[4, 2, 3, 3]"), std::string::npos) << msg;
  OpRunner r2("conv2d");
  SetUpSmallInt8Conv(&r2);
  r2.Attr("weight_scale", std::vector<float>{0.1f});
  msg = ErrorOf([&] { r2.Run(1, "", PrecisionType::kInt8); });
  EXPECT_NE(msg.find("input_scale"), std::string::npos) << msg;
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
