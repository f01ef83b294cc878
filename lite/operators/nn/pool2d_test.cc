#include <algorithm>
#include <tuple>
#include <limits>

#include "lite/core/op_test_util.h"
#include "lite/operators/nn/nn_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct PoolCase {
  DDim in;
  std::string type;
  std::vector<int> ksize, strides, paddings;
  std::string algo;
  bool global, adaptive, ceil_mode, exclusive;
};

// Paddle's CPU pooling loops, written plainly.
std::vector<float> NaivePool(const PoolCase& c, const std::vector<float>& x, DDim* od) {
  const int64_t N = c.in[0], C = c.in[1], H = c.in[2], W = c.in[3];
  int kh = c.ksize[0], kw = c.ksize[1];
  const int sh = c.strides[0], sw = c.strides[1];
  int pt = 0, pb = 0, pl = 0, pr = 0;
  int64_t OH, OW;
  if (c.global) {
    kh = H; kw = W;
    OH = OW = 1;
  } else if (c.adaptive) {
    OH = c.ksize[0]; OW = c.ksize[1];
  } else {
    const Pads2d pads = ResolvePads(c.paddings, c.algo, H, W, kh, kw, sh, sw);
    pt = pads.top; pb = pads.bottom; pl = pads.left; pr = pads.right;
    OH = c.ceil_mode ? (H - kh + pt + pb + sh - 1) / sh + 1 : (H - kh + pt + pb) / sh + 1;
    OW = c.ceil_mode ? (W - kw + pl + pr + sw - 1) / sw + 1 : (W - kw + pl + pr) / sw + 1;
  }
  *od = {N, C, OH, OW};
  std::vector<float> out(N * C * OH * OW);
  for (int64_t nc = 0; nc < N * C; ++nc)
    for (int64_t oh = 0; oh < OH; ++oh)
      for (int64_t ow = 0; ow < OW; ++ow) {
        int64_t hs, he, ws, we;
        if (c.adaptive && !c.global) {
          hs = static_cast<int64_t>(std::floor(double(oh) * H / OH));
          he = static_cast<int64_t>(std::ceil(double(oh + 1) * H / OH));
          ws = static_cast<int64_t>(std::floor(double(ow) * W / OW));
          we = static_cast<int64_t>(std::ceil(double(ow + 1) * W / OW));
        } else {
          hs = oh * (c.global ? 1 : sh) - pt;
          he = std::min<int64_t>(hs + kh, H);
          hs = std::max<int64_t>(hs, 0);
          ws = ow * (c.global ? 1 : sw) - pl;
          we = std::min<int64_t>(ws + kw, W);
          ws = std::max<int64_t>(ws, 0);
        }
        double acc = c.type == "max" ? -std::numeric_limits<float>::max() : 0.0;
        for (int64_t h = hs; h < he; ++h)
          for (int64_t w = ws; w < we; ++w) {
            double v = x[(nc * H + h) * W + w];
            acc = c.type == "max" ? std::max(acc, v) : acc + v;
          }
        if (c.type == "avg") {
          double size = (c.exclusive || c.adaptive) ? double((he - hs) * (we - ws)) : double(kh * kw);
          acc /= size;
        }
        out[(nc * OH + oh) * OW + ow] = static_cast<float>(acc);
      }
  return out;
}

void SetAttrs(OpRunner* r, const PoolCase& c) {
  r->Attr("pooling_type", c.type);
  r->Attr("ksize", c.ksize);
  r->Attr("strides", c.strides);
  r->Attr("paddings", c.paddings);
  r->Attr("padding_algorithm", c.algo);
  r->Attr("global_pooling", c.global);
  r->Attr("adaptive", c.adaptive);
  r->Attr("ceil_mode", c.ceil_mode);
  r->Attr("exclusive", c.exclusive);
  r->Attr("data_format", std::string("NCHW"));
}

