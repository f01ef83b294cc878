#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Naive window of x [a, b, c] starting at (s0, s1, s2) of size od; outside
// X reads `fill`.
std::vector<float> Window(const std::vector<float>& x, const DDim& xd, const DDim& od,
                          const std::vector<int64_t>& s, float fill) {
  std::vector<float> out;
  for (int64_t i = 0; i < od[0]; ++i)
    for (int64_t j = 0; j < od[1]; ++j)
      for (int64_t k = 0; k < od[2]; ++k) {
        const int64_t a = i + s[0], b = j + s[1], c = k + s[2];
        const bool in = a >= 0 && a < xd[0] && b >= 0 && b < xd[1] && c >= 0 && c < xd[2];
        out.push_back(in ? x[(a * xd[1] + b) * xd[2] + c] : fill);
      }
  return out;
}

TEST(Crop, AttributesYAndOffsetsInput) {
  DDim xd{3, 13, 127};
  auto x = RandomFloats(Numel(xd), -1, 1, 2);
  {
    OpRunner r("crop");
    r.Input<float>("X", "x", xd, x);
    r.Output("Out", "out");
    r.Attr("shape", std::vector<int32_t>{2, 5, 100});
    r.Attr("offsets", std::vector<int32_t>{1, 8, 27});
    r.Run();
    EXPECT_EQ(r.Values<float>("out"), Window(x, xd, {2, 5, 100}, {1, 8, 27}, 0));
  }
  {
    OpRunner r("crop");
    r.Input<float>("X", "x", xd, x);
    r.Input<float>("Y", "y", {1, 3, 1}, {0, 0, 0});
    r.Input<int32_t>("Offsets", "o", {3}, {2, 10, 126});
    r.Output("Out", "out");
    r.Run();
    EXPECT_EQ(r.Values<float>("out"), Window(x, xd, {1, 3, 1}, {2, 10, 126}, 0));
  }
  OpRunner bad("crop");
  bad.Input<float>("X", "x", xd, x);
  bad.Output("Out", "out");
  bad.Attr("shape", std::vector<int32_t>{2, 5, 100});
  bad.Attr("offsets", std::vector<int32_t>{2, 8, 27});
  ExpectErrorMentions(bad, {"crop", "does not fit"});
}

TEST(CropTensor, ShapeListMinusOneAndOffsetsList) {
  DDim xd{1, 13, 3};
  auto x = RandomFloats(Numel(xd), -1, 1, 3);
  OpRunner r("crop_tensor");
  r.Input<float>("X", "x", xd, x);
  r.Input<int32_t>("ShapeTensor", "s0", {1}, {1});
  r.Input<int32_t>("ShapeTensor", "s1", {1}, {-1});
  r.Input<int64_t>("ShapeTensor", "s2", {1}, {2});
  r.Input<int32_t>("OffsetsTensor", "o0", {1}, {0});
  r.Input<int32_t>("OffsetsTensor", "o1", {1}, {4});
  r.Input<int32_t>("OffsetsTensor", "o2", {1}, {1});
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{1, 9, 2}));
  EXPECT_EQ(r.Values<float>("out"), Window(x, xd, {1, 9, 2}, {0, 4, 1}, 0));
  OpRunner s("crop_tensor");
  s.Input<float>("X", "x", xd, x);
  s.Input<int64_t>("Shape", "s", {3}, {1, 2, 3});
  s.Output("Out", "out");
  s.Attr("offsets", std::vector<int32_t>{0, 11, 0});
  s.Run();
  EXPECT_EQ(s.Values<float>("out"), Window(x, xd, {1, 2, 3}, {0, 11, 0}, 0));
}

TEST(PadV1, PaddingsValueIntegersAndBadCount) {
  DDim xd{2, 3, 13};
  auto x = RandomFloats(Numel(xd), -1, 1, 4);
  OpRunner r("pad");
  r.Input<float>("X", "x", xd, x);
  r.Output("Out", "out");
  r.Attr("paddings", std::vector<int32_t>{1, 0, 0, 2, 3, 1});
  r.Attr("pad_value", 0.5f);
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{3, 5, 17}));
  EXPECT_EQ(r.Values<float>("out"), Window(x, xd, {3, 5, 17}, {-1, 0, -3}, 0.5f));
  r.Refill<float>("x", {1, 1, 1}, {9});
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{2, 3, 5}));
  OpRunner i("pad");
  i.Input<int64_t>("X", "x", {2}, {7, 8});
  i.Output("Out", "out");
  i.Attr("paddings", std::vector<int32_t>{1, 1});
  i.Attr("pad_value", 2.f);
  i.Run();
  EXPECT_EQ(i.Values<int64_t>("out"), (std::vector<int64_t>{2, 7, 8, 2}));
  OpRunner bad("pad");
  bad.Input<float>("X", "x", xd, x);
  bad.Output("Out", "out");
  bad.Attr("paddings", std::vector<int32_t>{1, 1});
  ExpectErrorMentions(bad, {"pad", "paddings"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
