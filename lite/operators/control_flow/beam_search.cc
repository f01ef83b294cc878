// beam_search: one step of beam search over a 2-level LoD batch, as Paddle's
// beam_search op (Paddle Lite's host kernel) defines it.
//   pre_ids [N, 1] int64, pre_scores [N, 1] float: the N prefixes (beam
//     branches) of the previous step; a prefix whose id is end_id is
//     finished.
//   scores [N, K] float (LoD): K candidate scores per prefix; ids [N, K]
//     int64 (optional): their token ids (absent: the column index).
//     is_accumulated (default true): scores already include the prefix's
//     score; false: score = pre_score + log(scores).
//   LoD: level `level` of scores' LoD (made absolute) groups the N prefixes
//     by source sentence.
// For every source, the beam_size best (score, then the larger prefix row)
// candidates of its prefixes are kept; a finished prefix offers only itself
// (end_id, its pre_score). A source whose kept candidates are all end_id
// coming from finished prefixes is pruned (gives no row): it ended a step
// earlier. Outputs: selected_ids [M, 1] int64, selected_scores [M, 1] float
// with LoD [[absolute source offsets of the prefixes], [prefix -> rows]],
// grouped by prefix row; parent_idx [M] int32 (optional): each row's prefix.
#include <algorithm>
#include <cmath>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct BeamSearchParam {
  const Tensor* pre_ids{nullptr};
  const Tensor* pre_scores{nullptr};
  const Tensor* ids{nullptr};  // optional
  const Tensor* scores{nullptr};
  Tensor* selected_ids{nullptr};
  Tensor* selected_scores{nullptr};
  Tensor* parent_idx{nullptr};  // optional
  std::string scores_name;
  int level{0};
  int beam_size{1};
  int64_t end_id{0};
  bool is_accumulated{true};
};

struct Candidate {
  size_t prefix;  // row of the prefix (pre_ids row)
  int64_t id;
  float score;
};

// Paddle's order: the higher score first; on equal scores the later prefix.
bool Better(const Candidate& a, const Candidate& b) {
  return a.score > b.score || (a.score == b.score && a.prefix > b.prefix);
}

// Level `level` of `lod` as absolute row offsets (each higher level mapped
// through the levels below it).
std::vector<uint64_t> AbsoluteLevel(const LoD& lod, size_t level) {
  std::vector<uint64_t> offsets = lod[level];
  for (size_t l = level + 1; l < lod.size(); ++l) {
    for (auto& o : offsets) o = lod[l][o];
  }
  return offsets;
}

class BeamSearchOp : public OperatorBase<BeamSearchParam> {
 public:
  void InferShape() override {
    // The row count depends on the data: the kernel sets the dims.
    param_.selected_ids->set_dtype(DataType::kInt64);
    param_.selected_scores->set_dtype(DataType::kFloat32);
    if (param_.parent_idx) param_.parent_idx->set_dtype(DataType::kInt32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.pre_ids = GetInput(desc, scope, "pre_ids");
    p.pre_scores = GetInput(desc, scope, "pre_scores");
    p.ids = GetOptionalInput(desc, scope, "ids");
    p.scores = GetInput(desc, scope, "scores");
    p.scores_name = desc.Input("scores")[0];
    p.selected_ids = GetOutput(desc, scope, "selected_ids");
    p.selected_scores = GetOutput(desc, scope, "selected_scores");
    p.parent_idx = GetOptionalOutput(desc, scope, "parent_idx");
    p.level = desc.GetAttr<int32_t>("level", 0);
    p.beam_size = desc.GetAttr<int32_t>("beam_size");
    p.end_id = desc.GetAttr<int32_t>("end_id");
    p.is_accumulated = desc.GetAttr<bool>("is_accumulated", true);
    LITE_ENFORCE(p.beam_size >= 1, "op 'beam_search': attribute 'beam_size' = ", p.beam_size,
                 " must be >= 1");
  }
};

class BeamSearchKernel : public KernelBase<BeamSearchParam> {
 public:
  void Run(const RunContext&) override {
    const auto& p = param();
    const LoD& lod = p.scores->lod();
    const DDim& sd = p.scores->dims();
    LITE_ENFORCE(p.level >= 0 && static_cast<size_t>(p.level) < lod.size(),
                 "op 'beam_search': input 'scores' (variable '", p.scores_name, "') has ",
                 lod.size(), " LoD levels; attribute 'level' = ", p.level,
                 " needs a LoD grouping its rows by source sentence");
    LITE_ENFORCE(!sd.empty() && p.scores->dtype() == DataType::kFloat32,
                 "op 'beam_search': input 'scores' (variable '", p.scores_name,
                 "') must be a float tensor [prefixes, candidates], got dims ",
                 DimsToString(sd));
    const auto rows = static_cast<size_t>(sd[0]);
    const size_t width = rows == 0 ? 0 : static_cast<size_t>(p.scores->numel()) / rows;
    CheckLoD("op 'beam_search': input 'scores' (variable '" + p.scores_name + "')", lod,
             static_cast<int64_t>(rows));
    const std::vector<uint64_t> sources = AbsoluteLevel(lod, p.level);
    CheckRows(*p.pre_ids, DataType::kInt64, rows, "pre_ids");
    CheckRows(*p.pre_scores, DataType::kFloat32, rows, "pre_scores");
    if (p.ids) {
      LITE_ENFORCE(p.ids->dims() == sd && p.ids->dtype() == DataType::kInt64,
                   "op 'beam_search': input 'ids' must be int64 with the dims of 'scores' ",
                   DimsToString(sd), ", got ", DimsToString(p.ids->dims()));
    }
    // The kept candidates of each prefix row, in rank order within a source.
    std::vector<std::vector<Candidate>> by_prefix(rows);
    for (size_t s = 0; s + 1 < sources.size(); ++s) {
      std::vector<Candidate> top = SelectTop(p, sources[s], sources[s + 1], width);
      bool ended = true;
      for (const Candidate& c : top) {
        ended = ended && c.id == p.end_id && p.pre_ids->data<int64_t>()[c.prefix] == p.end_id;
      }
      if (ended) continue;  // every branch of this source finished a step ago
      for (const Candidate& c : top) by_prefix[c.prefix].push_back(c);
    }
    Write(p, by_prefix, sources);
  }

