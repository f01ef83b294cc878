// retinanet_detection_output (Paddle's RetinaNet head; Paddle Lite's host
// kernel lite/kernels/host/retinanet_detection_output_compute.cc). float32.
// Inputs, one tensor per FPN level l (L levels, the same L in each list):
//   BBoxes[l] [N, Ml, 4] deltas, Scores[l] [N, Ml, C] (C classes without
//   background), Anchors[l] [Ml, 4] (x1, y1, x2, y2); ImInfo [N, 3] =
//   (height, width, scale) per image.
// Per image: on each level, the (anchor, class) pairs with score > the
// threshold (score_threshold, but 0 on the last level) in stable
// descending score order, the first nms_top_k (-1: all), are decoded:
//   aw = ax2 - ax1 + 1, acx = ax1 + aw / 2 (same for y),
//   cx = d0 * aw + acx, w = exp(d2) * aw,
//   box = (cx - w/2, cy - h/2, cx + w/2 - 1, cy + h/2 - 1) / scale,
//   clipped to [0, round(width / scale) - 1] x [0, round(height / scale) - 1].
// Per class (levels appended in order), greedy NMS with pixel IoU
// (nms_threshold, adaptive by nms_eta); then all kept boxes of the image in
// stable descending score order (class, then NMS order, breaking ties), the
// first keep_top_k (-1: all, as Paddle's doc says; its kernels would resize
// to -1).
// Out [K, 6] = (class + 1, score, x1, y1, x2, y2), LoD = per-image offsets;
// no detection at all: Out [0, 6].
#include <cmath>
#include <map>

#include "lite/core/registry.h"
#include "lite/operators/detection/nms_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct RetinanetParam {
  std::vector<Tensor*> bboxes, scores, anchors;
  const Tensor* im_info{nullptr};
  Tensor* out{nullptr};
  float score_threshold{0.f}, nms_threshold{0.f}, nms_eta{1.f};
  int nms_top_k{-1}, keep_top_k{-1};
};

constexpr const char* kOp = "op 'retinanet_detection_output'";

class RetinanetDetectionOutputOp : public OperatorBase<RetinanetParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const size_t levels = p.bboxes.size();
    LITE_ENFORCE(p.scores.size() == levels && p.anchors.size() == levels, kOp,
                 ": inputs 'BBoxes', 'Scores' and 'Anchors' must list one tensor per FPN "
                 "level each, got ", levels, ", ", p.scores.size(), " and ", p.anchors.size());
    const DDim& im = p.im_info->dims();
    const int64_t n = p.scores[0]->dims().empty() ? -1 : p.scores[0]->dims()[0];
    const int64_t c = p.scores[0]->dims().size() == 3 ? p.scores[0]->dims()[2] : -1;
    for (size_t l = 0; l < levels; ++l) {
      const DDim &b = p.bboxes[l]->dims(), &s = p.scores[l]->dims(), &a = p.anchors[l]->dims();
      for (const Tensor* t : {p.bboxes[l], p.scores[l], p.anchors[l]}) {
        LITE_ENFORCE(t->dtype() == DataType::kFloat32, kOp, ": level ", l,
                     " inputs must be float32, got ", DataTypeName(t->dtype()));
      }
      LITE_ENFORCE(s.size() == 3 && s[0] == n && s[2] == c && b.size() == 3 && b[0] == n &&
                       b[1] == s[1] && b[2] == 4 && a.size() == 2 && a[0] == s[1] && a[1] == 4,
                   kOp, ": level ", l, " expects Scores [N, M, C], BBoxes [N, M, 4], Anchors "
                   "[M, 4] with N and C of level 0 (", n, ", ", c, "); got Scores ",
                   DimsToString(s), ", BBoxes ", DimsToString(b), ", Anchors ", DimsToString(a));
    }
    LITE_ENFORCE(im.size() == 2 && im[0] == n && im[1] == 3 &&
                     p.im_info->dtype() == DataType::kFloat32,
                 kOp, ": input 'ImInfo' must be float32 [N, 3] with N = ", n, ", got ",
                 DimsToString(im));
    p.out->Resize({0, 6});  // the number of detections is known after NMS
    p.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.bboxes = GetInputList(desc, scope, "BBoxes");
    p.scores = GetInputList(desc, scope, "Scores");
    p.anchors = GetInputList(desc, scope, "Anchors");
    p.im_info = GetInput(desc, scope, "ImInfo");
    p.out = GetOutput(desc, scope, "Out");
    p.score_threshold = desc.GetAttr<float>("score_threshold");
    p.nms_top_k = desc.GetAttr<int32_t>("nms_top_k");
    p.nms_threshold = desc.GetAttr<float>("nms_threshold");
    p.nms_eta = desc.GetAttr<float>("nms_eta");
    p.keep_top_k = desc.GetAttr<int32_t>("keep_top_k");
    LITE_ENFORCE(p.nms_top_k >= -1 && p.keep_top_k >= -1, kOp, ": attributes 'nms_top_k' (",
                 p.nms_top_k, ") and 'keep_top_k' (", p.keep_top_k, ") must be >= -1");
  }
};

