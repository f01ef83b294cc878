// FPN two-stage detectors' proposal routing:
// collect_fpn_proposals: the ROIs of every level (MultiLevelRois [Ri, 4] and
//   MultiLevelScores [Ri, 1], images from MultiLevelRoIsNum or the LoDs) are
//   ranked by score (stable), the best post_nms_topN kept and regrouped by
//   image: FpnRois [K, 4] with a LoD per image and RoisNum [N] int32.
// distribute_fpn_proposals: each ROI of FpnRois (images from RoisNum or the
//   LoD) goes to level floor(log2(sqrt(area) / refer_scale + 1e-6) +
//   refer_level) clamped to [min_level, max_level] (area with +1 pixel
//   sides when pixel_offset); MultiFpnRois[l] keep the input order with a
//   LoD per image, MultiLevelRoIsNum[l] [N] int32, and RestoreIndex [R, 1]
//   gives each input ROI's row in the levels' concatenation.
// float32.
#include <algorithm>
#include <cmath>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

// Image offsets of the rows of `t`: from `counts` (int32 per image) when
// given, else t's LoD, else one image.
std::vector<uint64_t> ImageOffsets(const Tensor& t, const Tensor* counts, const std::string& what) {
  std::vector<uint64_t> off = {0};
  if (counts) {
    for (int64_t c : ReadInts(*counts, what)) off.push_back(off.back() + static_cast<uint64_t>(c));
  } else if (!t.lod().empty()) {
    off = t.lod().back();
  } else {
    off.push_back(static_cast<uint64_t>(t.dims().empty() ? 0 : t.dims()[0]));
  }
  LITE_ENFORCE(off.back() == static_cast<uint64_t>(t.dims().empty() ? 0 : t.dims()[0]), what,
               ": the image counts cover ", off.back(), " rows of ", DimsToString(t.dims()));
  return off;
}

struct FpnParam {
  bool distribute{false};
  std::vector<Tensor*> level_rois, level_scores, level_nums;  // collect inputs / distribute outputs
  const Tensor *rois{nullptr}, *rois_num{nullptr};            // distribute inputs
  Tensor *out{nullptr}, *out_num{nullptr};                    // collect outputs / RestoreIndex
  int post_top{-1};
  int min_level{2}, max_level{5}, refer_level{4}, refer_scale{224};
  bool pixel_offset{true};
};

class FpnOp : public OperatorBase<FpnParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    if (!p.distribute) {
      LITE_ENFORCE(!p.level_rois.empty() && p.level_rois.size() == p.level_scores.size() &&
                       (p.level_nums.empty() || p.level_nums.size() == p.level_rois.size()),
                   "op '", op, "': ", p.level_rois.size(), " MultiLevelRois, ",
                   p.level_scores.size(), " MultiLevelScores and ", p.level_nums.size(),
                   " MultiLevelRoIsNum must match");
      p.out->Resize({0, 4});
      p.out->set_dtype(DataType::kFloat32);
      if (p.out_num) p.out_num->set_dtype(DataType::kInt32);
      return;
    }
    LITE_ENFORCE(p.min_level <= p.max_level && static_cast<int>(p.level_rois.size()) ==
                                                   p.max_level - p.min_level + 1,
                 "op '", op, "': ", p.level_rois.size(), " MultiFpnRois outputs for levels ",
                 p.min_level, "..", p.max_level);
    LITE_ENFORCE(p.refer_scale > 0, "op '", op, "': attribute 'refer_scale' must be positive");
    const DDim& d = p.rois->dims();
    LITE_ENFORCE(d.size() == 2 && d[1] == 4, "op '", op, "': input 'FpnRois' must be [R, 4], got ",
                 DimsToString(d));
    p.out->Resize({d[0], 1});
    p.out->set_dtype(DataType::kInt32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.distribute = desc.Type() == "distribute_fpn_proposals";
    if (!p.distribute) {
      p.level_rois = GetInputList(desc, scope, "MultiLevelRois");
      p.level_scores = GetInputList(desc, scope, "MultiLevelScores");
      p.level_nums = GetOptionalInputList(desc, scope, "MultiLevelRoIsNum");
      p.out = GetOutput(desc, scope, "FpnRois");
      p.out_num = GetOptionalOutput(desc, scope, "RoisNum");
      p.post_top = desc.GetAttr<int32_t>("post_nms_topN", -1);
      return;
    }
    p.rois = GetInput(desc, scope, "FpnRois");
    p.rois_num = GetOptionalInput(desc, scope, "RoisNum");
    p.level_rois = GetOutputList(desc, scope, "MultiFpnRois");
    p.out = GetOutput(desc, scope, "RestoreIndex");
    if (desc.HasOutput("MultiLevelRoIsNum") && !desc.Output("MultiLevelRoIsNum").empty()) {
      p.level_nums = GetOutputList(desc, scope, "MultiLevelRoIsNum");
    }
    p.min_level = desc.GetAttr<int32_t>("min_level", 2);
    p.max_level = desc.GetAttr<int32_t>("max_level", 5);
    p.refer_level = desc.GetAttr<int32_t>("refer_level", 4);
    p.refer_scale = desc.GetAttr<int32_t>("refer_scale", 224);
    p.pixel_offset = desc.GetAttr<bool>("pixel_offset", true);
  }
};

