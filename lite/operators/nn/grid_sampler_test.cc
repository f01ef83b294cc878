#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// The grid that maps every output pixel onto the same input pixel.
std::vector<float> IdentityGrid(int64_t N, int64_t H, int64_t W, bool align_corners) {
  std::vector<float> g;
  auto coord = [&](int64_t i, int64_t size) {
    if (size == 1) return align_corners ? 0.f : 0.f;
    return align_corners ? -1.f + 2.f * i / (size - 1) : (2.f * i + 1.f) / size - 1.f;
  };
  for (int64_t n = 0; n < N; ++n)
    for (int64_t y = 0; y < H; ++y)
      for (int64_t x = 0; x < W; ++x) g.insert(g.end(), {coord(x, W), coord(y, H)});
  return g;
}

TEST(GridSampler, IdentityGridReproducesXInEveryMode) {
  for (DDim d : {DDim{1, 3, 13, 7}, DDim{2, 1, 3, 127}}) {
    auto x = RandomFloats(Numel(d), -1, 1, 4);
    for (bool ac : {true, false})
      for (const char* mode : {"bilinear", "nearest"})
        for (const char* pad : {"zeros", "border", "reflection"}) {
          OpRunner r("grid_sampler");
          r.Input<float>("X", "x", d, x);
          r.Input<float>("Grid", "g", {d[0], d[2], d[3], 2}, IdentityGrid(d[0], d[2], d[3], ac));
          r.Output("Output", "out");
          r.Attr("align_corners", ac);
          r.Attr("mode", std::string(mode));
          r.Attr("padding_mode", std::string(pad));
          r.Run();
          auto got = r.Values<float>("out");
          ASSERT_EQ(got.size(), x.size());
          for (size_t i = 0; i < x.size(); ++i)
            ASSERT_NEAR(got[i], x[i], 1e-5) << mode << " " << pad << " ac " << ac << " at " << i;
        }
  }
}

TEST(GridSampler, HandComputedPaddingAndNearest) {
  // X = [1, 3] (H 1, W 2); sample x = 0 (midway), x = 2 (outside right),
  // with align_corners: positions 0.5 and 1.5.
  struct Case { const char* mode; const char* pad; float gx; float want; };
  for (const Case& c : {Case{"bilinear", "zeros", 0.f, 2.f}, Case{"bilinear", "zeros", 2.f, 1.5f},
                        Case{"bilinear", "border", 2.f, 3.f},
                        Case{"bilinear", "reflection", 2.f, 2.f},
                        Case{"nearest", "zeros", -0.5f, 1.f}, Case{"nearest", "zeros", 0.f, 1.f}}) {
    OpRunner r("grid_sampler");
    r.Input<float>("X", "x", {1, 1, 1, 2}, {1.f, 3.f});
    r.Input<float>("Grid", "g", {1, 1, 1, 2}, {c.gx, 0.f});
    r.Output("Output", "out");
    r.Attr("align_corners", true);
    r.Attr("mode", std::string(c.mode));
    r.Attr("padding_mode", std::string(c.pad));
    r.Run();
    EXPECT_FLOAT_EQ(r.Values<float>("out")[0], c.want) << c.mode << " " << c.pad << " " << c.gx;
  }
  OpRunner bad("grid_sampler");
  bad.Input<float>("X", "x", {1, 1, 2, 2}, {1, 2, 3, 4});
  bad.Input<float>("Grid", "g", {1, 2, 2, 3}, std::vector<float>(12));
  bad.Output("Output", "out");
  ExpectErrorMentions(bad, {"grid_sampler", "Grid"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
