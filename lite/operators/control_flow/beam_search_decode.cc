// beam_search_decode: turns the per-step outputs of beam_search (tensor
// arrays Ids and Scores, one slot per step, each with beam_search's 2-level
// LoD [sources -> prefixes, prefixes -> rows]) into whole sentences, as
// Paddle's beam_search_decode (Paddle Lite's host kernel) does:
// backtracking from the last step through the LoD, each row of the last
// step a source still has is one hypothesis; a source pruned at a step (no
// rows) takes its hypotheses from the step before. Redundant end_id tokens
// (a finished branch carried along) are dropped, keeping one. A source's
// hypotheses are ordered by their last score, highest first (stable).
// Arrays are read up to and including the first empty slot (the step at
// which every source had finished).
// Outputs: SentenceIds int64 [total] and SentenceScores float [total], both
// with LoD [[source -> sentences], [sentence -> tokens]].
// Attributes: beam_size (checked >= 1), end_id.
#include <algorithm>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct BeamSearchDecodeParam {
  const TensorArray* ids{nullptr};
  const TensorArray* scores{nullptr};
  std::string ids_name;
  Tensor* sentence_ids{nullptr};
  Tensor* sentence_scores{nullptr};
  int64_t end_id{0};
};

struct Hypothesis {
  std::vector<int64_t> ids;  // last step first
  std::vector<float> scores;
  size_t row{0};  // its row in the step being visited
};

class BeamSearchDecodeOp : public OperatorBase<BeamSearchDecodeParam> {
 public:
  void InferShape() override {
    param_.sentence_ids->set_dtype(DataType::kInt64);
    param_.sentence_scores->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.ids = GetInputArray(desc, scope, "Ids");
    p.scores = GetInputArray(desc, scope, "Scores");
    p.ids_name = desc.Input("Ids")[0];
    p.sentence_ids = GetOutput(desc, scope, "SentenceIds");
    p.sentence_scores = GetOutput(desc, scope, "SentenceScores");
    const int32_t beam = desc.GetAttr<int32_t>("beam_size");
    LITE_ENFORCE(beam >= 1, "op 'beam_search_decode': attribute 'beam_size' = ", beam,
                 " must be >= 1");
    p.end_id = desc.GetAttr<int32_t>("end_id");
  }
};

class BeamSearchDecodeKernel : public KernelBase<BeamSearchDecodeParam> {
 public:
  void Run(const RunContext&) override {
    const auto& p = param();
    const size_t steps = StepCount(p);
    const size_t sources = (*p.ids)[0].lod()[0].size() - 1;
    std::vector<std::vector<Hypothesis>> hyps(sources);
    for (size_t step = steps; step-- > 0;) {
      const Tensor& ids = (*p.ids)[step];
      const Tensor& scores = (*p.scores)[step];
      const LoD& lod = ids.lod();
      LITE_ENFORCE(lod[0].size() == sources + 1, "op 'beam_search_decode': step ", step,
                   " of array '", p.ids_name, "' has ", lod[0].size() - 1,
                   " sources, step 0 has ", sources);
      for (size_t s = 0; s < sources; ++s) {
        if (hyps[s].empty()) {
          Start(p, ids, scores, s, &hyps[s]);
        } else {
          Extend(p, ids, scores, s, &hyps[s]);
        }
      }
    }
    Write(p, &hyps);
  }

