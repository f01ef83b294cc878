// Conv3x3S8 (conv3x3_s8_vnni.h) against the exact formula of oneDNN's int8
// convolution, ((float)acc + bias / scale[m]) * scale[m], bit for bit; and
// oneDNN itself against that formula on a shape Conv3x3S8 leaves to it. On
// CPUs where int8 runs as the fp32 emulation the same cases check it to
// float rounding.
#include <cmath>

#include "lite/core/op_test_util.h"
#include "lite/operators/nn/conv3x3_s8_vnni.h"
#include "lite/operators/nn/int8_float_emulation.h"
#include "lite/operators/nn/nn_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct S8Case {
  DDim in;  // [N, C, H, W]
  int64_t m;
  bool relu;
  enum class Io { kNchw, kF32NhwcIn, kS8NhwcIn, kF32NhwcOut } io;
};

// The int8 conv's result as oneDNN computes it, NCHW.
std::vector<float> Formula(const S8Case& c, const std::vector<int8_t>& qx,
                           const std::vector<int8_t>& qw, const std::vector<float>& bias,
                           const std::vector<float>& scale) {
  DDim od;
  const std::vector<int32_t> acc = ConvS32Sums(qx, c.in, qw, {c.m, c.in[1], 3, 3}, 1,
                                               {1, 1, 1, 1, 1, 1, 1, 1}, &od);
  const int64_t plane = c.in[2] * c.in[3];
  std::vector<float> out(acc.size());
  for (size_t i = 0; i < acc.size(); ++i) {
    const int64_t m = static_cast<int64_t>(i) / plane % c.m;
    const float bias_q = bias[m] / scale[m];
    const float v = (static_cast<float>(acc[i]) + bias_q) * scale[m];
    out[i] = c.relu ? std::max(v, 0.f) : v;
  }
  return out;
}

// Runs the int8 conv2d op on the case and expects the formula's floats:
// exactly where the int8 path is exact (oneDNN's VNNI kernels, Conv3x3S8),
// to float rounding where it runs as the fp32 emulation.
void RunCase(const S8Case& c) {
  const bool exact = !operators::Int8RunsInFloat();
  SCOPED_TRACE("in " + DimsToString(c.in) + " M " + std::to_string(c.m) + " relu " +
               std::to_string(c.relu) + " io " + std::to_string(static_cast<int>(c.io)));
  const int64_t C = c.in[1];
  const DDim fd{c.m, C, 3, 3};
  const float in_scale = 0.0123f;
  std::vector<int8_t> qx(Numel(c.in)), qw(Numel(fd));
  const auto rx = RandomFloats(qx.size(), -127.f, 127.f, 11);
  const auto rw = RandomFloats(qw.size(), -127.f, 127.f, 12);
  for (size_t i = 0; i < qx.size(); ++i) qx[i] = static_cast<int8_t>(std::nearbyint(rx[i]));
  for (size_t i = 0; i < qw.size(); ++i) qw[i] = static_cast<int8_t>(std::nearbyint(rw[i]));
  const auto bias = RandomFloats(c.m, -3.f, 3.f, 13);
  std::vector<float> w_scale = RandomFloats(c.m, 1e-4f, 3e-4f, 14), scale(c.m);
  for (int64_t m = 0; m < c.m; ++m) scale[m] = in_scale * w_scale[m];
  using Io = S8Case::Io;
  OpRunner r("conv2d");
  if (c.io == Io::kS8NhwcIn) {
    r.Input<int8_t>("Input", "x", c.in, ToNhwc(qx, c.in));
  } else {
    // Floats that quantize back to qx exactly.
    std::vector<float> x(qx.size());
    for (size_t i = 0; i < qx.size(); ++i) x[i] = qx[i] * in_scale;
    r.Input<float>("Input", "x", c.in, c.io == Io::kF32NhwcIn ? ToNhwc(x, c.in) : x);
  }
  r.Attr("input_nhwc", c.io == Io::kF32NhwcIn || c.io == Io::kS8NhwcIn);
  r.Attr("output_nhwc", c.io == Io::kF32NhwcOut);
  r.Input<int8_t>("Filter", "w", fd, qw)->set_persistable(true);
  r.Input<float>("Bias", "b", {c.m}, bias);
  r.Output("Output", "y");
  r.Attr("strides", std::vector<int>{1, 1});
  r.Attr("paddings", std::vector<int>{1, 1});
  r.Attr("groups", 1);
  r.Attr("enable_int8", true);
  r.Attr("input_scale", in_scale);
  r.Attr("weight_scale", w_scale);
  SetActAttrs(&r, c.relu ? "relu" : "");
  std::vector<float> expected = Formula(c, qx, qw, bias, scale);
  if (c.io == Io::kF32NhwcOut) expected = ToNhwc(expected, {c.in[0], c.m, c.in[2], c.in[3]});
  for (int threads : {1, 2}) {
    r.Run(threads, "", PrecisionType::kInt8);
    const std::vector<float> got = r.Values<float>("y");
    ASSERT_EQ(got.size(), expected.size());
    if (!exact) {  // the fp32 emulation: the same values to float rounding
      ExpectAllClose(expected, got, 1e-4f, 1e-4f, "emulated int8 conv");
      continue;
    }
    int64_t off = 0;
    for (size_t i = 0; i < got.size(); ++i) off += got[i] != expected[i];
    EXPECT_EQ(off, 0) << threads << " thread(s): first " << got[0] << " vs " << expected[0];
  }
}

