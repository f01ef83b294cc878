// generate_proposals (v1: ImInfo [N, 3] = h, w, scale) and
// generate_proposals_v2 (ImShape [N, 2] = h, w; pixel_offset): the RPN's
// proposals. Per image: the A * H * W anchors (Anchors/Variances [H, W, A,
// 4]) ranked by Scores [N, A, H, W] (the best pre_nms_topN, <= 0 = all),
// decoded with BboxDeltas [N, 4A, H, W] (centre-size coding, the size
// deltas clipped at log(1000 / 16), +1 pixel widths with pixel_offset),
// clipped to the image, filtered by min_size (>= 1; v1 measures the size
// in the original image, / scale; with pixel_offset the box centre must lie
// in the image), then greedy NMS at nms_thresh (eta < 1 lowers the threshold
// after each kept box while it is above 0.5; nms_thresh <= 0: no NMS) and
// the best post_nms_topN. An image with no box left yields one zero box of
// score 0, as Paddle does. RpnRois [K, 4] and RpnRoiProbs [K, 1] carry a
// LoD per image; RpnRoisNum [N] int32. float32.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct ProposalsParam {
  const Tensor *scores{nullptr}, *deltas{nullptr}, *im{nullptr}, *anchors{nullptr},
      *variances{nullptr};
  Tensor *rois{nullptr}, *probs{nullptr}, *rois_num{nullptr};
  int pre_top{6000}, post_top{1000};
  float nms_thresh{0.5f}, min_size{0.1f}, eta{1.f};
  bool v2{false}, pixel_offset{true};
};

class ProposalsOp : public OperatorBase<ProposalsParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    const DDim &sd = p.scores->dims(), &dd = p.deltas->dims(), &ad = p.anchors->dims();
    LITE_ENFORCE(sd.size() == 4 && dd.size() == 4 && dd[0] == sd[0] && dd[1] == 4 * sd[1] &&
                     dd[2] == sd[2] && dd[3] == sd[3],
                 "op '", op, "': expected Scores [N, A, H, W] and BboxDeltas [N, 4A, H, W], got ",
                 DimsToString(sd), " and ", DimsToString(dd));
    const int64_t anchors = sd[1] * sd[2] * sd[3];
    LITE_ENFORCE(p.anchors->numel() == anchors * 4 && p.variances->numel() == anchors * 4,
                 "op '", op, "': Anchors ", DimsToString(ad), " and Variances ",
                 DimsToString(p.variances->dims()), " must hold ", anchors, " boxes ([H, W, A, 4])");
    const int64_t cols = p.v2 ? 2 : 3;
    LITE_ENFORCE(p.im->dims().size() == 2 && p.im->dims()[0] == sd[0] && p.im->dims()[1] >= cols,
                 "op '", op, "': input '", p.v2 ? "ImShape" : "ImInfo", "' must be [N, ", cols,
                 "], got ", DimsToString(p.im->dims()));
    // The row count depends on the values: set by the kernel.
    p.rois->Resize({0, 4});
    p.rois->set_dtype(DataType::kFloat32);
    p.probs->Resize({0, 1});
    p.probs->set_dtype(DataType::kFloat32);
    if (p.rois_num) {
      p.rois_num->Resize({sd[0]});
      p.rois_num->set_dtype(DataType::kInt32);
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.v2 = desc.Type() == "generate_proposals_v2";
    p.scores = GetInput(desc, scope, "Scores");
    p.deltas = GetInput(desc, scope, "BboxDeltas");
    p.im = GetInput(desc, scope, p.v2 ? "ImShape" : "ImInfo");
    p.anchors = GetInput(desc, scope, "Anchors");
    p.variances = GetInput(desc, scope, "Variances");
    p.rois = GetOutput(desc, scope, "RpnRois");
    p.probs = GetOutput(desc, scope, "RpnRoiProbs");
    p.rois_num = GetOptionalOutput(desc, scope, "RpnRoisNum");
    p.pre_top = desc.GetAttr<int32_t>("pre_nms_topN", 6000);
    p.post_top = desc.GetAttr<int32_t>("post_nms_topN", 1000);
    p.nms_thresh = desc.GetAttr<float>("nms_thresh", 0.5f);
    p.min_size = desc.GetAttr<float>("min_size", 0.1f);
    p.eta = desc.GetAttr<float>("eta", 1.f);
    p.pixel_offset = p.v2 ? desc.GetAttr<bool>("pixel_offset", true) : true;
  }
};

float BoxArea(const float* b, bool normalized) {
  if (b[2] < b[0] || b[3] < b[1]) return 0.f;
  const float w = b[2] - b[0], h = b[3] - b[1];
  return normalized ? w * h : (w + 1) * (h + 1);
}

float Overlap(const float* a, const float* b, bool normalized) {
  if (b[0] > a[2] || b[2] < a[0] || b[1] > a[3] || b[3] < a[1]) return 0.f;
  const float add = normalized ? 0.f : 1.f;
  const float inter = (std::min(a[2], b[2]) - std::max(a[0], b[0]) + add) *
                      (std::min(a[3], b[3]) - std::max(a[1], b[1]) + add);
  return inter / (BoxArea(a, normalized) + BoxArea(b, normalized) - inter);
}

