#include <algorithm>
#include <map>
#include <numeric>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Inputs "b" (BBoxes) and "s" (Scores); outputs "out", "idx" (Index) and
// "num" (NmsRoisNum).
void NmsIO(OpRunner& r, const DDim& box_dims, const std::vector<float>& boxes,
           const DDim& score_dims, const std::vector<float>& scores) {
  r.Input<float>("BBoxes", "b", box_dims, boxes);
  r.Input<float>("Scores", "s", score_dims, scores);
  r.Output("Out", "out");
  r.Output("Index", "idx");
  r.Output("NmsRoisNum", "num");
}

OpRunner& SetNmsAttrs(OpRunner& r, float score_thr, int top_k, float nms_thr, float eta,
                      int keep_top_k, bool normalized, int background = 0) {
  r.Attr("background_label", background);
  r.Attr("score_threshold", score_thr);
  r.Attr("nms_top_k", top_k);
  r.Attr("nms_threshold", nms_thr);
  r.Attr("nms_eta", eta);
  r.Attr("keep_top_k", keep_top_k);
  r.Attr("normalized", normalized);
  return r;
}

TEST(MulticlassNms3, HandComputedSuppressionAndKeepTopK) {
  // Class 1: A and B overlap with IoU 100/142 = 0.70 (pixel boxes, +1), C apart.
  std::vector<float> boxes = {0, 0, 10, 10, 1, 1, 11, 11, 20, 20, 30, 30};
  std::vector<float> scores = {0.9f, 0.9f, 0.9f,   // class 0 = background
                               0.9f, 0.8f, 0.7f};  // class 1
  for (int keep : {-1, 1}) {
    OpRunner r("multiclass_nms3");
    NmsIO(r, {1, 3, 4}, boxes, {1, 2, 3}, scores);
    SetNmsAttrs(r, 0.05f, -1, 0.5f, 1.f, keep, false);
    r.Run();
    if (keep < 0) {
      EXPECT_EQ(r.Get("out")->dims(), (DDim{2, 6}));
      EXPECT_EQ(r.Values<float>("out"),
                (std::vector<float>{1, 0.9f, 0, 0, 10, 10, 1, 0.7f, 20, 20, 30, 30}));
      EXPECT_EQ(r.Values<int32_t>("idx"), (std::vector<int32_t>{0, 2}));
      EXPECT_EQ(r.Values<int32_t>("num"), (std::vector<int32_t>{2}));
    } else {
      EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{1, 0.9f, 0, 0, 10, 10}));
      EXPECT_EQ(r.Values<int32_t>("num"), (std::vector<int32_t>{1}));
    }
    EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, static_cast<uint64_t>(keep < 0 ? 2 : 1)}}));
  }
  // With a threshold of 0.75 B survives (IoU 0.70 <= 0.75).
  OpRunner r("multiclass_nms3");
  NmsIO(r, {1, 3, 4}, boxes, {1, 2, 3}, scores);
  SetNmsAttrs(r, 0.05f, -1, 0.75f, 1.f, -1, false);
  r.Run();
  EXPECT_EQ(r.Values<int32_t>("idx"), (std::vector<int32_t>{0, 1, 2}));
}

TEST(MulticlassNms, NoDetectionOutputs) {
  std::vector<float> boxes = {0, 0, 1, 1, 0, 0, 2, 2};
  std::vector<float> scores = {0.1f, 0.1f, 0.2f, 0.3f, 0.1f, 0.1f, 0.2f, 0.3f};
  OpRunner r3("multiclass_nms3");
  NmsIO(r3, {2, 1, 4}, boxes, {2, 4, 1}, scores);
  SetNmsAttrs(r3, 0.5f, 100, 0.5f, 1.f, 10, true);
  r3.Run();
  EXPECT_EQ(r3.Get("out")->dims(), (DDim{0, 6}));
  EXPECT_EQ(r3.Get("idx")->dims(), (DDim{0, 1}));
  EXPECT_EQ(r3.Values<int32_t>("num"), (std::vector<int32_t>{0, 0}));
  OpRunner r1("multiclass_nms");
  r1.Input<float>("BBoxes", "b", {2, 1, 4}, boxes);
  r1.Input<float>("Scores", "s", {2, 4, 1}, scores);
  r1.Output("Out", "out");
  SetNmsAttrs(r1, 0.5f, 100, 0.5f, 1.f, 10, true);
  r1.Run();
  EXPECT_EQ(r1.Get("out")->dims(), (DDim{1, 1}));
  EXPECT_EQ(r1.Values<float>("out"), (std::vector<float>{-1.f}));
  EXPECT_EQ(r1.Get("out")->lod(), (LoD{{0, 1}}));
}

