#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(Correlation, CostVolumeAgainstADirectSumAndHandCase) {
  // Hand case: 1 channel, identical constant inputs of 2, kernel 1, no
  // padding, max_displacement 1: every in-range product is 4.
  OpRunner h("correlation");
  h.Input<float>("Input1", "a", {1, 1, 3, 3}, std::vector<float>(9, 2.f));
  h.Input<float>("Input2", "b", {1, 1, 3, 3}, std::vector<float>(9, 2.f));
  h.Output("Output", "out");
  h.Attr("pad_size", 0);
  h.Attr("kernel_size", 1);
  h.Attr("max_displacement", 1);
  h.Attr("stride1", 1);
  h.Attr("stride2", 1);
  h.Attr("corr_type_multiply", 1);
  h.Run();
  EXPECT_EQ(h.Get("out")->dims(), (DDim{1, 9, 1, 1}));
  EXPECT_EQ(h.Values<float>("out"), std::vector<float>(9, 4.f));
  // Random inputs with padding, kernel 3, stride2 2: compare with the sum.
  DDim d{1, 3, 7, 13};
  auto a = RandomFloats(Numel(d), -1, 1, 1), b = RandomFloats(Numel(d), -1, 1, 2);
  OpRunner r("correlation");
  r.Input<float>("Input1", "a", d, a);
  r.Input<float>("Input2", "b", d, b);
  r.Output("Output", "out");
  r.Attr("pad_size", 2);
  r.Attr("kernel_size", 3);
  r.Attr("max_displacement", 2);
  r.Attr("stride1", 1);
  r.Attr("stride2", 2);
  r.Run();
  const auto& od = r.Get("out")->dims();
  EXPECT_EQ(od, (DDim{1, 9, 7 + 4 - 6, 13 + 4 - 6}));
  auto out = r.Values<float>("out");
  auto at = [&](const std::vector<float>& v, int64_t c, int64_t y, int64_t x) {
    return y < 0 || y >= 7 || x < 0 || x >= 13 ? 0.0 : double(v[(c * 7 + y) * 13 + x]);
  };
  for (int64_t hh = 0; hh < od[2]; ++hh)
    for (int64_t ww = 0; ww < od[3]; ++ww)
      for (int ti = -1; ti <= 1; ++ti)
        for (int tj = -1; tj <= 1; ++tj) {
          double s = 0;
          for (int i = -1; i <= 1; ++i)
            for (int j = -1; j <= 1; ++j)
              for (int64_t c = 0; c < 3; ++c) {
                const int64_t y1 = hh - 2 + 2 + 1 + i, x1 = ww - 2 + 2 + 1 + j;
                const int64_t y2 = y1 + 2 * ti, x2 = x1 + 2 * tj;
                if (y2 < 0 || y2 >= 7 || x2 < 0 || x2 >= 13) continue;
                s += at(a, c, y1, x1) * at(b, c, y2, x2);
              }
          const int64_t tc = (ti + 1) * 3 + (tj + 1);
          EXPECT_NEAR(out[(tc * od[2] + hh) * od[3] + ww], s / 27, 1e-6);
        }
  OpRunner bad("correlation");
  bad.Input<float>("Input1", "a", {1, 1, 2, 2}, std::vector<float>(4));
  bad.Input<float>("Input2", "b", {1, 1, 2, 2}, std::vector<float>(4));
  bad.Output("Output", "out");
  bad.Attr("kernel_size", 2);
  ExpectErrorMentions(bad, {"correlation", "odd kernel_size"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
