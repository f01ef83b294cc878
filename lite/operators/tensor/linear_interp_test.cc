#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(LinearInterp, HandComputedAlignCorners) {
  OpRunner r("linear_interp_v2");
  r.Input<float>("X", "x", {1, 1, 3}, {0, 2, 4});
  r.Output("Out", "out");
  r.Attr("out_w", 5);
  r.Attr("align_corners", true);
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{0, 1, 2, 3, 4}));
}

// The 1-D rule equals bilinear_interp on an [N, C, 1, W] input with out_h 1.
TEST(LinearInterp, MatchesBilinearOnOneRowForEveryMode) {
  DDim d{2, 3, 13};
  auto x = RandomFloats(Numel(d), -1, 1, 5);
  struct Case { bool ac; int mode; int out_w; float scale; };
  for (const Case& c : {Case{true, 1, 27, -1}, Case{false, 0, 27, -1}, Case{false, 1, 5, -1},
                        Case{false, 0, -1, 1.7f}, Case{false, 1, -1, 0.6f}}) {
    for (bool v2 : {false, true}) {
      // v1's one scale also scales bilinear's height: below 1 it has no reference here.
      if (!v2 && c.scale > 0 && c.scale < 1) continue;
      OpRunner l(v2 ? "linear_interp_v2" : "linear_interp");
      OpRunner b(v2 ? "bilinear_interp_v2" : "bilinear_interp");
      l.Input<float>("X", "x", d, x);
      b.Input<float>("X", "x", {2, 3, 1, 13}, x);
      for (OpRunner* r : {&l, &b}) {
        r->Output("Out", "out");
        r->Attr("align_corners", c.ac);
        r->Attr("align_mode", c.mode);
        if (c.out_w > 0) r->Attr("out_w", c.out_w);
        if (c.scale > 0) {
          if (v2) r->Attr("scale", std::vector<float>{c.scale});
          else r->Attr("scale", c.scale);
        }
      }
      b.Attr("out_h", 1);
      if (c.scale > 0 && v2) b.Attr("scale", std::vector<float>{1.f, c.scale});
      l.Run();
      b.Run();
      EXPECT_EQ(l.Get("out")->dims().back(), b.Get("out")->dims().back());
      EXPECT_EQ(l.Values<float>("out"), b.Values<float>("out"))
          << (v2 ? "v2" : "v1") << " ac " << c.ac << " mode " << c.mode;
    }
  }
  OpRunner bad("linear_interp_v2");
  bad.Input<float>("X", "x", {1, 1, 2, 2}, {1, 2, 3, 4});
  bad.Output("Out", "out");
  bad.Attr("out_w", 3);
  ExpectErrorMentions(bad, {"linear_interp_v2", "3-D"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