class ProposalsKernel : public KernelBase<ProposalsParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& sd = p.scores->dims();
    const int64_t N = sd[0], A = sd[1], H = sd[2], W = sd[3], K = A * H * W;
    const float* scores = p.scores->data<float>();
    const float* deltas = p.deltas->data<float>();
    const float* anchors = p.anchors->data<float>();
    const float* vars = p.variances->data<float>();
    const float* im = p.im->data<float>();
    const int64_t im_cols = p.im->dims()[1];
    const float offset = p.pixel_offset ? 1.f : 0.f;
    const float clip = static_cast<float>(std::log(1000.0 / 16.0));
    std::vector<float> all_rois, all_probs;
    std::vector<int32_t> counts;
    std::vector<uint64_t> lod = {0};
    for (int64_t n = 0; n < N; ++n) {
      // Scores and deltas in anchor order (h, w, a), as Anchors.
      std::vector<float> s(K), d(K * 4);
      for (int64_t a = 0; a < A; ++a)
        for (int64_t h = 0; h < H; ++h)
          for (int64_t w = 0; w < W; ++w) {
            const int64_t k = (h * W + w) * A + a;
            s[k] = scores[((n * A + a) * H + h) * W + w];
            for (int c = 0; c < 4; ++c) d[k * 4 + c] = deltas[((n * 4 * A + a * 4 + c) * H + h) * W + w];
          }
      std::vector<int> order(K);
      std::iota(order.begin(), order.end(), 0);
      auto better = [&](int i, int j) { return s[i] > s[j]; };
      int64_t take = K;
      if (p.pre_top <= 0 || p.pre_top >= K) {
        std::stable_sort(order.begin(), order.end(), better);
      } else {
        std::nth_element(order.begin(), order.begin() + p.pre_top, order.end(), better);
        take = p.pre_top;
      }
      const float* info = im + n * im_cols;
      const float im_h = info[0], im_w = info[1], scale = p.v2 ? 1.f : info[2];
      std::vector<float> boxes, box_scores;
      const float min_size = std::max(p.min_size, 1.0f);
      for (int64_t t = 0; t < take; ++t) {
        const int k = order[t];
        const float* an = anchors + k * 4;
        const float* v = vars + k * 4;
        const float* dl = d.data() + k * 4;
        const float aw = an[2] - an[0] + offset, ah = an[3] - an[1] + offset;
        const float acx = an[0] + 0.5 * aw, acy = an[1] + 0.5 * ah;
        const float cx = v[0] * dl[0] * aw + acx, cy = v[1] * dl[1] * ah + acy;
        const float bw = std::exp(std::min<float>(v[2] * dl[2], clip)) * aw;
        const float bh = std::exp(std::min<float>(v[3] * dl[3], clip)) * ah;
        float b[4] = {cx - bw / 2, cy - bh / 2, cx + bw / 2 - offset, cy + bh / 2 - offset};
        for (int c = 0; c < 4; ++c) b[c] = std::max(std::min(b[c], (c % 2 ? im_h : im_w) - offset), 0.f);
        float ws = b[2] - b[0] + offset, hs = b[3] - b[1] + offset;
        bool keep;
        if (p.pixel_offset) {
          const float x_ctr = b[0] + ws / 2, y_ctr = b[1] + hs / 2;
          if (!p.v2) {
            ws = (b[2] - b[0]) / scale + 1;
            hs = (b[3] - b[1]) / scale + 1;
          }
          keep = ws >= min_size && hs >= min_size && x_ctr <= im_w && y_ctr <= im_h;
        } else {
          keep = ws >= min_size && hs >= min_size;
        }
        if (!keep) continue;
        boxes.insert(boxes.end(), b, b + 4);
        box_scores.push_back(s[k]);
      }
      std::vector<int> picked;
      const int64_t m = static_cast<int64_t>(box_scores.size());
      if (m == 0) {
        all_rois.insert(all_rois.end(), {0.f, 0.f, 0.f, 0.f});
        all_probs.push_back(0.f);
        counts.push_back(1);
        lod.push_back(lod.back() + 1);
        continue;
      }
      if (p.nms_thresh <= 0) {
        picked.resize(m);
        std::iota(picked.begin(), picked.end(), 0);
      } else {
        // Ascending by score (stable), the best taken from the back.
        std::vector<std::pair<float, int>> ranked;
        for (int64_t i = 0; i < m; ++i) ranked.emplace_back(box_scores[i], static_cast<int>(i));
        std::stable_sort(ranked.begin(), ranked.end(),
                         [](const auto& l, const auto& r) { return l.first < r.first; });
        float threshold = p.nms_thresh;
        while (!ranked.empty()) {
          const int i = ranked.back().second;
          bool ok = true;
          for (int j : picked) {
            if (Overlap(&boxes[i * 4], &boxes[j * 4], !p.pixel_offset) > threshold) {
              ok = false;
              break;
            }
          }
          if (ok) picked.push_back(i);
          ranked.pop_back();
          if (ok && p.eta < 1 && threshold > 0.5f) threshold *= p.eta;
        }
        if (p.post_top > 0 && p.post_top < static_cast<int>(picked.size())) picked.resize(p.post_top);
      }
      for (int i : picked) {
        all_rois.insert(all_rois.end(), &boxes[i * 4], &boxes[i * 4] + 4);
        all_probs.push_back(box_scores[i]);
      }
      counts.push_back(static_cast<int32_t>(picked.size()));
      lod.push_back(lod.back() + picked.size());
    }
    const int64_t total = static_cast<int64_t>(all_probs.size());
    p.rois->Resize({total, 4});
    std::copy(all_rois.begin(), all_rois.end(), p.rois->mutable_data<float>());
    p.probs->Resize({total, 1});
    std::copy(all_probs.begin(), all_probs.end(), p.probs->mutable_data<float>());
    p.rois->set_lod({lod});
    p.probs->set_lod({lod});
    if (p.rois_num) std::copy(counts.begin(), counts.end(), p.rois_num->mutable_data<int32_t>());
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ProposalsOp)
LITE_KERNEL_CLASS(ProposalsKernel)
