// retinanet_detection_output against a naive reference written here, on
// odd sizes and every attribute form, plus a hand-computed case.
#include <algorithm>
#include <array>
#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct Case {
  int64_t n, c;
  std::vector<int64_t> m;  // anchors per level
  float score_threshold, nms_threshold, eta;
  int nms_top_k, keep_top_k;
  float im_scale;
};

struct Inputs {
  std::vector<std::vector<float>> boxes, scores, anchors;
  std::vector<float> im_info;
};

Inputs MakeInputs(const Case& k, uint32_t seed) {
  Inputs in;
  for (size_t l = 0; l < k.m.size(); ++l) {
    const int64_t m = k.m[l];
    in.boxes.push_back(RandomFloats(k.n * m * 4, -0.3f, 0.3f, seed + 3 * l));
    in.scores.push_back(RandomFloats(k.n * m * k.c, 0.f, 1.f, seed + 3 * l + 1));
    std::vector<float> a = RandomFloats(m * 4, 0.f, 40.f, seed + 3 * l + 2);
    for (int64_t j = 0; j < m; ++j) {  // x2 >= x1, y2 >= y1, near each other
      a[j * 4 + 2] = a[j * 4] + 4 + std::fabs(a[j * 4 + 2]) / 4;
      a[j * 4 + 3] = a[j * 4 + 1] + 4 + std::fabs(a[j * 4 + 3]) / 4;
    }
    in.anchors.push_back(a);
  }
  for (int64_t i = 0; i < k.n; ++i) in.im_info.insert(in.im_info.end(), {60.f, 50.f, k.im_scale});
  return in;
}

// Paddle's pixel IoU: 0 when the boxes are apart, else sides counted + 1.
float PixelIou(const std::array<float, 5>& a, const std::array<float, 5>& b) {
  if (b[0] > a[2] || b[2] < a[0] || b[1] > a[3] || b[3] < a[1]) return 0.f;
  const float iw = std::min(a[2], b[2]) - std::max(a[0], b[0]) + 1;
  const float ih = std::min(a[3], b[3]) - std::max(a[1], b[1]) + 1;
  const float area_a = (a[2] - a[0] + 1) * (a[3] - a[1] + 1), area_b = (b[2] - b[0] + 1) * (b[3] - b[1] + 1);
  return iw * ih / (area_a + area_b - iw * ih);
}

// The operator's definition, written out plainly: rows of 6 and the LoD.
std::pair<std::vector<float>, std::vector<uint64_t>> Reference(const Case& k, const Inputs& in) {
  std::vector<float> out;
  std::vector<uint64_t> lod = {0};
  for (int64_t i = 0; i < k.n; ++i) {
    std::vector<std::vector<std::array<float, 5>>> per_class(k.c);
    const float scale = in.im_info[i * 3 + 2];
    const float h = std::round(in.im_info[i * 3] / scale), w = std::round(in.im_info[i * 3 + 1] / scale);
    for (size_t l = 0; l < k.m.size(); ++l) {
      const int64_t m = k.m[l];
      const float thr = l + 1 == k.m.size() ? 0.f : k.score_threshold;
      std::vector<std::pair<float, int64_t>> cand;
      for (int64_t j = 0; j < m * k.c; ++j) {
        const float s = in.scores[l][i * m * k.c + j];
        if (s > thr) cand.push_back({s, j});
      }
      std::stable_sort(cand.begin(), cand.end(), [](auto& x, auto& y) { return x.first > y.first; });
      if (k.nms_top_k >= 0 && static_cast<int>(cand.size()) > k.nms_top_k) cand.resize(k.nms_top_k);
      for (auto [s, j] : cand) {
        const float* a = &in.anchors[l][(j / k.c) * 4];
        const float* d = &in.boxes[l][(i * m + j / k.c) * 4];
        const float aw = a[2] - a[0] + 1, ah = a[3] - a[1] + 1;
        const float cx = d[0] * aw + (a[0] + aw / 2), cy = d[1] * ah + (a[1] + ah / 2);
        const float bw = std::exp(d[2]) * aw, bh = std::exp(d[3]) * ah;
        auto clip = [](float v, float hi) { return std::max(std::min(v, hi - 1), 0.f); };
        per_class[j % k.c].push_back({clip((cx - bw / 2) / scale, w), clip((cy - bh / 2) / scale, h),
                                      clip((cx + bw / 2 - 1) / scale, w),
                                      clip((cy + bh / 2 - 1) / scale, h), s});
      }
    }
    std::vector<std::pair<float, std::array<float, 6>>> dets;
    for (int64_t cls = 0; cls < k.c; ++cls) {
      auto v = per_class[cls];
      std::stable_sort(v.begin(), v.end(), [](auto& x, auto& y) { return x[4] > y[4]; });
      std::vector<std::array<float, 5>> kept;
      float t = k.nms_threshold;
      for (const auto& b : v) {
        bool ok = true;
        for (const auto& q : kept) ok = ok && PixelIou(b, q) <= t;
        if (!ok) continue;
        kept.push_back(b);
        if (k.eta < 1 && t > 0.5f) t *= k.eta;
      }
      for (const auto& b : kept) dets.push_back({b[4], {static_cast<float>(cls + 1), b[4], b[0], b[1], b[2], b[3]}});
    }
    std::stable_sort(dets.begin(), dets.end(), [](auto& x, auto& y) { return x.first > y.first; });
    if (k.keep_top_k >= 0 && static_cast<int>(dets.size()) > k.keep_top_k) dets.resize(k.keep_top_k);
    for (auto& d : dets) out.insert(out.end(), d.second.begin(), d.second.end());
    lod.push_back(out.size() / 6);
  }
  return {out, lod};
}

