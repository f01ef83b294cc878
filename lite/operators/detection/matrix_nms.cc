// matrix_nms (SOLOv2 / PP-YOLOE / PicoDet exports): BBoxes [N, M, 4],
// Scores [N, C, M]. Per image and class (but background_label): the boxes
// scoring above score_threshold, best first (at most nms_top_k, -1 = all),
// get decayed scores: box i keeps score_i * min over the better boxes j of
// decay(iou_ij, max_iou_j), with max_iou_j the largest IoU of box j with a
// box better than it, decay = (1 - iou) / (1 - max_iou) or, with
// use_gaussian, exp((max_iou^2 - iou^2) * gaussian_sigma); boxes whose
// decayed score is <= post_threshold are dropped. The image's detections
// of all classes are ordered by decayed score and cut to keep_top_k.
// Out [K, 6] rows (class, score, x1, y1, x2, y2) with a LoD per image,
// Index [K, 1] int32 (image * M + box), RoisNum [N] int32. IoU adds 1 to
// widths and heights when `normalized` is false (pixel boxes). float32.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "lite/core/registry.h"
#include "lite/operators/detection/nms_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct MatrixNmsParam {
  const Tensor *bboxes{nullptr}, *scores{nullptr};
  Tensor *out{nullptr}, *index{nullptr}, *rois_num{nullptr};
  int64_t background{0}, nms_top_k{-1}, keep_top_k{-1};
  float score_threshold{0.f}, post_threshold{0.f}, sigma{2.f};
  bool normalized{true}, gaussian{false};
};

class MatrixNmsOp : public OperatorBase<MatrixNmsParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim &bd = p.bboxes->dims(), &sd = p.scores->dims();
    LITE_ENFORCE(bd.size() == 3 && bd[2] == 4 && sd.size() == 3 && sd[0] == bd[0] &&
                     sd[2] == bd[1],
                 "op 'matrix_nms': expected BBoxes [N, M, 4] and Scores [N, C, M], got ",
                 DimsToString(bd), " and ", DimsToString(sd));
    // The row count depends on the scores: set by the kernel.
    p.out->Resize({0, 6});
    p.out->set_dtype(DataType::kFloat32);
    p.index->Resize({0, 1});
    p.index->set_dtype(DataType::kInt32);
    if (p.rois_num) {
      p.rois_num->Resize({bd[0]});
      p.rois_num->set_dtype(DataType::kInt32);
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.bboxes = GetInput(desc, scope, "BBoxes");
    p.scores = GetInput(desc, scope, "Scores");
    p.out = GetOutput(desc, scope, "Out");
    p.index = GetOutput(desc, scope, "Index");
    p.rois_num = GetOptionalOutput(desc, scope, "RoisNum");
    p.background = desc.GetAttr<int32_t>("background_label", 0);
    p.score_threshold = desc.GetAttr<float>("score_threshold", 0.f);
    p.post_threshold = desc.GetAttr<float>("post_threshold", 0.f);
    p.nms_top_k = desc.GetAttr<int32_t>("nms_top_k", -1);
    p.keep_top_k = desc.GetAttr<int32_t>("keep_top_k", -1);
    p.normalized = desc.GetAttr<bool>("normalized", true);
    p.gaussian = desc.GetAttr<bool>("use_gaussian", false);
    p.sigma = desc.GetAttr<float>("gaussian_sigma", 2.f);
  }
};

class MatrixNmsKernel : public KernelBase<MatrixNmsParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& sd = p.scores->dims();
    const int64_t N = sd[0], C = sd[1], M = sd[2];
    const float* boxes = p.bboxes->data<float>();
    const float* scores = p.scores->data<float>();
    std::vector<float> rows;
    std::vector<int32_t> index, per_image;
    std::vector<uint64_t> lod = {0};
    for (int64_t n = 0; n < N; ++n) {
      const float* b = boxes + n * M * 4;
      std::vector<int32_t> kept_box;
      std::vector<float> kept_score, kept_class;
      for (int64_t c = 0; c < C; ++c) {
        if (c == p.background) continue;
        const float* s = scores + (n * C + c) * M;
        std::vector<int32_t> perm(M);
        std::iota(perm.begin(), perm.end(), 0);
        auto end = std::remove_if(perm.begin(), perm.end(),
                                  [&](int32_t i) { return s[i] <= p.score_threshold; });
        int64_t pre = std::distance(perm.begin(), end);
        if (pre <= 0) continue;
        if (p.nms_top_k > -1 && pre > p.nms_top_k) pre = p.nms_top_k;
        std::partial_sort(perm.begin(), perm.begin() + pre, end,
                          [&](int32_t l, int32_t r) { return s[l] > s[r]; });
        std::vector<float> iou(static_cast<size_t>(pre * (pre - 1) / 2)), iou_max(pre, 0.f);
        for (int64_t i = 1; i < pre; ++i) {
          float mx = 0.f;
          for (int64_t j = 0; j < i; ++j) {
            const float v = Iou(b + perm[i] * 4, b + perm[j] * 4, p.normalized);
            mx = std::max(mx, v);
            iou[i * (i - 1) / 2 + j] = v;
          }
          iou_max[i] = mx;
        }
        for (int64_t i = 0; i < pre; ++i) {
          float decay = 1.f;
          for (int64_t j = 0; j < i; ++j) {
            const float v = iou[i * (i - 1) / 2 + j], m = iou_max[j];
            decay = std::min(decay, p.gaussian ? std::exp((m * m - v * v) * p.sigma)
                                               : (1.f - v) / (1.f - m));
          }
          const float ds = decay * s[perm[i]];
          if (ds <= p.post_threshold) continue;
          kept_box.push_back(perm[i]);
          kept_score.push_back(ds);
          kept_class.push_back(static_cast<float>(c));
        }
      }
      size_t keep = kept_box.size();
      if (p.keep_top_k > -1) keep = std::min(keep, static_cast<size_t>(p.keep_top_k));
      std::vector<int32_t> order(kept_box.size());
      std::iota(order.begin(), order.end(), 0);
      std::partial_sort(order.begin(), order.begin() + keep, order.end(),
                        [&](int32_t l, int32_t r) { return kept_score[l] > kept_score[r]; });
      for (size_t k = 0; k < keep; ++k) {
        const int32_t o = order[k];
        const float* box = b + kept_box[o] * 4;
        rows.insert(rows.end(), {kept_class[o], kept_score[o], box[0], box[1], box[2], box[3]});
        index.push_back(static_cast<int32_t>(n * M + kept_box[o]));
      }
      per_image.push_back(static_cast<int32_t>(keep));
      lod.push_back(lod.back() + keep);
    }
    const int64_t K = static_cast<int64_t>(index.size());
    p.out->Resize({K, 6});
    std::copy(rows.begin(), rows.end(), p.out->mutable_data<float>());
    p.index->Resize({K, 1});
    std::copy(index.begin(), index.end(), p.index->mutable_data<int32_t>());
    p.out->set_lod({lod});
    p.index->set_lod({lod});
    if (p.rois_num) std::copy(per_image.begin(), per_image.end(), p.rois_num->mutable_data<int32_t>());
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(MatrixNmsOp)
LITE_KERNEL_CLASS(MatrixNmsKernel)
