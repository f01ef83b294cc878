#include <cmath>
#include <thread>

#include "lite/core/op_test_util.h"
#include "lite/operators/nn/nn_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct ConvCase {
  DDim in;       // N, C, H, W
  DDim filter;   // M, C/g, KH, KW
  std::vector<int> strides, paddings, dilations;
  int groups;
  std::string algo;
  bool bias;
  std::string act;
};

// Naive reference in double: resolves SAME/VALID like Paddle, then loops.
std::vector<float> NaiveConv(const ConvCase& c, const std::vector<float>& x,
                             const std::vector<float>& w, const std::vector<float>& b,
                             DDim* out_dims) {
  const int64_t N = c.in[0], C = c.in[1], H = c.in[2], W = c.in[3];
  const int64_t M = c.filter[0], KH = c.filter[2], KW = c.filter[3];
  const auto [sh, sw, dh, dw, pt, pb, pl, pr] =
      ResolveConvWindow(c.strides, c.paddings, c.dilations, c.algo, H, W, KH, KW);
  const int64_t OH = (H + pt + pb - (dh * (KH - 1) + 1)) / sh + 1;
  const int64_t OW = (W + pl + pr - (dw * (KW - 1) + 1)) / sw + 1;
  *out_dims = {N, M, OH, OW};
  const int64_t G = c.groups, Cg = C / G, Mg = M / G;
  std::vector<float> out(N * M * OH * OW);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m) {
      const int64_t g = m / Mg;
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          double s = c.bias ? b[m] : 0.0;
          for (int64_t ci = 0; ci < Cg; ++ci)
            for (int64_t kh = 0; kh < KH; ++kh)
              for (int64_t kw = 0; kw < KW; ++kw) {
                int64_t ih = oh * sh - pt + kh * dh, iw = ow * sw - pl + kw * dw;
                if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                s += double(x[((n * C + g * Cg + ci) * H + ih) * W + iw]) *
                     w[((m * Cg + ci) * KH + kh) * KW + kw];
              }
          out[((n * M + m) * OH + oh) * OW + ow] = RefActivation(c.act, float(s));
        }
    }
  return out;
}

void RunCase(const std::string& op, const ConvCase& c, int threads = 1) {
  SCOPED_TRACE(op + " in " + DimsToString(c.in) + " filter " + DimsToString(c.filter) +
               " algo " + c.algo + " groups " + std::to_string(c.groups) + " act '" +
               c.act + "'");
  OpRunner r(op);
  auto x = RandomFloats(Numel(c.in), -1, 1, 1);
  auto w = RandomFloats(Numel(c.filter), -1, 1, 2);
  auto b = RandomFloats(c.filter[0], -1, 1, 3);
  r.Input<float>("Input", "x", c.in, x);
  r.Input<float>("Filter", "w", c.filter, w);
  if (c.bias) r.Input<float>("Bias", "b", {c.filter[0]}, b);
  r.Output("Output", "y");
  SetConvWindowAttrs(&r, c.strides, c.paddings, c.dilations, c.groups, c.algo);
  r.Attr("data_format", std::string("NCHW"));
  SetActAttrs(&r, c.act);
  r.Run(threads);
  DDim dims;
  auto expected = NaiveConv(c, x, w, b, &dims);
  EXPECT_EQ(r.Get("y")->dims(), dims);
  ExpectAllClose(expected, r.Values<float>("y"), 1e-4f, 1e-4f, op);
}

TEST(Conv2d, MatchesNaiveOverAttributeCombinations) {
  const std::vector<std::vector<int>> paddings{{0, 0}, {1, 2}, {0, 2, 1, 3}};
  for (const auto& pad : paddings)
    for (std::string algo : {"EXPLICIT", "SAME", "VALID"})
      for (std::vector<int> stride : {std::vector<int>{1, 1}, std::vector<int>{2, 3}})
        for (std::vector<int> dil : {std::vector<int>{1, 1}, std::vector<int>{2, 1}}) {
          RunCase("conv2d", {{1, 3, 13, 11}, {5, 3, 3, 3}, stride, pad, dil, 1, algo,
                             false, ""});
          RunCase("conv2d", {{2, 4, 9, 7}, {6, 2, 3, 2}, stride, pad, dil, 2, algo,
                             true, ""});
        }
}

