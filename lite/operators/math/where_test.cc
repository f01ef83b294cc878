#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

template <typename T>
void CheckWhere(const DDim& cd, const DDim& xd, const DDim& yd, const DDim& od) {
  auto ci = RandomInts(Numel(cd), 0, 1, 3);
  std::vector<bool> c(ci.begin(), ci.end());
  auto x = Cast<T>(RandomInts(Numel(xd), -100, 100, 4));
  auto y = Cast<T>(RandomInts(Numel(yd), -100, 100, 5));
  OpRunner r("where");
  r.Input<bool>("Condition", "c", cd, c);
  r.Input<T>("X", "x", xd, x);
  r.Input<T>("Y", "y", yd, y);
  r.Output("Out", "out");
  r.Run(2);
  ASSERT_EQ(r.Get("out")->dims(), od);
  // Naive: right-aligned numpy indexing for each operand.
  auto at = [&](const DDim& d, int64_t i) {
    int64_t off = 0, stride = 1, r2 = i;
    std::vector<int64_t> idx(od.size());
    for (size_t j = od.size(); j-- > 0;) { idx[j] = r2 % od[j]; r2 /= od[j]; }
    for (size_t k = d.size(); k-- > 0;) {
      size_t o = od.size() - d.size() + k;
      off += (d[k] == 1 ? 0 : idx[o]) * stride;
      stride *= d[k];
    }
    return off;
  };
  std::vector<T> e(Numel(od));
  for (int64_t i = 0; i < Numel(od); ++i) e[i] = c[at(cd, i)] ? x[at(xd, i)] : y[at(yd, i)];
  EXPECT_EQ(e, r.Values<T>("out")) << DimsToString(cd) << DimsToString(xd) << DimsToString(yd);
}

TEST(Where, SameShapeAndBroadcast) {
  CheckWhere<float>({3, 13}, {3, 13}, {3, 13}, {3, 13});
  CheckWhere<float>({1, 3, 13, 127}, {1, 3, 13, 127}, {1, 3, 13, 127}, {1, 3, 13, 127});
  CheckWhere<int32_t>({3, 1}, {1, 13}, {3, 13}, {3, 13});
  CheckWhere<int64_t>({13}, {3, 13}, {1}, {3, 13});
}

TEST(Where, DynamicShape) {
  OpRunner r("where");
  r.Input<bool>("Condition", "c", {2}, {true, false});
  r.Input<float>("X", "x", {2}, {1, 2});
  r.Input<float>("Y", "y", {2}, {3, 4});
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{1, 4}));
  for (const char* v : {"c", "x", "y"}) r.Get(v)->Resize({1});
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{1}));
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{1}));
}

TEST(Where, BadInputsNameOp) {
  OpRunner r("where");
  r.Input<bool>("Condition", "c", {3}, {true, false, true});
  r.Input<float>("X", "x", {2}, {1, 2});
  r.Input<float>("Y", "y", {2}, {3, 4});
  r.Output("Out", "out");
  ExpectErrorContains([&] { r.Run(); }, {"where", "[3]", "[2]"});
  OpRunner s("where");
  s.Input<float>("Condition", "c", {2}, {1, 0});
  s.Input<float>("X", "x", {2}, {1, 2});
  s.Input<float>("Y", "y", {2}, {3, 4});
  s.Output("Out", "out");
  ExpectErrorContains([&] { s.Run(); }, {"where", "'Condition'", "bool"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