void RunCase(const PoolCase& c, int threads = 1) {
  SCOPED_TRACE("pool2d in " + DimsToString(c.in) + " " + c.type + " k " +
               std::to_string(c.ksize[0]) + "x" + std::to_string(c.ksize[1]) + " algo " +
               c.algo + " global " + std::to_string(c.global) + " adaptive " +
               std::to_string(c.adaptive) + " ceil " + std::to_string(c.ceil_mode) +
               " exclusive " + std::to_string(c.exclusive) + " pads " +
               std::to_string(c.paddings.size()));
  OpRunner r("pool2d");
  auto x = RandomFloats(Numel(c.in), -2, 2, 7);
  r.Input<float>("X", "x", c.in, x);
  r.Output("Out", "y");
  SetAttrs(&r, c);
  r.Run(threads);
  DDim od;
  auto expected = NaivePool(c, x, &od);
  EXPECT_EQ(r.Get("y")->dims(), od);
  ExpectAllCloseOrBothNan(expected, r.Values<float>("y"), 1e-5f, 1e-5f, "pool2d");
}

TEST(Pool2d, MatchesNaiveOverAllAttributeCombinations) {
  for (std::string type : {"max", "avg"})
    for (bool ceil_mode : {false, true})
      for (bool exclusive : {false, true})
        for (std::string algo : {"EXPLICIT", "SAME", "VALID"})
          for (std::vector<int> pads :
               {std::vector<int>{0, 0}, std::vector<int>{1, 1}, std::vector<int>{0, 1, 1, 0}}) {
            RunCase({{1, 3, 13, 11}, type, {3, 3}, {2, 2}, pads, algo, false, false, ceil_mode,
                     exclusive});
            RunCase({{2, 5, 7, 9}, type, {2, 3}, {2, 1}, pads, algo, false, false, ceil_mode,
                     exclusive});
          }
}

// Non-overlapping windows two columns wide, all inside the input (the
// RunTiles2 path: the SVTR neck's 3x2 average pooling), with an unused last
// column and row; ceil_mode with a partial last window takes the general
// path.
TEST(Pool2d, NonOverlappingTwoColumnWindows) {
  for (const std::string type : {"avg", "max"}) {
    for (int threads : {1, 2}) {
      RunCase({{1, 5, 10, 37}, type, {3, 2}, {3, 2}, {0, 0}, "EXPLICIT", false, false, false,
               true}, threads);
      RunCase({{2, 3, 4, 16}, type, {2, 2}, {2, 2}, {0, 0}, "EXPLICIT", false, false, false,
               false}, threads);
      RunCase({{1, 480, 3, 80}, type, {3, 2}, {3, 2}, {0, 0}, "EXPLICIT", false, false, false,
               true}, threads);
      RunCase({{1, 2, 5, 9}, type, {2, 2}, {2, 2}, {0, 0}, "EXPLICIT", false, false, true,
               true}, threads);
    }
  }
}

TEST(Pool2d, GlobalAndAdaptive) {
  for (std::string type : {"max", "avg"}) {
    RunCase({{2, 3, 13, 7}, type, {1, 1}, {1, 1}, {0, 0}, "EXPLICIT", true, false, false, true});
    RunCase({{1, 127, 1, 1}, type, {3, 3}, {1, 1}, {1, 1}, "EXPLICIT", true, false, false, false});
    RunCase({{1, 3, 13, 11}, type, {3, 4}, {1, 1}, {0, 0}, "EXPLICIT", false, true, false, true});
    RunCase({{2, 2, 5, 7}, type, {1, 1}, {1, 1}, {0, 0}, "EXPLICIT", false, true, false, true});
    RunCase({{1, 2, 3, 2}, type, {5, 4}, {1, 1}, {0, 0}, "EXPLICIT", false, true, false, true});
    // global wins over adaptive (as in Paddle)
    RunCase({{1, 4, 6, 6}, type, {2, 2}, {1, 1}, {0, 0}, "EXPLICIT", true, true, false, true});
  }
  RunCase({{1, 64, 40, 40}, "avg", {3, 3}, {1, 1}, {1, 1}, "EXPLICIT", false, false, false, false},
          2);
  // whole-plane mean path: global on a large plane (2 threads), and a plain
  // window equal to the input without padding
  RunCase({{2, 24, 97, 83}, "avg", {1, 1}, {1, 1}, {0, 0}, "EXPLICIT", true, false, false, true},
          2);
  RunCase({{1, 5, 7, 3}, "avg", {7, 3}, {1, 1}, {0, 0}, "EXPLICIT", false, false, false, false});
  RunCase({{1, 5, 7, 3}, "avg", {7, 3}, {1, 1}, {0, 0}, "VALID", false, false, true, true});
  RunCase({{2, 24, 41, 37}, "avg", {1, 1}, {1, 1}, {0, 0}, "EXPLICIT", false, true, false, true},
          2);  // adaptive to 1x1
}

