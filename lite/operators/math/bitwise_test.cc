#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(Bitwise, AndOrXorNotOnIntegersBoolAndBroadcast) {
  const std::vector<int32_t> x = {0, 1, 5, -1, 12, 7};
  const std::vector<int32_t> y = {3, 6};
  struct Case { const char* op; int32_t (*f)(int32_t, int32_t); };
  for (const Case& c : {Case{"bitwise_and", [](int32_t a, int32_t b) { return a & b; }},
                        Case{"bitwise_or", [](int32_t a, int32_t b) { return a | b; }},
                        Case{"bitwise_xor", [](int32_t a, int32_t b) { return a ^ b; }}}) {
    OpRunner r(c.op);
    r.Input<int32_t>("X", "x", {3, 2}, x);
    r.Input<int32_t>("Y", "y", {2}, y);
    r.Output("Out", "out");
    r.Run();
    std::vector<int32_t> want;
    for (size_t i = 0; i < x.size(); ++i) want.push_back(c.f(x[i], y[i % 2]));
    EXPECT_EQ(r.Values<int32_t>("out"), want) << c.op;
  }
  OpRunner n("bitwise_not");
  n.Input<int64_t>("X", "x", {3}, {0, 5, -1});
  n.Output("Out", "out");
  n.Run();
  EXPECT_EQ(n.Values<int64_t>("out"), (std::vector<int64_t>{-1, -6, 0}));
  OpRunner b("bitwise_xor");
  b.Input<bool>("X", "x", {4}, {true, true, false, false});
  b.Input<bool>("Y", "y", {4}, {true, false, true, false});
  b.Output("Out", "out");
  b.Run();
  EXPECT_EQ(b.Values<bool>("out"), (std::vector<bool>{false, true, true, false}));
  OpRunner bad("bitwise_and");
  bad.Input<float>("X", "x", {2}, {1, 2});
  bad.Input<float>("Y", "y", {2}, {1, 2});
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"bitwise_and", "X", "float32"});
}

TEST(Atan2, QuadrantsBroadcastIntegersAndShapeMismatch) {
  DDim d{3, 13};
  auto x1 = RandomFloats(Numel(d), -2, 2, 1);
  auto x2 = RandomFloats(13, -2, 2, 2);
  OpRunner r("atan2");
  r.Input<float>("X1", "a", d, x1);
  r.Input<float>("X2", "b", {13}, x2);
  r.Output("Out", "out");
  r.Run();
  auto got = r.Values<float>("out");
  for (size_t i = 0; i < got.size(); ++i)
    EXPECT_NEAR(got[i], std::atan2(double(x1[i]), double(x2[i % 13])), 1e-6) << i;
  OpRunner q("atan2");
  q.Input<int64_t>("X1", "a", {4}, {1, 1, -1, 0});
  q.Input<int64_t>("X2", "b", {4}, {1, -1, -1, -1});
  q.Output("Out", "out");
  q.Run();
  auto v = q.Values<double>("out");
  ASSERT_EQ(v.size(), 4u);
  EXPECT_DOUBLE_EQ(v[0], M_PI / 4);
  EXPECT_DOUBLE_EQ(v[1], 3 * M_PI / 4);
  EXPECT_DOUBLE_EQ(v[2], -3 * M_PI / 4);
  EXPECT_DOUBLE_EQ(v[3], M_PI);
  OpRunner bad("atan2");
  bad.Input<float>("X1", "a", {3}, {1, 2, 3});
  bad.Input<float>("X2", "b", {2}, {1, 2});
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"atan2", "X1", "X2"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
