#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(Unique, FirstOccurrenceOrderAndInverse) {
  OpRunner r("unique");
  r.Input<int64_t>("X", "x", {2, 4}, {5, 2, 5, 7, 2, 2, 9, 5});
  r.Output("Out", "out");
  r.Output("Index", "idx");
  r.Attr("dtype", 2);
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{5, 2, 7, 9}));
  EXPECT_EQ(r.Values<int32_t>("idx"), (std::vector<int32_t>{0, 1, 0, 2, 1, 1, 3, 0}));
  r.Refill<int64_t>("x", {1}, {4});
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{4}));
}

TEST(Unique, SortedWithIndicesInverseCountsAndAxisRefused) {
  OpRunner r("unique");
  r.Input<float>("X", "x", {6}, {3.5f, -1.f, 3.5f, 0.f, -1.f, 3.5f});
  r.Output("Out", "out");
  r.Output("Index", "inv");
  r.Output("Indices", "first");
  r.Output("Counts", "cnt");
  r.Attr("is_sorted", true);
  r.Attr("return_index", true);
  r.Attr("return_inverse", true);
  r.Attr("return_counts", true);
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{-1.f, 0.f, 3.5f}));
  EXPECT_EQ(r.Values<int64_t>("first"), (std::vector<int64_t>{1, 3, 0}));
  EXPECT_EQ(r.Values<int64_t>("inv"), (std::vector<int64_t>{2, 0, 2, 1, 0, 2}));
  EXPECT_EQ(r.Values<int64_t>("cnt"), (std::vector<int64_t>{2, 1, 3}));
  OpRunner bad("unique");
  bad.Input<float>("X", "x", {2, 2}, {1, 2, 3, 4});
  bad.Output("Out", "out");
  bad.Attr("is_sorted", true);
  bad.Attr("axis", std::vector<int32_t>{0});
  ExpectErrorMentions(bad, {"unique", "axis"});
}

TEST(UniqueWithCounts, CountsAndRankCheck) {
  OpRunner r("unique_with_counts");
  r.Input<int32_t>("X", "x", {7}, {2, 3, 3, 1, 5, 3, 2});
  r.Output("Out", "out");
  r.Output("Index", "idx");
  r.Output("Count", "cnt");
  r.Run();
  EXPECT_EQ(r.Values<int32_t>("out"), (std::vector<int32_t>{2, 3, 1, 5}));
  EXPECT_EQ(r.Values<int64_t>("idx"), (std::vector<int64_t>{0, 1, 1, 2, 3, 1, 0}));
  EXPECT_EQ(r.Values<int64_t>("cnt"), (std::vector<int64_t>{2, 3, 1, 1}));
  OpRunner bad("unique_with_counts");
  bad.Input<int32_t>("X", "x", {2, 2}, {1, 2, 3, 4});
  bad.Output("Out", "out");
  bad.Output("Index", "idx");
  bad.Output("Count", "cnt");
  ExpectErrorMentions(bad, {"unique_with_counts", "1-D"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
