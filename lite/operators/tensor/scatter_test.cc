#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(WhereIndex, CoordinatesOfTrueElementsAnyTypeAndNone) {
  OpRunner r("where_index");
  r.Input<bool>("Condition", "c", {2, 3}, {false, true, false, true, true, false});
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{3, 2}));
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{0, 1, 1, 0, 1, 1}));
  r.Refill<bool>("c", {4}, {false, false, false, false});
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{0, 1}));
  OpRunner f("where_index");
  DDim d{3, 13, 7};
  auto x = RandomFloats(Numel(d), -1, 1, 3);
  std::vector<float> c(x.size());
  std::vector<int64_t> want;
  for (int64_t i = 0; i < d[0]; ++i)
    for (int64_t j = 0; j < d[1]; ++j)
      for (int64_t k = 0; k < d[2]; ++k) {
        const int64_t e = (i * d[1] + j) * d[2] + k;
        c[e] = x[e] > 0.5f ? x[e] : 0.f;
        if (c[e] != 0.f) want.insert(want.end(), {i, j, k});
      }
  f.Input<float>("Condition", "c", d, c);
  f.Output("Out", "out");
  f.Run();
  EXPECT_EQ(f.Values<int64_t>("out"), want);
}

TEST(Scatter, OverwriteAccumulateNegativeIdsAndRange) {
  const std::vector<float> x = {1, 1, 2, 2, 3, 3};
  const std::vector<float> u = {10, 11, 20, 21, 30, 31};
  {
    OpRunner r("scatter");
    r.Input<float>("X", "x", {3, 2}, x);
    r.Input<int64_t>("Ids", "i", {3}, {2, 0, 2});
    r.Input<float>("Updates", "u", {3, 2}, u);
    r.Output("Out", "out");
    r.Run();  // overwrite: the last write to row 2 wins
    EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{20, 21, 2, 2, 30, 31}));
  }
  {
    OpRunner r("scatter");
    r.Input<float>("X", "x", {3, 2}, x);
    r.Input<int32_t>("Ids", "i", {3, 1}, {-1, 0, 2});
    r.Input<float>("Updates", "u", {3, 2}, u);
    r.Output("Out", "out");
    r.Attr("overwrite", false);
    r.Run();  // rows 0 and 2 zeroed then summed
    EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{20, 21, 2, 2, 40, 42}));
  }
  OpRunner bad("scatter");
  bad.Input<float>("X", "x", {3, 2}, x);
  bad.Input<int64_t>("Ids", "i", {1}, {3});
  bad.Input<float>("Updates", "u", {1, 2}, {1, 2});
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"scatter", "out of range"});
}

TEST(ScatterNdAdd, PartialAndFullIndicesWithRepeats) {
  // X [2, 3], Index [[1], [0], [1]] adds rows.
  OpRunner r("scatter_nd_add");
  r.Input<int64_t>("X", "x", {2, 3}, {1, 2, 3, 4, 5, 6});
  r.Input<int32_t>("Index", "i", {3, 1}, {1, 0, 1});
  r.Input<int64_t>("Updates", "u", {3, 3}, {10, 10, 10, 1, 2, 3, 100, 100, 100});
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{2, 4, 6, 114, 115, 116}));
  OpRunner f("scatter_nd_add");
  f.Input<float>("X", "x", {2, 3}, {0, 0, 0, 0, 0, 0});
  f.Input<int64_t>("Index", "i", {2, 2}, {1, 2, -2, 0});
  f.Input<float>("Updates", "u", {2}, {5, 7});
  f.Output("Out", "out");
  f.Run();
  EXPECT_EQ(f.Values<float>("out"), (std::vector<float>{7, 0, 0, 0, 0, 5}));
  OpRunner bad("scatter_nd_add");
  bad.Input<float>("X", "x", {2, 3}, std::vector<float>(6));
  bad.Input<int64_t>("Index", "i", {1, 1}, {0});
  bad.Input<float>("Updates", "u", {2}, {1, 2});
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"scatter_nd_add", "Updates"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
