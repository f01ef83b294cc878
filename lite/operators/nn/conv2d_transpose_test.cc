#include "lite/core/op_test_util.h"
#include "lite/operators/nn/nn_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct DeconvCase {
  DDim in;      // N, C, H, W
  DDim filter;  // C, M/g, KH, KW
  std::vector<int> strides, paddings, dilations;
  int groups;
  std::string algo;
  std::vector<int> output_padding, output_size;
  bool bias;
  std::string act;
};

// Scatter form of the transposed convolution, in double.
std::vector<float> NaiveDeconv(const DeconvCase& c, const std::vector<float>& x,
                               const std::vector<float>& w, const std::vector<float>& b,
                               DDim* od) {
  const int64_t N = c.in[0], C = c.in[1], H = c.in[2], W = c.in[3];
  const int64_t G = c.groups, Cg = C / G, Mg = c.filter[1], M = Mg * G;
  const int64_t KH = c.filter[2], KW = c.filter[3];
  const auto [sh, sw, dh, dw, pt, pb, pl, pr] =
      ResolveConvWindow(c.strides, c.paddings, c.dilations, c.algo, H, W, KH, KW);
  int64_t OH = (H - 1) * sh - pt - pb + dh * (KH - 1) + 1;
  int64_t OW = (W - 1) * sw - pl - pr + dw * (KW - 1) + 1;
  if (!c.output_size.empty()) {
    OH = c.output_size[0];
    OW = c.output_size[1];
  } else if (!c.output_padding.empty()) {
    OH += c.output_padding[0];
    OW += c.output_padding[1];
  }
  *od = {N, M, OH, OW};
  std::vector<double> acc(N * M * OH * OW, 0.0);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t ci = 0; ci < C; ++ci) {
      const int64_t g = ci / Cg;
      for (int64_t ih = 0; ih < H; ++ih)
        for (int64_t iw = 0; iw < W; ++iw) {
          const double xv = x[((n * C + ci) * H + ih) * W + iw];
          for (int64_t mo = 0; mo < Mg; ++mo)
            for (int64_t kh = 0; kh < KH; ++kh)
              for (int64_t kw = 0; kw < KW; ++kw) {
                const int64_t oh = ih * sh - pt + kh * dh, ow = iw * sw - pl + kw * dw;
                if (oh < 0 || oh >= OH || ow < 0 || ow >= OW) continue;
                acc[((n * M + g * Mg + mo) * OH + oh) * OW + ow] +=
                    xv * w[((ci * Mg + mo) * KH + kh) * KW + kw];
              }
        }
    }
  std::vector<float> out(acc.size());
  for (size_t i = 0; i < acc.size(); ++i) {
    const int64_t m = (static_cast<int64_t>(i) / (OH * OW)) % M;
    out[i] = RefActivation(c.act, static_cast<float>(acc[i] + (c.bias ? b[m] : 0.0)));
  }
  return out;
}

void RunCase(const DeconvCase& c, const std::string& op = "conv2d_transpose",
             int threads = 1) {
  SCOPED_TRACE(op + " in " + DimsToString(c.in) + " filter " + DimsToString(c.filter) +
               " algo " + c.algo + " groups " + std::to_string(c.groups) + " act '" + c.act +
               "' outpad " + std::to_string(c.output_padding.size()) + " outsize " +
               std::to_string(c.output_size.size()));
  OpRunner r(op);
  auto x = RandomFloats(Numel(c.in), -1, 1, 1);
  auto w = RandomFloats(Numel(c.filter), -1, 1, 2);
  const int64_t M = c.filter[1] * c.groups;
  auto b = RandomFloats(M, -1, 1, 3);
  r.Input<float>("Input", "x", c.in, x);
  r.Input<float>("Filter", "w", c.filter, w)->set_persistable(true);
  if (c.bias) r.Input<float>("Bias", "b", {M}, b);
  r.Output("Output", "y");
  SetConvWindowAttrs(&r, c.strides, c.paddings, c.dilations, c.groups, c.algo);
  r.Attr("output_padding", c.output_padding);
  r.Attr("output_size", c.output_size);
  SetActAttrs(&r, c.act);
  r.Run(threads);
  r.Run(threads);  // packed weights reused
  DDim od;
  auto expected = NaiveDeconv(c, x, w, b, &od);
  EXPECT_EQ(r.Get("y")->dims(), od);
  ExpectAllClose(expected, r.Values<float>("y"), 1e-4f, 1e-4f, op);
}

TEST(Conv2dTranspose, MatchesNaiveOverAttributeCombinations) {
  for (std::string algo : {"EXPLICIT", "SAME", "VALID"})
    for (std::vector<int> pad : {std::vector<int>{0, 0}, std::vector<int>{1, 2},
                                 std::vector<int>{1, 0, 0, 2}})
      for (std::vector<int> stride : {std::vector<int>{1, 1}, std::vector<int>{2, 3}})
        for (std::vector<int> dil : {std::vector<int>{1, 1}, std::vector<int>{2, 1}}) {
          // OC*KH*KW = 36 (pixel-major GEMM path) and 9 (channel-major path)
          RunCase({{1, 3, 5, 7}, {3, 4, 3, 3}, stride, pad, dil, 1, algo, {}, {}, false, ""});
          RunCase({{2, 5, 6, 4}, {5, 1, 3, 3}, stride, pad, dil, 1, algo,
                   stride[0] > 1 ? std::vector<int>{1, 0} : std::vector<int>{}, {}, true, "relu"});
          RunCase({{2, 4, 4, 3}, {4, 3, 2, 3}, stride, pad, dil, 2, algo, {}, {}, true, ""});
        }
}

