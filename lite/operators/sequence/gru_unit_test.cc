#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

double Sig(double v) { return 1 / (1 + std::exp(-v)); }

TEST(GruUnit, OneStepAgainstTheFormulaBothModes) {
  const int64_t B = 3, D = 13;
  auto x = RandomFloats(B * 3 * D, -1, 1, 1), h = RandomFloats(B * D, -1, 1, 2);
  auto w = RandomFloats(3 * D * D, -0.3f, 0.3f, 3), bias = RandomFloats(3 * D, -0.5f, 0.5f, 4);
  for (bool origin : {false, true}) {
    OpRunner r("gru_unit");
    r.Input<float>("Input", "x", {B, 3 * D}, x);
    r.Input<float>("HiddenPrev", "h", {B, D}, h);
    r.Input<float>("Weight", "w", {D, 3 * D}, w);
    r.Input<float>("Bias", "b", {1, 3 * D}, bias);
    r.Output("Gate", "gate");
    r.Output("ResetHiddenPrev", "reset");
    r.Output("Hidden", "hidden");
    r.Attr("activation", 2);
    r.Attr("gate_activation", 1);
    r.Attr("origin_mode", origin);
    r.Run();
    auto out = r.Values<float>("hidden");
    for (int64_t b = 0; b < B; ++b) {
      std::vector<double> u(D), rr(D), rh(D), c(D);
      for (int64_t k = 0; k < D; ++k) {
        double su = x[b * 3 * D + k] + bias[k], sr = x[b * 3 * D + D + k] + bias[D + k];
        for (int64_t j = 0; j < D; ++j) {
          su += h[b * D + j] * w[j * 2 * D + k];
          sr += h[b * D + j] * w[j * 2 * D + D + k];
        }
        u[k] = Sig(su);
        rr[k] = Sig(sr);
      }
      for (int64_t j = 0; j < D; ++j) rh[j] = rr[j] * h[b * D + j];
      for (int64_t k = 0; k < D; ++k) {
        double sc = x[b * 3 * D + 2 * D + k] + bias[2 * D + k];
        for (int64_t j = 0; j < D; ++j) sc += rh[j] * w[2 * D * D + j * D + k];
        c[k] = std::tanh(sc);
        const double want = origin ? u[k] * h[b * D + k] + (1 - u[k]) * c[k]
                                   : (1 - u[k]) * h[b * D + k] + u[k] * c[k];
        EXPECT_NEAR(out[b * D + k], want, 1e-5) << "origin " << origin;
      }
    }
  }
  OpRunner bad("gru_unit");
  bad.Input<float>("Input", "x", {1, 6}, std::vector<float>(6));
  bad.Input<float>("HiddenPrev", "h", {1, 2}, std::vector<float>(2));
  bad.Input<float>("Weight", "w", {2, 6}, std::vector<float>(12));
  bad.Output("Gate", "gate");
  bad.Output("ResetHiddenPrev", "reset");
  bad.Output("Hidden", "hidden");
  bad.Attr("activation", 7);
  ExpectErrorMentions(bad, {"gru_unit", "activation"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
