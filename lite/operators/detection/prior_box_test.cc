#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// A zero feature map "feat" (Input) and image "img" (Image) of the given
// dims; outputs "boxes" and "vars" (Variances).
void PriorIO(OpRunner& r, const DDim& feat, const DDim& img) {
  r.Input<float>("Input", "feat", feat, std::vector<float>(Numel(feat), 0.f));
  r.Input<float>("Image", "img", img, std::vector<float>(Numel(img), 0.f));
  r.Output("Boxes", "boxes");
  r.Output("Variances", "vars");
}

TEST(PriorBox, HandComputedBothOrders) {
  const float r2 = std::sqrt(2.f);
  // One cell of a 10x10 image: centre (5, 5). min 4, max 9, ratios {1, 2, 1/2}.
  std::vector<float> b1 = {3, 3, 7, 7};
  // ar = 2: w = 4*sqrt2/2 = 2*sqrt2, h = 4/sqrt2/2 = sqrt2.
  std::vector<float> b2 = {5 - 2 * r2, 5 - r2, 5 + 2 * r2, 5 + r2};
  std::vector<float> b3 = {5 - r2, 5 - 2 * r2, 5 + r2, 5 + 2 * r2};
  std::vector<float> bm = {2, 2, 8, 8};  // sqrt(4*9)/2 = 3
  for (bool order : {false, true}) {
    OpRunner r("prior_box");
    PriorIO(r, {1, 1, 1, 1}, {1, 3, 10, 10});
    r.Attr("min_sizes", std::vector<float>{4});
    r.Attr("max_sizes", std::vector<float>{9});
    r.Attr("aspect_ratios", std::vector<float>{2, 1});  // 1 is a duplicate
    r.Attr("variances", std::vector<float>{0.1f, 0.1f, 0.2f, 0.2f});
    r.Attr("flip", true);
    r.Attr("clip", true);
    r.Attr("min_max_aspect_ratios_order", order);
    r.Run();
    EXPECT_EQ(r.Get("boxes")->dims(), (DDim{1, 1, 4, 4}));
    std::vector<std::vector<float>> seq =
        order ? std::vector<std::vector<float>>{b1, bm, b2, b3}
              : std::vector<std::vector<float>>{b1, b2, b3, bm};
    std::vector<float> expected;
    for (auto& b : seq)
      for (float v : b) expected.push_back(v / 10.f);
    ExpectAllClose(expected, r.Values<float>("boxes"));
    std::vector<float> ev;
    for (int i = 0; i < 4; ++i) ev.insert(ev.end(), {0.1f, 0.1f, 0.2f, 0.2f});
    EXPECT_EQ(r.Values<float>("vars"), ev);
  }
}

TEST(PriorBox, GridStepsOffsetClipAndDynamicShape) {
  for (bool clip : {false, true}) {
    for (float step : {0.f, 7.f}) {
      OpRunner r("prior_box");
      PriorIO(r, {1, 2, 3, 5}, {1, 3, 30, 40});
      r.Attr("min_sizes", std::vector<float>{12, 20});
      r.Attr("aspect_ratios", std::vector<float>{3});
      r.Attr("flip", false);
      r.Attr("clip", clip);
      r.Attr("step_w", step);
      r.Attr("step_h", step);
      r.Attr("offset", 0.25f);
      r.Run();
      // Priors per cell: ratios {1, 3} x 2 min sizes = 4.
      ASSERT_EQ(r.Get("boxes")->dims(), (DDim{3, 5, 4, 4}));
      auto out = r.Values<float>("boxes");
      const float sw = step > 0 ? step : 40.f / 5, sh = step > 0 ? step : 30.f / 3;
      int k = 0;
      for (int h = 0; h < 3; ++h)
        for (int w = 0; w < 5; ++w)
          for (float mn : {12.f, 20.f})
            for (float ar : {1.f, 3.f}) {
              float cx = (w + 0.25f) * sw, cy = (h + 0.25f) * sh;
              float bw = mn * std::sqrt(ar) / 2, bh = mn / std::sqrt(ar) / 2;
              float e[4] = {(cx - bw) / 40, (cy - bh) / 30, (cx + bw) / 40, (cy + bh) / 30};
              for (float v : e) {
                float ex = clip ? std::min(std::max(v, 0.f), 1.f) : v;
                EXPECT_NEAR(out[k], ex, 1e-5) << k;
                ++k;
              }
            }
      r.Get("feat")->Resize({1, 2, 1, 2});
      r.Run();
      EXPECT_EQ(r.Get("boxes")->dims(), (DDim{1, 2, 4, 4}));
    }
  }
  OpRunner bad("prior_box");
  PriorIO(bad, {1, 1, 1, 1}, {1, 1, 4, 4});
  bad.Attr("min_sizes", std::vector<float>{4});
  bad.Attr("max_sizes", std::vector<float>{2});
  ExpectErrorMentions(bad, {"prior_box", "max_sizes"});
}

TEST(DensityPriorBox, HandComputedGridAndFlatten) {
  // 1x1 cell over an 8x8 image: step 8, size 4, density 2 -> shift 4,
  // sub-centres (2, 2), (6, 2), (2, 6), (6, 6).
  for (bool flatten : {false, true}) {
    OpRunner r("density_prior_box");
    PriorIO(r, {1, 1, 1, 1}, {1, 1, 8, 8});
    r.Attr("fixed_sizes", std::vector<float>{4});
    r.Attr("fixed_ratios", std::vector<float>{1});
    r.Attr("densities", std::vector<int32_t>{2});
    r.Attr("variances", std::vector<float>{0.1f, 0.1f, 0.2f, 0.2f});
    r.Attr("clip", true);
    r.Attr("flatten_to_2d", flatten);
    r.Run();
    EXPECT_EQ(r.Get("boxes")->dims(), flatten ? (DDim{4, 4}) : (DDim{1, 1, 4, 4}));
    ExpectAllClose({0, 0, .5f, .5f, .5f, 0, 1, .5f, 0, .5f, .5f, 1, .5f, .5f, 1, 1},
                   r.Values<float>("boxes"));
    EXPECT_EQ(r.Values<float>("vars")[6], 0.2f);
  }
  // Two ratios, clamping at the image border, 2x3 feature map.
  OpRunner r("density_prior_box");
  PriorIO(r, {1, 1, 2, 3}, {1, 1, 20, 30});
  r.Attr("fixed_sizes", std::vector<float>{16});
  r.Attr("fixed_ratios", std::vector<float>{1, 4});
  r.Attr("densities", std::vector<int32_t>{1});
  r.Run();
  ASSERT_EQ(r.Get("boxes")->dims(), (DDim{2, 3, 2, 4}));
  auto b = r.Values<float>("boxes");
  // Cell (0, 0): centre (5, 5); ratio 4 -> 32 x 8 box.
  ExpectAllClose({0, 0, 13.f / 30, 13.f / 20, 0, 1.f / 20, 21.f / 30, 9.f / 20},
                 std::vector<float>(b.begin(), b.begin() + 8));
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
