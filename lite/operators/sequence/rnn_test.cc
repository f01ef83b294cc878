// The fused rnn op (LSTM, GRU, RNN_TANH/RELU; layers, bidirectional,
// SequenceLength, PreState) against a naive double-precision reference.
#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

namespace {
double Sig(double v) { return 1 / (1 + std::exp(-v)); }

struct Case {
  std::string mode;
  int layers, dirs;
  bool seq_len;
};

int Gates(const std::string& m) { return m == "LSTM" ? 4 : m == "GRU" ? 3 : 1; }

// out [T, N, D*H]; states [L*D, N, H] (h, then c for LSTM).
std::vector<float> Naive(const Case& c, int T, int N, int I, int H, const std::vector<float>& x,
                         const std::vector<std::vector<float>>& w,
                         const std::vector<std::vector<float>>& pre,
                         const std::vector<int32_t>& lens, std::vector<std::vector<float>>* st) {
  const int G = Gates(c.mode), units = c.layers * c.dirs;
  std::vector<double> in(x.begin(), x.end());
  int in_w = I;
  st->assign(pre.size(), std::vector<float>(units * N * H));
  for (int l = 0; l < c.layers; ++l) {
    std::vector<double> out(T * N * c.dirs * H, 0.0);
    for (int d = 0; d < c.dirs; ++d) {
      const int u = l * c.dirs + d;
      const auto &wih = w[2 * u], &whh = w[2 * u + 1], &bih = w[2 * units + 2 * u],
                 &bhh = w[2 * units + 2 * u + 1];
      for (int n = 0; n < N; ++n) {
        std::vector<double> h(H), cc(H);
        for (int j = 0; j < H; ++j) {
          h[j] = pre[0][(u * N + n) * H + j];
          if (G == 4) cc[j] = pre[1][(u * N + n) * H + j];
        }
        const int len = c.seq_len ? lens[n] : T;
        for (int k = 0; k < len; ++k) {
          const int t = d ? len - 1 - k : k;
          std::vector<double> xi(G * H), hh(G * H);
          for (int g = 0; g < G * H; ++g) {
            xi[g] = bih[g];
            for (int i = 0; i < in_w; ++i) xi[g] += in[(t * N + n) * in_w + i] * wih[g * in_w + i];
            hh[g] = bhh[g];
            for (int i = 0; i < H; ++i) hh[g] += h[i] * whh[g * H + i];
          }
          for (int j = 0; j < H; ++j) {
            if (c.mode == "LSTM") {
              double ig = Sig(xi[j] + hh[j]), fg = Sig(xi[H + j] + hh[H + j]),
                     gg = std::tanh(xi[2 * H + j] + hh[2 * H + j]),
                     og = Sig(xi[3 * H + j] + hh[3 * H + j]);
              cc[j] = fg * cc[j] + ig * gg;
              h[j] = og * std::tanh(cc[j]);
            } else if (c.mode == "GRU") {
              double r = Sig(xi[j] + hh[j]), z = Sig(xi[H + j] + hh[H + j]);
              double cand = std::tanh(xi[2 * H + j] + r * hh[2 * H + j]);
              h[j] = z * h[j] + (1 - z) * cand;
            } else if (c.mode == "RNN_TANH") {
              h[j] = std::tanh(xi[j] + hh[j]);
            } else {
              h[j] = std::max(0.0, xi[j] + hh[j]);
            }
          }
          for (int j = 0; j < H; ++j) out[(t * N + n) * c.dirs * H + d * H + j] = h[j];
        }
        for (int j = 0; j < H; ++j) {
          (*st)[0][(u * N + n) * H + j] = static_cast<float>(h[j]);
          if (G == 4) (*st)[1][(u * N + n) * H + j] = static_cast<float>(cc[j]);
        }
      }
    }
    in = out;
    in_w = c.dirs * H;
  }
  return std::vector<float>(in.begin(), in.end());
}
// Runs case c with N = 3 sequences of T steps of I features and hidden size
// H against Naive; without set_hidden the op gets no hidden_size attribute.
void CheckRnn(const Case& c, int T, int I, int H, bool set_hidden) {
  const int N = 3;
  const int G = Gates(c.mode), units = c.layers * c.dirs;
  OpRunner r("rnn");
  auto x = RandomFloats(T * N * I, -1, 1, 11);
  r.Input<float>("Input", "x", {T, N, I}, x);
  std::vector<std::vector<float>> pre;
  for (int s = 0; s < (G == 4 ? 2 : 1); ++s) {
    pre.push_back(RandomFloats(units * N * H, -1, 1, 20 + s));
    r.Input<float>("PreState", "pre" + std::to_string(s), {units, N, H}, pre.back());
    r.Output("State", "state" + std::to_string(s));
  }
  std::vector<std::vector<float>> w(4 * units);
  for (int l = 0; l < c.layers; ++l) {
    for (int d = 0; d < c.dirs; ++d) {
      const int u = l * c.dirs + d, in_w = l == 0 ? I : c.dirs * H;
      w[2 * u] = RandomFloats(G * H * in_w, -0.5, 0.5, 30 + u);
      w[2 * u + 1] = RandomFloats(G * H * H, -0.5, 0.5, 40 + u);
      w[2 * units + 2 * u] = RandomFloats(G * H, -0.3, 0.3, 50 + u);
      w[2 * units + 2 * u + 1] = RandomFloats(G * H, -0.3, 0.3, 60 + u);
    }
  }
  for (int i = 0; i < 4 * units; ++i) {
    const int u = (i % (2 * units)) / 2, l = u / c.dirs;
    const int64_t in_w = l == 0 ? I : c.dirs * H;
    DDim dims = i < 2 * units ? (i % 2 ? DDim{G * H, H} : DDim{G * H, in_w}) : DDim{G * H};
    r.Input<float>("WeightList", "w" + std::to_string(i), dims, w[i]);
  }
  const std::vector<int32_t> lens = {6, 2, 0};
  if (c.seq_len) r.Input<int32_t>("SequenceLength", "len", {N}, lens);
  r.Output("Out", "out");
  r.Attr("mode", c.mode);
  r.Attr("num_layers", c.layers);
  r.Attr("is_bidirec", c.dirs == 2);
  if (set_hidden) r.Attr("hidden_size", H);
  r.Attr("input_size", I);
  r.Run();
  std::vector<std::vector<float>> st;
  auto out = Naive(c, T, N, I, H, x, w, pre, lens, &st);
  const std::string what = c.mode + " L" + std::to_string(c.layers) + " D" +
                           std::to_string(c.dirs) + (c.seq_len ? " lens" : "");
  EXPECT_EQ(r.Get("out")->dims(), (DDim{T, N, c.dirs * H})) << what;
  ExpectAllClose(out, r.Values<float>("out"), 1e-5f, 1e-5f, what + " out");
  for (size_t s = 0; s < st.size(); ++s) {
    ExpectAllClose(st[s], r.Values<float>("state" + std::to_string(s)), 1e-5f, 1e-5f,
                   what + " state");
  }
}

TEST(Rnn, EveryModeLayersDirectionsAndSequenceLength) {
  for (const Case& c : std::vector<Case>{{"LSTM", 1, 1, false}, {"LSTM", 2, 2, true},
                                         {"GRU", 1, 1, false}, {"GRU", 2, 2, true},
                                         {"GRU", 1, 2, false}, {"RNN_TANH", 2, 1, true},
                                         {"RNN_RELU", 1, 2, true}}) {
    CheckRnn(c, 6, 5, 4, true);
  }
}

// Paddle's RNN OpMaker defaults hidden_size to 100.
TEST(Rnn, AbsentHiddenSizeIsPaddlesDefault100) {
  CheckRnn({"GRU", 1, 1, false}, 2, 3, 100, false);
}

}  // namespace

