#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Naive references on a [a, b, c] tensor with explicit loops.
std::vector<float> NaiveFlip3(const std::vector<float>& x, const DDim& d, bool f0, bool f1,
                              bool f2) {
  std::vector<float> out(x.size());
  for (int64_t i = 0; i < d[0]; ++i)
    for (int64_t j = 0; j < d[1]; ++j)
      for (int64_t k = 0; k < d[2]; ++k) {
        int64_t si = f0 ? d[0] - 1 - i : i, sj = f1 ? d[1] - 1 - j : j,
                sk = f2 ? d[2] - 1 - k : k;
        out[(i * d[1] + j) * d[2] + k] = x[(si * d[1] + sj) * d[2] + sk];
      }
  return out;
}
int64_t Mod(int64_t a, int64_t n) { return ((a % n) + n) % n; }
std::vector<float> NaiveRoll3(const std::vector<float>& x, const DDim& d, int64_t s0, int64_t s1,
                              int64_t s2) {
  std::vector<float> out(x.size());
  for (int64_t i = 0; i < d[0]; ++i)
    for (int64_t j = 0; j < d[1]; ++j)
      for (int64_t k = 0; k < d[2]; ++k)
        out[(Mod(i + s0, d[0]) * d[1] + Mod(j + s1, d[1])) * d[2] + Mod(k + s2, d[2])] =
            x[(i * d[1] + j) * d[2] + k];
  return out;
}

TEST(Flip, EveryAxisSetOnOddShapesBothNamesAndDynamicDims) {
  for (const char* op : {"flip", "reverse"}) {
    for (DDim d : {DDim{1, 3, 13}, DDim{3, 13, 127}}) {
      auto x = RandomFloats(Numel(d), -1, 1, 3);
      for (int mask = 0; mask < 8; ++mask) {
        std::vector<int32_t> axis;
        if (mask & 1) axis.push_back(0);
        if (mask & 2) axis.push_back(-2);
        if (mask & 4) axis.push_back(2);
        OpRunner r(op);
        r.Input<float>("X", "x", d, x);
        r.Output("Out", "out");
        r.Attr("axis", axis);
        r.Run();
        EXPECT_EQ(r.Values<float>("out"), NaiveFlip3(x, d, mask & 1, mask & 2, mask & 4))
            << op << " mask " << mask;
      }
    }
  }
  // Integer elements, and a rerun with other dims on the same op.
  OpRunner r("flip");
  r.Input<int64_t>("X", "x", {2, 3}, {1, 2, 3, 4, 5, 6});
  r.Output("Out", "out");
  r.Attr("axis", std::vector<int32_t>{1});
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{3, 2, 1, 6, 5, 4}));
  r.Refill<int64_t>("x", {3, 1}, {7, 8, 9});
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{7, 8, 9}));
}

TEST(Flip, RefusesAxisOutOfRangeOrTwice) {
  for (auto axis : {std::vector<int32_t>{3}, std::vector<int32_t>{1, -2}}) {
    OpRunner r("flip");
    r.Input<float>("X", "x", {2, 3, 4}, RandomFloats(24));
    r.Output("Out", "out");
    r.Attr("axis", axis);
    ExpectErrorMentions(r, {"flip", "axis"});
  }
}

TEST(Roll, ShiftsAlongAxesFlatAndFromTensor) {
  DDim d{3, 13, 127};
  auto x = RandomFloats(Numel(d), -1, 1, 5);
  {
    OpRunner r("roll");
    r.Input<float>("X", "x", d, x);
    r.Output("Out", "out");
    r.Attr("axis", std::vector<int64_t>{0, -1});
    r.Attr("shifts", std::vector<int64_t>{-4, 130});
    r.Run();
    EXPECT_EQ(r.Values<float>("out"), NaiveRoll3(x, d, -4, 0, 130));
  }
  {
    OpRunner r("roll");
    r.Input<float>("X", "x", d, x);
    r.Input<int64_t>("ShiftsTensor", "s", {2}, {1, 1});
    r.Output("Out", "out");
    r.Attr("axis", std::vector<int64_t>{1, 1});
    r.Attr("shifts", std::vector<int64_t>{9, 9});
    r.Run();
    EXPECT_EQ(r.Values<float>("out"), NaiveRoll3(x, d, 0, 2, 0));
  }
  {
    // No axis: the flat vector rolls; [2, 3] by 2 -> 5 6 1 2 3 4.
    OpRunner r("roll");
    r.Input<float>("X", "x", {2, 3}, {1, 2, 3, 4, 5, 6});
    r.Output("Out", "out");
    r.Attr("shifts", std::vector<int64_t>{2});
    r.Run();
    EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{5, 6, 1, 2, 3, 4}));
    r.Refill<float>("x", {1}, {7});
    r.Run();
    EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{7}));
  }
  OpRunner bad("roll");
  bad.Input<float>("X", "x", d, x);
  bad.Output("Out", "out");
  bad.Attr("axis", std::vector<int64_t>{0, 1});
  bad.Attr("shifts", std::vector<int64_t>{1});
  ExpectErrorMentions(bad, {"roll", "shifts"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
