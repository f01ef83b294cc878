#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(CollectFpnProposals, RanksAcrossLevelsKeepsTopAndGroupsByImage) {
  OpRunner r("collect_fpn_proposals");
  // Level 0: image 0 has [0 0 1 1] (0.5), image 1 has [1 1 2 2] (0.9);
  // level 1: image 0 has [5 5 6 6] (0.7) and [7 7 8 8] (0.1).
  r.Input<float>("MultiLevelRois", "r0", {2, 4}, {0, 0, 1, 1, 1, 1, 2, 2});
  r.Input<float>("MultiLevelRois", "r1", {2, 4}, {5, 5, 6, 6, 7, 7, 8, 8});
  r.Input<float>("MultiLevelScores", "s0", {2, 1}, {0.5f, 0.9f});
  r.Input<float>("MultiLevelScores", "s1", {2, 1}, {0.7f, 0.1f});
  r.Input<int32_t>("MultiLevelRoIsNum", "n0", {2}, {1, 1});
  r.Input<int32_t>("MultiLevelRoIsNum", "n1", {2}, {2, 0});
  r.Output("FpnRois", "out");
  r.Output("RoisNum", "num");
  r.Attr("post_nms_topN", 3);
  r.Run();
  // Top 3: 0.9 (image 1), 0.7 (image 0), 0.5 (image 0); image 0 first.
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{5, 5, 6, 6, 0, 0, 1, 1, 1, 1, 2, 2}));
  EXPECT_EQ(r.Values<int32_t>("num"), (std::vector<int32_t>{2, 1}));
  EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 2, 3}}));
  OpRunner bad("collect_fpn_proposals");
  bad.Input<float>("MultiLevelRois", "r0", {2, 4}, std::vector<float>(8));
  bad.Input<float>("MultiLevelScores", "s0", {1, 1}, {0.5f});
  bad.Output("FpnRois", "out");
  bad.Attr("post_nms_topN", 3);
  ExpectErrorMentions(bad, {"collect_fpn_proposals", "MultiLevelScores"});
}

TEST(DistributeFpnProposals, LevelsByScaleRestoreIndexAndCounts) {
  OpRunner r("distribute_fpn_proposals");
  // Sides (+1 pixel): 224 -> level 4, 112 -> 3, 10 -> 2 (clamped), 1000 -> 5.
  r.Input<float>("FpnRois", "rois", {4, 4},
                 {0, 0, 223, 223, 0, 0, 111, 111, 0, 0, 9, 9, 0, 0, 999, 999});
  r.Input<int32_t>("RoisNum", "num", {2}, {3, 1});
  for (int l = 2; l <= 5; ++l) {
    r.Output("MultiFpnRois", "l" + std::to_string(l));
    r.Output("MultiLevelRoIsNum", "n" + std::to_string(l));
  }
  r.Output("RestoreIndex", "restore");
  r.Attr("min_level", 2);
  r.Attr("max_level", 5);
  r.Attr("refer_level", 4);
  r.Attr("refer_scale", 224);
  r.Attr("pixel_offset", true);
  r.Run();
  EXPECT_EQ(r.Values<float>("l2"), (std::vector<float>{0, 0, 9, 9}));
  EXPECT_EQ(r.Values<float>("l3"), (std::vector<float>{0, 0, 111, 111}));
  EXPECT_EQ(r.Values<float>("l4"), (std::vector<float>{0, 0, 223, 223}));
  EXPECT_EQ(r.Values<float>("l5"), (std::vector<float>{0, 0, 999, 999}));
  // Concatenation order l2, l3, l4, l5: input 0 is row 2, 1 row 1, 2 row 0, 3 row 3.
  EXPECT_EQ(r.Values<int32_t>("restore"), (std::vector<int32_t>{2, 1, 0, 3}));
  EXPECT_EQ(r.Values<int32_t>("n5"), (std::vector<int32_t>{0, 1}));
  EXPECT_EQ(r.Get("l5")->lod(), (LoD{{0, 0, 1}}));
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