TEST(Rnn, WrongWeightCountIsAnErrorNamingIt) {
  OpRunner r("rnn");
  r.Input<float>("Input", "x", {2, 1, 3}, RandomFloats(6));
  r.Input<float>("PreState", "h", {1, 1, 2}, RandomFloats(2));
  r.Input<float>("WeightList", "w0", {6, 3}, RandomFloats(18));
  r.Output("Out", "out");
  r.Output("State", "s");
  r.Attr("mode", std::string("GRU"));
  r.Attr("hidden_size", 2);
  ExpectErrorMentions(r, {"rnn", "'WeightList'", "expected 4"});
}

TEST(CrfDecoding, ViterbiMatchesBruteForceWithAndWithoutLabel) {
  const int K = 3;
  const std::vector<uint64_t> offsets = {0, 4, 5, 9};
  auto x = RandomFloats(9 * K, -2, 2, 70), tr = RandomFloats((K + 2) * K, -1, 1, 71);
  // Brute force: every tag sequence of each sentence.
  std::vector<int64_t> best_path;
  for (size_t s = 0; s + 1 < offsets.size(); ++s) {
    const int b = offsets[s], len = offsets[s + 1] - b;
    int total = 1;
    for (int i = 0; i < len; ++i) total *= K;
    double best = -INFINITY;
    std::vector<int64_t> arg;
    for (int code = 0; code < total; ++code) {
      std::vector<int64_t> tags(len);
      for (int i = 0, c = code; i < len; ++i, c /= K) tags[i] = c % K;
      double score = tr[tags[0]] + tr[K + tags[len - 1]];
      for (int i = 0; i < len; ++i) score += x[(b + i) * K + tags[i]];
      for (int i = 1; i < len; ++i) score += tr[(2 + tags[i - 1]) * K + tags[i]];
      if (score > best) best = score, arg = tags;
    }
    best_path.insert(best_path.end(), arg.begin(), arg.end());
  }
  OpRunner r("crf_decoding");
  r.Input<float>("Emission", "x", {9, K}, x)->set_lod({offsets});
  r.Input<float>("Transition", "t", {K + 2, K}, tr);
  r.Output("ViterbiPath", "path");
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("path"), best_path);
  EXPECT_EQ(r.Get("path")->lod(), (LoD{offsets}));

  std::vector<int64_t> label = best_path;
  label[1] = (label[1] + 1) % K;
  label[6] = (label[6] + 2) % K;
  OpRunner with_label("crf_decoding");
  with_label.Input<float>("Emission", "x", {9, K}, x)->set_lod({offsets});
  with_label.Input<float>("Transition", "t", {K + 2, K}, tr);
  with_label.Input<int64_t>("Label", "label", {9, 1}, label);
  with_label.Output("ViterbiPath", "path");
  with_label.Run();
  EXPECT_EQ(with_label.Values<int64_t>("path"),
            (std::vector<int64_t>{1, 0, 1, 1, 1, 1, 0, 1, 1}));
}

TEST(CrfDecoding, PaddedInputWithLength) {
  const int K = 2;
  // Sequence 0: length 2 of 3; sequence 1: length 3.
  std::vector<float> x = {5, 0, 0, 5, 9, 9, 0, 1, 1, 0, 0, 1};
  std::vector<float> tr(4 * K, 0.f);
  OpRunner r("crf_decoding");
  r.Input<float>("Emission", "x", {2, 3, K}, x);
  r.Input<float>("Transition", "t", {K + 2, K}, tr);
  r.Input<int64_t>("Length", "len", {2}, {2, 3});
  r.Output("ViterbiPath", "path");
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("path"), (std::vector<int64_t>{0, 1, 0, 1, 0, 1}));
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
