#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(TemporalShift, ShiftsChannelGroupsInTimeWithZeroEdges) {
  for (float ratio : {0.25f, 0.125f, 0.5f}) {
    const int64_t N = 2, T = 3, C = 8, H = 1, W = 13;
    DDim d{N * T, C, H, W};
    auto x = RandomFloats(Numel(d), -1, 1, 6);
    OpRunner r("temporal_shift");
    r.Input<float>("X", "x", d, x);
    r.Output("Out", "out");
    r.Attr("seg_num", static_cast<int>(T));
    r.Attr("shift_ratio", ratio);
    r.Run();
    const int64_t c1 = static_cast<int64_t>(C * ratio), c2 = static_cast<int64_t>(C * 2 * ratio);
    std::vector<float> want(x.size());
    const int64_t hw = H * W;
    for (int64_t n = 0; n < N; ++n)
      for (int64_t t = 0; t < T; ++t)
        for (int64_t c = 0; c < C; ++c)
          for (int64_t i = 0; i < hw; ++i) {
            int64_t s = t;
            if (c < c1) s = t - 1;
            else if (c < c2) s = t + 1;
            want[((n * T + t) * C + c) * hw + i] =
                s < 0 || s >= T ? 0.f : x[((n * T + s) * C + c) * hw + i];
          }
    EXPECT_EQ(r.Values<float>("out"), want) << "ratio " << ratio;
  }
  OpRunner bad("temporal_shift");
  bad.Input<float>("X", "x", {5, 2, 1, 1}, RandomFloats(10));
  bad.Output("Out", "out");
  bad.Attr("seg_num", 2);
  ExpectErrorMentions(bad, {"temporal_shift", "seg_num"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
