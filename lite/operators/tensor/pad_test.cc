#include <algorithm>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// numpy.pad-style index maps for one dim: -1 = constant.
int64_t MapIndex(int64_t i, int64_t before, int64_t len, const std::string& mode) {
  int64_t v = i - before;
  if (v >= 0 && v < len) return v;
  if (mode == "constant") return -1;
  if (mode == "reflect") {
    // Mirror about the first/last element (no edge repeat).
    while (v < 0 || v >= len) v = v < 0 ? -v : 2 * (len - 1) - v;
    return v;
  }
  if (mode == "edge" || mode == "replicate") return v < 0 ? 0 : len - 1;
  return ((v % len) + len) % len;  // circular
}

TEST(Pad2d, ModesLayoutsAgainstReference) {
  const int64_t N = 2, C = 3, H = 4, W = 5;
  for (std::string mode : {"constant", "reflect", "edge"}) {
    for (bool nhwc : {false, true}) {
      std::vector<int32_t> pads = {1, 2, 3, 0};  // top, bottom, left, right
      DDim in = nhwc ? DDim{N, H, W, C} : DDim{N, C, H, W};
      auto x = RandomFloats(Numel(in));
      OpRunner r("pad2d");
      r.Input<float>("X", "x", in, x);
      r.Output("Out", "out");
      r.Attr("paddings", pads);
      r.Attr("mode", mode);
      r.Attr("pad_value", 0.5f);
      r.Attr("data_format", nhwc ? "NHWC" : "NCHW");
      r.Run();
      const int64_t OH = H + 3, OW = W + 3;
      ASSERT_EQ(r.Get("out")->dims(), nhwc ? (DDim{N, OH, OW, C}) : (DDim{N, C, OH, OW}));
      std::vector<float> e;
      auto at = [&](int64_t n, int64_t c, int64_t h, int64_t w) {
        return nhwc ? x[((n * H + h) * W + w) * C + c] : x[((n * C + c) * H + h) * W + w];
      };
      std::vector<float> out(Numel(r.Get("out")->dims()));
      for (int64_t n = 0; n < N; ++n)
        for (int64_t c = 0; c < C; ++c)
          for (int64_t h = 0; h < OH; ++h)
            for (int64_t w = 0; w < OW; ++w) {
              int64_t sh = MapIndex(h, 1, H, mode), sw = MapIndex(w, 3, W, mode);
              float v = (sh < 0 || sw < 0) ? 0.5f : at(n, c, sh, sw);
              out[nhwc ? ((n * OH + h) * OW + w) * C + c : ((n * C + c) * OH + h) * OW + w] = v;
            }
      EXPECT_EQ(r.Values<float>("out"), out) << mode << nhwc;
    }
  }
  OpRunner bad("pad2d");
  bad.Input<float>("X", "x", {1, 1, 2, 2}, {1, 2, 3, 4});
  bad.Output("Out", "out");
  bad.Attr("paddings", std::vector<int32_t>{2, 0, 0, 0});
  bad.Attr("mode", "reflect");
  ExpectErrorMentions(bad, {"pad2d"});
}

TEST(Pad3d, AllModesWithPaddingsTensor) {
  const int64_t N = 1, C = 2, D = 3, H = 2, W = 4;
  DDim in{N, C, D, H, W};
  auto x = RandomFloats(Numel(in));
  for (std::string mode : {"constant", "reflect", "replicate", "circular"}) {
    OpRunner r("pad3d");
    r.Input<float>("X", "x", in, x);
    // left, right, top, bottom, front, back
    r.Input<int32_t>("Paddings", "p", {6}, {1, 2, 1, 0, 2, 1});
    r.Output("Out", "out");
    r.Attr("mode", mode);
    r.Attr("value", -3.f);
    r.Attr("data_format", "NCDHW");
    r.Run();
    const int64_t OD = D + 3, OH = H + 1, OW = W + 3;
    ASSERT_EQ(r.Get("out")->dims(), (DDim{N, C, OD, OH, OW}));
    std::vector<float> e;
    for (int64_t c = 0; c < C; ++c)
      for (int64_t z = 0; z < OD; ++z)
        for (int64_t y = 0; y < OH; ++y)
          for (int64_t w = 0; w < OW; ++w) {
            int64_t sz = MapIndex(z, 2, D, mode), sy = MapIndex(y, 1, H, mode), sw = MapIndex(w, 1, W, mode);
            e.push_back(sz < 0 || sy < 0 || sw < 0 ? -3.f : x[((c * D + sz) * H + sy) * W + sw]);
          }
    EXPECT_EQ(r.Values<float>("out"), e) << mode;
  }
}