struct RefDet {
  int label;
  float score;
  int box;  // index of the box within the image
};

double RefIou(const float* a, const float* b, bool normalized) {
  double n = normalized ? 0 : 1;
  double iw = std::min(a[2], b[2]) - std::max(a[0], b[0]) + n;
  double ih = std::min(a[3], b[3]) - std::max(a[1], b[1]) + n;
  if (iw <= 0 || ih <= 0) return 0;  // disjoint boxes
  auto area = [&](const float* x) {
    return (x[2] < x[0] || x[3] < x[1]) ? 0.0 : (x[2] - x[0] + n) * (x[3] - x[1] + n);
  };
  return iw * ih / (area(a) + area(b) - iw * ih);
}

// Straightforward per-image NMS for the [N, C, M] layout.
std::vector<RefDet> RefNms(const float* boxes, const float* scores, int C, int M, float thr,
                           int top_k, float nms_thr, float eta, int keep_top_k, bool normalized,
                           int background) {
  std::vector<RefDet> all;
  for (int c = 0; c < C; ++c) {
    if (c == background) continue;
    std::vector<int> order;
    for (int k = 0; k < M; ++k)
      if (scores[c * M + k] > thr) order.push_back(k);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return scores[c * M + a] > scores[c * M + b]; });
    if (top_k > -1 && static_cast<int>(order.size()) > top_k) order.resize(top_k);
    std::vector<int> kept;
    double t = nms_thr;
    for (int k : order) {
      bool ok = std::all_of(kept.begin(), kept.end(), [&](int s) {
        return RefIou(boxes + k * 4, boxes + s * 4, normalized) <= t;
      });
      if (!ok) continue;
      kept.push_back(k);
      if (eta < 1 && t > 0.5) t *= eta;
    }
    for (int k : kept) all.push_back({c, scores[c * M + k], k});
  }
  if (keep_top_k > -1 && static_cast<int>(all.size()) > keep_top_k) {
    std::vector<RefDet> sorted = all;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const RefDet& a, const RefDet& b) { return a.score > b.score; });
    sorted.resize(keep_top_k);
    // Back to class order, keeping the score order within a class.
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const RefDet& a, const RefDet& b) { return a.label < b.label; });
    all = sorted;
  }
  return all;
}

