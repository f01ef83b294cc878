// multiclass_nms / multiclass_nms2 / multiclass_nms3 (Paddle semantics,
// float32, 4-value boxes [x1, y1, x2, y2]).
// Inputs: BBoxes [N, M, 4] with Scores [N, C, M] (per image), or BBoxes
//   [M, C, 4] with Scores [M, C] split into images by RoisNum (nms3) or the
//   LoD of BBoxes.
// Per image and class c != background_label: boxes with score >
//   score_threshold, sorted by score (stable, descending), the first nms_top_k
//   (-1 = all); greedy NMS keeps a box if its IoU with every kept box is <=
//   the adaptive threshold (starts at nms_threshold; after each kept box,
//   multiplied by nms_eta while eta < 1 and threshold > 0.5). IoU adds 1 to
//   widths/heights when !normalized. If more than keep_top_k (> -1) boxes
//   survive, the keep_top_k best (stable by score) are kept. Output rows are
//   ordered by class, then (3-D case) NMS order / (2-D case) box index.
// Out [K, 6] = label, score, x1, y1, x2, y2, LoD = per-image offsets;
// Index [K, 1] int32 (image offset * M + box; 2-D: row * C + class);
// NmsRoisNum [N] int32. No detection at all: Out [0, 6] and Index [0, 1]
// when Index is an output, else (multiclass_nms) Out [1, 1] = -1.
#include <algorithm>
#include <map>

#include "lite/core/registry.h"
#include "lite/operators/detection/nms_common.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct NmsParam {
  const Tensor* bboxes{nullptr};
  const Tensor* scores{nullptr};
  const Tensor* rois_num{nullptr};
  Tensor* out{nullptr};
  Tensor* index{nullptr};
  Tensor* nms_rois_num{nullptr};
  int background_label{0};
  float score_threshold{0};
  int nms_top_k{-1};
  float nms_threshold{0.3f};
  float nms_eta{1.f};
  int keep_top_k{-1};
  bool normalized{true};
};