TEST(Conv3x3S8, AppliesOnlyWhereOneDnnWouldPad) {
  if (!operators::Conv3x3S8Applies(1, {24, 96, 3, 3}, {1, 96, 40, 40}, {1, 1}, {1, 1},
                                   {1, 1, 1, 1})) {
    // No AVX512-VNNI here (or oneDNN limited below it): the kernel is off
    // for every shape.
    EXPECT_FALSE(operators::Conv3x3S8Applies(1, {72, 96, 3, 3}, {1, 96, 40, 40}, {1, 1},
                                             {1, 1}, {1, 1, 1, 1}));
    return;
  }
  EXPECT_FALSE(operators::Conv3x3S8Applies(1, {32, 96, 3, 3}, {1, 96, 40, 40}, {1, 1}, {1, 1},
                                           {1, 1, 1, 1}));  // oneDNN's own block
  EXPECT_FALSE(operators::Conv3x3S8Applies(1, {8, 96, 3, 3}, {1, 96, 40, 40}, {1, 1}, {1, 1},
                                           {1, 1, 1, 1}));  // not measured against oneDNN
  EXPECT_TRUE(operators::Conv3x3S8Applies(1, {72, 96, 3, 3}, {1, 96, 40, 40}, {1, 1}, {1, 1},
                                          {1, 1, 1, 1}));
  EXPECT_FALSE(operators::Conv3x3S8Applies(1, {24, 96, 3, 3}, {1, 96, 40, 40}, {2, 2}, {1, 1},
                                           {1, 1, 1, 1}));
  EXPECT_FALSE(operators::Conv3x3S8Applies(1, {24, 96, 3, 3}, {1, 96, 40, 40}, {1, 1}, {1, 1},
                                           {0, 0, 0, 0}));
  EXPECT_FALSE(operators::Conv3x3S8Applies(1, {24, 94, 3, 3}, {1, 94, 40, 40}, {1, 1}, {1, 1},
                                           {1, 1, 1, 1}));
  EXPECT_FALSE(operators::Conv3x3S8Applies(1, {24, 96, 3, 3}, {1, 96, 40, 12}, {1, 1}, {1, 1},
                                           {1, 1, 1, 1}));
}

// The kernel's shapes: 24 and 72 (three blocks) output channels, widths
// with and without a tail of 16, more than 16 channel groups, every input
// and output layout of int8_nhwc_chain_pass it takes, batch 2.
TEST(Conv3x3S8, MatchesOneDnnFormulaBitForBit) {
  using Io = S8Case::Io;
  for (Io io : {Io::kNchw, Io::kF32NhwcIn, Io::kS8NhwcIn, Io::kF32NhwcOut}) {
    RunCase({{1, 96, 7, 40}, 24, true, io});
    RunCase({{2, 12, 5, 16}, 24, false, io});
    RunCase({{1, 68, 4, 33}, 72, io == Io::kNchw, io});
  }
}

// oneDNN on shapes Conv3x3S8 leaves to it (M = 32: its own block; M = 8)
// computes the same formula: the two paths agree bit for bit.
TEST(Conv3x3S8, OneDnnComputesTheSameFormula) {
  RunCase({{1, 96, 7, 40}, 32, true, S8Case::Io::kNchw});
  RunCase({{1, 96, 7, 40}, 32, false, S8Case::Io::kF32NhwcOut});
  RunCase({{2, 12, 5, 16}, 8, false, S8Case::Io::kS8NhwcIn});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
