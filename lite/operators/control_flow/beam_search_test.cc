// beam_search, beam_search_decode, gather_tree, tensor_array_to_tensor and
// is_empty against naive references written here, and a small beam-search
// decoder program (while + read/write_to_array + lookup_table + top_k +
// beam_search + beam_search_decode) whose sentences are checked against a
// naive decoder and, on a tiny vocabulary, against sentences worked out by
// hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "lite/core/op_test_util.h"
#include "lite/graph/pass.h"

namespace paddle {
namespace lite {
namespace {

using testing::ErrorOf;
using testing::MakeOp;
using testing::OpRunner;
using testing::ProgramBuilder;

// ---- beam_search: one step ------------------------------------------------

struct Pick {
  int64_t prefix, id;
  float score;
};

// The naive step: per source, every candidate of every prefix (a finished
// prefix only offers end_id with its own score), sorted best first, the
// first `beam` kept; a source whose kept picks all continue finished
// prefixes gives nothing. Returned grouped by prefix row.
std::vector<Pick> NaiveStep(const std::vector<int64_t>& pre_ids,
                            const std::vector<float>& pre_scores,
                            const std::vector<int64_t>& ids, const std::vector<float>& scores,
                            const std::vector<uint64_t>& source_rows, size_t width, int beam,
                            int64_t end_id, bool accumulated) {
  std::vector<Pick> kept;
  for (size_t s = 0; s + 1 < source_rows.size(); ++s) {
    std::vector<Pick> all;
    for (uint64_t r = source_rows[s]; r < source_rows[s + 1]; ++r) {
      if (pre_ids[r] == end_id) {
        all.push_back({static_cast<int64_t>(r), end_id, pre_scores[r]});
        continue;
      }
      for (size_t d = 0; d < width; ++d) {
        const float v = scores[r * width + d];
        all.push_back({static_cast<int64_t>(r), ids.empty() ? static_cast<int64_t>(d) : ids[r * width + d],
                       accumulated ? v : pre_scores[r] + std::log(v)});
      }
    }
    std::sort(all.begin(), all.end(), [](const Pick& a, const Pick& b) { return a.score > b.score; });
    if (all.size() > static_cast<size_t>(beam)) all.resize(beam);
    const bool done = std::all_of(all.begin(), all.end(), [&](const Pick& p) {
      return p.id == end_id && pre_ids[p.prefix] == end_id;
    });
    if (!done) kept.insert(kept.end(), all.begin(), all.end());
  }
  std::stable_sort(kept.begin(), kept.end(),
                   [](const Pick& a, const Pick& b) { return a.prefix < b.prefix; });
  return kept;
}

struct StepCase {
  bool with_ids, accumulated;
};

TEST(BeamSearch, OneStepMatchesTheNaiveSelection) {
  // 3 sources: 2 prefixes, 1 prefix (finished), 3 prefixes (one finished);
  // 5 candidates each; beam 3; end_id 7. Source 1 is pruned (its only prefix
  // finished a step ago).
  const std::vector<uint64_t> source_rows{0, 2, 3, 6};
  const LoD lod{{0, 2, 3, 6}, {0, 1, 2, 3, 4, 5, 6}};
  const std::vector<int64_t> pre_ids{4, 2, 7, 1, 7, 3};
  const std::vector<float> pre_scores{-0.5f, -0.7f, -0.2f, -1.1f, -0.9f, -1.3f};
  const size_t width = 5;
  for (StepCase c : {StepCase{true, true}, StepCase{false, true}, StepCase{true, false}}) {
    const std::string what = std::string(c.with_ids ? "ids" : "no ids") +
                             (c.accumulated ? ", accumulated" : ", probabilities");
    std::vector<float> scores = c.accumulated ? testing::RandomFloats(6 * width, -3, 0, 5)
                                              : testing::RandomFloats(6 * width, 0.01f, 1, 5);
    std::vector<int64_t> ids;
    for (size_t i = 0; i < 6 * width; ++i) ids.push_back(static_cast<int64_t>((i * 3 + 1) % 11));
    OpRunner r("beam_search");
    r.Input<int64_t>("pre_ids", "pre_ids", {6, 1}, pre_ids);
    r.Input<float>("pre_scores", "pre_scores", {6, 1}, pre_scores);
    if (c.with_ids) r.Input<int64_t>("ids", "ids", {6, 5}, ids)->set_lod(lod);
    r.Input<float>("scores", "scores", {6, 5}, scores)->set_lod(lod);
    r.Output("selected_ids", "sel_ids");
    r.Output("selected_scores", "sel_scores");
    r.Output("parent_idx", "parent");
    r.Attr("level", 0);
    r.Attr("beam_size", 3);
    r.Attr("end_id", 7);
    r.Attr("is_accumulated", c.accumulated);
    r.Run();
    const std::vector<Pick> want =
        NaiveStep(pre_ids, pre_scores, c.with_ids ? ids : std::vector<int64_t>{}, scores,
                  source_rows, width, 3, 7, c.accumulated);
    ASSERT_EQ(r.Get("sel_ids")->dims(), (DDim{static_cast<int64_t>(want.size()), 1})) << what;
    ASSERT_EQ(want.size(), 6u) << what;  // sources 0 and 2 keep 3 each
    const auto got_ids = r.Values<int64_t>("sel_ids");
    const auto got_scores = r.Values<float>("sel_scores");
    const auto got_parent = r.Values<int32_t>("parent");
    std::vector<uint64_t> prefix_rows(7, 0);
    for (size_t i = 0; i < want.size(); ++i) {
      EXPECT_EQ(got_ids[i], want[i].id) << what << " row " << i;
      EXPECT_NEAR(got_scores[i], want[i].score, 1e-6f) << what << " row " << i;
      EXPECT_EQ(got_parent[i], want[i].prefix) << what << " row " << i;
      ++prefix_rows[want[i].prefix + 1];
    }
    for (size_t i = 1; i < prefix_rows.size(); ++i) prefix_rows[i] += prefix_rows[i - 1];
    const LoD want_lod{source_rows, prefix_rows};
    EXPECT_EQ(r.Get("sel_ids")->lod(), want_lod) << what;
    EXPECT_EQ(r.Get("sel_scores")->lod(), want_lod) << what;
  }
}

TEST(BeamSearch, ScoresWithoutASourceLoDAreAnError) {
  OpRunner r("beam_search");
  r.Input<int64_t>("pre_ids", "pre_ids", {2, 1}, {1, 2});
  r.Input<float>("pre_scores", "pre_scores", {2, 1}, {0, 0});
  r.Input<float>("scores", "cand", {2, 3}, std::vector<float>(6, -1.f));
  r.Output("selected_ids", "a");
  r.Output("selected_scores", "b");
  r.Attr("beam_size", 2);
  r.Attr("end_id", 0);
  testing::ExpectErrorMentions(r, {"beam_search", "'scores'", "'cand'", "LoD"});
  r.Get("cand")->set_lod({{0, 1, 3}});  // ends past the 2 rows
  testing::ExpectErrorMentions(r, {"beam_search", "'cand'", "ends at 3"});
}

// ---- beam_search_decode -----------------------------------------------------

Tensor StepTensor(const std::vector<int64_t>& v, const LoD& lod) {
  Tensor t;
  t.Resize({static_cast<int64_t>(v.size()), 1});
  std::copy(v.begin(), v.end(), t.mutable_data<int64_t>());
  t.set_lod(lod);
  return t;
}
Tensor StepScores(const std::vector<float>& v, const LoD& lod) {
  Tensor t;
  t.Resize({static_cast<int64_t>(v.size()), 1});
  std::copy(v.begin(), v.end(), t.mutable_data<float>());
  t.set_lod(lod);
  return t;
}

// Hand-traced: 2 sources, beam 2, end_id 0.
//   step 0: source tokens 1 (source 0) and 5 (source 1).
//   step 1: source 0 -> 3 (-1), 4 (-2); source 1 -> 6 (-0.5), 0 (-0.6).
//   step 2: source 0: prefix "3" -> 0 (-1.5), prefix "4" -> 2 (-2.1);
//           source 1: prefix "6" -> 9 (-0.8); finished prefix "0" -> 0 (-0.6).
//   step 3: source 0: finished "3 0" -> 0 (-1.5), "4 2" -> 0 (-2.5);
//           source 1: "6 9" -> 0 (-1.0), finished -> 0 (-0.6).
//   step 4: every branch finished: both sources pruned (empty step).
// Sentences (best last score first): source 0: [1 3 0] (-1.5),
// [1 4 2 0] (-2.5); source 1: [5 0] (-0.6), [5 6 9 0] (-1.0).
TEST(BeamSearchDecode, BacktracksHandTracedSteps) {
  OpRunner r("beam_search_decode");
  TensorArray* ids = r.scope().ArrayVar("ids");
  TensorArray* scores = r.scope().ArrayVar("scores");
  const LoD l0{{0, 1, 2}, {0, 1, 2}};
  const LoD l1{{0, 1, 2}, {0, 2, 4}};
  const LoD l2{{0, 2, 4}, {0, 1, 2, 3, 4}};
  const LoD l3{{0, 2, 4}, {0, 1, 2, 3, 4}};
  const LoD l4{{0, 2, 4}, {0, 0, 0, 0, 0}};
  ids->push_back(StepTensor({1, 5}, l0));
  ids->push_back(StepTensor({3, 4, 6, 0}, l1));
  ids->push_back(StepTensor({0, 2, 9, 0}, l2));
  ids->push_back(StepTensor({0, 0, 0, 0}, l3));
  ids->push_back(StepTensor({}, l4));
  scores->push_back(StepScores({0, 0}, l0));
  scores->push_back(StepScores({-1, -2, -0.5f, -0.6f}, l1));
  scores->push_back(StepScores({-1.5f, -2.1f, -0.8f, -0.6f}, l2));
  scores->push_back(StepScores({-1.5f, -2.5f, -1.0f, -0.6f}, l3));
  scores->push_back(StepScores({}, l4));
  r.desc().SetInput("Ids", {"ids"});
  r.desc().SetInput("Scores", {"scores"});
  r.Output("SentenceIds", "sent");
  r.Output("SentenceScores", "sent_scores");
  r.Attr("beam_size", 2);
  r.Attr("end_id", 0);
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("sent"),
            (std::vector<int64_t>{1, 3, 0, 1, 4, 2, 0, 5, 0, 5, 6, 9, 0}));
  const LoD want{{0, 2, 4}, {0, 3, 7, 9, 13}};
  EXPECT_EQ(r.Get("sent")->lod(), want);
  EXPECT_EQ(r.Values<float>("sent_scores"),
            (std::vector<float>{0, -1, -1.5f, 0, -2, -2.1f, -2.5f, 0, -0.6f, 0, -0.5f, -0.8f,
                                -1.0f}));
  // A step whose LoD does not have 2 levels names the step and the array.
  (*ids)[2].set_lod({{0, 4}});
  testing::ExpectErrorMentions(r, {"beam_search_decode", "step 2", "'ids'", "2-level LoD"});
}

// ---- gather_tree --------------------------------------------------------------

TEST(GatherTree, FollowsParentsBackFromTheLastStep) {
  const int64_t T = 4, B = 2, K = 3;
  std::vector<int64_t> ids(T * B * K), parents(T * B * K);
  for (size_t i = 0; i < ids.size(); ++i) {
    ids[i] = static_cast<int64_t>(10 + i);
    parents[i] = static_cast<int64_t>((i * 7 + 2) % K);
  }
  for (bool int32 : {false, true}) {
    OpRunner r("gather_tree");
    if (int32) {
      r.Input<int32_t>("Ids", "ids", {T, B, K}, std::vector<int32_t>(ids.begin(), ids.end()));
      r.Input<int32_t>("Parents", "parents", {T, B, K},
                       std::vector<int32_t>(parents.begin(), parents.end()));
    } else {
      r.Input<int64_t>("Ids", "ids", {T, B, K}, ids);
      r.Input<int64_t>("Parents", "parents", {T, B, K}, parents);
    }
    r.Output("Out", "out");
    r.Run();
    std::vector<int64_t> got;
    if (int32) {
      for (int32_t v : r.Values<int32_t>("out")) got.push_back(v);
    } else {
      got = r.Values<int64_t>("out");
    }
    // Naive: the path of each final beam, built from step T-1 down.
    for (int64_t b = 0; b < B; ++b) {
      for (int64_t k = 0; k < K; ++k) {
        int64_t beam = k;
        for (int64_t t = T - 1; t >= 0; --t) {
          const auto at = [&](int64_t kk) { return (t * B + b) * K + kk; };
          EXPECT_EQ(got[at(k)], ids[at(beam)]) << "t " << t << " b " << b << " k " << k;
          beam = parents[at(beam)];
        }
      }
    }
  }
  OpRunner bad("gather_tree");
  bad.Input<int64_t>("Ids", "ids", {2, 1, 2}, {1, 2, 3, 4});
  bad.Input<int64_t>("Parents", "parents", {2, 1, 2}, {0, 0, 5, 1});
  bad.Output("Out", "out");
  testing::ExpectErrorMentions(bad, {"gather_tree", "Parents[1][0][0] = 5", "[0, 2)"});
}

// ---- tensor_array_to_tensor -------------------------------------------------

TEST(TensorArrayToTensor, ConcatenatesOrStacksTheSlots) {
  // Slots [2, 3], [2, 1], [2, 2] along axis 1 (Paddle's documented example).
  OpRunner r("tensor_array_to_tensor");
  TensorArray* arr = r.scope().ArrayVar("arr");
  const std::vector<std::vector<float>> data{{.6f, .1f, .3f, .5f, .3f, .2f}, {1.3f, 1.8f},
                                             {2.3f, 2.1f, 2.5f, 2.4f}};
  const std::vector<int64_t> widths{3, 1, 2};
  for (size_t i = 0; i < 3; ++i) {
    arr->emplace_back();
    arr->back().Resize({2, widths[i]});
    std::copy(data[i].begin(), data[i].end(), arr->back().mutable_data<float>());
  }
  arr->front().set_lod({{0, 1, 2}});
  r.desc().SetInput("X", {"arr"});
  r.Output("Out", "out");
  r.Output("OutIndex", "index");
  r.Attr("axis", 1);
  r.Attr("use_stack", false);
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{2, 6}));
  EXPECT_EQ(r.Values<float>("out"),
            (std::vector<float>{.6f, .1f, .3f, 1.3f, 2.3f, 2.1f, .5f, .3f, .2f, 1.8f, 2.5f, 2.4f}));
  EXPECT_EQ(r.Values<int32_t>("index"), (std::vector<int32_t>{3, 1, 2}));
  EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 1, 2}}));
  // Slot 1 does not concatenate along axis 0 (3 columns vs 1).
  OpRunner bad("tensor_array_to_tensor");
  *bad.scope().ArrayVar("arr") = *arr;
  bad.desc().SetInput("X", {"arr"});
  bad.Output("Out", "out");
  bad.Output("OutIndex", "index");
  bad.Attr("axis", 0);
  testing::ExpectErrorMentions(bad, {"tensor_array_to_tensor", "slot 1 of array 'arr'", "axis 0"});

  // Stacking three int64 [2, 2] slots at every axis, against a naive copy.
  for (int axis : {0, 1, 2, -1}) {
    OpRunner s("tensor_array_to_tensor");
    TensorArray* a = s.scope().ArrayVar("arr");
    for (int64_t i = 0; i < 3; ++i) {
      a->emplace_back();
      a->back().Resize({2, 2});
      int64_t* p = a->back().mutable_data<int64_t>();
      for (int64_t j = 0; j < 4; ++j) p[j] = 10 * i + j;
    }
    s.desc().SetInput("X", {"arr"});
    s.Output("Out", "out");
    s.Output("OutIndex", "index");
    s.Attr("axis", axis);
    s.Attr("use_stack", true);
    s.Run();
    const int ax = axis < 0 ? axis + 3 : axis;
    DDim want_dims{2, 2};
    want_dims.insert(want_dims.begin() + ax, 3);
    EXPECT_EQ(s.Get("out")->dims(), want_dims) << axis;
    const auto got = s.Values<int64_t>("out");
    for (int64_t i = 0; i < 3; ++i) {
      for (int64_t r0 = 0; r0 < 2; ++r0) {
        for (int64_t c = 0; c < 2; ++c) {
          int64_t idx[3];
          const int64_t rest[2] = {r0, c};
          for (int d = 0, k = 0; d < 3; ++d) idx[d] = d == ax ? i : rest[k++];
          const int64_t flat = (idx[0] * want_dims[1] + idx[1]) * want_dims[2] + idx[2];
          EXPECT_EQ(got[flat], 10 * i + r0 * 2 + c) << "axis " << axis;
        }
      }
    }
    EXPECT_EQ(s.Values<int32_t>("index"), (std::vector<int32_t>(3, ax < 2 ? 2 : 1))) << axis;
  }
}