// Integer tensors (ONNX Pad on int32/int64) keep their type; the pad value
// is converted to it.
TEST(Pad2d, IntegerTypes) {
  for (const char* mode : {"constant", "reflect", "edge"}) {
    OpRunner r("pad2d");
    r.Input<int32_t>("X", "x", {1, 1, 2, 3}, {1, 2, 3, 4, 5, 6});
    r.Output("Out", "out");
    r.Attr("paddings", std::vector<int>{0, 1, 2, 0});  // top, bottom, left, right
    r.Attr("mode", std::string(mode));
    r.Attr("pad_value", 7.f);
    r.Run();
    EXPECT_EQ(r.Get("out")->dtype(), DataType::kInt32);
    const std::string m = mode;
    const std::vector<int32_t> want =
        m == "constant" ? std::vector<int32_t>{7, 7, 1, 2, 3, 7, 7, 4, 5, 6, 7, 7, 7, 7, 7}
        : m == "reflect" ? std::vector<int32_t>{3, 2, 1, 2, 3, 6, 5, 4, 5, 6, 3, 2, 1, 2, 3}
                         : std::vector<int32_t>{1, 1, 1, 2, 3, 4, 4, 4, 5, 6, 4, 4, 4, 5, 6};
    EXPECT_EQ(r.Values<int32_t>("out"), want) << mode;
  }
  OpRunner r("pad3d");
  r.Input<int64_t>("X", "x", {1, 1, 1, 1, 2}, {5, 9});
  r.Output("Out", "out");
  r.Attr("paddings", std::vector<int>{1, 1, 0, 0, 0, 0});
  r.Attr("mode", std::string("constant"));
  r.Attr("value", -3.f);
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{-3, 5, 9, -3}));
}

TEST(PixelShuffle, NchwAndNhwc) {
  const int64_t N = 2, C = 3, H = 2, W = 3, R = 2;
  for (bool nhwc : {false, true}) {
    DDim in = nhwc ? DDim{N, H, W, C * R * R} : DDim{N, C * R * R, H, W};
    auto x = RandomFloats(Numel(in));
    OpRunner r("pixel_shuffle");
    r.Input<float>("X", "x", in, x);
    r.Output("Out", "out");
    r.Attr("upscale_factor", static_cast<int32_t>(R));
    r.Attr("data_format", nhwc ? "NHWC" : "NCHW");
    r.Run();
    auto out = r.Values<float>("out");
    for (int64_t n = 0; n < N; ++n)
      for (int64_t c = 0; c < C; ++c)
        for (int64_t h = 0; h < H; ++h)
          for (int64_t w = 0; w < W; ++w)
            for (int64_t i = 0; i < R; ++i)
              for (int64_t j = 0; j < R; ++j) {
                int64_t ic = c * R * R + i * R + j, oh = h * R + i, ow = w * R + j;
                float xv = nhwc ? x[((n * H + h) * W + w) * C * R * R + ic]
                                : x[((n * C * R * R + ic) * H + h) * W + w];
                float ov = nhwc ? out[((n * H * R + oh) * W * R + ow) * C + c]
                                : out[((n * C + c) * H * R + oh) * W * R + ow];
                EXPECT_EQ(ov, xv);
              }
  }
  OpRunner bad("pixel_shuffle");
  bad.Input<float>("X", "x", {1, 3, 1, 1}, {1, 2, 3});
  bad.Output("Out", "out");
  bad.Attr("upscale_factor", 2);
  ExpectErrorMentions(bad, {"pixel_shuffle"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
