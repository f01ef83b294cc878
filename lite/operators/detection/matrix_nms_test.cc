#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Boxes: 0 = [0, 0, 1, 1]; 1 = [0, 0, 1, 0.5] (IoU 0.5 with box 0);
// 2 = [2, 2, 3, 3] (disjoint). Class 1 scores 0.9, 0.8, 0.7.
void Build(OpRunner& r, int images) {
  std::vector<float> boxes, scores;
  for (int n = 0; n < images; ++n) {
    boxes.insert(boxes.end(), {0, 0, 1, 1, 0, 0, 1, 0.5f, 2, 2, 3, 3});
    scores.insert(scores.end(), {0.95f, 0.95f, 0.95f, 0.9f, 0.8f, 0.7f});
  }
  r.Input<float>("BBoxes", "b", {images, 3, 4}, boxes);
  r.Input<float>("Scores", "s", {images, 2, 3}, scores);
  r.Output("Out", "out");
  r.Output("Index", "idx");
  r.Output("RoisNum", "num");
  r.Attr("background_label", 0);
  r.Attr("score_threshold", 0.1f);
  r.Attr("nms_top_k", -1);
  r.Attr("normalized", true);
}

TEST(MatrixNms, LinearDecayPostThresholdAndOrder) {
  OpRunner r("matrix_nms");
  Build(r, 2);
  r.Attr("post_threshold", 0.5f);
  r.Attr("keep_top_k", -1);
  r.Attr("use_gaussian", false);
  r.Run();
  // Box 1 decays to 0.8 * (1 - 0.5) = 0.4 <= 0.5; box 2 keeps 0.7.
  auto out = r.Values<float>("out");
  ASSERT_EQ(r.Get("out")->dims(), (DDim{4, 6}));
  const std::vector<float> row0 = {1, 0.9f, 0, 0, 1, 1}, row1 = {1, 0.7f, 2, 2, 3, 3};
  for (int k = 0; k < 6; ++k) {
    EXPECT_FLOAT_EQ(out[k], row0[k]);
    EXPECT_FLOAT_EQ(out[6 + k], row1[k]);
  }
  EXPECT_EQ(r.Values<int32_t>("idx"), (std::vector<int32_t>{0, 2, 3, 5}));
  EXPECT_EQ(r.Values<int32_t>("num"), (std::vector<int32_t>{2, 2}));
  EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 2, 4}}));
}

TEST(MatrixNms, GaussianDecayKeepTopKAndShapes) {
  OpRunner r("matrix_nms");
  Build(r, 1);
  r.Attr("post_threshold", 0.f);
  r.Attr("keep_top_k", 2);
  r.Attr("use_gaussian", true);
  r.Attr("gaussian_sigma", 2.f);
  r.Run();
  auto out = r.Values<float>("out");
  ASSERT_EQ(r.Get("out")->dims(), (DDim{2, 6}));
  EXPECT_FLOAT_EQ(out[1], 0.9f);
  EXPECT_FLOAT_EQ(out[7], 0.7f);  // box 2 (0.7) outranks box 1 (0.8 * exp(-0.5) = 0.485)
  OpRunner all("matrix_nms");
  Build(all, 1);
  all.Attr("post_threshold", 0.f);
  all.Attr("use_gaussian", true);
  all.Run();
  auto a = all.Values<float>("out");
  ASSERT_EQ(a.size(), 18u);
  EXPECT_NEAR(a[13], 0.8 * std::exp(-0.5), 1e-6);
  OpRunner bad("matrix_nms");
  bad.Input<float>("BBoxes", "b", {1, 3, 4}, std::vector<float>(12));
  bad.Input<float>("Scores", "s", {1, 2, 4}, std::vector<float>(8));
  bad.Output("Out", "out");
  bad.Output("Index", "idx");
  ExpectErrorMentions(bad, {"matrix_nms", "Scores"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