TEST(IsEmpty, TellsWhetherTheInputHasElements) {
  for (int64_t rows : {0, 3}) {
    OpRunner r("is_empty");
    r.Input<float>("X", "x", {rows, 2}, std::vector<float>(rows * 2, 1.f));
    r.Output("Out", "out");
    r.Run();
    EXPECT_EQ(r.Values<bool>("out"), std::vector<bool>{rows == 0}) << rows;
  }
}

// ---- a beam-search decoder program --------------------------------------------

// A bigram "language model": logp[a * V + b] = log P(next = b | last = a).
// The end token (0) has its weight scaled by `end_scale` (large: sentences
// finish early; small: they run to max_len).
std::vector<float> BigramLogProbs(int V, uint32_t seed, float end_scale) {
  std::vector<float> w = testing::RandomFloats(V * V, 0.05f, 1, seed);
  for (int a = 0; a < V; ++a) {
    w[a * V] *= end_scale;
    float sum = 0;
    for (int b = 0; b < V; ++b) sum += w[a * V + b];
    for (int b = 0; b < V; ++b) w[a * V + b] = std::log(w[a * V + b] / sum);
  }
  return w;
}

cpp::OpDesc FillInt64(const std::string& out, float value) {
  cpp::OpDesc f = MakeOp("fill_constant", {}, {{"Out", out}});
  f.SetAttr("dtype", static_cast<int32_t>(cpp::VarKind::INT64));
  f.SetAttr("shape", std::vector<int64_t>{1});
  f.SetAttr("value", value);
  return f;
}