TEST(Conv2d, OddShapesAndPointwise) {
  RunCase("conv2d", {{1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1}, {0, 0}, {1, 1}, 1, "EXPLICIT",
                     false, ""});
  RunCase("conv2d", {{1, 13, 127, 3}, {7, 13, 1, 1}, {1, 1}, {0, 0}, {1, 1}, 1,
                     "EXPLICIT", true, ""});
  RunCase("conv2d", {{3, 17, 13, 13}, {33, 17, 1, 1}, {2, 2}, {0, 0}, {1, 1}, 1,
                     "EXPLICIT", false, "relu"});
  RunCase("conv2d", {{1, 32, 20, 20}, {48, 32, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1,
                     "EXPLICIT", true, "hard_swish"}, 2);
  RunCase("conv2d", {{1, 3, 31, 29}, {16, 3, 5, 7}, {2, 2}, {2, 3}, {1, 1}, 1,
                     "EXPLICIT", true, "relu6"});
}

// Shapes that take our Winograd F(4x4, 3x3) kernel on CPUs with AVX2 but
// without AVX-512 (winograd_conv3x3.h; elsewhere oneDNN runs them): partial
// tiles, SAME / asymmetric paddings, fused activations, 2 threads.
TEST(Conv2d, WinogradShapesMatchNaive) {
  RunCase("conv2d", {{1, 32, 21, 23}, {13, 32, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1, "EXPLICIT",
                     true, "relu"});
  RunCase("conv2d", {{2, 16, 18, 17}, {8, 16, 3, 3}, {1, 1}, {0, 2, 1, 0}, {1, 1}, 1,
                     "EXPLICIT", false, "hard_swish"}, 2);
  RunCase("conv2d", {{1, 48, 33, 20}, {24, 48, 3, 3}, {1, 1}, {0, 0}, {1, 1}, 1, "SAME",
                     true, ""}, 2);
}

// 1x1 convs with at most 64 input channels on planes of >= 1024 pixels take
// our pointwise kernel on CPUs with AVX2 but without AVX-512
// (pointwise_conv_nchw.h; elsewhere oneDNN runs them).
TEST(Conv2d, SmallChannelPointwiseMatchesNaive) {
  RunCase("conv2d", {{1, 8, 40, 33}, {13, 8, 1, 1}, {1, 1}, {0, 0}, {1, 1}, 1, "EXPLICIT",
                     true, "hard_swish"});
  RunCase("conv2d", {{2, 48, 37, 29}, {24, 48, 1, 1}, {1, 1}, {0, 0}, {1, 1}, 1, "EXPLICIT",
                     false, "relu"}, 2);
}

TEST(DepthwiseConv2d, MatchesNaiveIncludingMultiplier) {
  for (std::string op : {"depthwise_conv2d", "conv2d"})
    for (std::string algo : {"EXPLICIT", "SAME", "VALID"})
      for (std::vector<int> stride : {std::vector<int>{1, 1}, std::vector<int>{2, 2}}) {
        RunCase(op, {{1, 3, 13, 13}, {3, 1, 3, 3}, stride, {1, 1}, {1, 1}, 3, algo,
                     true, ""});
        RunCase(op, {{2, 3, 11, 7}, {6, 1, 3, 3}, stride, {1, 0, 2, 1}, {2, 2}, 3, algo,
                     false, "relu"});
        RunCase(op, {{1, 24, 15, 17}, {24, 1, 5, 5}, stride, {2, 2}, {1, 1}, 24, algo,
                     true, "hard_swish"});
      }
}

TEST(DepthwiseConv2d, OddShapesStridesAndPads) {
  // Strides 1..4 with different H/W strides, asymmetric pads, multiplier 2,
  // 1-pixel planes, kernels larger than the input; the 67x61 planes (>= 1024
  // outputs at stride 1, DepthwiseNchwPays) take the direct NCHW kernel, the
  // others oneDNN.
  for (std::vector<int> stride : {std::vector<int>{1, 1}, std::vector<int>{2, 1},
                                  std::vector<int>{1, 3}, std::vector<int>{4, 2}}) {
    RunCase("depthwise_conv2d", {{2, 5, 13, 17}, {5, 1, 3, 5}, stride, {0, 2, 3, 1}, {1, 1}, 5,
                                 "EXPLICIT", true, "relu6"});
    RunCase("depthwise_conv2d", {{1, 3, 9, 7}, {6, 1, 5, 5}, stride, {2, 2}, {1, 1}, 3,
                                 "SAME", false, "sigmoid"});
    RunCase("depthwise_conv2d", {{1, 2, 1, 1}, {2, 1, 3, 3}, stride, {1, 1}, {1, 1}, 2,
                                 "EXPLICIT", true, ""});
    RunCase("depthwise_conv2d", {{1, 4, 3, 2}, {4, 1, 5, 5}, stride, {2, 2}, {1, 1}, 4,
                                 "EXPLICIT", true, "hard_swish"});
    RunCase("depthwise_conv2d", {{1, 3, 67, 61}, {3, 1, 3, 3}, stride, {1, 1}, {1, 1}, 3,
                                 "EXPLICIT", true, "leaky_relu"});
  }
}

TEST(Conv2d, FusedBiasAndEveryActivation) {
  for (std::string act : AllActivations()) {
    RunCase("conv2d", {{1, 8, 9, 9}, {16, 8, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1,
                       "EXPLICIT", true, act});
    // pointwise (GEMM conv + SIMD activation loop), Winograd-eligible 3x3,
    // and a 3-channel stem (plain NCHW source)
    RunCase("conv2d", {{2, 5, 7, 11}, {9, 5, 1, 1}, {1, 1}, {0, 0}, {1, 1}, 1, "EXPLICIT", true,
                       act});
    RunCase("conv2d", {{1, 32, 13, 11}, {24, 32, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1, "EXPLICIT",
                       true, act});
    RunCase("conv2d", {{1, 3, 17, 19}, {8, 3, 3, 3}, {2, 2}, {1, 1}, {1, 1}, 1, "EXPLICIT", true,
                       act});
    RunCase("depthwise_conv2d", {{1, 16, 9, 9}, {16, 1, 3, 3}, {1, 1}, {1, 1}, {1, 1},
                                 16, "EXPLICIT", true, act});
  }
}

TEST(Conv2d, DynamicShapeChangeBetweenRuns) {
  ConvCase c{{1, 4, 9, 9}, {8, 4, 3, 3}, {2, 2}, {1, 1}, {1, 1}, 1, "SAME", true, "relu"};
  OpRunner r("conv2d");
  auto w = RandomFloats(Numel(c.filter), -1, 1, 2);
  auto b = RandomFloats(8, -1, 1, 3);
  r.Input<float>("Input", "x", c.in, RandomFloats(Numel(c.in)));
  r.Input<float>("Filter", "w", c.filter, w)->set_persistable(true);
  r.Input<float>("Bias", "b", {8}, b);
  r.Output("Output", "y");
  SetConvWindowAttrs(&r, c.strides, c.paddings, c.dilations, 1, c.algo);
  r.Attr("act_type", std::string("relu"));
  for (DDim in : {DDim{1, 4, 9, 9}, DDim{3, 4, 16, 5}, DDim{1, 4, 9, 9}, DDim{2, 4, 1, 1}}) {
    c.in = in;
    auto x = RandomFloats(Numel(in), -1, 1, static_cast<uint32_t>(in[0] * 100 + in[2]));
    Tensor* xt = r.Get("x");
    xt->Resize(in);
    float* px = xt->mutable_data<float>();
    std::copy(x.begin(), x.end(), px);
    r.Run(in[0] == 3 ? 2 : 1);
    DDim dims;
    auto expected = NaiveConv(c, x, w, b, &dims);
    EXPECT_EQ(r.Get("y")->dims(), dims);
    ExpectAllClose(expected, r.Values<float>("y"), 1e-4f, 1e-4f, DimsToString(in));
  }
}

TEST(Conv2d, NonPersistableFilterIsRepackedEveryRun) {
  ConvCase c{{1, 16, 6, 6}, {16, 16, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1, "EXPLICIT", false, ""};
  OpRunner r("conv2d");
  auto x = RandomFloats(Numel(c.in), -1, 1, 5);
  auto w = RandomFloats(Numel(c.filter), -1, 1, 6);
  r.Input<float>("Input", "x", c.in, x);
  r.Input<float>("Filter", "w", c.filter, w);
  r.Output("Output", "y");
  r.Attr("paddings", c.paddings);
  for (int run = 0; run < 2; ++run) {
    if (run == 1) {
      w = RandomFloats(Numel(c.filter), -1, 1, 66);
      std::copy(w.begin(), w.end(), r.Get("w")->mutable_data<float>());
    }
    r.Run();
    DDim dims;
    ExpectAllClose(NaiveConv(c, x, w, {}, &dims), r.Values<float>("y"), 1e-4f, 1e-4f,
                   "run " + std::to_string(run));
  }
}

// Two predictors' kernels running at the same time in two threads (each
// thread has its own oneDNN stream; the engine is shared).
TEST(Conv2d, ConcurrentKernelsInTwoThreads) {
  ConvCase cases[2] = {
      {{1, 16, 20, 20}, {32, 16, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1, "EXPLICIT", true, "relu"},
      {{1, 24, 17, 19}, {24, 1, 3, 3}, {2, 2}, {1, 1}, {1, 1}, 24, "EXPLICIT", true, ""}};
  std::vector<float> results[2], expected[2];
  std::vector<std::string> errors(2);
  auto work = [&](int i) {
    try {
      const ConvCase& c = cases[i];
      OpRunner r(i == 0 ? "conv2d" : "depthwise_conv2d");
      auto x = RandomFloats(Numel(c.in), -1, 1, 10 + i);
      auto w = RandomFloats(Numel(c.filter), -1, 1, 20 + i);
      auto b = RandomFloats(c.filter[0], -1, 1, 30 + i);
      r.Input<float>("Input", "x", c.in, x);
      r.Input<float>("Filter", "w", c.filter, w)->set_persistable(true);
      r.Input<float>("Bias", "b", {c.filter[0]}, b);
      r.Output("Output", "y");
      r.Attr("strides", c.strides);
      r.Attr("paddings", c.paddings);
      r.Attr("groups", c.groups);
      SetActAttrs(&r, c.act);
      DDim dims;
      expected[i] = NaiveConv(c, x, w, b, &dims);
      for (int k = 0; k < 30; ++k) {
        r.Run();
        auto v = r.Values<float>("y");
        if (k > 0 && v != results[i]) errors[i] = "results changed between runs";
        results[i] = v;
      }
    } catch (const std::exception& e) {
      errors[i] = e.what();
    }
  };
  std::thread t0(work, 0), t1(work, 1);
  t0.join();
  t1.join();
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(errors[i], "") << i;
    ExpectAllClose(expected[i], results[i], 1e-4f, 1e-4f, "thread " + std::to_string(i));
  }
}

TEST(Conv2d, ChannelMismatchErrorNamesOpAndDims) {
  OpRunner r("depthwise_conv2d");
  r.Input<float>("Input", "x", {1, 5, 4, 4}, RandomFloats(80));
  r.Input<float>("Filter", "w", {4, 1, 3, 3}, RandomFloats(36));
  r.Output("Output", "y");
  r.Attr("groups", 4);
  ExpectErrorMentions(r, {"depthwise_conv2d", "[1, 5, 4, 4]", "[4, 1, 3, 3]"});
}

TEST(Conv2d, BadAttributesAreErrors) {
  {
    OpRunner r("conv2d");
    r.Input<float>("Input", "x", {1, 2, 4, 4}, RandomFloats(32));
    r.Input<float>("Filter", "w", {4, 2, 3, 3}, RandomFloats(72));
    r.Output("Output", "y");
    r.Attr("paddings", std::vector<int>{1, 1, 1});
    ExpectErrorMentions(r, {"paddings"});
  }
  {
    OpRunner r("conv2d");
    r.Input<float>("Input", "x", {1, 2, 4, 4}, RandomFloats(32));
    r.Input<float>("Filter", "w", {4, 2, 3, 3}, RandomFloats(72));
    r.Output("Output", "y");
    r.Attr("act_type", std::string("gelu_fancy"));
    ExpectErrorMentions(r, {"act_type"});
  }
  {
    OpRunner r("conv2d");
    r.Input<float>("Input", "x", {1, 2, 2, 2}, RandomFloats(8));
    r.Input<float>("Filter", "w", {4, 2, 3, 3}, RandomFloats(72));
    r.Output("Output", "y");
    ExpectErrorMentions(r, {"smaller than the dilated kernel"});
  }
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
