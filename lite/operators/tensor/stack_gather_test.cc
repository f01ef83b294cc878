#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(Stack, AllAxesAndUnstackRoundTrip) {
  DDim d{3, 1, 5};
  for (int axis = -4; axis < 4; ++axis) {
    const int a = axis < 0 ? axis + 4 : axis;
    std::vector<std::vector<float>> xs;
    OpRunner r("stack");
    for (int k = 0; k < 2; ++k) {
      xs.push_back(RandomFloats(Numel(d), -1, 1, 20 + k));
      r.Input<float>("X", "x" + std::to_string(k), d, xs.back());
    }
    r.Output("Y", "y");
    r.Attr("axis", axis);
    r.Run();
    DDim od = d;
    od.insert(od.begin() + a, 2);
    ASSERT_EQ(r.Get("y")->dims(), od);
    // Naive: out[o, k, i] = X[k][o, i] with o over dims before a.
    int64_t outer = 1;
    for (int i = 0; i < a; ++i) outer *= d[i];
    const int64_t inner = Numel(d) / outer;
    std::vector<float> e;
    for (int64_t o = 0; o < outer; ++o)
      for (int k = 0; k < 2; ++k)
        for (int64_t i = 0; i < inner; ++i) e.push_back(xs[k][o * inner + i]);
    EXPECT_EQ(r.Values<float>("y"), e);

    OpRunner u("unstack");
    u.Input<float>("X", "x", od, e);
    u.Output("Y", "a");
    u.Output("Y", "b");
    u.Attr("axis", axis);
    u.Attr("num", 2);
    u.Run();
    EXPECT_EQ(u.Get("a")->dims(), d);
    EXPECT_EQ(u.Values<float>("a"), xs[0]);
    EXPECT_EQ(u.Values<float>("b"), xs[1]);
  }
  OpRunner bad("stack");
  bad.Input<float>("X", "a", {2}, {1, 2});
  bad.Input<float>("X", "b", {3}, {1, 2, 3});
  bad.Output("Y", "y");
  ExpectErrorMentions(bad, {"stack"});
}

TEST(Unbind, EveryAxisOfOddShapesAndCountMismatch) {
  DDim d{3, 13, 2};
  auto x = RandomFloats(Numel(d), -1, 1, 9);
  for (int axis : {0, 1, -1}) {
    const int a = axis < 0 ? axis + 3 : axis;
    OpRunner r("unbind");
    r.Input<float>("X", "x", d, x);
    std::vector<std::string> names;
    for (int64_t k = 0; k < d[a]; ++k) {
      names.push_back("o" + std::to_string(k));
      r.Output("Out", names.back());
    }
    r.Attr("axis", axis);
    r.Run();
    for (int64_t k = 0; k < d[a]; ++k) {
      std::vector<float> want;
      for (int64_t i = 0; i < d[0]; ++i)
        for (int64_t j = 0; j < d[1]; ++j)
          for (int64_t l = 0; l < d[2]; ++l) {
            const int64_t idx[3] = {i, j, l};
            if (idx[a] == k) want.push_back(x[(i * d[1] + j) * d[2] + l]);
          }
      EXPECT_EQ(r.Values<float>(names[k]), want) << "axis " << axis << " part " << k;
    }
  }
  OpRunner bad("unbind");
  bad.Input<float>("X", "x", d, x);
  bad.Output("Out", "a");
  bad.Attr("axis", 0);
  ExpectErrorMentions(bad, {"unbind", "Out"});
}

