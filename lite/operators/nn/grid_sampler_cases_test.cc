// grid_sampler against values worked out by hand from the definition
// (bilinear/nearest, the three padding modes, both align_corners) on a 3x4
// plane, and a double-precision bilinear reference on odd shapes.
#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// X [1, 1, 3, 4] = 0..11 (value = 4 * row + col).
std::vector<float> Sample(const std::vector<float>& grid_xy, const std::string& mode, const std::string& padding,
                          bool align_corners) {
  std::vector<float> x(12);
  for (int i = 0; i < 12; ++i) x[i] = static_cast<float>(i);
  OpRunner r("grid_sampler");
  r.Input<float>("X", "x", {1, 1, 3, 4}, x);
  r.Input<float>("Grid", "g", {1, 1, static_cast<int64_t>(grid_xy.size() / 2), 2}, grid_xy);
  r.Output("Output", "out");
  r.Attr("mode", mode);
  r.Attr("padding_mode", padding);
  r.Attr("align_corners", align_corners);
  r.Run();
  return r.Values<float>("out");
}

TEST(GridSamplerCases, HandWorkedValues) {
  // align_corners: x = -1..1 maps to columns 0..3, y to rows 0..2.
  // (-1,-1) -> 0; (1,1) -> 11; (0,0) -> (1.5, 1) -> 4 + 1.5 = 5.5;
  // (1/3, -1) -> column 2 -> 2.
  EXPECT_EQ(Sample({-1, -1, 1, 1, 0, 0, 1.f / 3, -1}, "bilinear", "zeros", true),
            (std::vector<float>{0, 11, 5.5f, 2}));
  // Without align_corners x = -1 is the left edge: column -0.5, half of it
  // outside: zeros gives 0.5 * 0 + 0.5 * value(0) = 0 at row... (-1, 0) ->
  // (-0.5, 1): 0.5 * 0 + 0.5 * 4 = 2; border clips to column 0: 4;
  // reflection mirrors -0.5 to 0 (edge at -0.5): 4.
  EXPECT_EQ(Sample({-1, 0}, "bilinear", "zeros", false), (std::vector<float>{2}));
  EXPECT_EQ(Sample({-1, 0}, "bilinear", "border", false), (std::vector<float>{4}));
  EXPECT_EQ(Sample({-1, 0}, "bilinear", "reflection", false), (std::vector<float>{4}));
  // Far outside: zeros 0, border the corner, reflection (align_corners,
  // columns mirrored in [0, 3]): x = 2 -> column 4.5 -> 1.5; y = 0 -> row 1:
  // 4 + 1.5 = 5.5.
  EXPECT_EQ(Sample({3, 3, 2, 0}, "bilinear", "zeros", true), (std::vector<float>{0, 0}));
  EXPECT_EQ(Sample({3, 3, 2, 0}, "bilinear", "border", true), (std::vector<float>{11, 7}));
  EXPECT_EQ(Sample({2, 0}, "bilinear", "reflection", true), (std::vector<float>{5.5f}));
  // Nearest rounds halves away from zero: (0, 0) -> (1.5, 1) -> column 2.
  EXPECT_EQ(Sample({0, 0, -1, 1}, "nearest", "zeros", true), (std::vector<float>{6, 8}));
  // Non-finite grid values sample outside X.
  EXPECT_EQ(Sample({NAN, 0, 0, INFINITY}, "bilinear", "zeros", true), (std::vector<float>{0, 0}));
}

TEST(GridSamplerCases, BilinearMatchesADoubleReferenceOnOddShapes) {
  const int64_t N = 2, C = 3, H = 5, W = 7, OH = 3, OW = 4;
  auto x = RandomFloats(N * C * H * W);
  auto g = RandomFloats(N * OH * OW * 2);
  for (auto& v : g) v *= 1.2f;  // some outside [-1, 1]
  OpRunner r("grid_sampler");
  r.Input<float>("X", "x", {N, C, H, W}, x);
  r.Input<float>("Grid", "g", {N, OH, OW, 2}, g);
  r.Output("Output", "out");
  r.Attr("align_corners", false);
  r.Run();
  auto out = r.Values<float>("out");
  for (int64_t b = 0; b < N; ++b)
    for (int64_t c = 0; c < C; ++c)
      for (int64_t i = 0; i < OH * OW; ++i) {
        const double gx = g[(b * OH * OW + i) * 2], gy = g[(b * OH * OW + i) * 2 + 1];
        const double px = ((gx + 1) * W - 1) / 2, py = ((gy + 1) * H - 1) / 2;
        double want = 0;
        for (int64_t yy = 0; yy < H; ++yy)
          for (int64_t xx = 0; xx < W; ++xx) {
            const double wx = std::max(0.0, 1 - std::fabs(px - xx)), wy = std::max(0.0, 1 - std::fabs(py - yy));
            want += wx * wy * x[((b * C + c) * H + yy) * W + xx];
          }
        EXPECT_NEAR(out[(b * C + c) * OH * OW + i], want, 1e-5) << b << " " << c << " " << i;
      }
}

TEST(GridSamplerCases, BadShapesAndAttributesAreNamed) {
  OpRunner bad("grid_sampler");
  bad.Input<float>("X", "x", {1, 1, 2, 2}, {1, 2, 3, 4});
  bad.Input<float>("Grid", "g", {1, 1, 1, 3}, {0, 0, 0});
  bad.Output("Output", "out");
  ExpectErrorMentions(bad, {"grid_sampler", "Grid", "[1, 1, 1, 3]"});
  OpRunner mode("grid_sampler");
  mode.Input<float>("X", "x", {1, 1, 2, 2}, {1, 2, 3, 4});
  mode.Input<float>("Grid", "g", {1, 1, 1, 2}, {0, 0});
  mode.Output("Output", "out");
  mode.Attr("mode", "bicubic");
  ExpectErrorMentions(mode, {"grid_sampler", "bicubic"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
