#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(SplitMergeLodTensor, RowsRoundTripByMask) {
  const std::vector<float> x = {0, 1, 10, 11, 20, 21, 30, 31};
  OpRunner s("split_lod_tensor");
  s.Input<float>("X", "x", {4, 2}, x);
  s.Input<bool>("Mask", "m", {4, 1}, {true, false, false, true});
  s.Output("OutTrue", "t");
  s.Output("OutFalse", "f");
  s.Attr("level", 0);
  s.Run();
  EXPECT_EQ(s.Values<float>("t"), (std::vector<float>{0, 1, 30, 31}));
  EXPECT_EQ(s.Values<float>("f"), (std::vector<float>{10, 11, 20, 21}));
  OpRunner m("merge_lod_tensor");
  m.Input<float>("X", "x", {4, 2}, x);
  m.Input<bool>("Mask", "m", {4, 1}, {true, false, false, true});
  m.Input<float>("InTrue", "t", {2, 2}, {0, 1, 30, 31});
  m.Input<float>("InFalse", "f", {2, 2}, {10, 11, 20, 21});
  m.Output("Out", "out");
  m.Run();
  EXPECT_EQ(m.Values<float>("out"), x);
}

TEST(SplitMergeLodTensor, SequencesOfTheLodAndMaskCount) {
  // Sequences [0 1] [2] [3 4 5] with mask false, true, false.
  OpRunner s("split_lod_tensor");
  s.Input<int64_t>("X", "x", {6, 1}, {0, 1, 2, 3, 4, 5})->set_lod({{0, 2, 3, 6}});
  s.Input<int32_t>("Mask", "m", {3, 1}, {0, 1, 0});
  s.Output("OutTrue", "t");
  s.Output("OutFalse", "f");
  s.Run();
  EXPECT_EQ(s.Values<int64_t>("t"), (std::vector<int64_t>{2}));
  EXPECT_EQ(s.Values<int64_t>("f"), (std::vector<int64_t>{0, 1, 3, 4, 5}));
  EXPECT_EQ(s.Get("f")->lod(), (LoD{{0, 2, 5}}));
  OpRunner bad("split_lod_tensor");
  bad.Input<float>("X", "x", {3, 1}, {1, 2, 3});
  bad.Input<bool>("Mask", "m", {2, 1}, {true, false});
  bad.Output("OutTrue", "t");
  bad.Output("OutFalse", "f");
  ExpectErrorMentions(bad, {"split_lod_tensor", "Mask"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
