#include <algorithm>
#include <numeric>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(TopK, LastAxisWithTiesAndKInput) {
  OpRunner r("top_k");
  r.Input<float>("X", "x", {2, 5}, {1, 3, 3, 0, 2, -1, -2, 5, 5, 5});
  r.Output("Out", "out");
  r.Output("Indices", "idx");
  r.Attr("k", 3);
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{3, 3, 2, 5, 5, 5}));
  EXPECT_EQ(r.Values<int64_t>("idx"), (std::vector<int64_t>{1, 2, 4, 2, 3, 4}));
  OpRunner k("top_k");
  k.Input<float>("X", "x", {5}, {1, 3, 3, 0, 2});
  k.Input<int32_t>("K", "k", {1}, {1});
  k.Output("Out", "out");
  k.Output("Indices", "idx");
  k.Attr("k", 4);
  k.Run();
  EXPECT_EQ(k.Values<int64_t>("idx"), (std::vector<int64_t>{1}));
}

TEST(TopKV2, AxesLargestSmallestAgainstSort) {
  DDim d{3, 13, 4};
  auto x = RandomFloats(Numel(d));
  for (int axis = -3; axis < 3; ++axis) {
    for (bool largest : {true, false}) {
      const int a = axis < 0 ? axis + 3 : axis;
      const int k = std::min<int>(3, d[a]);
      OpRunner r("top_k_v2");
      r.Input<float>("X", "x", d, x);
      r.Output("Out", "out");
      r.Output("Indices", "idx");
      r.Attr("k", k);
      r.Attr("axis", axis);
      r.Attr("largest", largest);
      r.Attr("sorted", true);
      r.Run();
      DDim od = d;
      od[a] = k;
      ASSERT_EQ(r.Get("out")->dims(), od);
      auto out = r.Values<float>("out");
      auto idx = r.Values<int64_t>("idx");
      int64_t outer = 1, inner = 1;
      for (int i = 0; i < a; ++i) outer *= d[i];
      for (int i = a + 1; i < 3; ++i) inner *= d[i];
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t in = 0; in < inner; ++in) {
          std::vector<float> col;
          for (int64_t j = 0; j < d[a]; ++j) col.push_back(x[(o * d[a] + j) * inner + in]);
          std::vector<float> sorted = col;
          std::sort(sorted.begin(), sorted.end());
          if (largest) std::reverse(sorted.begin(), sorted.end());
          for (int j = 0; j < k; ++j) {
            const int64_t pos = (o * k + j) * inner + in;
            EXPECT_EQ(out[pos], sorted[j]);
            EXPECT_EQ(col[idx[pos]], out[pos]);
          }
        }
    }
  }
  OpRunner bad("top_k_v2");
  bad.Input<float>("X", "x", {3}, {1, 2, 3});
  bad.Output("Out", "out");
  bad.Output("Indices", "idx");
  bad.Attr("k", 4);
  ExpectErrorMentions(bad, {"top_k_v2"});
}

TEST(ArgSort, AscendingDescendingInt64UnderBothNames) {
  for (bool desc : {false, true}) {
    // Paddle's op type is argsort; arg_sort is kept for existing programs.
    OpRunner r(desc ? "argsort" : "arg_sort");
    r.Input<int64_t>("X", "x", {2, 4}, {4, 1, 3, 1, 0, 9, 8, 7});
    r.Output("Out", "out");
    r.Output("Indices", "idx");
    r.Attr("axis", -1);
    r.Attr("descending", desc);
    r.Run();
    if (!desc) {
      EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{1, 1, 3, 4, 0, 7, 8, 9}));
      EXPECT_EQ(r.Values<int64_t>("idx"), (std::vector<int64_t>{1, 3, 2, 0, 0, 3, 2, 1}));
    } else {
      EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{4, 3, 1, 1, 9, 8, 7, 0}));
      EXPECT_EQ(r.Values<int64_t>("idx"), (std::vector<int64_t>{0, 2, 1, 3, 1, 2, 3, 0}));
    }
  }
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