class FpnKernel : public KernelBase<FpnParam> {
 public:
  void Run(const RunContext&) override {
    if (param().distribute) {
      Distribute();
    } else {
      Collect();
    }
  }

 private:
  void Collect() {
    auto& p = param();
    struct Item { float score; size_t image, level; int64_t row; };
    std::vector<Item> items;
    size_t images = 0;
    for (size_t l = 0; l < p.level_rois.size(); ++l) {
      const Tensor& r = *p.level_rois[l];
      auto off = ImageOffsets(r, p.level_nums.empty() ? nullptr : p.level_nums[l],
                              "op 'collect_fpn_proposals': MultiLevelRois[" + std::to_string(l) + "]");
      LITE_ENFORCE(p.level_scores[l]->numel() == (r.dims().empty() ? 0 : r.dims()[0]),
                   "op 'collect_fpn_proposals': MultiLevelScores[", l, "] has ",
                   p.level_scores[l]->numel(), " scores for ", DimsToString(r.dims()), " ROIs");
      images = std::max(images, off.size() - 1);
      const float* s = p.level_scores[l]->data<float>();
      for (size_t img = 0; img + 1 < off.size(); ++img)
        for (uint64_t k = off[img]; k < off[img + 1]; ++k) items.push_back({s[k], img, l, static_cast<int64_t>(k)});
    }
    std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.score > b.score; });
    size_t keep = items.size();
    if (p.post_top >= 0) keep = std::min(keep, static_cast<size_t>(p.post_top));
    items.resize(keep);
    std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.image < b.image; });
    p.out->Resize({static_cast<int64_t>(keep), 4});
    float* o = p.out->mutable_data<float>();
    std::vector<uint64_t> lod(images + 1, 0);
    for (size_t i = 0; i < keep; ++i) {
      std::copy_n(p.level_rois[items[i].level]->data<float>() + items[i].row * 4, 4, o + i * 4);
      ++lod[items[i].image + 1];
    }
    for (size_t i = 1; i <= images; ++i) lod[i] += lod[i - 1];
    p.out->set_lod({lod});
    if (p.out_num) {
      p.out_num->Resize({static_cast<int64_t>(images)});
      int32_t* n = p.out_num->mutable_data<int32_t>();
      for (size_t i = 0; i < images; ++i) n[i] = static_cast<int32_t>(lod[i + 1] - lod[i]);
    }
  }

  void Distribute() {
    auto& p = param();
    const auto off = ImageOffsets(*p.rois, p.rois_num, "op 'distribute_fpn_proposals': FpnRois");
    const int64_t R = p.rois->dims()[0];
    const int levels = p.max_level - p.min_level + 1;
    const float* rois = p.rois->data<float>();
    std::vector<int> level(R);
    std::vector<int64_t> per_level(levels, 0);
    for (int64_t i = 0; i < R; ++i) {
      const float* b = rois + i * 4;
      float area = 0.f;
      if (!(b[2] < b[0] || b[3] < b[1])) {
        const float w = b[2] - b[0], h = b[3] - b[1];
        area = p.pixel_offset ? (w + 1) * (h + 1) : w * h;
      }
      const float scale = std::sqrt(area);
      int l = static_cast<int>(std::floor(std::log2(scale / p.refer_scale + 1e-6f) + p.refer_level));
      l = std::min(p.max_level, std::max(l, p.min_level));
      level[i] = l - p.min_level;
      ++per_level[level[i]];
    }
    const size_t images = off.size() - 1;
    std::vector<float*> dst(levels);
    std::vector<std::vector<uint64_t>> lods(levels, std::vector<uint64_t>(images + 1, 0));
    std::vector<int64_t> start(levels + 1, 0);
    for (int l = 0; l < levels; ++l) {
      p.level_rois[l]->Resize({per_level[l], 4});
      p.level_rois[l]->set_dtype(DataType::kFloat32);
      dst[l] = p.level_rois[l]->mutable_data<float>();
      start[l + 1] = start[l] + per_level[l];
    }
    int32_t* restore = p.out->mutable_data<int32_t>();
    std::vector<int64_t> written(levels, 0);
    for (size_t img = 0; img < images; ++img) {
      for (uint64_t i = off[img]; i < off[img + 1]; ++i) {
        const int l = level[i];
        std::copy_n(rois + i * 4, 4, dst[l] + written[l] * 4);
        restore[i] = static_cast<int32_t>(start[l] + written[l]);
        ++written[l];
      }
      for (int l = 0; l < levels; ++l) lods[l][img + 1] = static_cast<uint64_t>(written[l]);
    }
    for (int l = 0; l < levels; ++l) {
      p.level_rois[l]->set_lod({lods[l]});
      if (l < static_cast<int>(p.level_nums.size())) {
        Tensor* n = p.level_nums[l];
        n->Resize({static_cast<int64_t>(images)});
        int32_t* nd = n->mutable_data<int32_t>();
        for (size_t img = 0; img < images; ++img) nd[img] = static_cast<int32_t>(lods[l][img + 1] - lods[l][img]);
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(FpnOp)
LITE_KERNEL_CLASS(FpnKernel)