TEST(MulticlassNms3, RandomizedAgainstReference) {
  int seed = 100;
  for (bool normalized : {true, false})
    for (float eta : {1.f, 0.7f})
      for (int top_k : {-1, 5})
        for (int keep : {-1, 7})
          for (int background : {0, -1}) {
            const int N = 2, C = 4, M = 13;
            auto centers = RandomFloats(N * M * 2, 0.f, normalized ? 1.f : 50.f, seed++);
            auto sizes = RandomFloats(N * M * 2, 0.05f, normalized ? 0.4f : 20.f, seed++);
            std::vector<float> boxes(N * M * 4);
            for (int i = 0; i < N * M; ++i) {
              boxes[i * 4 + 0] = centers[2 * i] - sizes[2 * i] / 2;
              boxes[i * 4 + 1] = centers[2 * i + 1] - sizes[2 * i + 1] / 2;
              boxes[i * 4 + 2] = centers[2 * i] + sizes[2 * i] / 2;
              boxes[i * 4 + 3] = centers[2 * i + 1] + sizes[2 * i + 1] / 2;
            }
            auto scores = RandomFloats(N * C * M, 0.f, 1.f, seed++);
            OpRunner r("multiclass_nms3");
            NmsIO(r, {N, M, 4}, boxes, {N, C, M}, scores);
            SetNmsAttrs(r, 0.2f, top_k, 0.3f, eta, keep, normalized, background);
            r.Run();
            std::vector<float> eo;
            std::vector<int32_t> ei, en;
            for (int b = 0; b < N; ++b) {
              auto dets = RefNms(boxes.data() + b * M * 4, scores.data() + b * C * M, C, M, 0.2f,
                                 top_k, 0.3f, eta, keep, normalized, background);
              en.push_back(static_cast<int32_t>(dets.size()));
              for (auto& d : dets) {
                eo.push_back(static_cast<float>(d.label));
                eo.push_back(d.score);
                for (int k = 0; k < 4; ++k) eo.push_back(boxes[(b * M + d.box) * 4 + k]);
                ei.push_back(b * M + d.box);
              }
            }
            EXPECT_EQ(r.Values<int32_t>("num"), en);
            EXPECT_EQ(r.Values<int32_t>("idx"), ei);
            EXPECT_EQ(r.Values<float>("out"), eo);
          }
}

TEST(MulticlassNms3, TwoDimensionalScoresWithRoisNum) {
  // 3 boxes (rows) x 2 classes; images of 2 and 1 rows; background -1.
  std::vector<float> boxes = {0, 0, 1, 1, 5, 5, 6, 6,   // row 0: class 0, class 1
                              0, 0, 1, 1, 5, 5, 6, 6,   // row 1 (same boxes)
                              2, 2, 3, 3, 2, 2, 3, 3};  // row 2
  std::vector<float> scores = {0.5f, 0.9f, 0.6f, 0.1f, 0.7f, 0.8f};
  OpRunner r("multiclass_nms3");
  NmsIO(r, {3, 2, 4}, boxes, {3, 2}, scores);
  r.Input<int32_t>("RoisNum", "rn", {2}, {2, 1});
  SetNmsAttrs(r, 0.05f, -1, 0.5f, 1.f, -1, true, -1);
  r.Run();
  // Image 0: class 0 rows 0,1 identical boxes -> keep row 1 (0.6) only;
  // class 1: row 0 (0.9) and row 1 (0.1) identical -> row 0. Image 1: both.
  EXPECT_EQ(r.Values<int32_t>("num"), (std::vector<int32_t>{2, 2}));
  EXPECT_EQ(r.Values<int32_t>("idx"), (std::vector<int32_t>{2, 1, 4, 5}));
  EXPECT_EQ(r.Values<float>("out"),
            (std::vector<float>{0, 0.6f, 0, 0, 1, 1, 1, 0.9f, 5, 5, 6, 6,
                                0, 0.7f, 2, 2, 3, 3, 1, 0.8f, 2, 2, 3, 3}));
}

TEST(MulticlassNms3, DynamicShapesAndBadInput) {
  OpRunner r("multiclass_nms3");
  NmsIO(r, {1, 1, 4}, {0, 0, 1, 1}, {1, 2, 1}, {0.1f, 0.9f});
  SetNmsAttrs(r, 0.05f, -1, 0.5f, 1.f, -1, true);
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{1, 6}));
  Tensor* b = r.Get("b");
  b->Resize({1, 2, 4});
  float* bp = b->mutable_data<float>();
  std::vector<float> nb = {0, 0, 1, 1, 3, 3, 4, 4};
  std::copy(nb.begin(), nb.end(), bp);
  Tensor* s = r.Get("s");
  s->Resize({1, 2, 2});
  float* sp = s->mutable_data<float>();
  std::vector<float> ns = {0.1f, 0.1f, 0.9f, 0.8f};
  std::copy(ns.begin(), ns.end(), sp);
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{2, 6}));
  s->Resize({1, 2, 3});
  s->mutable_data<float>();
  ExpectErrorMentions(r, {"multiclass_nms3", "BBoxes"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
