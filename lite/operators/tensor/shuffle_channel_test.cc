#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(ShuffleChannel, GroupsOnOddShapesAndBadGroup) {
  for (DDim d : {DDim{1, 6, 1, 1}, DDim{3, 12, 13, 1}, DDim{2, 6, 3, 127}}) {
    auto x = RandomFloats(Numel(d), -1, 1, 2);
    for (int group : {1, 2, 3, 6}) {
      OpRunner r("shuffle_channel");
      r.Input<float>("X", "x", d, x);
      r.Output("Out", "out");
      r.Attr("group", group);
      r.Run();
      // Naive: out[n][c][h][w] = x[n][(c % group) * (C / group) + c / group][h][w].
      const int64_t C = d[1], k = C / group, hw = d[2] * d[3];
      std::vector<float> want(x.size());
      for (int64_t n = 0; n < d[0]; ++n)
        for (int64_t c = 0; c < C; ++c)
          for (int64_t i = 0; i < hw; ++i)
            want[(n * C + c) * hw + i] = x[(n * C + (c % group) * k + c / group) * hw + i];
      EXPECT_EQ(r.Values<float>("out"), want) << DimsToString(d) << " group " << group;
    }
  }
  OpRunner bad("shuffle_channel");
  bad.Input<float>("X", "x", {1, 5, 1, 1}, RandomFloats(5));
  bad.Output("Out", "out");
  bad.Attr("group", 2);
  ExpectErrorMentions(bad, {"shuffle_channel", "group"});
}

TEST(Meshgrid, TwoAndThreeInputsIntegersAndBadRank) {
  OpRunner r("meshgrid");
  r.Input<float>("X", "a", {3}, {1, 2, 3});
  r.Input<float>("X", "b", {2}, {10, 20});
  r.Output("Out", "oa");
  r.Output("Out", "ob");
  r.Run();
  EXPECT_EQ(r.Get("oa")->dims(), (DDim{3, 2}));
  EXPECT_EQ(r.Values<float>("oa"), (std::vector<float>{1, 1, 2, 2, 3, 3}));
  EXPECT_EQ(r.Values<float>("ob"), (std::vector<float>{10, 20, 10, 20, 10, 20}));
  OpRunner t("meshgrid");
  t.Input<int64_t>("X", "a", {2}, {1, 2});
  t.Input<int64_t>("X", "b", {1}, {5});
  t.Input<int64_t>("X", "c", {3}, {7, 8, 9});
  for (const char* o : {"oa", "ob", "oc"}) t.Output("Out", o);
  t.Run();
  EXPECT_EQ(t.Get("oc")->dims(), (DDim{2, 1, 3}));
  EXPECT_EQ(t.Values<int64_t>("oa"), (std::vector<int64_t>{1, 1, 1, 2, 2, 2}));
  EXPECT_EQ(t.Values<int64_t>("ob"), (std::vector<int64_t>{5, 5, 5, 5, 5, 5}));
  EXPECT_EQ(t.Values<int64_t>("oc"), (std::vector<int64_t>{7, 8, 9, 7, 8, 9}));
  t.Refill<int64_t>("c", {1}, {4});
  t.Run();
  EXPECT_EQ(t.Values<int64_t>("oc"), (std::vector<int64_t>{4, 4}));
  OpRunner bad("meshgrid");
  bad.Input<float>("X", "a", {2, 2}, {1, 2, 3, 4});
  bad.Output("Out", "o");
  ExpectErrorMentions(bad, {"meshgrid", "1-D"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