void Feed(OpRunner& r, const Case& k, const Inputs& in) {
  for (size_t l = 0; l < k.m.size(); ++l) {
    const std::string s = std::to_string(l);
    r.Input<float>("BBoxes", "b" + s, {k.n, k.m[l], 4}, in.boxes[l]);
    r.Input<float>("Scores", "s" + s, {k.n, k.m[l], k.c}, in.scores[l]);
    r.Input<float>("Anchors", "a" + s, {k.m[l], 4}, in.anchors[l]);
  }
  r.Input<float>("ImInfo", "im", {k.n, 3}, in.im_info);
  r.Output("Out", "out");
  r.Attr("score_threshold", k.score_threshold);
  r.Attr("nms_top_k", k.nms_top_k);
  r.Attr("nms_threshold", k.nms_threshold);
  r.Attr("nms_eta", k.eta);
  r.Attr("keep_top_k", k.keep_top_k);
}

TEST(RetinanetDetectionOutput, MatchesTheReferenceOnOddSizesAndEveryAttributeForm) {
  int cases = 0, detections = 0;
  for (int64_t n : {1, 2}) {
    for (auto m : {std::vector<int64_t>{13}, std::vector<int64_t>{1, 3, 13}}) {
      for (int64_t c : {1, 3}) {
        for (int top_k : {-1, 5}) {
          for (int keep : {-1, 4}) {
            for (float eta : {1.f, 0.7f}) {
              const Case k{n, c, m, 0.5f, eta < 1 ? 0.8f : 0.3f, eta, top_k, keep, n == 1 ? 1.f : 1.5f};
              const Inputs in = MakeInputs(k, static_cast<uint32_t>(7 + cases));
              OpRunner r("retinanet_detection_output");
              Feed(r, k, in);
              r.Run();
              const auto [want, lod] = Reference(k, in);
              EXPECT_EQ(r.Get("out")->dims(), (DDim{static_cast<int64_t>(want.size() / 6), 6}));
              EXPECT_EQ(r.Values<float>("out"), want) << "case " << cases;
              EXPECT_EQ(r.Get("out")->lod(), (LoD{lod}));
              detections += static_cast<int>(want.size() / 6);
              ++cases;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(detections, cases);  // the cases do detect and suppress
}

TEST(RetinanetDetectionOutput, HandComputedDecodeSuppressionAndDynamicShape) {
  // One level, two anchors of one class: zero deltas give the anchors back;
  // their pixel IoU is 81 / 119 = 0.68 > 0.5, so the second is suppressed.
  OpRunner r("retinanet_detection_output");
  const Case k{1, 1, {2}, 0.05f, 0.5f, 1.f, -1, -1, 1.f};
  Inputs in;
  in.boxes = {{0, 0, 0, 0, 0, 0, 0, 0}};
  in.scores = {{0.9f, 0.8f}};
  in.anchors = {{0, 0, 9, 9, 1, 1, 10, 10}};
  in.im_info = {100, 100, 1};
  Feed(r, k, in);
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{1, 0.9f, 0, 0, 9, 9}));
  // Dynamic shape: 3 anchors now, the third far away survives; scale 2
  // halves the boxes.
  r.Refill<float>("b0", {1, 3, 4}, std::vector<float>(12, 0.f));
  r.Refill<float>("s0", {1, 3, 1}, {0.9f, 0.8f, 0.7f});
  r.Refill<float>("a0", {3, 4}, {0, 0, 9, 9, 1, 1, 10, 10, 40, 40, 49, 49});
  r.Refill<float>("im", {1, 3}, {100, 100, 2});
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{1, 0.9f, 0, 0, 4.5f, 4.5f, 1, 0.7f, 20, 20, 24.5f, 24.5f}));
  // Nothing above the threshold: [0, 6] with an all-zero LoD.
  r.Refill<float>("s0", {1, 3, 1}, {0.f, 0.f, 0.f});
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{0, 6}));
  EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 0}}));
}

TEST(RetinanetDetectionOutput, BadInputsNameTheOpAndInput) {
  const Case k{1, 2, {3, 5}, 0.05f, 0.5f, 1.f, -1, -1, 1.f};
  Inputs in = MakeInputs(k, 1);
  OpRunner r("retinanet_detection_output");
  Feed(r, k, in);
  r.Refill<float>("a1", {4, 4}, std::vector<float>(16, 1.f));  // 4 anchors for 5 boxes
  ExpectErrorMentions(r, {"retinanet_detection_output", "level 1", "Anchors [4, 4]"});
  OpRunner t("retinanet_detection_output");
  Feed(t, k, in);
  t.Attr("keep_top_k", -2);
  ExpectErrorMentions(t, {"retinanet_detection_output", "'keep_top_k'", ">= -1"});
  OpRunner u("retinanet_detection_output");
  Feed(u, k, in);
  u.desc().SetInput("Anchors", {"a0"});
  ExpectErrorMentions(u, {"retinanet_detection_output", "'Anchors'", "one tensor per FPN level"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
