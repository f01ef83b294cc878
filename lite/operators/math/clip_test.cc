#include <limits>

#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(Clip, AttributesAndTensorsFloat) {
  DDim d{3, 13, 7};
  auto x = RandomFloats(Numel(d), -5, 5, 1);
  struct Case { bool has_min, has_max, min_t, max_t; };
  for (Case c : {Case{true, true, false, false}, Case{true, false, false, false},
                 Case{false, true, false, false}, Case{true, true, true, false},
                 Case{true, true, false, true}, Case{true, true, true, true}}) {
    OpRunner r("clip");
    r.Input<float>("X", "x", d, x);
    r.Output("Out", "out");
    float lo = c.has_min ? -1.5f : std::numeric_limits<float>::lowest();
    float hi = c.has_max ? 2.25f : std::numeric_limits<float>::max();
    if (c.has_min) r.Attr("min", -1.5f);
    if (c.has_max) r.Attr("max", 2.25f);
    if (c.min_t) { r.Input<float>("Min", "mn", {1}, {-0.5f}); lo = -0.5f; }
    if (c.max_t) { r.Input<float>("Max", "mx", {1}, {0.75f}); hi = 0.75f; }
    r.Run();
    std::vector<float> e(x.size());
    for (size_t i = 0; i < x.size(); ++i) e[i] = std::min(std::max(x[i], lo), hi);
    EXPECT_EQ(e, r.Values<float>("out"));
  }
}

TEST(Clip, IntTypesAndDynamicShape) {
  OpRunner r("clip");
  r.Input<int64_t>("X", "x", {5}, {-10, -2, 0, 3, 10});
  r.Output("Out", "out");
  r.Attr("min", -3.f);
  r.Attr("max", 4.f);
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{-3, -2, 0, 3, 4}));
  Tensor* xt = r.Get("x");
  xt->Resize({2});
  xt->mutable_data<int64_t>()[0] = 100;
  xt->mutable_data<int64_t>()[1] = -100;
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{4, -3}));
  OpRunner s("clip");
  s.Input<int32_t>("X", "x", {3}, {-7, 1, 7});
  s.Output("Out", "out");
  s.Attr("min", -1.f);
  s.Attr("max", 1.f);
  s.Run();
  EXPECT_EQ(s.Values<int32_t>("out"), (std::vector<int32_t>{-1, 1, 1}));
}

// int8 / uint8 (ONNX Clip): bounds given as tensors of X's type; the
// attribute defaults (float extremes) saturate to the type's range.
TEST(Clip, Int8AndUint8WithTensorBounds) {
  OpRunner r("clip");
  r.Input<int8_t>("X", "x", {5}, {-128, -5, 0, 7, 127});
  r.Input<int8_t>("Min", "mn", {1}, {-6});
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Values<int8_t>("out"), (std::vector<int8_t>{-6, -5, 0, 7, 127}));
  OpRunner u("clip");
  u.Input<uint8_t>("X", "x", {4}, {0, 9, 200, 255});
  u.Input<uint8_t>("Max", "mx", {1}, {100});
  u.Output("Out", "out");
  u.Run();
  EXPECT_EQ(u.Values<uint8_t>("out"), (std::vector<uint8_t>{0, 9, 100, 100}));
}

TEST(Clip, BadInputsNameOp) {
  OpRunner r("clip");
  r.Input<float>("X", "x", {2}, {1, 2});
  r.Output("Out", "out");
  r.Attr("min", 2.f);
  r.Attr("max", 1.f);
  ExpectErrorContains([&] { r.Run(); }, {"clip", "min", "max"});
  OpRunner s("clip");
  s.Input<float>("X", "x", {2}, {1, 2});
  s.Input<float>("Min", "mn", {2}, {0, 0});
  s.Output("Out", "out");
  ExpectErrorContains([&] { s.Run(); }, {"clip", "'Min'", "[2]"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
