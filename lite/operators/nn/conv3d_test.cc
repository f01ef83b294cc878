// conv3d / conv3d_transpose: with a unit depth they must equal conv2d /
// conv2d_transpose (independent oneDNN kernels) on odd shapes, groups,
// strides, pads and dilations; depth mixing is checked on hand-computed
// values.
#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct Case {
  int64_t n, c, h, w, m, kh, kw;
  int groups, stride, dilation;
  std::vector<int> pads;  // top, bottom, left, right
};

std::vector<float> RunConv(const std::string& type, const DDim& x_dims, const std::vector<float>& x,
                           const DDim& w_dims, const std::vector<float>& w,
                           const std::vector<float>& bias, const Case& k, int spatial,
                           DDim* out_dims) {
  OpRunner r(type);
  r.Input<float>("Input", "x", x_dims, x);
  r.Input<float>("Filter", "w", w_dims, w);
  r.Input<float>("Bias", "b", {static_cast<int64_t>(bias.size())}, bias);
  r.Output("Output", "y");
  std::vector<int> pads = k.pads, strides(spatial, k.stride), dil(spatial, k.dilation);
  if (spatial == 3) {
    pads.insert(pads.begin(), {0, 0});
    strides[0] = dil[0] = 1;
  }
  r.Attr("paddings", pads);
  r.Attr("strides", strides);
  r.Attr("dilations", dil);
  r.Attr("groups", k.groups);
  r.Run();
  *out_dims = r.Get("y")->dims();
  return r.Values<float>("y");
}

TEST(Conv3d, UnitDepthMatchesConv2dAndTranspose) {
  const std::vector<Case> cases = {
      {1, 3, 13, 11, 5, 3, 3, 1, 1, 1, {1, 1, 1, 1}},
      {2, 4, 9, 7, 6, 3, 2, 2, 2, 1, {0, 1, 2, 0}},
      {1, 6, 8, 9, 6, 3, 3, 3, 1, 2, {2, 2, 1, 1}},
  };
  for (bool transpose : {false, true}) {
    for (const Case& k : cases) {
      const int64_t in_c = k.c, out_c = k.m;
      const DDim w2 = transpose ? DDim{in_c, out_c / k.groups, k.kh, k.kw}
                                : DDim{out_c, in_c / k.groups, k.kh, k.kw};
      const DDim w3{w2[0], w2[1], 1, w2[2], w2[3]};
      auto x = RandomFloats(k.n * k.c * k.h * k.w, -1, 1, 7);
      auto w = RandomFloats(Numel(w2), -1, 1, 8);
      auto b = RandomFloats(out_c, -1, 1, 9);
      DDim d2, d3;
      const std::string t2 = transpose ? "conv2d_transpose" : "conv2d";
      const std::string t3 = transpose ? "conv3d_transpose" : "conv3d";
      auto y2 = RunConv(t2, {k.n, k.c, k.h, k.w}, x, w2, w, b, k, 2, &d2);
      auto y3 = RunConv(t3, {k.n, k.c, 1, k.h, k.w}, x, w3, w, b, k, 3, &d3);
      EXPECT_EQ(d3, (DDim{d2[0], d2[1], 1, d2[2], d2[3]})) << t3;
      ExpectAllClose(y2, y3, 1e-4f, 1e-4f, t3 + " groups " + std::to_string(k.groups));
    }
  }
}

TEST(Conv3d, MixesDepthAsWorkedOutByHand) {
  // x = [1, 2, 3] along depth, filter [10, 1]: out[i] = 10 x[i] + x[i + 1].
  auto run = [](const std::string& type, std::vector<float> x, std::vector<int> pads) {
    OpRunner r(type);
    r.Input<float>("Input", "x", {1, 1, static_cast<int64_t>(x.size()), 1, 1}, x);
    r.Input<float>("Filter", "w", {1, 1, 2, 1, 1}, {10, 1});
    r.Output("Output", "y");
    r.Attr("paddings", pads);
    r.Attr("strides", std::vector<int>{1, 1, 1});
    r.Attr("dilations", std::vector<int>{1, 1, 1});
    r.Run();
    return r.Values<float>("y");
  };
  EXPECT_EQ(run("conv3d", {1, 2, 3}, {0, 0, 0}), (std::vector<float>{12, 23}));
  EXPECT_EQ(run("conv3d", {1, 2, 3}, {1, 1, 0, 0, 0, 0}), (std::vector<float>{1, 12, 23, 30}));
  // Transposed: each x[i] adds 10 x[i] at i and x[i] at i + 1.
  EXPECT_EQ(run("conv3d_transpose", {1, 2}, {0, 0, 0}), (std::vector<float>{10, 21, 2}));
}

TEST(Conv3d, BadShapesNameTheOp) {
  OpRunner r("conv3d");
  r.Input<float>("Input", "x", {1, 3, 4, 4}, RandomFloats(48));
  r.Input<float>("Filter", "w", {2, 3, 1, 1, 1}, RandomFloats(6));
  r.Output("Output", "y");
  ExpectErrorMentions(r, {"conv3d", "5-D"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
