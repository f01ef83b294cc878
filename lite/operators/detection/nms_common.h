// Box overlap and greedy NMS shared by the detection ops (multiclass_nms,
// matrix_nms, retinanet_detection_output): Paddle's rules.
#pragma once
#include <algorithm>
#include <utility>
#include <vector>

namespace paddle {
namespace lite {
namespace operators {

// Area of [x1, y1, x2, y2]; 0 when x2 < x1 or y2 < y1; pixel boxes
// (!normalized) count both ends: (w + 1) * (h + 1).
inline float BoxArea(const float* b, bool normalized) {
  if (b[2] < b[0] || b[3] < b[1]) return 0.f;
  const float w = b[2] - b[0], h = b[3] - b[1];
  return normalized ? w * h : (w + 1) * (h + 1);
}

// Intersection over union (0 for disjoint boxes).
inline float Iou(const float* a, const float* b, bool normalized) {
  if (b[0] > a[2] || b[2] < a[0] || b[1] > a[3] || b[3] < a[1]) return 0.f;
  const float norm = normalized ? 0.f : 1.f;
  const float iw = std::min(a[2], b[2]) - std::max(a[0], b[0]) + norm;
  const float ih = std::min(a[3], b[3]) - std::max(a[1], b[1]) + norm;
  const float inter = iw * ih;
  return inter / (BoxArea(a, normalized) + BoxArea(b, normalized) - inter);
}

// Greedy NMS over candidates (score, id) already in the order to visit
// (score descending, stable): a candidate is kept while its IoU with every
// kept one is <= the adaptive threshold (nms_threshold, then times eta after
// each kept box while eta < 1 and the threshold > 0.5). A NaN overlap (a
// non-finite coordinate) suppresses, as in Paddle. Returns the kept ids in
// keeping order. box(id) gives a candidate's 4 coordinates.
template <typename BoxFn>
std::vector<int> GreedyNms(const std::vector<std::pair<float, int>>& candidates, BoxFn box,
                           bool normalized, float nms_threshold, float eta) {
  std::vector<int> kept;
  float thr = nms_threshold;
  for (const auto& cand : candidates) {
    bool keep = true;
    for (int k : kept) {
      if (!(Iou(box(cand.second), box(k), normalized) <= thr)) {
        keep = false;
        break;
      }
    }
    if (!keep) continue;
    kept.push_back(cand.second);
    if (eta < 1 && thr > 0.5f) thr *= eta;
  }
  return kept;
}

// Stable sort by score, descending.
inline void SortByScoreDesc(std::vector<std::pair<float, int>>* v) {
  std::stable_sort(v->begin(), v->end(),
                   [](const std::pair<float, int>& a, const std::pair<float, int>& b) {
                     return a.first > b.first;
                   });
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