// block 0: i = 0; ids[0] = init_ids; scores[0] = init_scores;
//          while (i < max_len && selection not empty) { block 1 }
//          sentences = beam_search_decode(ids, scores)
// block 1: pre = ids[i], pre_s = scores[i];
//          cand_s, cand = top_k(lookup_table(logp, pre), k);
//          acc = cand_s + pre_s; sel = beam_search(pre, pre_s, cand, acc);
//          ++i; ids[i] = sel; scores[i] = sel_s; cond = ...
ProgramBuilder DecoderProgram(int V, int beam, int k, int max_len, int64_t end_id,
                              const std::vector<float>& logp) {
  ProgramBuilder b;
  b.Feed("init_ids", 0);
  b.Feed("init_scores", 1);
  b.Weight("logp", {V, V}, logp);
  b.block().ops.push_back(FillInt64("i", 0));
  b.block().ops.push_back(FillInt64("max_len", static_cast<float>(max_len)));
  b.Op("write_to_array", {{"X", "init_ids"}, {"I", "i"}}, {{"Out", "ids"}});
  b.Op("write_to_array", {{"X", "init_scores"}, {"I", "i"}}, {{"Out", "scores"}});
  b.Op("less_than", {{"X", "i"}, {"Y", "max_len"}}, {{"Out", "cond"}});
  cpp::OpDesc& loop = b.Op("while");
  loop.SetInput("X", {"i", "max_len", "logp"});
  loop.SetInput("Condition", {"cond"});
  loop.SetOutput("Out", {"i", "cond", "ids", "scores"});
  loop.SetAttribute("sub_block", cpp::Attribute{cpp::AttrType::BLOCK, int32_t{1}});
  cpp::OpDesc& decode = b.Op("beam_search_decode", {{"Ids", "ids"}, {"Scores", "scores"}},
                             {{"SentenceIds", "sent"}, {"SentenceScores", "sent_scores"}});
  decode.SetAttr("beam_size", beam);
  decode.SetAttr("end_id", static_cast<int32_t>(end_id));
  b.Fetch("sent", 0);
  b.Fetch("sent_scores", 1);
  for (const char* name : {"ids", "scores"}) {
    cpp::VarDesc arr;
    arr.name = name;
    arr.type = cpp::VarKind::LOD_TENSOR_ARRAY;
    b.block().vars.push_back(arr);
  }
  cpp::BlockDesc body;
  body.idx = 1;
  body.parent_idx = 0;
  body.ops.push_back(MakeOp("read_from_array", {{"X", "ids"}, {"I", "i"}}, {{"Out", "pre"}}));
  body.ops.push_back(
      MakeOp("read_from_array", {{"X", "scores"}, {"I", "i"}}, {{"Out", "pre_s"}}));
  body.ops.push_back(MakeOp("lookup_table", {{"W", "logp"}, {"Ids", "pre"}}, {{"Out", "probs"}}));
  cpp::OpDesc topk =
      MakeOp("top_k", {{"X", "probs"}}, {{"Out", "cand_s"}, {"Indices", "cand"}});
  topk.SetAttr("k", k);
  body.ops.push_back(topk);
  body.ops.push_back(
      MakeOp("elementwise_add", {{"X", "cand_s"}, {"Y", "pre_s"}}, {{"Out", "acc"}}));
  cpp::OpDesc bs = MakeOp("beam_search",
                          {{"pre_ids", "pre"}, {"pre_scores", "pre_s"}, {"ids", "cand"},
                           {"scores", "acc"}},
                          {{"selected_ids", "sel"}, {"selected_scores", "sel_s"},
                           {"parent_idx", "parent"}});
  bs.SetAttr("level", 0);
  bs.SetAttr("beam_size", beam);
  bs.SetAttr("end_id", static_cast<int32_t>(end_id));
  bs.SetAttr("is_accumulated", true);
  body.ops.push_back(bs);
  body.ops.push_back(MakeOp("increment", {{"X", "i"}}, {{"Out", "i"}}));
  body.ops.push_back(MakeOp("write_to_array", {{"X", "sel"}, {"I", "i"}}, {{"Out", "ids"}}));
  body.ops.push_back(MakeOp("write_to_array", {{"X", "sel_s"}, {"I", "i"}}, {{"Out", "scores"}}));
  body.ops.push_back(MakeOp("less_than", {{"X", "i"}, {"Y", "max_len"}}, {{"Out", "more"}}));
  body.ops.push_back(MakeOp("is_empty", {{"X", "sel"}}, {{"Out", "none"}}));
  body.ops.push_back(MakeOp("logical_not", {{"X", "none"}}, {{"Out", "some"}}));
  body.ops.push_back(
      MakeOp("logical_and", {{"X", "more"}, {"Y", "some"}}, {{"Out", "cond"}}));
  b.program.blocks.push_back(body);
  return b;
}

