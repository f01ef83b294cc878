#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(Scale, AllAttributeCombinationsFloat) {
  for (DDim d : {DDim{1}, DDim{3, 13}, DDim{1, 3, 13, 127}}) {
    auto x = RandomFloats(Numel(d), -3, 3, 2);
    for (bool after : {true, false}) {
      for (bool tensor : {false, true}) {
        for (std::string act : {"", "relu", "relu6", "leaky_relu"}) {
          OpRunner r("scale");
          r.Input<float>("X", "x", d, x);
          r.Output("Out", "out");
          r.Attr("scale", 1.5f);
          r.Attr("bias", -0.25f);
          r.Attr("bias_after_scale", after);
          if (!act.empty()) r.Attr("activation_type", act);
          if (act == "leaky_relu") r.Attr("alpha", 0.1f);
          float s = 1.5f;
          if (tensor) { r.Input<float>("ScaleTensor", "st", {1}, {-2.f}); s = -2.f; }
          r.Run(2);
          std::vector<float> e(x.size());
          for (size_t i = 0; i < x.size(); ++i) {
            double v = after ? double(s) * x[i] - 0.25 : double(s) * (x[i] - 0.25);
            if (act == "relu") v = std::max(v, 0.0);
            if (act == "relu6") v = std::min(std::max(v, 0.0), 6.0);
            if (act == "leaky_relu") v = v >= 0 ? v : double(0.1f) * v;
            e[i] = float(v);
          }
          ExpectAllClose(e, r.Values<float>("out"), 1e-5f, 1e-6f,
                         "after " + std::to_string(after) + " act " + act);
        }
      }
    }
  }
}

TEST(Scale, IntegerTypesAndDynamicShape) {
  OpRunner r("scale");
  r.Input<int64_t>("X", "x", {4}, {1, -2, 3, 40});
  r.Output("Out", "out");
  r.Attr("scale", 2.f);
  r.Attr("bias", 1.f);
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{3, -3, 7, 81}));
  Tensor* xt = r.Get("x");
  xt->Resize({1});
  xt->mutable_data<int64_t>()[0] = 5;
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{11}));
  OpRunner s("scale");
  s.Input<int32_t>("X", "x", {3}, {1, 2, 3});
  s.Output("Out", "out");
  s.Attr("scale", 3.f);
  s.Attr("bias", 1.f);
  s.Attr("bias_after_scale", false);
  s.Run();
  EXPECT_EQ(s.Values<int32_t>("out"), (std::vector<int32_t>{6, 9, 12}));
}

TEST(Scale, BadInputsNameOp) {
  OpRunner r("scale");
  r.Input<float>("X", "x", {2}, {1, 2});
  r.Input<float>("ScaleTensor", "st", {2}, {1, 2});
  r.Output("Out", "out");
  ExpectErrorContains([&] { r.Run(); }, {"scale", "'ScaleTensor'", "[2]"});
  OpRunner s("scale");
  s.Input<int32_t>("X", "x", {2}, {1, 2});
  s.Output("Out", "out");
  s.Attr("activation_type", "relu6");
  ExpectErrorContains([&] { s.Run(); }, {"scale", "int32"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
