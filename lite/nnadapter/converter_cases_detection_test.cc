// Harness cases of the detection converters: yolo_box, prior_box,
// multiclass_nms / multiclass_nms2 / multiclass_nms3, box_coder.
#include "lite/nnadapter/converter_harness_cases.h"

namespace paddle {
namespace lite {
namespace testing {

using harness::F;
using harness::Ints;

namespace {
// `count` boxes [x1, y1, x2, y2] in a 40 x 40 area, 2..12 wide and high, so
// that neighbours overlap at every IoU.
std::vector<float> Boxes(int64_t count, uint32_t seed) {
  auto v = RandomFloats(count * 4, 0.f, 1.f, seed);
  for (int64_t i = 0; i < count; ++i) {
    float* b = &v[i * 4];
    const float x = b[0] * 40, y = b[1] * 40, w = 2 + b[2] * 10, h = 2 + b[3] * 10;
    b[0] = x, b[1] = y, b[2] = x + w, b[3] = y + h;
  }
  return v;
}

struct NmsCase {
  const char* op;
  const char* label;
  bool per_image;  // BBoxes [N, M, 4] + Scores [N, C, M]; else [M, C, 4] + [M, C]
  int background;
  int nms_top_k, keep_top_k;
  float eta;
  bool normalized;
};

// Two images, 3 classes, n boxes per image (the 2-D layout: n and n + 1).
void BuildNms(const NmsCase& k, OpRunner& r, int64_t n) {
  const int64_t classes = 3;
  if (k.per_image) {
    r.Input<float>("BBoxes", "boxes", {2, n, 4}, Boxes(2 * n, harness::Seed("b", n)));
    harness::F(r, "Scores", "scores", {2, classes, n}, 0.f, 1.f);
  } else {
    const int64_t m = 2 * n + 1;
    r.Input<float>("BBoxes", "boxes", {m, classes, 4}, Boxes(m * classes, harness::Seed("b", n)));
    harness::F(r, "Scores", "scores", {m, classes}, 0.f, 1.f);
    r.Input<int32_t>("RoisNum", "rois_num", {2}, {static_cast<int32_t>(n),
                                                  static_cast<int32_t>(n + 1)});
  }
  r.Output("Out", "out");
  if (std::string(k.op) != "multiclass_nms") r.Output("Index", "index");
  if (std::string(k.op) == "multiclass_nms3") r.Output("NmsRoisNum", "nms_rois_num");
  r.Attr("background_label", k.background);
  r.Attr("score_threshold", 0.3f);
  r.Attr("nms_top_k", k.nms_top_k);
  r.Attr("nms_threshold", 0.4f);
  r.Attr("nms_eta", k.eta);
  r.Attr("keep_top_k", k.keep_top_k);
  r.Attr("normalized", k.normalized);
}

void AddNmsCases(std::vector<HarnessCase>* cases) {
  const NmsCase kCases[] = {
      {"multiclass_nms", "per image, background 0", true, 0, -1, -1, 1.f, true},
      {"multiclass_nms2", "nms_top_k, keep_top_k, pixels", true, -1, 5, 7, 1.f, false},
      {"multiclass_nms3", "adaptive eta", true, 1, -1, 10, 0.7f, true},
      {"multiclass_nms3", "2-D scores with RoisNum", false, 0, 4, 6, 1.f, false},
  };
  for (const NmsCase& k : kCases) {
    cases->push_back({k.op, k.label, [k](OpRunner& r, int64_t n) { BuildNms(k, r, n); }});
    cases->back().sizes = {1, 3, 13, 60};
  }
  // 2-D Scores whose images come from the LoD of BBoxes: no operand holds
  // the LoD, the op stays on the CPU.
  HarnessCase lod("multiclass_nms2", "2-D scores split by the BBoxes LoD", [](OpRunner& r,
                                                                              int64_t n) {
    r.Input<float>("BBoxes", "boxes", {n, 2, 4}, Boxes(n * 2, harness::Seed("b", n)))
        ->set_lod({{0, static_cast<uint64_t>(n)}});
    harness::F(r, "Scores", "scores", {n, 2}, 0.f, 1.f);
    r.Output("Out", "out");
    r.Output("Index", "index");
    r.Attr("score_threshold", 0.3f);
    r.Attr("nms_top_k", -1);
    r.Attr("keep_top_k", -1);
  });
  lod.expect = kDeclines;
  lod.decline_mentions = "LoD";
  cases->push_back(lod);
}
enum class VarFrom { kNone, kInput, kAttribute };

// box_coder: encode n boxes against n + 2 priors, or decode [n, n + 2, 4]
// deltas against priors along `axis`.
void AddBoxCoderCases(std::vector<HarnessCase>* cases) {
  for (bool encode : {true, false}) {
    for (int axis : encode ? std::vector<int>{0} : std::vector<int>{0, 1}) {
      for (bool normalized : {true, false}) {
        for (VarFrom var : {VarFrom::kNone, VarFrom::kInput, VarFrom::kAttribute}) {
          std::string label = encode ? "encode" : "decode axis " + std::to_string(axis);
          label += normalized ? ", normalized" : ", unnormalized";
          label += var == VarFrom::kNone    ? ", no variance"
                   : var == VarFrom::kInput ? ", PriorBoxVar"
                                            : ", variance attribute";
          cases->push_back({"box_coder", label, [=](OpRunner& r, int64_t n) {
                              const int64_t m = n + 2;
                              const int64_t priors = encode || axis == 0 ? m : n;
                              r.Input<float>("PriorBox", "prior", {priors, 4},
                                             Boxes(priors, harness::Seed("p", n)));
                              if (var == VarFrom::kInput) {
                                F(r, "PriorBoxVar", "pvar", {priors, 4}, 0.1f, 0.5f);
                              }
                              if (encode) {
                                r.Input<float>("TargetBox", "target", {n, 4},
                                               Boxes(n, harness::Seed("t", n)));
                              } else {
                                F(r, "TargetBox", "target", {n, m, 4}, -1.f, 1.f);
                              }
                              r.Output("OutputBox", "out");
                              r.Attr("code_type", std::string(encode ? "encode_center_size"
                                                                     : "decode_center_size"));
                              r.Attr("box_normalized", normalized);
                              r.Attr("axis", axis);
                              if (var == VarFrom::kAttribute) {
                                r.Attr("variance", std::vector<float>{0.1f, 0.2f, 0.3f, 0.4f});
                              }
                            }});
        }
      }
    }
  }
}
}  // namespace

void AddDetectionCases(std::vector<HarnessCase>* cases) {
  // roi_align on one image: n valid boxes (x1 < x2, y1 < y2) partly outside.
  for (bool aligned : {false, true}) {
    for (int ratio : {2, -1}) {
      cases->push_back({"roi_align",
                        std::string(aligned ? "aligned" : "not aligned") + " sampling_ratio " +
                            std::to_string(ratio),
                        [=](OpRunner& r, int64_t n) {
                          F(r, "X", "x", {1, 3, 7, 6});
                          std::vector<float> boxes;
                          for (int64_t i = 0; i < n; ++i) {
                            const float x1 = -1.f + 0.37f * (i % 17), y1 = -0.5f + 0.29f * (i % 23);
                            boxes.insert(boxes.end(), {x1, y1, x1 + 0.6f + 0.21f * (i % 11),
                                                       y1 + 0.4f + 0.33f * (i % 7)});
                          }
                          r.Input<float>("ROIs", "rois", {n, 4}, boxes);
                          r.Output("Out", "y");
                          r.Attr("pooled_height", 2);
                          r.Attr("pooled_width", 3);
                          r.Attr("spatial_scale", 1.5f);
                          r.Attr("sampling_ratio", ratio);
                          r.Attr("aligned", aligned);
                        }});
    }
  }
  AddNmsCases(cases);
  AddBoxCoderCases(cases);
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
