// roi_perspective_transform: an axis-aligned ROI is an exact crop; a
// general quad is checked against what the operator defines (the matrix
// maps the normalized grid's corners onto the quad; Mask says whether the
// source is inside the quad and the input; Out is the bilinear sample
// there), with references written here.
#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

void SetupRpt(OpRunner& r, const DDim& xd, const std::vector<float>& x, int64_t rois,
           const std::vector<float>& q, float scale, int th, int tw) {
  r.Input<float>("X", "x", xd, x);
  r.Input<float>("ROIs", "rois", {rois, 8}, q);
  for (const char* o : {"Out", "Mask", "TransformMatrix", "Out2InIdx", "Out2InWeights"}) {
    r.Output(o, std::string("o_") + o);
  }
  r.Attr("spatial_scale", scale);
  r.Attr("transformed_height", th);
  r.Attr("transformed_width", tw);
}

TEST(RoiPerspectiveTransform, AxisAlignedRoiIsAnExactCropPerImage) {
  // Two images of [3, 13, 127]; ROI k (in pixels * 2, spatial_scale 0.5)
  // is the rectangle x in [1 + k, 5 + k], y in [1, 4] of image k: a 4 x 5
  // normalized grid, so Out[oh][ow] = X[k][c][1 + oh][1 + k + ow] for
  // ow < 5 and 0 (Mask 0) beyond, in a 7-wide output.
  const DDim xd = {2, 3, 13, 127};
  const auto x = RandomFloats(Numel(xd), -1, 1, 11);
  std::vector<float> q;
  for (float k : {0.f, 1.f}) {
    for (float v : {1 + k, 1.f, 5 + k, 1.f, 5 + k, 4.f, 1 + k, 4.f}) q.push_back(2 * v);
  }
  OpRunner r("roi_perspective_transform");
  SetupRpt(r, xd, x, 2, q, 0.5f, 4, 7);
  r.Get("rois")->set_lod({{0, 1, 2}});
  r.Run();
  ASSERT_EQ(r.Get("o_Out")->dims(), (DDim{2, 3, 4, 7}));
  const auto out = r.Values<float>("o_Out");
  const auto mask = r.Values<int32_t>("o_Mask");
  for (int64_t k = 0; k < 2; ++k)
    for (int64_t c = 0; c < 3; ++c)
      for (int64_t oh = 0; oh < 4; ++oh)
        for (int64_t ow = 0; ow < 7; ++ow) {
          const bool in = ow < 5;
          const float want = in ? x[((k * 3 + c) * 13 + 1 + oh) * 127 + 1 + k + ow] : 0.f;
          EXPECT_EQ(out[((k * 3 + c) * 4 + oh) * 7 + ow], want) << k << c << oh << ow;
          EXPECT_EQ(mask[(k * 4 + oh) * 7 + ow], in ? 1 : 0);
        }
  EXPECT_EQ(r.Values<float>("o_TransformMatrix"),
            (std::vector<float>{1, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 2, 0, 1, 1, 0, 0, 1}));
  EXPECT_EQ(r.Get("o_Out")->lod(), (LoD{{0, 1, 2}}));
  EXPECT_EQ(r.Values<int32_t>("o_Out2InIdx"), std::vector<int32_t>(2 * 3 * 4 * 7, 0));
}

// Signed area test: inside a convex quad (clockwise or not) when every
// edge sees the point on the same side, `margin` away.
bool StrictlyInside(const float* qx, const float* qy, float x, float y, float margin) {
  int pos = 0, neg = 0;
  for (int i = 0; i < 4; ++i) {
    const float ex = qx[(i + 1) % 4] - qx[i], ey = qy[(i + 1) % 4] - qy[i];
    const float d = (ex * (y - qy[i]) - ey * (x - qx[i])) / std::hypot(ex, ey);
    pos += d > margin;
    neg += d < -margin;
  }
  return pos == 4 || neg == 4;
}

float NaiveBilinear(const float* p, int w, int h, float x, float y) {
  x = std::min(std::max(x, 0.f), w - 1.f);
  y = std::min(std::max(y, 0.f), h - 1.f);
  const int x0 = static_cast<int>(x), y0 = static_cast<int>(y);
  const int x1 = std::min(x0 + 1, w - 1), y1 = std::min(y0 + 1, h - 1);
  const float fx = x - x0, fy = y - y0;
  return p[y0 * w + x0] * (1 - fx) * (1 - fy) + p[y0 * w + x1] * fx * (1 - fy) +
         p[y1 * w + x0] * (1 - fx) * fy + p[y1 * w + x1] * fx * fy;
}

