#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(BoxCoder, EncodeHandComputed) {
  // Pixel boxes (+1): prior [0,0,10,10] -> w 11, centre 5.5; target
  // [1,1,5,5] -> w 5, centre 3.
  for (bool use_var_attr : {false, true}) {
    OpRunner r("box_coder");
    r.Input<float>("PriorBox", "p", {1, 4}, {0, 0, 10, 10});
    r.Input<float>("TargetBox", "t", {1, 4}, {1, 1, 5, 5});
    r.Output("OutputBox", "out");
    r.Attr("code_type", "encode_center_size");
    r.Attr("box_normalized", false);
    if (use_var_attr) r.Attr("variance", std::vector<float>{0.1f, 0.1f, 0.2f, 0.2f});
    r.Run();
    EXPECT_EQ(r.Get("out")->dims(), (DDim{1, 1, 4}));
    float d = (3 - 5.5f) / 11, l = std::log(5.f / 11);
    std::vector<float> e = {d, d, l, l};
    if (use_var_attr) e = {d / 0.1f, d / 0.1f, l / 0.2f, l / 0.2f};
    ExpectAllClose(e, r.Values<float>("out"));
  }
}

// Naive decode in double.
std::vector<float> RefDecode(const std::vector<float>& prior, const std::vector<float>& var,
                             const std::vector<float>& t, int N, int M, int axis, bool normalized) {
  std::vector<float> out(N * M * 4);
  double norm = normalized ? 0 : 1;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j) {
      int pi = axis == 0 ? j : i;
      const float* p = &prior[pi * 4];
      double pw = p[2] - p[0] + norm, ph = p[3] - p[1] + norm;
      double pcx = p[0] + pw / 2, pcy = p[1] + ph / 2;
      const float* v = var.size() == 4 ? var.data() : &var[pi * 4];
      const float* tb = &t[(i * M + j) * 4];
      double cx = v[0] * tb[0] * pw + pcx, cy = v[1] * tb[1] * ph + pcy;
      double w = std::exp(v[2] * tb[2]) * pw, h = std::exp(v[3] * tb[3]) * ph;
      float* o = &out[(i * M + j) * 4];
      o[0] = static_cast<float>(cx - w / 2);
      o[1] = static_cast<float>(cy - h / 2);
      o[2] = static_cast<float>(cx + w / 2 - norm);
      o[3] = static_cast<float>(cy + h / 2 - norm);
    }
  return out;
}

TEST(BoxCoder, DecodeAxesVarianceSourcesAgainstReference) {
  const int N = 3, M = 13;
  int seed = 50;
  for (int axis : {0, 1})
    for (bool normalized : {true, false})
      for (int var_mode : {0, 1, 2}) {  // none, attribute, PriorBoxVar
        const int P = axis == 0 ? M : N;
        auto c = RandomFloats(P * 2, 0.f, 10.f, seed++);
        auto s = RandomFloats(P * 2, 1.f, 5.f, seed++);
        std::vector<float> prior(P * 4);
        for (int k = 0; k < P; ++k) {
          prior[k * 4 + 0] = c[2 * k];
          prior[k * 4 + 1] = c[2 * k + 1];
          prior[k * 4 + 2] = c[2 * k] + s[2 * k];
          prior[k * 4 + 3] = c[2 * k + 1] + s[2 * k + 1];
        }
        auto t = RandomFloats(N * M * 4, -1.f, 1.f, seed++);
        OpRunner r("box_coder");
        r.Input<float>("PriorBox", "p", {P, 4}, prior);
        r.Input<float>("TargetBox", "t", {N, M, 4}, t);
        r.Output("OutputBox", "out");
        r.Attr("code_type", "decode_center_size");
        r.Attr("box_normalized", normalized);
        r.Attr("axis", axis);
        std::vector<float> var = {1, 1, 1, 1};
        if (var_mode == 1) {
          var = {0.1f, 0.2f, 0.3f, 0.4f};
          r.Attr("variance", var);
        } else if (var_mode == 2) {
          var = RandomFloats(P * 4, 0.05f, 0.5f, seed++);
          r.Input<float>("PriorBoxVar", "pv", {P, 4}, var);
        }
        r.Run();
        EXPECT_EQ(r.Get("out")->dims(), (DDim{N, M, 4}));
        ExpectAllClose(RefDecode(prior, var, t, N, M, axis, normalized), r.Values<float>("out"),
                       1e-5f, 1e-6f);
      }
}

TEST(BoxCoder, EncodeDecodeRoundTripNormalized) {
  std::vector<float> prior = {0.1f, 0.1f, 0.4f, 0.5f, 0.5f, 0.2f, 0.9f, 0.6f};
  std::vector<float> target = {0.2f, 0.3f, 0.3f, 0.7f};
  OpRunner e("box_coder");
  e.Input<float>("PriorBox", "p", {2, 4}, prior);
  e.Input<float>("TargetBox", "t", {1, 4}, target);
  e.Output("OutputBox", "out");
  e.Attr("code_type", "encode_center_size");
  e.Attr("variance", std::vector<float>{0.1f, 0.1f, 0.2f, 0.2f});
  e.Run();
  OpRunner d("box_coder");
  d.Input<float>("PriorBox", "p", {2, 4}, prior);
  d.Input<float>("TargetBox", "t", {1, 2, 4}, e.Values<float>("out"));
  d.Output("OutputBox", "out");
  d.Attr("code_type", "decode_center_size");
  d.Attr("variance", std::vector<float>{0.1f, 0.1f, 0.2f, 0.2f});
  d.Run();
  std::vector<float> expected = target;
  expected.insert(expected.end(), target.begin(), target.end());
  ExpectAllClose(expected, d.Values<float>("out"), 1e-5f, 1e-5f);
  OpRunner bad("box_coder");
  bad.Input<float>("PriorBox", "p", {2, 4}, prior);
  bad.Input<float>("TargetBox", "t", {1, 3, 4}, std::vector<float>(12, 0.f));
  bad.Output("OutputBox", "out");
  bad.Attr("code_type", "decode_center_size");
  ExpectErrorMentions(bad, {"box_coder"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