TEST(Gather, AxesIndexTypesAndRangeCheck) {
  DDim d{3, 4, 5};
  auto x = RandomFloats(Numel(d));
  for (int axis = 0; axis < 3; ++axis) {
    for (bool i64 : {false, true}) {
      std::vector<int64_t> idx = {2, 0, 2};
      OpRunner r("gather");
      r.Input<float>("X", "x", d, x);
      if (i64) {
        r.Input<int64_t>("Index", "i", {3}, idx);
      } else {
        r.Input<int32_t>("Index", "i", {3, 1}, {2, 0, 2});
      }
      r.Output("Out", "out");
      if (axis == 2) {
        r.Input<int32_t>("Axis", "ax", {1}, {2});
      } else {
        r.Attr("axis", axis);
      }
      r.Run();
      DDim od = d;
      od[axis] = 3;
      ASSERT_EQ(r.Get("out")->dims(), od);
      auto out = r.Values<float>("out");
      for (int64_t a = 0; a < od[0]; ++a)
        for (int64_t b = 0; b < od[1]; ++b)
          for (int64_t c = 0; c < od[2]; ++c) {
            int64_t s[3] = {a, b, c};
            s[axis] = idx[s[axis]];
            EXPECT_EQ(out[(a * od[1] + b) * od[2] + c], x[(s[0] * 4 + s[1]) * 5 + s[2]]);
          }
    }
  }
  OpRunner bad("gather");
  bad.Input<float>("X", "x", {3}, {1, 2, 3});
  bad.Input<int32_t>("Index", "i", {1}, {3});
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"gather", "out of range"});
}

TEST(IndexSelect, EveryDimIndexTypesAndRangeCheck) {
  DDim d{3, 13, 5};
  auto x = RandomFloats(Numel(d), -1, 1, 4);
  for (int dim : {0, 1, -1}) {
    const int a = dim < 0 ? dim + 3 : dim;
    std::vector<int64_t> index = {d[a] - 1, 0, d[a] - 1, 1};
    OpRunner r("index_select");
    r.Input<float>("X", "x", d, x);
    r.Input<int64_t>("Index", "i", {4}, index);
    r.Output("Out", "out");
    r.Attr("dim", dim);
    r.Run();
    DDim od = d;
    od[a] = 4;
    EXPECT_EQ(r.Get("out")->dims(), od);
    std::vector<float> want;
    for (int64_t i = 0; i < od[0]; ++i)
      for (int64_t j = 0; j < od[1]; ++j)
        for (int64_t k = 0; k < od[2]; ++k) {
          int64_t src[3] = {i, j, k};
          src[a] = index[src[a]];
          want.push_back(x[(src[0] * d[1] + src[1]) * d[2] + src[2]]);
        }
    EXPECT_EQ(r.Values<float>("out"), want) << "dim " << dim;
  }
  OpRunner r32("index_select");
  r32.Input<int32_t>("X", "x", {4}, {10, 11, 12, 13});
  r32.Input<int32_t>("Index", "i", {3}, {3, 3, 0});
  r32.Output("Out", "out");
  r32.Run();
  EXPECT_EQ(r32.Values<int32_t>("out"), (std::vector<int32_t>{13, 13, 10}));
  OpRunner bad("index_select");
  bad.Input<float>("X", "x", d, x);
  bad.Input<int64_t>("Index", "i", {1}, {5});
  bad.Output("Out", "out");
  bad.Attr("dim", 2);
  ExpectErrorMentions(bad, {"index_select", "Index", "out of range"});
}

TEST(GatherNd, PartialAndFullIndices) {
  std::vector<int64_t> x(2 * 3 * 4);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<int64_t>(i);
  OpRunner r("gather_nd");
  r.Input<int64_t>("X", "x", {2, 3, 4}, x);
  r.Input<int32_t>("Index", "i", {2, 2}, {1, 2, 0, 1});
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{2, 4}));
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{20, 21, 22, 23, 4, 5, 6, 7}));
  OpRunner f("gather_nd");
  f.Input<int64_t>("X", "x", {2, 3, 4}, x);
  f.Input<int64_t>("Index", "i", {1, 1, 3}, {1, 1, 3});
  f.Output("Out", "out");
  f.Run();
  EXPECT_EQ(f.Get("out")->dims(), (DDim{1, 1}));
  EXPECT_EQ(f.Values<int64_t>("out"), (std::vector<int64_t>{19}));
}

