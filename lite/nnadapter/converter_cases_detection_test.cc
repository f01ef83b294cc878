// Harness cases of the detection converters: yolo_box, prior_box.
#include "lite/nnadapter/converter_harness_cases.h"

namespace paddle {
namespace lite {
namespace testing {

using harness::F;
using harness::Ints;

void AddDetectionCases(std::vector<HarnessCase>* cases) {
  auto& c = *cases;
  for (bool clip : {true, false}) {
    c.push_back({"yolo_box", clip ? "clip_bbox" : "no clip", [clip](OpRunner& r, int64_t n) {
                   // 2 anchors, 3 classes: 2 * (5 + 3) channels.
                   F(r, "X", "x", {2, 16, n, n + 1}, -3.f, 3.f);
                   Ints<int32_t>(r, "ImgSize", "size", {2, 2}, 200, 400);
                   r.Output("Boxes", "boxes");
                   r.Output("Scores", "scores");
                   r.Attr("anchors", std::vector<int32_t>{10, 13, 16, 30});
                   r.Attr("class_num", 3);
                   r.Attr("conf_thresh", 0.3f);
                   r.Attr("downsample_ratio", 16);
                   r.Attr("clip_bbox", clip);
                   r.Attr("scale_x_y", 1.05f);
                 }});
  }
  c.push_back({"yolo_box", "iou_aware", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {1, 2 * (5 + 2) + 2, n, 3}, -3.f, 3.f);
                 Ints<int32_t>(r, "ImgSize", "size", {1, 2}, 100, 300);
                 r.Output("Boxes", "boxes");
                 r.Output("Scores", "scores");
                 r.Attr("anchors", std::vector<int32_t>{10, 13, 16, 30});
                 r.Attr("class_num", 2);
                 r.Attr("conf_thresh", 0.2f);
                 r.Attr("downsample_ratio", 8);
                 r.Attr("iou_aware", true);
                 r.Attr("iou_aware_factor", 0.4f);
               }});
  for (bool order : {false, true}) {
    c.push_back({"prior_box", order ? "min_max order, max sizes" : "flip, no clip",
                 [order](OpRunner& r, int64_t n) {
                   F(r, "Input", "x", {1, 2, n, n + 2});
                   F(r, "Image", "im", {1, 3, 8 * n, 8 * n + 16});
                   r.Output("Boxes", "boxes");
                   r.Output("Variances", "vars");
                   r.Attr("min_sizes", std::vector<float>{4.f, 9.f});
                   if (order) r.Attr("max_sizes", std::vector<float>{6.f, 12.f});
                   r.Attr("aspect_ratios", std::vector<float>{1.f, 2.f});
                   r.Attr("variances", std::vector<float>{0.1f, 0.1f, 0.2f, 0.2f});
                   r.Attr("flip", !order);
                   r.Attr("clip", order);
                   r.Attr("min_max_aspect_ratios_order", order);
                 }});
  }
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