class MulticlassNmsOp : public OperatorBase<NmsParam> {
 public:
  void InferShape() override {
    const auto& p = param_;
    const DDim& b = p.bboxes->dims();
    const DDim& s = p.scores->dims();
    const std::string& op = type();
    LITE_ENFORCE(p.bboxes->dtype() == DataType::kFloat32 && p.scores->dtype() == DataType::kFloat32,
                 "op '", op, "': BBoxes and Scores must be float32");
    if (s.size() == 3) {
      LITE_ENFORCE(b.size() == 3 && b[0] == s[0] && b[1] == s[2] && b[2] == 4, "op '", op,
                   "': BBoxes must be [N, M, 4] matching Scores [N, C, M] = ",
                   DimsToString(s), ", got ", DimsToString(b),
                   " (only 4-value boxes are supported)");
    } else {
      LITE_ENFORCE(s.size() == 2 && b.size() == 3 && b[0] == s[0] && b[1] == s[1] && b[2] == 4,
                   "op '", op, "': expected Scores [N, C, M] with BBoxes [N, M, 4], or "
                   "Scores [M, C] with BBoxes [M, C, 4]; got Scores ", DimsToString(s),
                   " and BBoxes ", DimsToString(b));
      LITE_ENFORCE(p.rois_num || !p.bboxes->lod().empty(), "op '", op,
                   "': 2-D Scores need input RoisNum or a LoD on BBoxes");
    }
    // The real output size is only known after running NMS.
    p.out->Resize({0, 6});
    p.out->set_dtype(DataType::kFloat32);
    if (p.index) {
      p.index->Resize({0, 1});
      p.index->set_dtype(DataType::kInt32);
    }
    if (p.nms_rois_num) p.nms_rois_num->set_dtype(DataType::kInt32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.bboxes = GetInput(desc, scope, "BBoxes");
    p.scores = GetInput(desc, scope, "Scores");
    p.rois_num = GetOptionalInput(desc, scope, "RoisNum");
    p.out = GetOutput(desc, scope, "Out");
    p.index = GetOptionalOutput(desc, scope, "Index");
    p.nms_rois_num = GetOptionalOutput(desc, scope, "NmsRoisNum");
    p.background_label = desc.GetAttr<int32_t>("background_label", 0);
    p.score_threshold = desc.GetAttr<float>("score_threshold");
    p.nms_top_k = desc.GetAttr<int32_t>("nms_top_k");
    p.nms_threshold = desc.GetAttr<float>("nms_threshold", 0.3f);
    p.nms_eta = desc.GetAttr<float>("nms_eta", 1.f);
    p.keep_top_k = desc.GetAttr<int32_t>("keep_top_k");
    p.normalized = desc.GetAttr<bool>("normalized", true);
  }
};

class MulticlassNmsKernel : public KernelBase<NmsParam> {
 public:
  void Run(const RunContext&) override {
    const auto& p = param();
    const DDim& sd = p.scores->dims();
    const bool per_image = sd.size() == 3;
    const float* scores = p.scores->data<float>();
    const float* boxes = p.bboxes->data<float>();
    // Image ranges (2-D case) from RoisNum or the BBoxes LoD.
    std::vector<int64_t> starts;
    int64_t n = 0;
    if (per_image) {
      n = sd[0];
    } else {
      starts.push_back(0);
      if (p.rois_num) {
        for (int64_t v : ReadInts(*p.rois_num, "op 'multiclass_nms3': input 'RoisNum'")) {
          starts.push_back(starts.back() + v);
        }
      } else {
        for (size_t i = 1; i < p.bboxes->lod().back().size(); ++i) {
          starts.push_back(static_cast<int64_t>(p.bboxes->lod().back()[i]));
        }
      }
      n = static_cast<int64_t>(starts.size()) - 1;
      LITE_ENFORCE(starts.back() <= sd[0], "op 'multiclass_nms': RoisNum/LoD covers ",
                   starts.back(), " boxes but Scores has ", sd[0]);
    }
    const int64_t C = sd[1];  // classes (both layouts)
    struct Det {
      float row[6];
      int32_t index;
    };
    std::vector<Det> dets;
    std::vector<size_t> batch_starts = {0};
    for (int64_t i = 0; i < n; ++i) {
      const int64_t m = per_image ? sd[2] : starts[i + 1] - starts[i];
      // Accessors for image i.
      auto score = [&](int64_t c, int64_t k) {
        return per_image ? scores[(i * C + c) * m + k] : scores[(starts[i] + k) * C + c];
      };
      auto box = [&](int64_t c, int64_t k) {
        return per_image ? boxes + (i * m + k) * 4 : boxes + ((starts[i] + k) * C + c) * 4;
      };
      std::map<int, std::vector<int>> kept;
      int num_det = 0;
      for (int64_t c = 0; c < C && m > 0; ++c) {
        if (c == p.background_label) continue;
        std::vector<std::pair<float, int>> cand;
        for (int64_t k = 0; k < m; ++k) {
          if (score(c, k) > p.score_threshold) cand.emplace_back(score(c, k), static_cast<int>(k));
        }
        SortByScoreDesc(&cand);
        if (p.nms_top_k > -1 && p.nms_top_k < static_cast<int>(cand.size())) {
          cand.resize(p.nms_top_k);
        }
        std::vector<int>& sel = kept[static_cast<int>(c)];
        sel = GreedyNms(cand, [&](int k) { return box(c, k); }, p.normalized, p.nms_threshold,
                        p.nms_eta);
        if (!per_image) std::stable_sort(sel.begin(), sel.end());
        num_det += static_cast<int>(sel.size());
      }
      if (p.keep_top_k > -1 && num_det > p.keep_top_k) {
        std::vector<std::pair<float, std::pair<int, int>>> all;
        for (auto& kv : kept) {
          for (int k : kv.second) all.push_back({score(kv.first, k), {kv.first, k}});
        }
        std::stable_sort(all.begin(), all.end(),
                         [](const auto& a, const auto& b) { return a.first > b.first; });
        all.resize(p.keep_top_k);
        std::map<int, std::vector<int>> top;
        for (auto& a : all) top[a.second.first].push_back(a.second.second);
        if (!per_image) {
          for (auto& kv : top) std::stable_sort(kv.second.begin(), kv.second.end());
        }
        kept.swap(top);
      }
      for (auto& kv : kept) {
        for (int k : kv.second) {
          Det d;
          d.row[0] = static_cast<float>(kv.first);
          d.row[1] = score(kv.first, k);
          std::copy(box(kv.first, k), box(kv.first, k) + 4, d.row + 2);
          d.index = per_image ? static_cast<int32_t>(i * m + k)
                              : static_cast<int32_t>((starts[i] + k) * C + kv.first);
          dets.push_back(d);
        }
      }
      batch_starts.push_back(dets.size());
    }
    const std::vector<size_t> image_starts = batch_starts;
    const int64_t kept_total = static_cast<int64_t>(dets.size());
    if (kept_total == 0 && !p.index) {
      p.out->Resize({1, 1});
      p.out->mutable_data<float>()[0] = -1.f;
      batch_starts = {0, 1};
    } else {
      p.out->Resize({kept_total, 6});
      float* o = p.out->mutable_data<float>();
      for (int64_t r = 0; r < kept_total; ++r) std::copy(dets[r].row, dets[r].row + 6, o + r * 6);
      if (p.index) {
        p.index->Resize({kept_total, 1});
        int32_t* idx = p.index->mutable_data<int32_t>();
        for (int64_t r = 0; r < kept_total; ++r) idx[r] = dets[r].index;
      }
    }
    LoD lod(1);
    for (size_t s : batch_starts) lod[0].push_back(s);
    p.out->set_lod(lod);
    if (p.index) p.index->set_lod(lod);
    if (p.nms_rois_num) {
      p.nms_rois_num->Resize({n});
      int32_t* nr = p.nms_rois_num->mutable_data<int32_t>();
      for (int64_t i = 0; i < n; ++i) {
        nr[i] = static_cast<int32_t>(image_starts[i + 1] - image_starts[i]);
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(MulticlassNmsOp)
LITE_KERNEL_CLASS(MulticlassNmsKernel)
