// max_pool2d_with_index: Out equals pool2d's max pooling (oneDNN) on odd
// shapes; Mask, dilations, ceil_mode and integer inputs on hand-computed
// values.
#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(MaxPool2dWithIndex, OutMatchesPool2d) {
  auto x = RandomFloats(2 * 3 * 13 * 11, -1, 1, 3);
  for (const auto& pads : {std::vector<int>{0, 0, 0, 0}, std::vector<int>{1, 0, 2, 1}}) {
    OpRunner a("pool2d"), b("max_pool2d_with_index");
    for (OpRunner* r : {&a, &b}) {
      r->Input<float>("X", "x", {2, 3, 13, 11}, x);
      r->Output("Out", "y");
      r->Attr("ksize", std::vector<int>{3, 3});
      r->Attr("strides", std::vector<int>{2, 1});
      r->Attr("paddings", pads);
    }
    a.Attr("pooling_type", std::string("max"));
    b.Output("Mask", "mask");
    a.Run();
    b.Run();
    EXPECT_EQ(a.Get("y")->dims(), b.Get("y")->dims());
    EXPECT_EQ(a.Values<float>("y"), b.Values<float>("y"));
  }
}

template <typename T>
void CheckByHand(const std::vector<int>& dilations, bool ceil_mode, const std::vector<T>& want,
                 const std::vector<int32_t>& want_mask, const std::vector<int>& strides) {
  OpRunner r("max_pool2d_with_index");
  r.Input<T>("X", "x", {1, 1, 3, 4}, {1, 5, 2, 0, 3, 4, 9, 1, 7, 2, 6, 8});
  r.Output("Out", "y");
  r.Output("Mask", "mask");
  r.Attr("ksize", std::vector<int>{2, 2});
  r.Attr("strides", strides);
  r.Attr("paddings", std::vector<int>{0, 0});
  r.Attr("dilations", dilations);
  r.Attr("ceil_mode", ceil_mode);
  r.Run();
  EXPECT_EQ(r.Values<T>("y"), want);
  EXPECT_EQ(r.Values<int32_t>("mask"), want_mask);
}

TEST(MaxPool2dWithIndex, MaskDilationsCeilModeAndIntegerTypes) {
  // [[1 5 2 0] [3 4 9 1] [7 2 6 8]]
  CheckByHand<float>({1, 1}, false, {5, 9}, {1, 6}, {2, 2});
  CheckByHand<uint8_t>({1, 1}, false, {5, 9}, {1, 6}, {2, 2});
  CheckByHand<int8_t>({1, 1}, true, {5, 9, 7, 8}, {1, 6, 8, 11}, {2, 2});
  // Dilation 2: taps (0,0) (0,2) (2,0) (2,2) and one column to the right.
  CheckByHand<int32_t>({2, 2}, false, {7, 8}, {8, 11}, {1, 1});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