 private:
  static void CheckRows(const Tensor& t, DataType type, size_t rows, const char* slot) {
    LITE_ENFORCE(t.dtype() == type && static_cast<size_t>(t.numel()) == rows,
                 "op 'beam_search': input '", slot, "' must be ", DataTypeName(type),
                 " with one value per row of 'scores' (", rows, "), got ",
                 DataTypeName(t.dtype()), " with dims ", DimsToString(t.dims()));
  }

  static std::vector<Candidate> SelectTop(const BeamSearchParam& p, size_t begin, size_t end,
                                          size_t width) {
    const int64_t* pre_ids = p.pre_ids->data<int64_t>();
    const float* pre_scores = p.pre_scores->data<float>();
    const float* scores = p.scores->data<float>();
    const int64_t* ids = p.ids ? p.ids->data<int64_t>() : nullptr;
    std::vector<Candidate> top;
    const auto beam = static_cast<size_t>(p.beam_size);
    for (size_t row = begin; row < end; ++row) {
      if (pre_ids[row] == p.end_id) {  // finished: all its mass on end_id
        Insert(&top, {row, p.end_id, pre_scores[row]}, beam);
        continue;
      }
      for (size_t d = 0; d < width; ++d) {
        const size_t i = row * width + d;
        const float s = p.is_accumulated ? scores[i] : pre_scores[row] + std::log(scores[i]);
        Insert(&top, {row, ids ? ids[i] : static_cast<int64_t>(d), s}, beam);
      }
    }
    return top;
  }

  // Keeps `top` the best `beam` candidates seen, best first; a candidate
  // equal to the last kept one replaces it (Paddle's insertion order).
  static void Insert(std::vector<Candidate>* top, const Candidate& c, size_t beam) {
    if (top->size() == beam) {
      if (Better(top->back(), c)) return;
      top->pop_back();
    }
    auto at = std::find_if(top->begin(), top->end(),
                           [&](const Candidate& e) { return Better(c, e); });
    top->insert(at, c);
  }

  static void Write(const BeamSearchParam& p, const std::vector<std::vector<Candidate>>& by_prefix,
                    const std::vector<uint64_t>& sources) {
    std::vector<uint64_t> prefix_rows{0};
    for (const auto& v : by_prefix) prefix_rows.push_back(prefix_rows.back() + v.size());
    const auto m = static_cast<int64_t>(prefix_rows.back());
    p.selected_ids->Resize({m, 1});
    p.selected_scores->Resize({m, 1});
    int64_t* ids = p.selected_ids->mutable_data<int64_t>();
    float* scores = p.selected_scores->mutable_data<float>();
    int32_t* parents = nullptr;
    if (p.parent_idx) {
      p.parent_idx->Resize({m});
      parents = p.parent_idx->mutable_data<int32_t>();
    }
    size_t row = 0;
    for (const auto& v : by_prefix) {
      for (const Candidate& c : v) {
        ids[row] = c.id;
        scores[row] = c.score;
        if (parents) parents[row] = static_cast<int32_t>(c.prefix);
        ++row;
      }
    }
    const LoD out_lod{sources, prefix_rows};
    p.selected_ids->set_lod(out_lod);
    p.selected_scores->set_lod(out_lod);
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(BeamSearchOp)
LITE_KERNEL_CLASS(BeamSearchKernel)
