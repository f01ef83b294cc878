#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// X planes holding the linear function v = a * (4 y + x) + b, which
// bilinear sampling reproduces exactly: a bin's mean is the value at its
// centre while every sample stays inside [0, 3].
std::vector<float> Linear(int64_t images, int64_t channels) {
  std::vector<float> v;
  for (int64_t n = 0; n < images; ++n)
    for (int64_t c = 0; c < channels; ++c)
      for (int64_t y = 0; y < 4; ++y)
        for (int64_t x = 0; x < 4; ++x) v.push_back((n + 1.f) * (c + 1.f) * (4.f * y + x) + n);
  return v;
}
float At(int64_t n, int64_t c, double y, double x) {
  return static_cast<float>((n + 1.0) * (c + 1.0) * (4 * y + x) + n);
}

TEST(RoiAlign, BinMeansOfALinearImageAlignedAndNot) {
  for (bool aligned : {false, true}) {
    for (int ratio : {2, -1}) {
      OpRunner r("roi_align");
      r.Input<float>("X", "x", {1, 3, 4, 4}, Linear(1, 3));
      // aligned: [1, 1, 3, 3] becomes [0.5, 0.5, 2.5, 2.5]; else [0, 0, 2, 2].
      r.Input<float>("ROIs", "rois", {1, 4}, aligned ? std::vector<float>{1, 1, 3, 3}
                                                     : std::vector<float>{0, 0, 2, 2});
      r.Output("Out", "out");
      r.Attr("pooled_height", 2);
      r.Attr("pooled_width", 2);
      r.Attr("spatial_scale", 1.f);
      r.Attr("sampling_ratio", ratio);
      r.Attr("aligned", aligned);
      r.Run();
      EXPECT_EQ(r.Get("out")->dims(), (DDim{1, 3, 2, 2}));
      auto out = r.Values<float>("out");
      const double base = aligned ? 0.5 : 0.0;
      for (int64_t c = 0; c < 3; ++c)
        for (int64_t ph = 0; ph < 2; ++ph)
          for (int64_t pw = 0; pw < 2; ++pw)
            EXPECT_NEAR(out[(c * 2 + ph) * 2 + pw], At(0, c, base + ph + 0.5, base + pw + 0.5), 1e-5)
                << "aligned " << aligned << " ratio " << ratio;
    }
  }
}

TEST(RoiAlign, RoisNumPicksTheImageScaleOutsideAndErrors) {
  OpRunner r("roi_align");
  r.Input<float>("X", "x", {2, 1, 4, 4}, Linear(2, 1));
  // spatial_scale 0.5: the boxes are in pixels of a 2x larger image.
  r.Input<float>("ROIs", "rois", {3, 4}, {0, 0, 4, 4, 0, 0, 4, 4, -40, -40, -30, -30});
  r.Input<int32_t>("RoisNum", "num", {2}, {1, 2});
  r.Output("Out", "out");
  r.Attr("pooled_height", 1);
  r.Attr("pooled_width", 1);
  r.Attr("spatial_scale", 0.5f);
  r.Attr("sampling_ratio", 2);
  r.Run();
  auto out = r.Values<float>("out");
  EXPECT_NEAR(out[0], At(0, 0, 1.0, 1.0), 1e-5);  // image 0, centre (1, 1)
  EXPECT_NEAR(out[1], At(1, 0, 1.0, 1.0), 1e-5);  // image 1
  EXPECT_EQ(out[2], 0.f);                          // far outside
  OpRunner bad("roi_align");
  bad.Input<float>("X", "x", {2, 1, 4, 4}, Linear(2, 1));
  bad.Input<float>("ROIs", "rois", {1, 4}, {0, 0, 1, 1});
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"roi_align", "RoisNum"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