struct Sentence {
  std::vector<int64_t> tokens;
  float score;
};

// The naive decoder, one source at a time: hypotheses extended by the k
// most likely next tokens of their last token (a finished one only by
// end_id at no cost), the `beam` best kept, until every kept hypothesis is
// a finished one carried along (then the previous step's set is the answer)
// or max_len steps; trailing repeated end tokens collapse to one; best
// first.
std::vector<Sentence> NaiveDecode(const std::vector<float>& logp, int V, int64_t start,
                                  int beam, int k, int max_len, int64_t end_id) {
  std::vector<Sentence> live{{{start}, 0.f}};
  for (int step = 0; step < max_len; ++step) {
    std::vector<Sentence> next;
    bool all_carried = true;
    for (const Sentence& h : live) {
      if (h.tokens.back() == end_id) {
        next.push_back({h.tokens, h.score});
        next.back().tokens.push_back(end_id);
        continue;
      }
      std::vector<int> order(V);
      for (int t = 0; t < V; ++t) order[t] = t;
      const float* row = &logp[h.tokens.back() * V];
      std::stable_sort(order.begin(), order.end(), [&](int a, int c) { return row[a] > row[c]; });
      for (int j = 0; j < k; ++j) {
        next.push_back({h.tokens, h.score + row[order[j]]});
        next.back().tokens.push_back(order[j]);
      }
    }
    std::stable_sort(next.begin(), next.end(),
                     [](const Sentence& a, const Sentence& b) { return a.score > b.score; });
    if (next.size() > static_cast<size_t>(beam)) next.resize(beam);
    for (const Sentence& h : next) {
      const size_t n = h.tokens.size();
      all_carried = all_carried && h.tokens[n - 1] == end_id && h.tokens[n - 2] == end_id;
    }
    if (all_carried) break;
    live = next;
  }
  for (Sentence& h : live) {
    while (h.tokens.size() >= 2 && h.tokens.back() == end_id &&
           h.tokens[h.tokens.size() - 2] == end_id) {
      h.tokens.pop_back();
    }
  }
  std::stable_sort(live.begin(), live.end(),
                   [](const Sentence& a, const Sentence& b) { return a.score > b.score; });
  return live;
}

