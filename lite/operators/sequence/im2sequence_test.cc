#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(Im2Sequence, WindowsAsRowsWithLodAndPadding) {
  DDim d{2, 3, 5, 13};
  auto x = RandomFloats(Numel(d), -1, 1, 4);
  OpRunner r("im2sequence");
  r.Input<float>("X", "x", d, x);
  r.Output("Out", "out");
  r.Attr("kernels", std::vector<int32_t>{3, 2});
  r.Attr("strides", std::vector<int32_t>{2, 3});
  r.Attr("paddings", std::vector<int32_t>{1, 0, 1, 1});  // top, left, bottom, right
  r.Run();
  const int64_t oh = (5 + 2 - 3) / 2 + 1, ow = (13 + 1 - 2) / 3 + 1;
  EXPECT_EQ(r.Get("out")->dims(), (DDim{2 * oh * ow, 3 * 3 * 2}));
  std::vector<uint64_t> lod = {0, static_cast<uint64_t>(oh * ow), static_cast<uint64_t>(2 * oh * ow)};
  EXPECT_EQ(r.Get("out")->lod(), (LoD{lod}));
  std::vector<float> want;
  for (int64_t n = 0; n < 2; ++n)
    for (int64_t h = 0; h < oh; ++h)
      for (int64_t w = 0; w < ow; ++w)
        for (int64_t c = 0; c < 3; ++c)
          for (int64_t i = 0; i < 3; ++i)
            for (int64_t j = 0; j < 2; ++j) {
              const int64_t y = h * 2 - 1 + i, xx = w * 3 + j;
              want.push_back(y < 0 || y >= 5 || xx >= 13 ? 0.f : x[((n * 3 + c) * 5 + y) * 13 + xx]);
            }
  EXPECT_EQ(r.Values<float>("out"), want);
  OpRunner bad("im2sequence");
  bad.Input<float>("X", "x", {1, 1, 2, 2}, {1, 2, 3, 4});
  bad.Input<float>("Y", "y", {1, 2}, {2, 2});
  bad.Output("Out", "out");
  bad.Attr("kernels", std::vector<int32_t>{1, 1});
  ExpectErrorMentions(bad, {"im2sequence", "Y"});
}

TEST(SequenceArithmetic, AddSubMulOverTheCommonPrefix) {
  for (int type : {1, 2, 3}) {
    OpRunner r("sequence_arithmetic");
    r.Input<float>("X", "x", {5, 1}, {1, 2, 3, 4, 5})->set_lod({{0, 3, 5}});
    r.Input<float>("Y", "y", {4, 1}, {10, 20, 30, 40})->set_lod({{0, 1, 4}});
    r.Output("Out", "out");
    r.Attr("op_type", type);
    r.Run();
    // Sequence 0: X [1 2 3] with Y [10]; sequence 1: X [4 5] with Y [20 30 40].
    std::vector<float> want = type == 1   ? std::vector<float>{11, 2, 3, 24, 35}
                              : type == 2 ? std::vector<float>{-9, 2, 3, -16, -25}
                                          : std::vector<float>{10, 2, 3, 80, 150};
    EXPECT_EQ(r.Values<float>("out"), want) << type;
  }
  OpRunner bad("sequence_arithmetic");
  bad.Input<float>("X", "x", {1, 1}, {1})->set_lod({{0, 1}});
  bad.Input<float>("Y", "y", {1, 1}, {1})->set_lod({{0, 1}});
  bad.Output("Out", "out");
  bad.Attr("op_type", 4);
  ExpectErrorMentions(bad, {"sequence_arithmetic", "op_type"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
