// pool3d: with a unit depth it must equal pool2d (oneDNN) on odd shapes and
// every option; depth windows are checked on hand-computed values.
#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct Case {
  std::string type;
  std::vector<int> ksize, strides, pads;  // 2-D: pads top, bottom, left, right
  bool ceil_mode, exclusive;
};

std::vector<float> RunPool(const std::string& op, const DDim& dims, const std::vector<float>& x,
                           const Case& c, DDim* od) {
  OpRunner r(op);
  r.Input<float>("X", "x", dims, x);
  r.Output("Out", "y");
  r.Attr("pooling_type", c.type);
  r.Attr("ksize", c.ksize);
  r.Attr("strides", c.strides);
  r.Attr("paddings", c.pads);
  r.Attr("ceil_mode", c.ceil_mode);
  r.Attr("exclusive", c.exclusive);
  r.Run();
  *od = r.Get("y")->dims();
  return r.Values<float>("y");
}

TEST(Pool3d, UnitDepthMatchesPool2d) {
  const std::vector<Case> cases = {
      {"max", {3, 3}, {2, 2}, {1, 1, 1, 1}, false, true},
      {"avg", {3, 2}, {2, 1}, {1, 0, 0, 1}, true, true},
      {"avg", {2, 3}, {1, 2}, {0, 1, 1, 1}, false, false},
      {"max", {2, 2}, {2, 2}, {0, 0, 0, 0}, true, true},
  };
  auto x = RandomFloats(2 * 3 * 13 * 11, -1, 1, 5);
  for (const Case& c : cases) {
    DDim d2, d3;
    auto y2 = RunPool("pool2d", {2, 3, 13, 11}, x, c, &d2);
    Case c3 = c;
    c3.ksize.insert(c3.ksize.begin(), 1);
    c3.strides.insert(c3.strides.begin(), 1);
    c3.pads.insert(c3.pads.begin(), {0, 0});
    auto y3 = RunPool("pool3d", {2, 3, 1, 13, 11}, x, c3, &d3);
    EXPECT_EQ(d3, (DDim{d2[0], d2[1], 1, d2[2], d2[3]})) << c.type;
    ExpectAllClose(y2, y3, 1e-6f, 1e-6f, c.type);
  }
}

TEST(Pool3d, DepthWindowsAsWorkedOutByHand) {
  const std::vector<float> x{1, 2, 3, 4};
  DDim od;
  auto run = [&](const char* type, std::vector<int> pads, bool exclusive) {
    return RunPool("pool3d", {1, 1, 4, 1, 1}, x,
                   Case{type, {2, 1, 1}, {2, 1, 1}, pads, false, exclusive}, &od);
  };
  EXPECT_EQ(run("avg", {0, 0, 0}, true), (std::vector<float>{1.5f, 3.5f}));
  EXPECT_EQ(run("max", {0, 0, 0}, true), (std::vector<float>{2, 4}));
  // Windows [-1, 0], [1, 2], [3, 4]: exclusive counts real elements only.
  EXPECT_EQ(run("avg", {1, 1, 0, 0, 0, 0}, true), (std::vector<float>{1, 2.5f, 4}));
  EXPECT_EQ(run("avg", {1, 1, 0, 0, 0, 0}, false), (std::vector<float>{0.5f, 2.5f, 2}));
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
