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

// adaptive: unit depth equals pool2d's adaptive bins; a depth of 4 into 3
// bins as worked out by hand ([0,2), [1,3), [2,4)).
TEST(Pool3d, AdaptiveBins) {
  auto x = RandomFloats(2 * 3 * 13 * 11, -1, 1, 6);
  for (const char* type : {"avg", "max"}) {
    for (std::vector<int> size : {std::vector<int>{1, 1}, {5, 4}, {13, 11}, {3, 7}}) {
      OpRunner r2("pool2d");
      r2.Input<float>("X", "x", {2, 3, 13, 11}, x);
      r2.Output("Out", "y");
      r2.Attr("pooling_type", std::string(type));
      r2.Attr("ksize", size);
      r2.Attr("adaptive", true);
      r2.Run();
      OpRunner r3("pool3d");
      r3.Input<float>("X", "x", {2, 3, 1, 13, 11}, x);
      r3.Output("Out", "y");
      r3.Attr("pooling_type", std::string(type));
      r3.Attr("ksize", std::vector<int>{1, size[0], size[1]});
      r3.Attr("strides", std::vector<int>{1, 1, 1});
      r3.Attr("paddings", std::vector<int>{0, 0, 0});
      r3.Attr("adaptive", true);
      r3.Run();
      EXPECT_EQ(r3.Get("y")->dims(), (DDim{2, 3, 1, size[0], size[1]}));
      ExpectAllClose(r2.Values<float>("y"), r3.Values<float>("y"), 1e-6f, 1e-6f, type);
    }
  }
  for (const char* type : {"avg", "max"}) {
    OpRunner r("pool3d");
    r.Input<float>("X", "x", {1, 1, 4, 1, 1}, {1, 2, 3, 4});
    r.Output("Out", "y");
    r.Attr("pooling_type", std::string(type));
    r.Attr("ksize", std::vector<int>{3, 1, 1});
    r.Attr("strides", std::vector<int>{1, 1, 1});
    r.Attr("paddings", std::vector<int>{0, 0, 0});
    r.Attr("exclusive", false);  // adaptive always divides by the bin size
    r.Attr("adaptive", true);
    r.Run();
    EXPECT_EQ(r.Values<float>("y"), std::string(type) == "avg"
                                        ? (std::vector<float>{1.5f, 2.5f, 3.5f})
                                        : (std::vector<float>{2, 3, 4}));
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