class RetinanetDetectionOutputKernel : public KernelBase<RetinanetParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const int64_t n = p.scores[0]->dims()[0], c = p.scores[0]->dims()[2];
    const float* im_info = p.im_info->data<float>();
    std::vector<float> rows;  // 6 per detection
    LoD lod(1, {0});
    for (int64_t i = 0; i < n; ++i) {
      // Decoded boxes (x1, y1, x2, y2, score) per class, levels in order.
      std::map<int, std::vector<float>> preds;
      const float im_scale = im_info[i * 3 + 2];
      const float im_h = std::round(im_info[i * 3] / im_scale);
      const float im_w = std::round(im_info[i * 3 + 1] / im_scale);
      for (size_t l = 0; l < p.scores.size(); ++l) {
        const int64_t m = p.scores[l]->dims()[1];
        const float* score = p.scores[l]->data<float>() + i * m * c;
        const float* delta = p.bboxes[l]->data<float>() + i * m * 4;
        const float* anchor = p.anchors[l]->data<float>();
        const float threshold = l + 1 < p.scores.size() ? p.score_threshold : 0.f;
        std::vector<std::pair<float, int>> cand;
        for (int64_t k = 0; k < m * c; ++k) {
          if (score[k] > threshold) cand.emplace_back(score[k], static_cast<int>(k));
        }
        SortByScoreDesc(&cand);
        if (p.nms_top_k > -1 && p.nms_top_k < static_cast<int>(cand.size())) cand.resize(p.nms_top_k);
        for (const auto& [s, k] : cand) {
          const float* a = anchor + (k / c) * 4;
          const float* d = delta + (k / c) * 4;
          const float aw = a[2] - a[0] + 1, ah = a[3] - a[1] + 1;
          const float acx = a[0] + aw / 2, acy = a[1] + ah / 2;
          const float cx = d[0] * aw + acx, cy = d[1] * ah + acy;
          const float w = std::exp(d[2]) * aw, h = std::exp(d[3]) * ah;
          const float box[4] = {(cx - w / 2) / im_scale, (cy - h / 2) / im_scale,
                                (cx + w / 2 - 1) / im_scale, (cy + h / 2 - 1) / im_scale};
          std::vector<float>& v = preds[static_cast<int>(k % c)];
          for (int j = 0; j < 4; ++j) {
            v.push_back(std::max(std::min(box[j], (j % 2 ? im_h : im_w) - 1), 0.f));
          }
          v.push_back(s);
        }
      }
      // Per-class NMS, then the image's best keep_top_k.
      std::vector<std::pair<float, std::pair<int, int>>> kept;
      for (const auto& pred : preds) {
        // (No structured binding: a lambda below reads v, which clang
        // refuses to capture in C++17.)
        const int cls = pred.first;
        const auto& v = pred.second;
        std::vector<std::pair<float, int>> order;
        for (size_t j = 0; j < v.size() / 5; ++j) order.emplace_back(v[j * 5 + 4], static_cast<int>(j));
        SortByScoreDesc(&order);
        const auto sel = GreedyNms(order, [&](int j) { return v.data() + j * 5; }, false,
                                   p.nms_threshold, p.nms_eta);
        for (int j : sel) kept.push_back({v[j * 5 + 4], {cls, j}});
      }
      std::stable_sort(kept.begin(), kept.end(),
                       [](const auto& x, const auto& y) { return x.first > y.first; });
      if (p.keep_top_k > -1 && static_cast<int>(kept.size()) > p.keep_top_k) kept.resize(p.keep_top_k);
      for (const auto& [s, id] : kept) {
        const float* b = preds[id.first].data() + id.second * 5;
        rows.insert(rows.end(), {static_cast<float>(id.first + 1), s, b[0], b[1], b[2], b[3]});
      }
      lod[0].push_back(rows.size() / 6);
    }
    p.out->Resize({static_cast<int64_t>(rows.size() / 6), 6});
    std::copy(rows.begin(), rows.end(), p.out->mutable_data<float>());
    p.out->set_lod(lod);
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(RetinanetDetectionOutputOp)
LITE_KERNEL_CLASS(RetinanetDetectionOutputKernel)
