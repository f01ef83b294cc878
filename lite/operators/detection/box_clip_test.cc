#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(BoxClip, PerImageLimitsFromImInfoAndLodCheck) {
  OpRunner r("box_clip");
  Tensor* in = r.Input<float>("Input", "b", {3, 4},
                              {-5, 3, 120, 90, 10, -1, 30, 40, 50, 60, 500, 300});
  in->set_lod({{0, 2, 3}});
  // Image 0: 80 x 100 at scale 1; image 1: 400 x 600 at scale 2.
  r.Input<float>("ImInfo", "info", {2, 3}, {80, 100, 1, 400, 600, 2});
  r.Output("Output", "out");
  r.Run();
  EXPECT_EQ(r.Values<float>("out"),
            (std::vector<float>{0, 3, 99, 79, 10, 0, 30, 40, 50, 60, 299, 199}));
  EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 2, 3}}));
  OpRunner bad("box_clip");
  bad.Input<float>("Input", "b", {2, 3}, std::vector<float>(6));
  bad.Input<float>("ImInfo", "info", {1, 3}, {1, 1, 1});
  bad.Output("Output", "out");
  ExpectErrorMentions(bad, {"box_clip", "end in 4"});
}

TEST(PolygonBoxTransform, EvenPlanesUseColumnsOddPlanesRows) {
  DDim d{2, 4, 3, 13};
  auto x = RandomFloats(Numel(d), -5, 5, 3);
  OpRunner r("polygon_box_transform");
  r.Input<float>("Input", "x", d, x);
  r.Output("Output", "out");
  r.Run();
  auto out = r.Values<float>("out");
  for (int64_t n = 0; n < 2; ++n)
    for (int64_t g = 0; g < 4; ++g)
      for (int64_t h = 0; h < 3; ++h)
        for (int64_t w = 0; w < 13; ++w) {
          const int64_t at = ((n * 4 + g) * 3 + h) * 13 + w;
          EXPECT_EQ(out[at], (g % 2 == 0 ? 4.f * w : 4.f * h) - x[at]);
        }
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
