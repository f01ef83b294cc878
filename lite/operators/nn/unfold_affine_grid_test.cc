#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(Unfold, WindowsWithStridesPaddingsDilations) {
  DDim d{2, 3, 7, 13};
  auto x = RandomFloats(Numel(d), -1, 1, 2);
  struct Case { int kh, kw, s, pt, pl, pb, pr, dil; };
  for (const Case& c : {Case{3, 3, 1, 1, 1, 1, 1, 1}, Case{2, 3, 2, 0, 1, 1, 0, 2},
                        Case{1, 1, 1, 0, 0, 0, 0, 1}}) {
    OpRunner r("unfold");
    r.Input<float>("X", "x", d, x);
    r.Output("Y", "y");
    r.Attr("kernel_sizes", std::vector<int32_t>{c.kh, c.kw});
    r.Attr("strides", std::vector<int32_t>{c.s, c.s});
    r.Attr("paddings", std::vector<int32_t>{c.pt, c.pl, c.pb, c.pr});
    r.Attr("dilations", std::vector<int32_t>{c.dil, c.dil});
    r.Run();
    const int64_t oh = (7 + c.pt + c.pb - (c.dil * (c.kh - 1) + 1)) / c.s + 1;
    const int64_t ow = (13 + c.pl + c.pr - (c.dil * (c.kw - 1) + 1)) / c.s + 1;
    EXPECT_EQ(r.Get("y")->dims(), (DDim{2, 3 * c.kh * c.kw, oh * ow}));
    std::vector<float> want;
    for (int64_t n = 0; n < 2; ++n)
      for (int64_t ch = 0; ch < 3; ++ch)
        for (int64_t i = 0; i < c.kh; ++i)
          for (int64_t j = 0; j < c.kw; ++j)
            for (int64_t oy = 0; oy < oh; ++oy)
              for (int64_t ox = 0; ox < ow; ++ox) {
                const int64_t y = oy * c.s - c.pt + i * c.dil, xx = ox * c.s - c.pl + j * c.dil;
                want.push_back(y < 0 || y >= 7 || xx < 0 || xx >= 13
                                   ? 0.f
                                   : x[((n * 3 + ch) * 7 + y) * 13 + xx]);
              }
    EXPECT_EQ(r.Values<float>("y"), want) << c.kh << "x" << c.kw;
  }
  OpRunner bad("unfold");
  bad.Input<float>("X", "x", {1, 1, 2, 2}, {1, 2, 3, 4});
  bad.Output("Y", "y");
  bad.Attr("kernel_sizes", std::vector<int32_t>{3, 3});
  ExpectErrorMentions(bad, {"unfold", "kernel_sizes"});
}

TEST(AffineGrid, IdentityAndScaledThetaBothCornerModes) {
  for (bool ac : {true, false}) {
    OpRunner r("affine_grid");
    // Image 0: identity; image 1: x scaled by 0.5 and shifted by 0.25.
    r.Input<float>("Theta", "t", {2, 2, 3}, {1, 0, 0, 0, 1, 0, 0.5f, 0, 0.25f, 0, 1, 0});
    r.Output("Output", "g");
    r.Attr("output_shape", std::vector<int32_t>{2, 1, 3, 4});
    r.Attr("align_corners", ac);
    r.Run();
    EXPECT_EQ(r.Get("g")->dims(), (DDim{2, 3, 4, 2}));
    auto g = r.Values<float>("g");
    auto coord = [&](int64_t i, int64_t n) {
      return ac ? -1.0 + 2.0 * i / (n - 1) : (2.0 * i + 1) / n - 1;
    };
    for (int64_t h = 0; h < 3; ++h)
      for (int64_t w = 0; w < 4; ++w) {
        const float* p0 = &g[(h * 4 + w) * 2];
        const float* p1 = &g[((3 + h) * 4 + w) * 2];
        EXPECT_NEAR(p0[0], coord(w, 4), 1e-6);
        EXPECT_NEAR(p0[1], coord(h, 3), 1e-6);
        EXPECT_NEAR(p1[0], 0.5 * coord(w, 4) + 0.25, 1e-6);
        EXPECT_NEAR(p1[1], coord(h, 3), 1e-6);
      }
  }
  OpRunner t("affine_grid");
  t.Input<float>("Theta", "t", {1, 2, 3}, {1, 0, 0, 0, 1, 0});
  t.Input<int32_t>("OutputShape", "s", {4}, {1, 3, 2, 5});
  t.Output("Output", "g");
  t.Run();
  EXPECT_EQ(t.Get("g")->dims(), (DDim{1, 2, 5, 2}));
  OpRunner bad("affine_grid");
  bad.Input<float>("Theta", "t", {1, 3, 3}, std::vector<float>(9));
  bad.Output("Output", "g");
  bad.Attr("output_shape", std::vector<int32_t>{1, 1, 2, 2});
  ExpectErrorMentions(bad, {"affine_grid", "Theta"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
