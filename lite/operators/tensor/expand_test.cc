#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Naive broadcast: out[i0..] = x[i0 % xd0, ...] with x dims left-padded by 1s.
std::vector<float> NaiveBroadcast(const std::vector<float>& x, DDim xd, const DDim& od) {
  while (xd.size() < od.size()) xd.insert(xd.begin(), 1);
  std::vector<float> out(Numel(od));
  const size_t r = od.size();
  for (size_t o = 0; o < out.size(); ++o) {
    int64_t rem = o;
    std::vector<int64_t> idx(r);
    for (int d = static_cast<int>(r) - 1; d >= 0; --d) {
      idx[d] = rem % od[d];
      rem /= od[d];
    }
    int64_t off = 0;
    for (size_t d = 0; d < r; ++d) off = off * xd[d] + idx[d] % xd[d];
    out[o] = x[off];
  }
  return out;
}

TEST(ExpandV2, ShapeAttrTensorListAndMinusOne) {
  DDim xd{3, 1};
  auto x = RandomFloats(3);
  {
    OpRunner r("expand_v2");
    r.Input<float>("X", "x", xd, x);
    r.Output("Out", "out");
    r.Attr("shape", std::vector<int32_t>{2, -1, 5});
    r.Run();
    EXPECT_EQ(r.Get("out")->dims(), (DDim{2, 3, 5}));
    EXPECT_EQ(r.Values<float>("out"), NaiveBroadcast(x, xd, {2, 3, 5}));
  }
  {
    OpRunner r("expand_v2");
    r.Input<float>("X", "x", xd, x);
    r.Input<int32_t>("Shape", "s", {2}, {3, 4});
    r.Output("Out", "out");
    r.Run();
    EXPECT_EQ(r.Values<float>("out"), NaiveBroadcast(x, xd, {3, 4}));
  }
  {
    OpRunner r("expand_v2");
    r.Input<float>("X", "x", xd, x);
    r.Input<int64_t>("expand_shapes_tensor", "a", {1}, {3});
    r.Input<int32_t>("expand_shapes_tensor", "b", {1}, {7});
    r.Output("Out", "out");
    r.Run();
    EXPECT_EQ(r.Values<float>("out"), NaiveBroadcast(x, xd, {3, 7}));
  }
  OpRunner bad("expand_v2");
  bad.Input<float>("X", "x", xd, x);
  bad.Output("Out", "out");
  bad.Attr("shape", std::vector<int32_t>{4, 2});
  ExpectErrorMentions(bad, {"expand_v2"});
}

TEST(ExpandAsV2, FollowsYDims) {
  OpRunner r("expand_as_v2");
  std::vector<int32_t> x = {1, 2, 3};
  r.Input<int32_t>("X", "x", {1, 3}, x);
  r.Input<float>("Y", "y", {2, 2, 3}, RandomFloats(12));
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{2, 2, 3}));
  EXPECT_EQ(r.Values<int32_t>("out"), (std::vector<int32_t>{1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3}));
}

TEST(Tile, RepeatTimesAllRanks) {
  DDim xd{2, 3};
  auto x = RandomFloats(6);
  for (auto rep : std::vector<std::vector<int32_t>>{{2}, {1, 1}, {2, 3}, {3, 1, 2}}) {
    OpRunner r("tile");
    r.Input<float>("X", "x", xd, x);
    r.Output("Out", "out");
    r.Attr("repeat_times", rep);
    r.Run();
    DDim od;
    const size_t rk = std::max(xd.size(), rep.size());
    for (size_t i = 0; i < rk; ++i) {
      int64_t xv = i + xd.size() >= rk ? xd[i + xd.size() - rk] : 1;
      int64_t rv = i + rep.size() >= rk ? rep[i + rep.size() - rk] : 1;
      od.push_back(xv * rv);
    }
    EXPECT_EQ(r.Get("out")->dims(), od);
    EXPECT_EQ(r.Values<float>("out"), NaiveBroadcast(x, xd, od));
  }
  OpRunner t("tile");
  t.Input<float>("X", "x", xd, x);
  t.Input<int32_t>("RepeatTimes", "rt", {2}, {2, 2});
  t.Output("Out", "out");
  t.Run();
  EXPECT_EQ(t.Values<float>("out"), NaiveBroadcast(x, xd, {4, 6}));
}

// Paddle's v1 ops tile: out dim i = X dim i * times[i] (expand) or the
// target's dim (expand_as), element (i0, ..) = X(i0 % xd0, ..).
TEST(ExpandV1, ExpandTimesAttrTensorAndList) {
  DDim xd{2, 3};
  auto x = RandomFloats(6);
  {
    OpRunner r("expand");
    r.Input<float>("X", "x", xd, x);
    r.Output("Out", "out");
    r.Attr("expand_times", std::vector<int32_t>{3, 2});
    r.Run();
    EXPECT_EQ(r.Get("out")->dims(), (DDim{6, 6}));
    EXPECT_EQ(r.Values<float>("out"), NaiveBroadcast(x, xd, {6, 6}));
  }
  {
    OpRunner r("expand");
    r.Input<float>("X", "x", xd, x);
    r.Input<int32_t>("ExpandTimes", "t", {2}, {1, 4});
    r.Output("Out", "out");
    r.Run();
    EXPECT_EQ(r.Values<float>("out"), NaiveBroadcast(x, xd, {2, 12}));
  }
  {
    OpRunner r("expand");
    r.Input<float>("X", "x", xd, x);
    r.Input<int32_t>("expand_times_tensor", "a", {1}, {2});
    r.Input<int64_t>("expand_times_tensor", "b", {1}, {1});
    r.Output("Out", "out");
    r.Run();
    EXPECT_EQ(r.Values<float>("out"), NaiveBroadcast(x, xd, {4, 3}));
  }
  OpRunner bad("expand");
  bad.Input<float>("X", "x", xd, x);
  bad.Output("Out", "out");
  bad.Attr("expand_times", std::vector<int32_t>{2});
  ExpectErrorMentions(bad, {"expand", "expand_times"});
}

TEST(ExpandV1, ExpandAsTilesToTheTargetAndRefusesNonMultiples) {
  DDim xd{1, 3, 13};
  auto x = RandomFloats(Numel(xd));
  for (DDim td : {DDim{4, 3, 13}, DDim{1, 6, 26}, DDim{127, 3, 13}}) {
    OpRunner r("expand_as");
    r.Input<float>("X", "x", xd, x);
    r.Input<float>("target_tensor", "t", td, std::vector<float>(Numel(td)));
    r.Output("Out", "out");
    r.Run();
    EXPECT_EQ(r.Get("out")->dims(), td);
    EXPECT_EQ(r.Values<float>("out"), NaiveBroadcast(x, xd, td));
  }
  OpRunner bad("expand_as");
  bad.Input<float>("X", "x", xd, x);
  bad.Input<float>("target_tensor", "t", {1, 4, 13}, std::vector<float>(52));
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"expand_as", "target_tensor", "multiple"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
