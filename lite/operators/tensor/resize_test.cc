// resize against values worked out by hand from ONNX's Resize definition
// (the ONNX node tests check every mode again through the importer).
#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

std::vector<float> Resize(const DDim& dims, const std::vector<float>& x,
                          const std::vector<std::pair<std::string, std::string>>& modes,
                          const std::vector<float>& scale, DDim* out_dims,
                          const std::vector<int64_t>& out_size = {}) {
  OpRunner r("resize");
  r.Input<float>("X", "x", dims, x);
  if (!out_size.empty()) r.Input<int64_t>("OutSize", "size", {2}, out_size);
  r.Output("Out", "out");
  for (const auto& m : modes) r.Attr(m.first, m.second);
  if (!scale.empty()) r.Attr("scale", scale);
  r.Run();
  *out_dims = r.Get("out")->dims();
  return r.Values<float>("out");
}

TEST(Resize, NearestHalfPixelRoundPreferFloor) {
  DDim od;
  auto out = Resize({1, 1, 2, 2}, {1, 2, 3, 4}, {{"mode", "nearest"}}, {2.f, 3.f}, &od);
  EXPECT_EQ(od, (DDim{1, 1, 4, 6}));
  EXPECT_EQ(out, (std::vector<float>{1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2,
                                     3, 3, 3, 4, 4, 4, 3, 3, 3, 4, 4, 4}));
}

TEST(Resize, NearestModesOnOneRow) {
  // 1 x 4 → 1 x 8, asymmetric: x = k / 2, halves at odd k.
  const std::vector<float> x{10, 20, 30, 40};
  DDim od;
  auto floor = Resize({1, 1, 1, 4}, x, {{"coordinate_transformation_mode", "asymmetric"},
                                         {"nearest_mode", "floor"}}, {1.f, 2.f}, &od);
  EXPECT_EQ(floor, (std::vector<float>{10, 10, 20, 20, 30, 30, 40, 40}));
  auto ceil = Resize({1, 1, 1, 4}, x, {{"coordinate_transformation_mode", "asymmetric"},
                                        {"nearest_mode", "round_prefer_ceil"}}, {1.f, 2.f}, &od);
  EXPECT_EQ(ceil, (std::vector<float>{10, 20, 20, 30, 30, 40, 40, 40}));  // clamped at the end
}

TEST(Resize, LinearAlignCornersDownsample) {
  // ONNX's example: [[1,2,3,4],[5,6,7,8]] at scale 0.6 → 1 x 2, the second
  // column at x = 1 * 3 / (2.4 - 1) = 2.142857.
  DDim od;
  auto out = Resize({1, 1, 2, 4}, {1, 2, 3, 4, 5, 6, 7, 8},
                    {{"mode", "linear"}, {"coordinate_transformation_mode", "align_corners"}},
                    {0.6f, 0.6f}, &od);
  EXPECT_EQ(od, (DDim{1, 1, 1, 2}));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_NEAR(out[0], 1.f, 1e-6);
  EXPECT_NEAR(out[1], 3.142857f, 1e-5);
}

TEST(Resize, CubicKeepsConstantsAndExcludeOutsideRenormalizes) {
  // Keys' weights sum to 1, so a constant image stays constant; with
  // exclude_outside the edge taps drop out and the rest is renormalized.
  std::vector<float> x(3 * 5, 2.5f);
  DDim od;
  for (const char* exclude : {"0", "1"}) {
    OpRunner r("resize");
    r.Input<float>("X", "x", {1, 1, 3, 5}, x);
    r.Output("Out", "out");
    r.Attr("mode", std::string("cubic"));
    r.Attr("exclude_outside", exclude[0] == '1');
    r.Attr("cubic_coeff_a", -0.5f);
    r.Attr("scale", std::vector<float>{1.7f, 0.8f});
    r.Run();
    EXPECT_EQ(r.Get("out")->dims(), (DDim{1, 1, 5, 4}));
    for (float v : r.Values<float>("out")) EXPECT_NEAR(v, 2.5f, 1e-6) << exclude;
  }
}

TEST(Resize, TfCropAndResizeExtrapolates) {
  // roi [0.5, 0.5] → [1.5, 1.5] of a 2 x 2 image at 3 x 3: coordinates 0.5,
  // 1.0, 1.5 on each axis; 1.5 lies outside [0, 1].
  OpRunner r("resize");
  r.Input<float>("X", "x", {1, 1, 2, 2}, {0, 10, 20, 30});
  r.Input<int64_t>("OutSize", "size", {2}, {3, 3});
  r.Output("Out", "out");
  r.Attr("mode", std::string("linear"));
  r.Attr("coordinate_transformation_mode", std::string("tf_crop_and_resize"));
  r.Attr("roi", std::vector<float>{0.5f, 0.5f, 1.5f, 1.5f});
  r.Attr("extrapolation_value", -1.f);
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{15, 20, -1, 25, 30, -1, -1, -1, -1}));
}

TEST(Resize, BadAttributesNameTheOp) {
  OpRunner r("resize");
  r.Input<float>("X", "x", {1, 1, 2, 2}, {1, 2, 3, 4});
  r.Output("Out", "out");
  r.Attr("mode", std::string("area"));
  r.Attr("scale", std::vector<float>{2.f, 2.f});
  ExpectErrorMentions(r, {"resize", "mode 'area'"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
