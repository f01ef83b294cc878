#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// One image, H = 1, W = 1, two anchors (A = 2).
void Build(OpRunner& r, bool v2, const std::vector<float>& anchors,
           const std::vector<float>& scores, const std::vector<float>& deltas,
           const std::vector<float>& im) {
  r.Input<float>("Scores", "s", {1, 2, 1, 1}, scores);
  r.Input<float>("BboxDeltas", "d", {1, 8, 1, 1}, deltas);
  r.Input<float>(v2 ? "ImShape" : "ImInfo", "im", {1, static_cast<int64_t>(im.size())}, im);
  r.Input<float>("Anchors", "a", {1, 1, static_cast<int64_t>(anchors.size() / 4), 4}, anchors);
  r.Input<float>("Variances", "v", {1, 1, 2, 4}, std::vector<float>(8, 1.f));
  r.Output("RpnRois", "rois");
  r.Output("RpnRoiProbs", "probs");
  r.Output("RpnRoisNum", "num");
  r.Attr("pre_nms_topN", 10);
  r.Attr("post_nms_topN", 5);
  r.Attr("nms_thresh", 0.5f);
  r.Attr("min_size", 1.f);
  r.Attr("eta", 1.f);
}

TEST(GenerateProposals, DisjointBoxesRankedByScore) {
  for (bool v2 : {false, true}) {
    OpRunner r(v2 ? "generate_proposals_v2" : "generate_proposals");
    // Zero deltas decode to the anchors themselves.
    Build(r, v2, {0, 0, 15, 15, 16, 0, 31, 15}, {0.3f, 0.9f}, std::vector<float>(8, 0.f),
          v2 ? std::vector<float>{16, 32} : std::vector<float>{16, 32, 1});
    r.Run();
    EXPECT_EQ(r.Values<float>("rois"), (std::vector<float>{16, 0, 31, 15, 0, 0, 15, 15}));
    EXPECT_EQ(r.Values<float>("probs"), (std::vector<float>{0.9f, 0.3f}));
    EXPECT_EQ(r.Values<int32_t>("num"), (std::vector<int32_t>{2}));
    EXPECT_EQ(r.Get("rois")->lod(), (LoD{{0, 2}}));
  }
}

TEST(GenerateProposals, NmsDecodingClippingAndEmptyImage) {
  // Overlapping anchors (pixel IoU 240 / 272): the lower score is suppressed.
  OpRunner n("generate_proposals_v2");
  Build(n, true, {0, 0, 15, 15, 1, 0, 16, 15}, {0.8f, 0.6f}, std::vector<float>(8, 0.f), {16, 32});
  n.Run();
  EXPECT_EQ(n.Values<float>("rois"), (std::vector<float>{0, 0, 15, 15}));
  // dx = 0.5 moves anchor 0 (width 16) by 8 pixels: [8, 0, 23, 15], clipped
  // to the 20-pixel-wide image: x2 = 19.
  OpRunner d("generate_proposals_v2");
  Build(d, true, {0, 0, 15, 15, 100, 100, 120, 120}, {0.8f, 0.1f},
        {0.5f, 0, 0, 0, 0, 0, 0, 0}, {16, 20});
  d.Run();
  auto rois = d.Values<float>("rois");
  ASSERT_GE(rois.size(), 4u);
  EXPECT_EQ((std::vector<float>(rois.begin(), rois.begin() + 4)), (std::vector<float>{8, 0, 19, 15}));
  // min_size 100 filters every box: one zero box of score 0.
  OpRunner e("generate_proposals");
  Build(e, false, {0, 0, 15, 15, 16, 0, 31, 15}, {0.3f, 0.9f}, std::vector<float>(8, 0.f),
        {16, 32, 1});
  e.Attr("min_size", 100.f);
  e.Run();
  EXPECT_EQ(e.Values<float>("rois"), (std::vector<float>{0, 0, 0, 0}));
  EXPECT_EQ(e.Values<float>("probs"), (std::vector<float>{0}));
  OpRunner bad("generate_proposals_v2");
  Build(bad, true, {0, 0, 1, 1}, {0.3f, 0.9f}, std::vector<float>(8, 0.f), {16, 32});
  ExpectErrorMentions(bad, {"generate_proposals_v2", "Anchors"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
