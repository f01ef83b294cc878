#include <functional>
#include <limits>

#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

const std::vector<BroadcastCase> kCases = {
    {{3, 13}, {3, 13}, -1},       {{2, 3, 4, 5}, {3}, 1},       {{2, 3, 4, 5}, {5}, -1},
    {{2, 3, 4, 5}, {3, 1}, 1},    {{2, 3, 4, 5}, {1}, -1},      {{3, 1}, {1, 13}, -1},
    {{5}, {2, 3, 4, 5}, -1},      {{2, 3, 4, 5}, {2, 1, 4, 1}, -1},
};

const std::vector<std::pair<std::string, std::function<bool(double, double)>>>& Ops() {
  static const std::vector<std::pair<std::string, std::function<bool(double, double)>>> ops = {
      {"equal", [](double a, double b) { return a == b; }},
      {"not_equal", [](double a, double b) { return a != b; }},
      {"less_than", [](double a, double b) { return a < b; }},
      {"less_equal", [](double a, double b) { return a <= b; }},
      {"greater_than", [](double a, double b) { return a > b; }},
      {"greater_equal", [](double a, double b) { return a >= b; }},
      {"logical_and", [](double a, double b) { return a != 0 && b != 0; }},
      {"logical_or", [](double a, double b) { return a != 0 || b != 0; }},
      {"logical_xor", [](double a, double b) { return (a != 0) != (b != 0); }},
  };
  return ops;
}

template <typename T>
void CheckAll() {
  for (const auto& op : Ops()) {
    for (const auto& c : kCases) {
      // Small value range so that equality actually occurs.
      auto xi = RandomInts(Numel(c.x), -2, 2, 1);
      auto yi = RandomInts(Numel(c.y), -2, 2, 2);
      std::vector<T> x(xi.begin(), xi.end()), y(yi.begin(), yi.end());
      OpRunner r(op.first);
      r.Input<T>("X", "x", c.x, x);
      r.Input<T>("Y", "y", c.y, y);
      r.Output("Out", "out");
      r.Attr("axis", c.axis);
      r.Run(2);
      DDim od;
      auto e = RefBinary<T, bool>(c.x, c.y, c.axis, x, y,
                                  [&](T a, T b) { return op.second(double(a), double(b)); }, &od);
      EXPECT_EQ(r.Get("out")->dims(), od) << op.first;
      EXPECT_EQ(r.Get("out")->dtype(), DataType::kBool);
      EXPECT_EQ(e, r.Values<bool>("out")) << op.first << " " << DimsToString(c.x) << " vs "
                                          << DimsToString(c.y);
    }
  }
}

TEST(Compare, FloatAllOpsAllBroadcastCases) { CheckAll<float>(); }
TEST(Compare, Int32AllOpsAllBroadcastCases) { CheckAll<int32_t>(); }
TEST(Compare, Int64AllOpsAllBroadcastCases) { CheckAll<int64_t>(); }

TEST(Compare, BoolInputsAndLogicalNot) {
  std::vector<bool> a{true, false, true, false}, b{true, true, false, false};
  for (const auto& op : Ops()) {
    OpRunner r(op.first);
    r.Input<bool>("X", "x", {4}, a);
    r.Input<bool>("Y", "y", {4}, b);
    r.Output("Out", "out");
    r.Run();
    std::vector<bool> e;
    for (int i = 0; i < 4; ++i) e.push_back(op.second(a[i], b[i]));
    EXPECT_EQ(e, r.Values<bool>("out")) << op.first;
  }
  OpRunner r("logical_not");
  r.Input<bool>("X", "x", {4}, a);
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Values<bool>("out"), (std::vector<bool>{false, true, false, true}));
  // Dynamic shape on the same instance.
  Tensor* xt = r.Get("x");
  xt->Resize({2});
  xt->mutable_data<bool>()[0] = false;
  xt->mutable_data<bool>()[1] = true;
  r.Run();
  EXPECT_EQ(r.Values<bool>("out"), (std::vector<bool>{true, false}));
}

TEST(Compare, FloatEqualityUsesPaddleTolerance) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> a{1.f, 1e-9f, 0.f, inf, inf, nan, 1.f};
  std::vector<float> b{1.f, 0.f, 1e-7f, inf, -inf, nan, 1.0000001f};
  for (std::string op : {"equal", "not_equal"}) {
    OpRunner r(op);
    r.Input<float>("X", "x", {7}, a);
    r.Input<float>("Y", "y", {7}, b);
    r.Output("Out", "out");
    r.Run();
    std::vector<bool> eq{true, true, false, true, false, false, false};
    if (op == "not_equal") eq.flip();
    EXPECT_EQ(r.Values<bool>("out"), eq) << op;
  }
}

TEST(Compare, BadInputsNameOpAndDims) {
  OpRunner r("less_than");
  r.Input<float>("X", "x", {2, 3}, std::vector<float>(6, 0.f));
  r.Input<float>("Y", "y", {4}, std::vector<float>(4, 0.f));
  r.Output("Out", "out");
  ExpectErrorContains([&] { r.Run(); }, {"less_than", "[2, 3]", "[4]"});
  OpRunner s("equal");
  s.Input<float>("X", "x", {2}, {0, 0});
  s.Input<int64_t>("Y", "y", {2}, {0, 0});
  s.Output("Out", "out");
  ExpectErrorContains([&] { s.Run(); }, {"equal", "'Y'", "int64"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