 private:
  // Validates every slot and returns how many steps to decode.
  static size_t StepCount(const BeamSearchDecodeParam& p) {
    LITE_ENFORCE(!p.ids->empty() && p.ids->size() == p.scores->size(),
                 "op 'beam_search_decode': arrays 'Ids' ('", p.ids_name, "', ", p.ids->size(),
                 " steps) and 'Scores' (", p.scores->size(),
                 " steps) must be non-empty and of the same length");
    size_t steps = 0;
    while (steps < p.ids->size()) {
      const Tensor& ids = (*p.ids)[steps];
      const Tensor& scores = (*p.scores)[steps];
      LITE_ENFORCE(ids.initialized() && ids.dtype() == DataType::kInt64 &&
                       scores.initialized() && scores.dtype() == DataType::kFloat32 &&
                       ids.numel() == scores.numel() && ids.lod().size() == 2 &&
                       scores.lod() == ids.lod(),
                   "op 'beam_search_decode': step ", steps, " of array '", p.ids_name,
                   "' must be int64 ids and float scores with the same 2-level LoD (as "
                   "beam_search writes them), got ", ids.lod().size(), " LoD levels, dims ",
                   DimsToString(ids.dims()), " and ", DimsToString(scores.dims()));
      CheckLoD("op 'beam_search_decode': step " + std::to_string(steps) + " of array '" +
                   p.ids_name + "'",
               ids.lod(), ids.numel());
      ++steps;
      if (ids.numel() == 0) break;
    }
    LITE_ENFORCE(p.ids->front().lod()[0].size() >= 2, "op 'beam_search_decode': no source");
    return steps;
  }

  // One hypothesis per row of source s at this step (its last step).
  static void Start(const BeamSearchDecodeParam&, const Tensor& ids, const Tensor& scores,
                    size_t s, std::vector<Hypothesis>* hyps) {
    const LoD& lod = ids.lod();
    for (size_t prefix = lod[0][s]; prefix < lod[0][s + 1]; ++prefix) {
      for (size_t row = lod[1][prefix]; row < lod[1][prefix + 1]; ++row) {
        Hypothesis h;
        h.ids.push_back(ids.data<int64_t>()[row]);
        h.scores.push_back(scores.data<float>()[row]);
        h.row = prefix;  // the row it extends in the step before
        hyps->push_back(std::move(h));
      }
    }
  }

  static void Extend(const BeamSearchDecodeParam& p, const Tensor& ids, const Tensor& scores,
                     size_t s, std::vector<Hypothesis>* hyps) {
    const LoD& lod = ids.lod();
    const size_t first = lod[1][lod[0][s]], end = lod[1][lod[0][s + 1]];
    for (Hypothesis& h : *hyps) {
      LITE_ENFORCE(h.row >= first && h.row < end, "op 'beam_search_decode': array '",
                   p.ids_name, "': a hypothesis of source ", s, " points at row ", h.row,
                   ", outside the source's rows [", first, ", ", end, ")");
      const int64_t id = ids.data<int64_t>()[h.row];
      if (id != p.end_id) {  // an end token here is a finished branch carried along
        h.ids.push_back(id);
        h.scores.push_back(scores.data<float>()[h.row]);
      }
      // The prefix this row extends: the row's position in level 1.
      const auto& rows = lod[1];
      h.row = static_cast<size_t>(std::upper_bound(rows.begin(), rows.end(), h.row) -
                                  rows.begin() - 1);
    }
  }

  static void Write(const BeamSearchDecodeParam& p, std::vector<std::vector<Hypothesis>>* hyps) {
    std::vector<uint64_t> source_lod{0}, sentence_lod{0};
    std::vector<int64_t> ids;
    std::vector<float> scores;
    for (auto& list : *hyps) {
      std::stable_sort(list.begin(), list.end(), [](const Hypothesis& a, const Hypothesis& b) {
        return a.scores.front() > b.scores.front();
      });
      for (const Hypothesis& h : list) {
        ids.insert(ids.end(), h.ids.rbegin(), h.ids.rend());
        scores.insert(scores.end(), h.scores.rbegin(), h.scores.rend());
        sentence_lod.push_back(sentence_lod.back() + h.ids.size());
      }
      source_lod.push_back(source_lod.back() + list.size());
    }
    const auto n = static_cast<int64_t>(ids.size());
    p.sentence_ids->Resize({n});
    p.sentence_scores->Resize({n});
    std::copy(ids.begin(), ids.end(), p.sentence_ids->mutable_data<int64_t>());
    std::copy(scores.begin(), scores.end(), p.sentence_scores->mutable_data<float>());
    p.sentence_ids->set_lod({source_lod, sentence_lod});
    p.sentence_scores->set_lod({source_lod, sentence_lod});
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(BeamSearchDecodeOp)
LITE_KERNEL_CLASS(BeamSearchDecodeKernel)
