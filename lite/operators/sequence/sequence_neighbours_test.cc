// The sequence ops users meet next to the recurrent ones: reverse, softmax,
// reshape, expand_as, expand, concat, pad/unpad, mask — hand-computed values
// on ragged LoD batches (with an empty sequence) plus bad inputs.
#include <cmath>
#include <memory>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

TEST(SequenceReverse, EachSequenceBackwardsKeepsLoD) {
  OpRunner r("sequence_reverse");
  r.Input<float>("X", "x", {5, 2}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9})->set_lod({{0, 3, 3, 5}});
  r.Output("Y", "y");
  r.Run();
  EXPECT_EQ(r.Values<float>("y"), (std::vector<float>{4, 5, 2, 3, 0, 1, 8, 9, 6, 7}));
  EXPECT_EQ(r.Get("y")->lod(), (LoD{{0, 3, 3, 5}}));
}

TEST(SequenceSoftmax, SoftmaxWithinEachSequence) {
  OpRunner r("sequence_softmax");
  std::vector<float> x = {1, 2, 3, -1, 0.5f};
  r.Input<float>("X", "x", {5, 1}, x)->set_lod({{0, 3, 5}});
  r.Output("Out", "out");
  r.Run();
  std::vector<float> e;
  for (auto [b, n] : std::vector<std::pair<int, int>>{{0, 3}, {3, 2}}) {
    double s = 0;
    for (int i = b; i < b + n; ++i) s += std::exp(x[i]);
    for (int i = b; i < b + n; ++i) e.push_back(static_cast<float>(std::exp(x[i]) / s));
  }
  ExpectAllClose(e, r.Values<float>("out"));
}

TEST(SequenceReshape, ScalesOffsetsAndRejectsUnevenSequences) {
  OpRunner r("sequence_reshape");
  std::vector<float> x(12);
  for (int i = 0; i < 12; ++i) x[i] = static_cast<float>(i);
  r.Input<float>("X", "x", {6, 2}, x)->set_lod({{0, 2, 6}});
  r.Output("Out", "out");
  r.Attr("new_dim", 4);
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{3, 4}));
  EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 1, 3}}));
  EXPECT_EQ(r.Values<float>("out"), x);
  r.Get("x")->set_lod({{0, 1, 6}});
  ExpectErrorMentions(r, {"sequence_reshape", "new_dim 4"});
}

TEST(SequenceExpandAs, RowNRepeatedAsLongAsSequenceN) {
  OpRunner r("sequence_expand_as");
  r.Input<float>("X", "x", {3, 2}, {1, 2, 3, 4, 5, 6});
  r.Input<float>("Y", "y", {4, 1}, {0, 0, 0, 0})->set_lod({{0, 2, 2, 4}});
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{1, 2, 1, 2, 5, 6, 5, 6}));
  EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 2, 2, 4}}));
}

TEST(SequenceExpand, RowsAndSequencesRepeatedByYsLengths) {
  // X without LoD: row n repeated |Y_n| times.
  OpRunner rows("sequence_expand");
  rows.Input<float>("X", "x", {2, 1}, {7, 8});
  rows.Input<float>("Y", "y", {3, 1}, {0, 0, 0})->set_lod({{0, 1, 3}});
  rows.Output("Out", "out");
  rows.Run();
  EXPECT_EQ(rows.Values<float>("out"), (std::vector<float>{7, 8, 8}));
  EXPECT_TRUE(rows.Get("out")->lod().empty());
  // X with LoD: sequence n repeated |Y_n| times at ref_level 0; the LoD
  // lists the copies.
  OpRunner seqs("sequence_expand");
  seqs.Input<float>("X", "x", {4, 1}, {1, 2, 3, 4})->set_lod({{0, 2, 4}});
  seqs.Input<float>("Y", "y", {3, 1}, {0, 0, 0})->set_lod({{0, 2, 3}});
  seqs.Output("Out", "out");
  seqs.Attr("ref_level", 0);
  seqs.Run();
  EXPECT_EQ(seqs.Values<float>("out"), (std::vector<float>{1, 2, 1, 2, 3, 4}));
  EXPECT_EQ(seqs.Get("out")->lod(), (LoD{{0, 2, 4, 6}}));
  seqs.Get("y")->set_lod({{0, 3}});
  ExpectErrorMentions(seqs, {"sequence_expand", "'X' has 2 units", "1 sequences"});
}

TEST(SequenceConcat, SequenceNOfEveryInputSideBySide) {
  OpRunner r("sequence_concat");
  r.Input<float>("X", "a", {3, 1}, {1, 2, 3})->set_lod({{0, 1, 3}});
  r.Input<float>("X", "b", {3, 1}, {4, 5, 6})->set_lod({{0, 2, 3}});
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{1, 4, 5, 2, 3, 6}));
  EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 3, 6}}));
  r.Get("b")->set_lod({{0, 3}});
  ExpectErrorMentions(r, {"sequence_concat", "'X'[1] has 1 sequences"});
}