// Runs the decoder on one start token per source; returns the sentences of
// each source, in output order.
std::vector<std::vector<Sentence>> RunDecoder(const cpp::ProgramDesc& program,
                                              std::shared_ptr<Scope> weights,
                                              const std::vector<int64_t>& starts) {
  Scope scope(weights);
  RuntimeProgram rp(program, &scope, {Place(TargetType::kX86), Place(TargetType::kHost)});
  const auto S = static_cast<int64_t>(starts.size());
  LoD lod(2);
  for (int64_t s = 0; s <= S; ++s) lod[0].push_back(s), lod[1].push_back(s);
  Tensor* ids = scope.GetVar("init_ids");
  ids->Resize({S, 1});
  std::copy(starts.begin(), starts.end(), ids->mutable_data<int64_t>());
  ids->set_lod(lod);
  Tensor* scores = scope.GetVar("init_scores");
  scores->Resize({S, 1});
  std::fill_n(scores->mutable_data<float>(), S, 0.f);
  scores->set_lod(lod);
  rp.Run(1);
  const Tensor* sent = scope.GetVar(rp.fetch_names()[0]);
  const Tensor* sent_scores = scope.GetVar(rp.fetch_names()[1]);
  const LoD& out = sent->lod();
  EXPECT_EQ(out.size(), 2u);
  EXPECT_EQ(sent_scores->lod(), out);
  std::vector<std::vector<Sentence>> result;
  if (out.size() != 2) return result;
  for (size_t s = 0; s + 1 < out[0].size(); ++s) {
    result.emplace_back();
    for (uint64_t j = out[0][s]; j < out[0][s + 1]; ++j) {
      const int64_t* p = sent->data<int64_t>();
      result.back().push_back({std::vector<int64_t>(p + out[1][j], p + out[1][j + 1]),
                               sent_scores->data<float>()[out[1][j + 1] - 1]});
    }
  }
  return result;
}

