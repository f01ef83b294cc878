#include <cstring>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(DequantizeLog, PositiveAndNegativeCodes) {
  std::vector<float> dict(128);
  for (int i = 0; i < 128; ++i) dict[i] = 0.01f * i * i;
  OpRunner r("dequantize_log");
  r.Input<int8_t>("X", "x", {2, 3}, {0, 5, 127, -1, -128, -100});
  r.Input<float>("Dict", "d", {128}, dict);
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Values<float>("out"),
            (std::vector<float>{dict[0], dict[5], dict[127], -dict[127], -dict[0], -dict[28]}));
  OpRunner bad("dequantize_log");
  bad.Input<int8_t>("X", "x", {1}, {0});
  bad.Input<float>("Dict", "d", {4}, {1, 2, 3, 4});
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"dequantize_log", "Dict"});
}

TEST(LookupTableDequant, RowsOfCodesPaddingAndRange) {
  // Two rows: min, max, then 4 codes packed in one float.
  std::vector<float> w(6);
  const unsigned char codes0[4] = {0, 64, 128, 255}, codes1[4] = {1, 2, 3, 4};
  w[0] = -1.f, w[1] = 1.f;
  std::memcpy(&w[2], codes0, 4);
  w[3] = 0.f, w[4] = 256.f;
  std::memcpy(&w[5], codes1, 4);
  OpRunner r("lookup_table_dequant");
  r.Input<float>("W", "w", {2, 3}, w);
  r.Input<int64_t>("Ids", "ids", {3, 1}, {1, 0, 1});
  r.Output("Out", "out");
  r.Attr("padding_idx", static_cast<int64_t>(0));
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{3, 4}));
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{1, 2, 3, 4, 0, 0, 0, 0, 1, 2, 3, 4}));
  OpRunner z("lookup_table_dequant");
  z.Input<float>("W", "w", {2, 3}, w);
  z.Input<int64_t>("Ids", "ids", {1, 1}, {0});
  z.Output("Out", "out");
  z.Run();
  EXPECT_EQ(z.Values<float>("out"), (std::vector<float>{-1.f, -0.5f, 0.f, 255 / 128.f - 1.f}));
  OpRunner bad("lookup_table_dequant");
  bad.Input<float>("W", "w", {2, 3}, w);
  bad.Input<int64_t>("Ids", "ids", {1, 1}, {2});
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"lookup_table_dequant", "Ids"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