TEST(SequencePad, PadsToTheLongestAndUnpadRestores) {
  OpRunner pad("sequence_pad");
  std::vector<float> x = {1, 2, 3, 4, 5, 6, 7, 8};
  pad.Input<float>("X", "x", {4, 2}, x)->set_lod({{0, 3, 3, 4}});
  pad.Input<float>("PadValue", "v", {1}, {-1});
  pad.Output("Out", "out");
  pad.Output("Length", "len");
  pad.Run();
  EXPECT_EQ(pad.Get("out")->dims(), (DDim{3, 3, 2}));
  EXPECT_EQ(pad.Values<float>("out"), (std::vector<float>{1, 2, 3, 4, 5, 6, -1, -1, -1, -1, -1,
                                                          -1, 7, 8, -1, -1, -1, -1}));
  EXPECT_EQ(pad.Values<int64_t>("len"), (std::vector<int64_t>{3, 0, 1}));

  OpRunner unpad("sequence_unpad");
  unpad.Input<float>("X", "x", {3, 3, 2}, pad.Values<float>("out"));
  unpad.Input<int64_t>("Length", "len", {3}, {3, 0, 1});
  unpad.Output("Out", "out");
  unpad.Run();
  EXPECT_EQ(unpad.Values<float>("out"), x);
  EXPECT_EQ(unpad.Get("out")->lod(), (LoD{{0, 3, 3, 4}}));

  OpRunner row_pad("sequence_pad");
  row_pad.Input<float>("X", "x", {2, 2}, {1, 2, 3, 4})->set_lod({{0, 2}});
  row_pad.Input<float>("PadValue", "v", {2}, {8, 9});
  row_pad.Output("Out", "out");
  row_pad.Output("Length", "len");
  row_pad.Attr("padded_length", 3);
  row_pad.Run();
  EXPECT_EQ(row_pad.Values<float>("out"), (std::vector<float>{1, 2, 3, 4, 8, 9}));
  OpRunner short_pad("sequence_pad");
  short_pad.Input<float>("X", "x", {2, 2}, {1, 2, 3, 4})->set_lod({{0, 2}});
  short_pad.Input<float>("PadValue", "v", {1}, {0});
  short_pad.Output("Out", "out");
  short_pad.Output("Length", "len");
  short_pad.Attr("padded_length", 1);
  ExpectErrorMentions(short_pad, {"sequence_pad", "padded_length", "longest"});
}

TEST(SequenceMask, LengthsToMasksInEveryOutType) {
  for (int dtype : {0, 2, 3, 5}) {
    OpRunner r("sequence_mask");
    r.Input<int64_t>("X", "x", {3}, {2, 0, 3});
    r.Output("Y", "y");
    r.Attr("out_dtype", dtype);
    r.Run();
    EXPECT_EQ(r.Get("y")->dims(), (DDim{3, 3}));
    const std::vector<int> want = {1, 1, 0, 0, 0, 0, 1, 1, 1};
    for (int i = 0; i < 9; ++i) {
      double v = dtype == 0   ? r.Get("y")->data<bool>()[i]
                 : dtype == 2 ? r.Get("y")->data<int32_t>()[i]
                 : dtype == 3 ? static_cast<double>(r.Get("y")->data<int64_t>()[i])
                              : r.Get("y")->data<float>()[i];
      EXPECT_EQ(v, want[i]) << "out_dtype " << dtype << " [" << i << "]";
    }
  }
  OpRunner fixed("sequence_mask");
  fixed.Input<int32_t>("X", "x", {2}, {1, 4});
  fixed.Output("Y", "y");
  fixed.Attr("maxlen", 5);
  fixed.Attr("out_dtype", 2);
  fixed.Run();
  EXPECT_EQ(fixed.Values<int32_t>("y"), (std::vector<int32_t>{1, 0, 0, 0, 0, 1, 1, 1, 1, 0}));
}

// Attributes Paddle's OpMakers declare without a default are required here
// too (an absent one is a load error naming op and attribute, not a guess),
// and sequence_mask's maxlen is checked as Paddle's checker does
// (docs/op-attribute-audit.md, sequence rows).
TEST(SequenceAttributes, RequiredAsInPaddlesOpMakers) {
  OpRunner conv("sequence_conv");
  conv.Input<float>("X", "x", {4, 2}, std::vector<float>(8, 1.f))->set_lod({{0, 4}});
  conv.Input<float>("Filter", "f", {6, 1}, std::vector<float>(6, 1.f));
  conv.Output("Out", "out");
  ExpectErrorMentions(conv, {"op 'sequence_conv'", "required attribute 'contextLength' is missing"});
  OpRunner reshape("sequence_reshape");
  reshape.Input<float>("X", "x", {2, 2}, {1, 2, 3, 4})->set_lod({{0, 2}});
  reshape.Output("Out", "out");
  ExpectErrorMentions(reshape, {"op 'sequence_reshape'", "required attribute 'new_dim' is missing"});
  auto mask = [](int out_dtype, int maxlen) {
    auto r = std::make_unique<OpRunner>("sequence_mask");
    r->Input<int64_t>("X", "x", {2}, {1, 2});
    r->Output("Y", "y");
    if (out_dtype >= 0) r->Attr("out_dtype", out_dtype);
    if (maxlen != -2) r->Attr("maxlen", maxlen);
    return r;
  };
  ExpectErrorMentions(*mask(-1, -2),
                      {"op 'sequence_mask'", "required attribute 'out_dtype' is missing"});
  ExpectErrorMentions(*mask(3, 0), {"op 'sequence_mask'", "attribute 'maxlen' = 0"});
  auto absent = mask(3, -2);  // Paddle's default -1: the largest length
  absent->Run();
  EXPECT_EQ(absent->Values<int64_t>("y"), (std::vector<int64_t>{1, 0, 1, 1}));
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