TEST(Range, TypesAndCounts) {
  OpRunner r("range");
  r.Input<float>("Start", "s", {1}, {1.f});
  r.Input<float>("End", "e", {1}, {2.f});
  r.Input<float>("Step", "st", {1}, {0.3f});
  r.Output("Out", "out");
  r.Run();
  ExpectAllClose({1.f, 1.3f, 1.6f, 1.9f}, r.Values<float>("out"));
  OpRunner i("range");
  i.Input<int64_t>("Start", "s", {1}, {10});
  i.Input<int64_t>("End", "e", {1}, {-3});
  i.Input<int64_t>("Step", "st", {1}, {-4});
  i.Output("Out", "out");
  i.Run();
  EXPECT_EQ(i.Values<int64_t>("out"), (std::vector<int64_t>{10, 6, 2, -2}));
  i.Get("e")->mutable_data<int64_t>()[0] = 10;
  i.Run();
  EXPECT_EQ(i.Get("out")->dims(), (DDim{0}));
  OpRunner bad("range");
  bad.Input<int32_t>("Start", "s", {1}, {0});
  bad.Input<int32_t>("End", "e", {1}, {5});
  bad.Input<int32_t>("Step", "st", {1}, {0});
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"range"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(OneHotV2, DepthAttrTensorDtypeAndRange) {
  OpRunner r("one_hot_v2");
  r.Input<int64_t>("X", "x", {2, 2}, {0, 3, 1, 2});
  r.Output("Out", "out");
  r.Attr("depth", 4);
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{2, 2, 4}));
  std::vector<float> e(16, 0.f);
  e[0] = e[4 + 3] = e[8 + 1] = e[12 + 2] = 1.f;
  EXPECT_EQ(r.Values<float>("out"), e);

  OpRunner t("one_hot_v2");
  t.Input<int32_t>("X", "x", {3}, {2, 5, -1});
  t.Input<int32_t>("depth_tensor", "d", {1}, {3});
  t.Output("Out", "out");
  t.Attr("depth", 10);
  t.Attr("dtype", 2);
  t.Attr("allow_out_of_range", true);
  t.Run();
  EXPECT_EQ(t.Values<int32_t>("out"), (std::vector<int32_t>{0, 0, 1, 0, 0, 0, 0, 0, 0}));

  OpRunner bad("one_hot_v2");
  bad.Input<int32_t>("X", "x", {1}, {4});
  bad.Output("Out", "out");
  bad.Attr("depth", 4);
  ExpectErrorMentions(bad, {"one_hot_v2"});
}

TEST(OneHotV1, LastDimReplacedByDepthAndBadX) {
  OpRunner r("one_hot");
  r.Input<int64_t>("X", "x", {3, 1}, {2, 0, 1});
  r.Output("Out", "out");
  r.Attr("depth", 3);
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{3, 3}));
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{0, 0, 1, 1, 0, 0, 0, 1, 0}));
  OpRunner t("one_hot");
  t.Input<int32_t>("X", "x", {1, 2, 1}, {4, 9});
  t.Input<int32_t>("depth_tensor", "d", {1}, {5});
  t.Output("Out", "out");
  t.Attr("allow_out_of_range", true);
  t.Attr("dtype", 3);
  t.Run();
  EXPECT_EQ(t.Get("out")->dims(), (DDim{1, 2, 5}));
  EXPECT_EQ(t.Values<int64_t>("out"), (std::vector<int64_t>{0, 0, 0, 0, 1, 0, 0, 0, 0, 0}));
  OpRunner bad("one_hot");
  bad.Input<int64_t>("X", "x", {3}, {0, 1, 2});
  bad.Output("Out", "out");
  bad.Attr("depth", 3);
  ExpectErrorMentions(bad, {"one_hot", "end in 1"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
