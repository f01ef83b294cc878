// NON_MAX_SUPPRESSION: Paddle's multiclass_nms (the rules are in the
// operation's reference doc, nnadapter_operations.h). Scores and boxes are
// float32 and the IoU is computed in float32, as Paddle does, so that a box
// whose IoU sits at the threshold gets the same decision.
#include <algorithm>
#include <map>
#include <utility>

#include "drivers/builtin_device/kernels/kernel.h"

namespace nnadapter {
namespace builtin_device {
namespace {

float BoxArea(const float* b, bool normalized) {
  if (b[2] < b[0] || b[3] < b[1]) return 0.f;
  const float w = b[2] - b[0], h = b[3] - b[1];
  return normalized ? w * h : (w + 1) * (h + 1);
}

float Iou(const float* a, const float* b, bool normalized) {
  if (b[0] > a[2] || b[2] < a[0] || b[1] > a[3] || b[3] < a[1]) return 0.f;
  const float extra = normalized ? 0.f : 1.f;
  const float iw = std::min(a[2], b[2]) - std::max(a[0], b[0]) + extra;
  const float ih = std::min(a[3], b[3]) - std::max(a[1], b[1]) + extra;
  const float inter = iw * ih;
  return inter / (BoxArea(a, normalized) + BoxArea(b, normalized) - inter);
}

struct NmsAttrs {
  int64_t background;
  float score_threshold;
  int64_t nms_top_k;
  float nms_threshold;
  float nms_eta;
  int64_t keep_top_k;
  bool normalized;
};

// One image: `score(c, k)` and `box(c, k)` address its M boxes. Returns the
// kept (class, box) pairs in output order.
template <typename ScoreFn, typename BoxFn>
std::vector<std::pair<int64_t, int64_t>> NmsImage(const NmsAttrs& a, int64_t classes,
                                                  int64_t m, bool sort_by_box,
                                                  ScoreFn score, BoxFn box) {
  std::map<int64_t, std::vector<int64_t>> kept;
  int64_t total = 0;
  auto by_score = [](const std::pair<float, int64_t>& x, const std::pair<float, int64_t>& y) {
    return x.first > y.first;
  };
  for (int64_t c = 0; c < classes && m > 0; c++) {
    if (c == a.background) continue;
    std::vector<std::pair<float, int64_t>> cand;
    for (int64_t k = 0; k < m; k++)
      if (score(c, k) > a.score_threshold) cand.emplace_back(score(c, k), k);
    std::stable_sort(cand.begin(), cand.end(), by_score);
    if (a.nms_top_k > -1 && a.nms_top_k < static_cast<int64_t>(cand.size()))
      cand.resize(static_cast<size_t>(a.nms_top_k));
    std::vector<int64_t>& sel = kept[c];
    float threshold = a.nms_threshold;
    for (const auto& cd : cand) {
      bool keep = true;
      for (int64_t s : sel) keep = keep && Iou(box(c, cd.second), box(c, s), a.normalized) <= threshold;
      if (!keep) continue;
      sel.push_back(cd.second);
      if (a.nms_eta < 1 && threshold > 0.5f) threshold *= a.nms_eta;
    }
    if (sort_by_box) std::stable_sort(sel.begin(), sel.end());
    total += static_cast<int64_t>(sel.size());
  }
  if (a.keep_top_k > -1 && total > a.keep_top_k) {
    std::vector<std::pair<float, std::pair<int64_t, int64_t>>> all;
    for (const auto& kv : kept)
      for (int64_t k : kv.second) all.push_back({score(kv.first, k), {kv.first, k}});
    std::stable_sort(all.begin(), all.end(),
                     [](const auto& x, const auto& y) { return x.first > y.first; });
    all.resize(static_cast<size_t>(a.keep_top_k));
    std::map<int64_t, std::vector<int64_t>> top;
    for (const auto& e : all) top[e.second.first].push_back(e.second.second);
    if (sort_by_box)
      for (auto& kv : top) std::stable_sort(kv.second.begin(), kv.second.end());
    kept.swap(top);
  }
  std::vector<std::pair<int64_t, int64_t>> rows;
  for (const auto& kv : kept)
    for (int64_t k : kv.second) rows.emplace_back(kv.first, k);
  return rows;
}

}  // namespace

int Compute_NON_MAX_SUPPRESSION(KernelContext* ctx) {
  const Tensor& bboxes = *ctx->in[0];
  const Tensor& scores = *ctx->in[1];
  if (bboxes.type.precision != NNADAPTER_FLOAT32 || scores.type.precision != NNADAPTER_FLOAT32)
    return Fail(ctx, "inputs 0 (bboxes) and 1 (scores) must be float32");
  const bool per_image = scores.dims.size() == 3;
  if (bboxes.dims.size() != 3 || bboxes.dims[2] != 4 ||
      (per_image ? bboxes.dims[0] != scores.dims[0] || bboxes.dims[1] != scores.dims[2]
                 : scores.dims.size() != 2 || bboxes.dims[0] != scores.dims[0] ||
                       bboxes.dims[1] != scores.dims[1]))
    return Fail(ctx, "expected bboxes [B, M, 4] with scores [B, C, M], or bboxes [M, C, 4] "
                     "with scores [M, C]; got " + DimsToString(bboxes.dims) + " and " +
                     DimsToString(scores.dims));
  const NmsAttrs a{IntAttr(ctx, 3, 0),
                   static_cast<float>(FloatAttr(ctx, 4, 0)),
                   IntAttr(ctx, 5, -1),
                   static_cast<float>(FloatAttr(ctx, 6, 0.3)),
                   static_cast<float>(FloatAttr(ctx, 7, 1.0)),
                   IntAttr(ctx, 8, -1),
                   BoolAttr(ctx, 9, true)};
  const bool return_index = BoolAttr(ctx, 10, false);
  // Image i covers boxes [starts[i], starts[i + 1]).
  std::vector<int64_t> starts = {0};
  if (per_image) {
    for (int64_t i = 0; i < scores.dims[0]; i++) starts.push_back(starts.back() + scores.dims[2]);
  } else {
    if (!HasInput(ctx, 2)) return Fail(ctx, "input 2 (rois_num) is required with scores [M, C]");
    for (int64_t v : IntsAttr(ctx, 2)) {
      if (v < 0) return Fail(ctx, "input 2 (rois_num) has a negative count");
      starts.push_back(starts.back() + v);
    }
    if (starts.back() > scores.dims[0])
      return Fail(ctx, "input 2 (rois_num) covers " + std::to_string(starts.back()) +
                           " boxes, scores has " + std::to_string(scores.dims[0]));
  }
  const float* s = scores.as<float>();
  const float* b = bboxes.as<float>();
  const int64_t classes = scores.dims[1];
  const int64_t images = static_cast<int64_t>(starts.size()) - 1;
  std::vector<double> out, index, counts;
  for (int64_t i = 0; i < images; i++) {
    const int64_t m = starts[i + 1] - starts[i], first = starts[i];
    auto score = [&](int64_t c, int64_t k) {
      return per_image ? s[(i * classes + c) * m + k] : s[(first + k) * classes + c];
    };
    auto box = [&](int64_t c, int64_t k) {
      return per_image ? b + (first + k) * 4 : b + ((first + k) * classes + c) * 4;
    };
    const auto rows = NmsImage(a, classes, m, !per_image, score, box);
    for (const auto& r : rows) {
      const float* bx = box(r.first, r.second);
      out.insert(out.end(), {static_cast<double>(r.first), score(r.first, r.second), bx[0],
                             bx[1], bx[2], bx[3]});
      index.push_back(static_cast<double>(per_image ? first + r.second
                                                    : (first + r.second) * classes + r.first));
    }
    counts.push_back(static_cast<double>(rows.size()));
  }
  const int64_t kept = static_cast<int64_t>(index.size());
  int r = kept == 0 && !return_index
              ? Output(ctx, 0, {1, 1}, {-1.0}, NNADAPTER_FLOAT32)
              : Output(ctx, 0, {kept, 6}, out, NNADAPTER_FLOAT32);
  if (!r) r = Output(ctx, 1, {images}, counts, NNADAPTER_INT32);
  if (!r && return_index) r = Output(ctx, 2, {kept}, index, NNADAPTER_INT32);
  return r;
}

}  // namespace builtin_device
}  // namespace nnadapter