void ExpectSentences(const std::vector<std::vector<Sentence>>& got,
                     const std::vector<std::vector<Sentence>>& want, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t s = 0; s < want.size(); ++s) {
    ASSERT_EQ(got[s].size(), want[s].size()) << what << " source " << s;
    for (size_t j = 0; j < want[s].size(); ++j) {
      EXPECT_EQ(got[s][j].tokens, want[s][j].tokens) << what << " source " << s << " #" << j;
      EXPECT_NEAR(got[s][j].score, want[s][j].score, 1e-5f) << what << " source " << s;
    }
  }
}

TEST(BeamSearchDecoder, WhileLoopDecodesAsTheNaiveDecoder) {
  const int V = 9, beam = 3, k = 3, max_len = 6;
  const int64_t end_id = 0;
  // Seeds chosen so that some sources finish early (pruned) and some reach
  // max_len; every case checks both.
  int pruned_sources = 0, full_length = 0;
  for (auto [seed, end_scale] : {std::pair<uint32_t, float>{3, 8.f}, {11, 2.f}, {17, 0.1f}}) {
    const std::vector<float> logp = BigramLogProbs(V, seed, end_scale);
    const std::vector<int64_t> starts{1, 4, 8, 2};
    std::vector<std::vector<Sentence>> want;
    for (int64_t s : starts) {
      want.push_back(NaiveDecode(logp, V, s, beam, k, max_len, end_id));
      for (const auto& h : want.back()) {
        if (h.tokens.size() == static_cast<size_t>(max_len) + 1) ++full_length;
      }
      pruned_sources += std::all_of(want.back().begin(), want.back().end(),
                                    [&](const Sentence& h) { return h.tokens.back() == end_id; });
    }
    ProgramBuilder b = DecoderProgram(V, beam, k, max_len, end_id, logp);
    const std::string what = "seed " + std::to_string(seed);
    ExpectSentences(RunDecoder(b.program, b.weights, starts), want, what);
    graph::RunPasses(&b.program, b.weights.get(), graph::PassOptions{});
    ExpectSentences(RunDecoder(b.program, b.weights, starts), want, what + " after passes");
  }
  std::printf("decoder cases: %d sources ended before max_len, %d sentences of max_len\n",
              pruned_sources, full_length);
  EXPECT_GT(pruned_sources, 0);
  EXPECT_GT(full_length, 0);
}