// nhwc_data (int8_nhwc_chain_pass): the whole-plane average of NHWC data
// equals the NCHW path's; other poolings refuse it.
TEST(Pool2d, WholePlaneAverageOfNhwcDataMatchesNchw) {
  for (DDim in : {DDim{1, 96, 20, 20}, DDim{2, 13, 7, 5}}) {
    auto x = RandomFloats(Numel(in), -2, 2, 11);
    auto run = [&](bool nhwc) {
      OpRunner r("pool2d");
      r.Input<float>("X", "x", in, nhwc ? ToNhwc(x, in) : x);
      r.Output("Out", "y");
      SetAttrs(&r, {in, "avg", {1, 1}, {1, 1}, {0, 0}, "EXPLICIT", true, false, false, true});
      r.Attr("nhwc_data", nhwc);
      r.Run(2);
      EXPECT_EQ(r.Get("y")->dims(), (DDim{in[0], in[1], 1, 1}));
      return r.Values<float>("y");
    };
    ExpectAllClose(run(false), run(true), 1e-5f, 1e-5f, "pool2d NHWC vs NCHW");
  }
  OpRunner r("pool2d");
  r.Input<float>("X", "x", {1, 3, 4, 4}, RandomFloats(48));
  r.Output("Out", "y");
  SetAttrs(&r, {{1, 3, 4, 4}, "max", {1, 1}, {1, 1}, {0, 0}, "EXPLICIT", true, false, false, true});
  r.Attr("nhwc_data", true);
  ExpectErrorMentions(r, {"pool2d", "nhwc_data", "max"});
}

// Paddle's output size (in + pads - k) / s + 1 truncates toward zero, so a
// window larger than the padded input (by less than the stride) still gives
// an output over the valid rows: 2x2/2 on height 1 gives height 1.
TEST(Pool2d, WindowLargerThanPaddedInputFollowsPaddlesFormula) {
  for (std::string type : {"max", "avg"})
    for (bool exclusive : {false, true})
      for (bool ceil_mode : {false, true}) {
        RunCase({{1, 2, 1, 4}, type, {2, 2}, {2, 2}, {0, 0}, "EXPLICIT", false, false, ceil_mode,
                 exclusive});
        RunCase({{2, 3, 2, 2}, type, {3, 3}, {2, 2}, {0, 0}, "EXPLICIT", false, false, ceil_mode,
                 exclusive});
        RunCase({{1, 1, 2, 5}, type, {3, 2}, {3, 2}, {0, 0}, "EXPLICIT", false, false, ceil_mode,
                 exclusive});
      }
  // The plain numbers: height-1 input, 2x2/2 max -> 1x2 over the valid row.
  OpRunner r("pool2d");
  r.Input<float>("X", "x", {1, 1, 1, 4}, {1.f, 5.f, -2.f, 3.f});
  r.Output("Out", "y");
  SetAttrs(&r, {{1, 1, 1, 4}, "max", {2, 2}, {2, 2}, {0, 0}, "EXPLICIT", false, false, false,
                true});
  r.Run();
  EXPECT_EQ(r.Get("y")->dims(), (DDim{1, 1, 1, 2}));
  EXPECT_EQ(r.Values<float>("y"), (std::vector<float>{5.f, 3.f}));
  // A window larger by the stride or more gives no output: an error, as in Paddle.
  OpRunner bad("pool2d");
  bad.Input<float>("X", "x", {1, 1, 1, 4}, RandomFloats(4));
  bad.Output("Out", "y");
  SetAttrs(&bad, {{1, 1, 1, 4}, "max", {3, 3}, {1, 1}, {0, 0}, "EXPLICIT", false, false, false,
                  true});
  ExpectErrorMentions(bad, {"pool2d", "gives no output"});
}

