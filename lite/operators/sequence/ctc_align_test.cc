#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(CtcAlign, LodFormMergesRepeatsDropsBlanksAndEmptyResult) {
  // Two sequences: [0 1 1 0 1 2 2] and [3 3 0 0 3].
  OpRunner r("ctc_align");
  Tensor* in = r.Input<int64_t>("Input", "x", {12, 1}, {0, 1, 1, 0, 1, 2, 2, 3, 3, 0, 0, 3});
  in->set_lod({{0, 7, 12}});
  r.Output("Output", "y");
  r.Attr("blank", 0);
  r.Attr("merge_repeated", true);
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("y"), (std::vector<int64_t>{1, 1, 2, 3, 3}));
  EXPECT_EQ(r.Get("y")->lod(), (LoD{{0, 3, 5}}));
  OpRunner k("ctc_align");
  Tensor* kin = k.Input<int32_t>("Input", "x", {5, 1}, {5, 5, 0, 5, 5});
  kin->set_lod({{0, 5}});
  k.Output("Output", "y");
  k.Attr("blank", 0);
  k.Attr("merge_repeated", false);
  k.Run();
  EXPECT_EQ(k.Values<int32_t>("y"), (std::vector<int32_t>{5, 5, 5, 5}));
  OpRunner e("ctc_align");
  Tensor* ein = e.Input<int64_t>("Input", "x", {3, 1}, {0, 0, 0});
  ein->set_lod({{0, 3}});
  e.Output("Output", "y");
  e.Attr("blank", 0);
  e.Run();
  EXPECT_EQ(e.Values<int64_t>("y"), (std::vector<int64_t>{-1}));
  EXPECT_EQ(e.Get("y")->lod(), (LoD{{0, 1}}));
}

TEST(CtcAlign, PaddedFormWithLengthsAndBadLength) {
  OpRunner r("ctc_align");
  r.Input<int32_t>("Input", "x", {2, 6}, {4, 4, 0, 4, 7, 7, 0, 1, 2, 2, 9, 9});
  r.Input<int32_t>("InputLength", "len", {2, 1}, {6, 4});
  r.Output("Output", "y");
  r.Output("OutputLength", "ylen");
  r.Attr("blank", 0);
  r.Attr("merge_repeated", true);
  r.Attr("padding_value", -1);
  r.Run();
  EXPECT_EQ(r.Values<int32_t>("y"), (std::vector<int32_t>{4, 4, 7, -1, -1, -1, 1, 2, -1, -1, -1, -1}));
  EXPECT_EQ(r.Values<int32_t>("ylen"), (std::vector<int32_t>{3, 2}));
  OpRunner bad("ctc_align");
  bad.Input<int32_t>("Input", "x", {1, 2}, {1, 2});
  bad.Input<int32_t>("InputLength", "len", {1, 1}, {3});
  bad.Output("Output", "y");
  bad.Output("OutputLength", "ylen");
  ExpectErrorMentions(bad, {"ctc_align", "InputLength"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
