#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

double Sig(double v) { return 1.0 / (1.0 + std::exp(-v)); }

// One anchor (16 x 32), one class, 1x1 grid `x` (tx, ty, tw, th, objectness,
// class logit), downsample 32, image 64x64; conf_thresh 0.01.
void SingleCell(OpRunner& r, const std::vector<float>& x) {
  r.Input<float>("X", "x", {1, 6, 1, 1}, x);
  r.Input<int32_t>("ImgSize", "img", {1, 2}, {64, 64});
  r.Output("Boxes", "boxes");
  r.Output("Scores", "scores");
  r.Attr("anchors", std::vector<int32_t>{16, 32});
  r.Attr("class_num", 1);
  r.Attr("conf_thresh", 0.01f);
  r.Attr("downsample_ratio", 32);
}

TEST(YoloBox, HandComputedSingleCell) {
  // One anchor (16 x 32), one class, 1x1 grid, downsample 32, image 64x64.
  // tx = ty = tw = th = 0: centre (32, 32), size (16*64/32, 32*64/32) = (32, 64).
  for (bool clip : {true, false}) {
    OpRunner r("yolo_box");
    SingleCell(r, {0, 0, 0, 0, 10, 0});
    r.Attr("clip_bbox", clip);
    r.Run();
    EXPECT_EQ(r.Get("boxes")->dims(), (DDim{1, 1, 4}));
    EXPECT_EQ(r.Get("scores")->dims(), (DDim{1, 1, 1}));
    ExpectAllClose({16, 0, 48, clip ? 63.f : 64.f}, r.Values<float>("boxes"));
    ExpectAllClose({static_cast<float>(Sig(10) * 0.5)}, r.Values<float>("scores"));
  }
  // Objectness below conf_thresh: box and scores stay 0.
  OpRunner r("yolo_box");
  SingleCell(r, {0, 0, 0, 0, -10, 0});
  r.Run();
  EXPECT_EQ(r.Values<float>("boxes"), std::vector<float>(4, 0.f));
  EXPECT_EQ(r.Values<float>("scores"), std::vector<float>(1, 0.f));
}

// Independent reference: X viewed as [N, an, 5 + cls, H, W] (iou_aware:
// an IoU channels first, then that view).
void ReferenceYolo(const std::vector<float>& x, int N, int an, int cls, int H, int W,
                   const std::vector<int>& img, const std::vector<int>& anchors, float thresh,
                   int ds, bool clip, float sxy, bool iou_aware, float f,
                   std::vector<float>* boxes, std::vector<float>* scores) {
  const int per = 5 + cls;
  const int chans = an * per + (iou_aware ? an : 0);
  boxes->assign(N * an * H * W * 4, 0.f);
  scores->assign(N * an * H * W * cls, 0.f);
  for (int b = 0; b < N; ++b)
    for (int a = 0; a < an; ++a)
      for (int i = 0; i < H; ++i)
        for (int j = 0; j < W; ++j) {
          auto X = [&](int e) {
            int ch = (iou_aware ? an : 0) + a * per + e;
            return static_cast<double>(x[((b * chans + ch) * H + i) * W + j]);
          };
          double conf = Sig(X(4));
          if (iou_aware) {
            double iou = Sig(x[((b * chans + a) * H + i) * W + j]);
            conf = std::pow(conf, 1 - f) * std::pow(iou, f);
          }
          if (conf < thresh) continue;
          double ih = img[2 * b], iw = img[2 * b + 1];
          double bias = -0.5 * (sxy - 1);
          double cx = (j + Sig(X(0)) * sxy + bias) * iw / W;
          double cy = (i + Sig(X(1)) * sxy + bias) * ih / H;
          double w = std::exp(X(2)) * anchors[2 * a] * iw / (ds * W);
          double h = std::exp(X(3)) * anchors[2 * a + 1] * ih / (ds * H);
          double x1 = cx - w / 2, y1 = cy - h / 2, x2 = cx + w / 2, y2 = cy + h / 2;
          if (clip) {
            x1 = std::max(x1, 0.0);
            y1 = std::max(y1, 0.0);
            x2 = std::min(x2, iw - 1);
            y2 = std::min(y2, ih - 1);
          }
          int idx = ((b * an + a) * H + i) * W + j;
          (*boxes)[idx * 4 + 0] = static_cast<float>(x1);
          (*boxes)[idx * 4 + 1] = static_cast<float>(y1);
          (*boxes)[idx * 4 + 2] = static_cast<float>(x2);
          (*boxes)[idx * 4 + 3] = static_cast<float>(y2);
          for (int c = 0; c < cls; ++c) (*scores)[idx * cls + c] = static_cast<float>(conf * Sig(X(5 + c)));
        }
}

TEST(YoloBox, RandomizedAgainstReferenceAllAttributes) {
  const std::vector<int> anchors = {10, 13, 16, 30, 33, 23};
  int seed = 1;
  for (bool iou_aware : {false, true})
    for (bool clip : {true, false})
      for (float sxy : {1.f, 1.05f})
        for (auto [H, W, cls] : std::vector<std::tuple<int, int, int>>{{1, 1, 1}, {3, 5, 13}, {13, 7, 2}}) {
          const int N = 2, an = 3;
          const int chans = an * (5 + cls) + (iou_aware ? an : 0);
          auto x = RandomFloats(N * chans * H * W, -3.f, 3.f, seed++);
          std::vector<int> img = {320, 416, 97, 61};
          OpRunner r("yolo_box");
          r.Input<float>("X", "x", {N, chans, H, W}, x);
          r.Input<int32_t>("ImgSize", "img", {N, 2}, img);
          r.Output("Boxes", "boxes");
          r.Output("Scores", "scores");
          r.Attr("anchors", anchors);
          r.Attr("class_num", cls);
          r.Attr("conf_thresh", 0.3f);
          r.Attr("downsample_ratio", 16);
          r.Attr("clip_bbox", clip);
          r.Attr("scale_x_y", sxy);
          r.Attr("iou_aware", iou_aware);
          r.Attr("iou_aware_factor", 0.4f);
          r.Run();
          std::vector<float> eb, es;
          ReferenceYolo(x, N, an, cls, H, W, img, anchors, 0.3f, 16, clip, sxy, iou_aware, 0.4f,
                        &eb, &es);
          EXPECT_EQ(r.Get("boxes")->dims(), (DDim{N, an * H * W, 4}));
          EXPECT_EQ(r.Get("scores")->dims(), (DDim{N, an * H * W, cls}));
          ExpectAllClose(eb, r.Values<float>("boxes"), 1e-4f, 1e-5f, "boxes");
          ExpectAllClose(es, r.Values<float>("scores"), 1e-5f, 1e-5f, "scores");
        }
}

TEST(YoloBox, BadChannelCountNamesOp) {
  OpRunner r("yolo_box");
  r.Input<float>("X", "x", {1, 7, 1, 1}, RandomFloats(7));
  r.Input<int32_t>("ImgSize", "img", {1, 2}, {64, 64});
  r.Output("Boxes", "boxes");
  r.Output("Scores", "scores");
  r.Attr("anchors", std::vector<int32_t>{16, 32});
  r.Attr("class_num", 1);
  ExpectErrorMentions(r, {"yolo_box", "channels"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