TEST(Conv2dTranspose, OutputPaddingOutputSizeDepthwiseAndActivations) {
  RunCase({{1, 3, 5, 5}, {3, 2, 3, 3}, {2, 2}, {1, 1}, {1, 1}, 1, "EXPLICIT", {1, 1}, {},
           true, "relu"});
  RunCase({{1, 3, 5, 6}, {3, 2, 3, 3}, {2, 3}, {1, 1}, {1, 1}, 1, "EXPLICIT", {}, {10, 18},
           false, ""});
  RunCase({{1, 3, 5, 6}, {3, 2, 3, 3}, {2, 3}, {1, 1}, {1, 1}, 1, "EXPLICIT", {}, {9, 16},
           false, ""});
  RunCase({{1, 8, 7, 7}, {8, 1, 4, 4}, {2, 2}, {1, 1}, {1, 1}, 8, "EXPLICIT", {}, {}, true,
           "hard_swish_custom"},
          "depthwise_conv2d_transpose");
  RunCase({{1, 13, 1, 1}, {13, 5, 1, 1}, {1, 1}, {0, 0}, {1, 1}, 1, "EXPLICIT", {}, {}, true,
           "sigmoid"});
  for (std::string act : AllActivations())
    RunCase({{1, 16, 6, 6}, {16, 16, 2, 2}, {2, 2}, {0, 0}, {1, 1}, 1, "EXPLICIT", {}, {},
             true, act});
}

TEST(Conv2dTranspose, KernelEqualsStrideOneTapPath) {
  // kernel == stride, no padding: the interleaving scatter (KW 2 and others),
  // batches, odd extents, with and without bias; output_padding leaves it.
  RunCase({{2, 5, 7, 9}, {5, 3, 2, 2}, {2, 2}, {0, 0}, {1, 1}, 1, "EXPLICIT", {}, {}, true,
           "sigmoid"});
  RunCase({{1, 7, 5, 3}, {7, 2, 3, 3}, {3, 3}, {0, 0}, {1, 1}, 1, "EXPLICIT", {}, {}, false, ""});
  RunCase({{2, 3, 4, 5}, {3, 4, 2, 3}, {2, 3}, {0, 0}, {1, 1}, 1, "VALID", {}, {}, true,
           "relu6"});
  RunCase({{1, 24, 11, 13}, {24, 1, 2, 2}, {2, 2}, {0, 0}, {1, 1}, 1, "EXPLICIT", {}, {}, true,
           "swish"});
  RunCase({{1, 4, 5, 5}, {4, 3, 2, 2}, {2, 2}, {0, 0}, {1, 1}, 1, "EXPLICIT", {1, 1}, {}, true,
           "relu"});
  // several row blocks plus a shorter last block (cols block ~64K floats),
  // two images
  RunCase({{2, 3, 37, 300}, {3, 8, 2, 2}, {2, 2}, {0, 0}, {1, 1}, 1, "EXPLICIT", {}, {}, true,
           "hard_swish"});
  // the detector's 24 -> 24 upsampling shape on 2 threads (bands of input
  // rows spread over the threads on CPUs where our pointwise kernel runs it)
  RunCase({{1, 24, 41, 40}, {24, 24, 2, 2}, {2, 2}, {0, 0}, {1, 1}, 1, "EXPLICIT", {}, {}, true,
           "relu"}, "conv2d_transpose", 2);
}

TEST(Conv2dTranspose, DynamicShapeAndErrors) {
  DeconvCase c{{1, 4, 5, 5}, {4, 2, 3, 3}, {2, 2}, {1, 1}, {1, 1}, 1, "EXPLICIT", {}, {}, false, ""};
  OpRunner r("conv2d_transpose");
  auto w = RandomFloats(Numel(c.filter), -1, 1, 2);
  r.Input<float>("Input", "x", c.in, RandomFloats(Numel(c.in)));
  r.Input<float>("Filter", "w", c.filter, w)->set_persistable(true);
  r.Output("Output", "y");
  r.Attr("strides", c.strides);
  r.Attr("paddings", c.paddings);
  for (DDim in : {DDim{1, 4, 5, 5}, DDim{2, 4, 3, 8}, DDim{1, 4, 5, 5}}) {
    c.in = in;
    auto x = RandomFloats(Numel(in), -1, 1, static_cast<uint32_t>(in[3]));
    r.Refill("x", in, x);
    r.Run();
    DDim od;
    auto expected = NaiveDeconv(c, x, w, {}, &od);
    EXPECT_EQ(r.Get("y")->dims(), od);
    ExpectAllClose(expected, r.Values<float>("y"), 1e-4f, 1e-4f, DimsToString(in));
  }
  r.Get("x")->Resize({1, 3, 5, 5});
  ExpectErrorMentions(r, {"conv2d_transpose", "[1, 3, 5, 5]", "[4, 2, 3, 3]"});

  OpRunner r2("conv2d_transpose");
  r2.Input<float>("Input", "x", {1, 4, 5, 5}, RandomFloats(100));
  r2.Input<float>("Filter", "w", {4, 2, 3, 3}, RandomFloats(72));
  r2.Output("Output", "y");
  r2.Attr("strides", std::vector<int>{2, 2});
  r2.Attr("output_size", std::vector<int>{20, 20});
  ExpectErrorMentions(r2, {"output_size"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
