#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(AnchorGenerator, HandComputedAnchorsOrderAndVariances) {
  OpRunner r("anchor_generator");
  r.Input<float>("Input", "x", {1, 2, 2, 3}, std::vector<float>(12));
  r.Output("Anchors", "a");
  r.Output("Variances", "v");
  r.Attr("anchor_sizes", std::vector<float>{32.f, 64.f});
  r.Attr("aspect_ratios", std::vector<float>{0.5f, 1.f});
  r.Attr("stride", std::vector<float>{16.f, 16.f});
  r.Attr("variances", std::vector<float>{0.1f, 0.1f, 0.2f, 0.2f});
  r.Attr("offset", 0.5f);
  r.Run();
  EXPECT_EQ(r.Get("a")->dims(), (DDim{2, 3, 4, 4}));
  auto a = r.Values<float>("a");
  // Cell (h 1, w 2): centre (2 * 16 + 7.5, 16 + 7.5) = (39.5, 23.5).
  // ar 0.5: base_w = round(sqrt(512)) = 23, base_h = round(11.5) = 12;
  // size 32: width 2 * 23 = 46, height 2 * 12 = 24.
  const float* cell = &a[((1 * 3 + 2) * 4 + 0) * 4];
  EXPECT_FLOAT_EQ(cell[0], 39.5f - 22.5f);
  EXPECT_FLOAT_EQ(cell[1], 23.5f - 11.5f);
  EXPECT_FLOAT_EQ(cell[2], 39.5f + 22.5f);
  EXPECT_FLOAT_EQ(cell[3], 23.5f + 11.5f);
  // ar 1, size 64: base 16 x 16, 64 x 64.
  const float* last = &a[((1 * 3 + 2) * 4 + 3) * 4];
  EXPECT_FLOAT_EQ(last[0], 39.5f - 31.5f);
  EXPECT_FLOAT_EQ(last[3], 23.5f + 31.5f);
  auto v = r.Values<float>("v");
  for (size_t i = 0; i < v.size(); ++i) EXPECT_EQ(v[i], (i % 4 < 2 ? 0.1f : 0.2f));
  OpRunner bad("anchor_generator");
  bad.Input<float>("Input", "x", {1, 1, 1, 1}, {0});
  bad.Output("Anchors", "a");
  bad.Output("Variances", "v");
  bad.Attr("variances", std::vector<float>{0.1f});
  ExpectErrorMentions(bad, {"anchor_generator", "variances"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
