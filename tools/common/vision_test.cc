#include "tools/common/vision.h"

#include <gtest/gtest.h>

#include <vector>

namespace paddle {
namespace vision {

TEST(Vision, UnclipGrowsByAreaTimesRatioOverPerimeter) {
  Box b;
  b.x0 = 10, b.x1 = 49, b.y0 = 20, b.y1 = 29;  // 40 x 10: d = 400 * 1.5 / 100 = 6
  Box u = UnclipBox(b, 1.5f, 100, 100);
  EXPECT_EQ(u.x0, 4);
  EXPECT_EQ(u.x1, 55);
  EXPECT_EQ(u.y0, 14);
  EXPECT_EQ(u.y1, 35);
  // Clamped to the map.
  Box c = UnclipBox(b, 1.5f, 52, 32);
  EXPECT_EQ(c.x1, 51);
  EXPECT_EQ(c.y1, 31);
  b.x0 = b.y0 = 2;
  EXPECT_EQ(UnclipBox(b, 1.5f, 100, 100).x0, 0);
}

TEST(Vision, ConnectedRegionsKeepBigComponentsInScanOrder) {
  const int h = 6, w = 8;
  std::vector<float> map(h * w, 0.f);
  for (int x = 1; x < 7; ++x) map[1 * w + x] = 0.9f;  // 6-pixel line
  map[4 * w + 2] = 0.8f;                               // 1-pixel speck
  auto boxes = ConnectedRegions(map.data(), h, w, 0.3f, 2);
  ASSERT_EQ(boxes.size(), 1u);
  EXPECT_EQ(boxes[0].x0, 1);
  EXPECT_EQ(boxes[0].x1, 6);
  EXPECT_EQ(boxes[0].pixels, 6);
  EXPECT_NEAR(boxes[0].mean_score, 0.9f, 1e-6);
}

TEST(Vision, AntialiasedResizeAveragesWhenShrinking) {
  Image img;
  img.width = 4, img.height = 1, img.channels = 1;
  img.pixels = {0, 100, 200, 100};
  Image half = ResizeBilinearAntialias(img, 2, 1);
  // PIL's BILINEAR at scale 2: the triangle widens to +-2 source pixels.
  // Output 0 (centre 1.0) takes sources 0,1,2 with weights .75,.75,.25:
  // (0*.75 + 100*.75 + 200*.25) / 1.75 = 71.4; output 1 (centre 3.0) takes
  // 1,2,3 with .25,.75,.75: (25 + 150 + 75) / 1.75 = 142.9.
  ASSERT_EQ(half.pixels.size(), 2u);
  EXPECT_EQ(half.pixels[0], 71);
  EXPECT_EQ(half.pixels[1], 143);
}

}  // namespace vision
}  // namespace paddle