// Old exports write global pooling with ksize [0, 0].
TEST(Pool2d, GlobalPoolingAcceptsAZeroKsize) {
  for (std::string type : {"max", "avg"}) {
    RunCase({{2, 3, 5, 7}, type, {0, 0}, {1, 1}, {0, 0}, "EXPLICIT", true, false, false, true});
  }
}

// A NaN in a max window: oneDNN's max pooling returns the largest of the
// other values, and the plain loop (tiling and adaptive windows) must do the
// same wherever the NaN sits, so that the result never depends on which
// kernel the shape picked. (Paddle's CPU loop, y = y > x ? y : x, keeps a
// NaN only when it is the last value of the window.)
TEST(Pool2d, NanInAMaxWindowIsSkippedTheSameWayOnEveryPath) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (auto [ksize, strides, adaptive] :
       {std::tuple<std::vector<int>, std::vector<int>, bool>{{2, 2}, {2, 2}, false},
        {{3, 3}, {1, 1}, false},
        {{2, 2}, {1, 1}, true}}) {
    for (int at : {0, 1, 5}) {  // first, second and last of the first 2x2 window
      OpRunner r("pool2d");
      std::vector<float> x(16);
      for (int i = 0; i < 16; ++i) x[i] = static_cast<float>(i % 5) - 2.f;
      x[at] = nan;
      r.Input<float>("X", "x", {1, 1, 4, 4}, x);
      r.Output("Out", "y");
      SetAttrs(&r, {{1, 1, 4, 4}, "max", ksize, strides, {0, 0}, "EXPLICIT", false, adaptive,
                    false, true});
      r.Run();
      const auto y = r.Values<float>("y");
      // The window's other values: -2, -1, 2, -2 (2x2) or up to 2 (3x3).
      EXPECT_EQ(y[0], 2.f) << "ksize " << ksize[0] << " adaptive " << adaptive << " NaN at "
                           << at;
    }
  }
}

TEST(Pool2d, DynamicShapeChangeBetweenRuns) {
  PoolCase c{{1, 3, 9, 9}, "max", {3, 3}, {2, 2}, {1, 1}, "EXPLICIT", false, false, true, true};
  OpRunner r("pool2d");
  r.Input<float>("X", "x", c.in, RandomFloats(Numel(c.in)));
  r.Output("Out", "y");
  SetAttrs(&r, c);
  for (DDim in : {DDim{1, 3, 9, 9}, DDim{2, 3, 14, 5}, DDim{1, 3, 9, 9}}) {
    c.in = in;
    auto x = RandomFloats(Numel(in), -1, 1, static_cast<uint32_t>(in[2]));
    r.Refill("x", in, x);
    r.Run();
    DDim od;
    auto expected = NaivePool(c, x, &od);
    EXPECT_EQ(r.Get("y")->dims(), od);
    ExpectAllClose(expected, r.Values<float>("y"), 1e-5f, 1e-5f, DimsToString(in));
  }
}

TEST(Pool2d, BadInputsAreErrorsNamingTheOp) {
  {
    OpRunner r("pool2d");
    r.Input<float>("X", "x", {1, 3, 4}, RandomFloats(12));
    r.Output("Out", "y");
    ExpectErrorMentions(r, {"pool2d", "[1, 3, 4]"});
  }
  {
    OpRunner r("pool2d");
    r.Input<float>("X", "x", {1, 1, 2, 2}, RandomFloats(4));
    r.Output("Out", "y");
    r.Attr("pooling_type", std::string("median"));
    ExpectErrorMentions(r, {"pooling_type"});
  }
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