TEST(RoiPerspectiveTransform, GeneralQuadsMatchTheDefinitionAndRerun) {
  for (auto [th, tw] : {std::pair{3, 13}, std::pair{13, 3}, std::pair{1, 1}, std::pair{8, 9}}) {
    const DDim xd = {1, 2, 13, 17};
    const auto x = RandomFloats(Numel(xd), -1, 1, 5);
    // A skewed quad partly outside the input, and a perspective one inside.
    const std::vector<float> q = {2, 1, 14, 3, 18, 15, -1, 11, 3, 2, 11, 3, 10, 10, 4, 8};
    OpRunner r("roi_perspective_transform");
    SetupRpt(r, xd, x, 2, q, 1.f, th, tw);
    r.Run();
    const auto m = r.Values<float>("o_TransformMatrix");
    const auto out = r.Values<float>("o_Out");
    const auto mask = r.Values<int32_t>("o_Mask");
    int inside = 0;
    for (int k = 0; k < 2; ++k) {
      const float* qk = &q[k * 8];
      const float qx[4] = {qk[0], qk[2], qk[4], qk[6]}, qy[4] = {qk[1], qk[3], qk[5], qk[7]};
      const float* mk = &m[k * 9];
      auto map = [&](float ow, float oh, float* sx, float* sy) {
        const float z = mk[6] * ow + mk[7] * oh + mk[8];
        *sx = (mk[0] * ow + mk[1] * oh + mk[2]) / z;
        *sy = (mk[3] * ow + mk[4] * oh + mk[5]) / z;
      };
      // The grid's corners land on the quad's corners.
      const float len_w = (std::hypot(qx[1] - qx[0], qy[1] - qy[0]) + std::hypot(qx[2] - qx[3], qy[2] - qy[3])) / 2;
      const float len_h = (std::hypot(qx[2] - qx[1], qy[2] - qy[1]) + std::hypot(qx[0] - qx[3], qy[0] - qy[3])) / 2;
      const int nh = std::max(2, th);
      const int nw = std::max(2, std::min(static_cast<int>(std::round(len_w * (nh - 1) / len_h)) + 1, tw));
      const float corners[4][2] = {{0, 0}, {nw - 1.f, 0}, {nw - 1.f, nh - 1.f}, {0, nh - 1.f}};
      for (int i = 0; i < 4; ++i) {
        float sx, sy;
        map(corners[i][0], corners[i][1], &sx, &sy);
        EXPECT_NEAR(sx, qx[i], 2e-3) << "quad " << k << " corner " << i;
        EXPECT_NEAR(sy, qy[i], 2e-3) << "quad " << k << " corner " << i;
      }
      for (int oh = 0; oh < th; ++oh) {
        for (int ow = 0; ow < tw; ++ow) {
          float sx, sy;
          map(static_cast<float>(ow), static_cast<float>(oh), &sx, &sy);
          const bool in_image = sx > -0.499f && sx < 16.499f && sy > -0.499f && sy < 12.499f;
          const bool out_image = sx < -0.501f || sx > 16.501f || sy < -0.501f || sy > 12.501f;
          const int got = mask[(k * th + oh) * tw + ow];
          if (StrictlyInside(qx, qy, sx, sy, 1e-3f) && in_image) {
            EXPECT_EQ(got, 1) << k << " " << oh << " " << ow;
          } else if (!StrictlyInside(qx, qy, sx, sy, -1e-3f) || out_image) {
            EXPECT_EQ(got, 0) << k << " " << oh << " " << ow;
          }
          for (int c = 0; c < 2; ++c) {
            const float v = out[((k * 2 + c) * th + oh) * tw + ow];
            const float want = got ? NaiveBilinear(&x[c * 13 * 17], 17, 13, sx, sy) : 0.f;
            EXPECT_NEAR(v, want, 1e-5) << k << " " << c << " " << oh << " " << ow;
          }
          inside += got;
        }
      }
    }
    if (th * tw > 1) {
      EXPECT_GT(inside, 0);
    }
    // Dynamic shape: the same op on a larger image and one ROI.
    r.Refill<float>("x", {1, 2, 20, 20}, RandomFloats(800, -1, 1, 6));
    r.Refill<float>("rois", {1, 8}, {0, 0, 19, 0, 19, 19, 0, 19});
    r.Run();
    EXPECT_EQ(r.Get("o_Out")->dims(), (DDim{1, 2, th, tw}));
  }
}

TEST(RoiPerspectiveTransform, BadInputsNameTheOpAndSlot) {
  const std::vector<float> q(8, 1.f);
  OpRunner a("roi_perspective_transform");
  SetupRpt(a, {1, 1, 4, 4}, std::vector<float>(16, 0.f), 1, q, 1.f, 2, 2);
  a.Refill<float>("rois", {2, 4}, q);
  ExpectErrorMentions(a, {"roi_perspective_transform", "'ROIs'", "[2, 4]"});
  OpRunner b("roi_perspective_transform");
  SetupRpt(b, {2, 1, 4, 4}, std::vector<float>(32, 0.f), 1, q, 1.f, 2, 2);
  ExpectErrorMentions(b, {"roi_perspective_transform", "no LoD", "one image"});
  b.Get("rois")->set_lod({{0, 1}});
  ExpectErrorMentions(b, {"roi_perspective_transform", "LoD", "2 images"});
  OpRunner c("roi_perspective_transform");
  SetupRpt(c, {1, 1, 4, 4}, std::vector<float>(16, 0.f), 1, q, 0.f, 2, 2);
  ExpectErrorMentions(c, {"roi_perspective_transform", "'spatial_scale'"});
  OpRunner d("roi_perspective_transform");
  SetupRpt(d, {1, 1, 4, 4}, std::vector<float>(16, 0.f), 1, q, 1.f, 0, 2);
  ExpectErrorMentions(d, {"roi_perspective_transform", "'transformed_height'"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
