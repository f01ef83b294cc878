// gru and lstm (LoD recurrent ops) against naive double-precision
// references on a ragged batch, every attribute combination.
#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

namespace {
double Sig(double v) { return 1 / (1 + std::exp(-v)); }
double Act(const std::string& a, double v) {
  if (a == "sigmoid") return Sig(v);
  if (a == "tanh") return std::tanh(v);
  if (a == "relu") return v > 0 ? v : 0;
  return v;
}
const std::vector<uint64_t> kOffsets = {0, 5, 6, 6, 13};  // incl. an empty sequence
const int kT = 13, kN = 4;

std::vector<float> NaiveGru(const std::vector<float>& x, const std::vector<float>& w,
                            const std::vector<float>& b, const std::vector<float>* h0, int d,
                            bool reverse, bool origin, const std::string& gate_act,
                            const std::string& act) {
  std::vector<float> out(kT * d);
  for (int s = 0; s < kN; ++s) {
    std::vector<double> h(d, 0);
    if (h0) for (int j = 0; j < d; ++j) h[j] = (*h0)[s * d + j];
    const int beg = kOffsets[s], end = kOffsets[s + 1];
    for (int k = 0; k < end - beg; ++k) {
      const int t = reverse ? end - 1 - k : beg + k;
      std::vector<double> u(d), r(d), c(d);
      for (int j = 0; j < d; ++j) {
        double gu = x[t * 3 * d + j] + b[j], gr = x[t * 3 * d + d + j] + b[d + j];
        for (int i = 0; i < d; ++i) {
          gu += h[i] * w[i * 2 * d + j];
          gr += h[i] * w[i * 2 * d + d + j];
        }
        u[j] = Act(gate_act, gu);
        r[j] = Act(gate_act, gr);
      }
      for (int j = 0; j < d; ++j) {
        double gc = x[t * 3 * d + 2 * d + j] + b[2 * d + j];
        for (int i = 0; i < d; ++i) gc += r[i] * h[i] * w[2 * d * d + i * d + j];
        c[j] = Act(act, gc);
      }
      for (int j = 0; j < d; ++j) {
        h[j] = origin ? u[j] * h[j] + (1 - u[j]) * c[j] : (1 - u[j]) * h[j] + u[j] * c[j];
        out[t * d + j] = static_cast<float>(h[j]);
      }
    }
  }
  return out;
}

std::vector<float> NaiveLstm(const std::vector<float>& x, const std::vector<float>& w,
                             const std::vector<float>& b, const std::vector<float>* h0,
                             const std::vector<float>* c0, int d, bool reverse, bool peep,
                             std::vector<float>* cell_out) {
  std::vector<float> out(kT * d);
  cell_out->assign(kT * d, 0.f);
  for (int s = 0; s < kN; ++s) {
    std::vector<double> h(d, 0), c(d, 0);
    if (h0) for (int j = 0; j < d; ++j) h[j] = (*h0)[s * d + j];
    if (c0) for (int j = 0; j < d; ++j) c[j] = (*c0)[s * d + j];
    const int beg = kOffsets[s], end = kOffsets[s + 1];
    for (int k = 0; k < end - beg; ++k) {
      const int t = reverse ? end - 1 - k : beg + k;
      std::vector<double> g(4 * d);
      for (int j = 0; j < 4 * d; ++j) {
        g[j] = x[t * 4 * d + j] + b[j];
        for (int i = 0; i < d; ++i) g[j] += h[i] * w[i * 4 * d + j];
      }
      for (int j = 0; j < d; ++j) {
        const double wic = peep ? b[4 * d + j] : 0, wfc = peep ? b[5 * d + j] : 0,
                     woc = peep ? b[6 * d + j] : 0;
        const double ig = Sig(g[d + j] + wic * c[j]), fg = Sig(g[2 * d + j] + wfc * c[j]);
        c[j] = fg * c[j] + ig * std::tanh(g[j]);
        const double og = Sig(g[3 * d + j] + woc * c[j]);
        h[j] = og * std::tanh(c[j]);
        out[t * d + j] = static_cast<float>(h[j]);
        (*cell_out)[t * d + j] = static_cast<float>(c[j]);
      }
    }
  }
  return out;
}
}  // namespace