// Vocabulary {0 = end, 1, 2, 3}, beam 2, k 2, worked out by hand.
// log P(next | last) rows (last = 1, 2, 3; row 0 is never used):
//   after 1: P(2) = 0.5, P(3) = 0.3, P(0) = 0.2
//   after 2: P(0) = 0.6, P(3) = 0.4
//   after 3: P(0) = 0.9, P(1) = 0.1
// From 1: step 1 keeps "1 2" (ln .5) and "1 3" (ln .3). Step 2 candidates:
// "1 2 0" ln .30, "1 2 3" ln .20, "1 3 0" ln .27, "1 3 1" ln .03: keeps
// "1 2 0" and "1 3 0". Step 3: both finished, carried: pruned.
// Answer: [1 2 0] (ln 0.30), [1 3 0] (ln 0.27).
TEST(BeamSearchDecoder, TinyVocabularyGivesTheHandComputedSentences) {
  const int V = 4;
  std::vector<float> p(V * V, 0.f);
  p[0 * V + 0] = 1.0f;
  p[1 * V + 2] = .5f, p[1 * V + 3] = .3f, p[1 * V + 0] = .2f;
  p[2 * V + 0] = .6f, p[2 * V + 3] = .4f;
  p[3 * V + 0] = .9f, p[3 * V + 1] = .1f;
  std::vector<float> logp;
  for (float v : p) logp.push_back(v > 0 ? std::log(v) : -1e4f);
  ProgramBuilder b = DecoderProgram(V, 2, 2, 10, 0, logp);
  const std::vector<std::vector<Sentence>> want{
      {{{1, 2, 0}, std::log(.5f) + std::log(.6f)}, {{1, 3, 0}, std::log(.3f) + std::log(.9f)}}};
  ExpectSentences(RunDecoder(b.program, b.weights, {1}), want, "hand-computed");
}

}  // namespace
}  // namespace lite
}  // namespace paddle