TEST(Gru, RaggedBatchEveryAttributeCombination) {
  const int d = 5;
  auto x = RandomFloats(kT * 3 * d, -1, 1, 1), w = RandomFloats(d * 3 * d, -0.5, 0.5, 2);
  auto b = RandomFloats(3 * d, -0.3, 0.3, 3), h0 = RandomFloats(kN * d, -1, 1, 4);
  for (bool reverse : {false, true}) {
    for (bool origin : {false, true}) {
      for (bool with_h0 : {false, true}) {
        for (const char* gate : {"sigmoid", "relu"}) {
          OpRunner r("gru");
          r.Input<float>("Input", "x", {kT, 3 * d}, x)->set_lod({kOffsets});
          r.Input<float>("Weight", "w", {d, 3 * d}, w);
          r.Input<float>("Bias", "b", {1, 3 * d}, b);
          if (with_h0) r.Input<float>("H0", "h0", {kN, d}, h0);
          r.Output("Hidden", "h");
          r.Attr("is_reverse", reverse);
          r.Attr("origin_mode", origin);
          r.Attr("gate_activation", std::string(gate));
          r.Attr("activation", std::string("tanh"));
          r.Run();
          ExpectAllClose(NaiveGru(x, w, b, with_h0 ? &h0 : nullptr, d, reverse, origin, gate,
                                  "tanh"),
                         r.Values<float>("h"), 1e-5f, 1e-5f, "gru");
          EXPECT_EQ(r.Get("h")->lod(), (LoD{kOffsets}));
        }
      }
    }
  }
}

TEST(Gru, BadWeightIsAnErrorNamingIt) {
  OpRunner r("gru");
  r.Input<float>("Input", "x", {3, 6}, RandomFloats(18))->set_lod({{0, 3}});
  r.Input<float>("Weight", "w", {2, 5}, RandomFloats(10));
  r.Output("Hidden", "h");
  ExpectErrorMentions(r, {"gru", "'Weight'", "[2, 6]"});
}

TEST(Lstm, RaggedBatchWithAndWithoutPeepholesAndInitialStates) {
  const int d = 4;
  auto x = RandomFloats(kT * 4 * d, -1, 1, 5), w = RandomFloats(d * 4 * d, -0.5, 0.5, 6);
  auto b7 = RandomFloats(7 * d, -0.3, 0.3, 7);
  auto h0 = RandomFloats(kN * d, -1, 1, 8), c0 = RandomFloats(kN * d, -1, 1, 9);
  for (bool reverse : {false, true}) {
    for (bool peep : {false, true}) {
      for (bool states : {false, true}) {
        std::vector<float> b(b7.begin(), b7.begin() + (peep ? 7 : 4) * d);
        OpRunner r("lstm");
        r.Input<float>("Input", "x", {kT, 4 * d}, x)->set_lod({kOffsets});
        r.Input<float>("Weight", "w", {d, 4 * d}, w);
        r.Input<float>("Bias", "b", {1, static_cast<int64_t>(b.size())}, b);
        if (states) {
          r.Input<float>("H0", "h0", {kN, d}, h0);
          r.Input<float>("C0", "c0", {kN, d}, c0);
        }
        r.Output("Hidden", "h");
        r.Output("Cell", "c");
        r.Attr("is_reverse", reverse);
        r.Attr("use_peepholes", peep);
        r.Run();
        std::vector<float> cell;
        auto hidden = NaiveLstm(x, w, b, states ? &h0 : nullptr, states ? &c0 : nullptr, d,
                                reverse, peep, &cell);
        ExpectAllClose(hidden, r.Values<float>("h"), 1e-5f, 1e-5f, "lstm hidden");
        ExpectAllClose(cell, r.Values<float>("c"), 1e-5f, 1e-5f, "lstm cell");
        EXPECT_EQ(r.Get("h")->lod(), (LoD{kOffsets}));
      }
    }
  }
}

TEST(Lstm, UnknownActivationIsAnErrorNamingIt) {
  OpRunner r("lstm");
  r.Input<float>("Input", "x", {2, 4}, RandomFloats(8))->set_lod({{0, 2}});
  r.Input<float>("Weight", "w", {1, 4}, RandomFloats(4));
  r.Input<float>("Bias", "b", {1, 7}, RandomFloats(7));
  r.Output("Hidden", "h");
  r.Output("Cell", "c");
  r.Attr("cell_activation", std::string("softsign"));
  ExpectErrorMentions(r, {"lstm", "cell_activation", "softsign"});
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
