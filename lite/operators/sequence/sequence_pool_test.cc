#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

namespace {
// Naive pooling of rows [b, e) of x [T, w] column j.
float Pool(const std::string& type, const std::vector<float>& x, int w, int b, int e, int j,
           float pad) {
  if (b == e) return pad;
  if (type == "FIRST") return x[b * w + j];
  if (type == "LAST") return x[(e - 1) * w + j];
  float s = 0, m = -INFINITY;
  for (int t = b; t < e; ++t) {
    s += x[t * w + j];
    m = std::max(m, x[t * w + j]);
  }
  if (type == "MAX") return m;
  if (type == "AVERAGE") return s / (e - b);
  if (type == "SQRT") return s / std::sqrt(static_cast<float>(e - b));
  return s;
}
}  // namespace

TEST(SequencePool, EveryPoolTypeOnRaggedLoDWithAnEmptySequence) {
  const std::vector<uint64_t> offsets = {0, 3, 3, 10, 11};
  const int w = 3;  // X [11, 1, 3]
  auto x = RandomFloats(11 * w);
  for (const std::string type : {"SUM", "AVERAGE", "SQRT", "MAX", "LAST", "FIRST"}) {
    OpRunner r("sequence_pool");
    r.Input<float>("X", "x", {11, 1, w}, x)->set_lod({{0, 2, 4}, offsets});
    r.Output("Out", "out");
    r.Output("MaxIndex", "idx");
    r.Attr("pooltype", type);
    r.Attr("pad_value", 0.5f);
    r.Run();
    EXPECT_EQ(r.Get("out")->dims(), (DDim{4, 1, w}));
    EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 2, 4}}));
    std::vector<float> expected;
    for (size_t s = 0; s + 1 < offsets.size(); ++s) {
      for (int j = 0; j < w; ++j) {
        expected.push_back(Pool(type, x, w, offsets[s], offsets[s + 1], j, 0.5f));
      }
    }
    ExpectAllClose(expected, r.Values<float>("out"), 1e-5f, 1e-6f, type);
    if (type == "MAX") {
      auto idx = r.Values<int32_t>("idx");
      EXPECT_EQ(idx[3], -1);  // the empty sequence
      for (int j = 0; j < w; ++j) EXPECT_EQ(x[idx[j] * w + j], expected[j]);
    }
  }
}

TEST(SequencePool, InvalidLoDIsAnErrorNamingTheInput) {
  OpRunner r("sequence_pool");
  r.Input<float>("X", "x", {5, 2}, RandomFloats(10))->set_lod({{0, 3, 4}});
  r.Output("Out", "out");
  ExpectErrorMentions(r, {"sequence_pool", "'X'", "ends at 4", "row count"});
  r.Get("x")->set_lod({{0, 3, 2, 5}});
  ExpectErrorMentions(r, {"sequence_pool", "'X'", "decreases"});
  r.Get("x")->set_lod({});
  ExpectErrorMentions(r, {"sequence_pool", "needs a LoD"});
}

TEST(SequenceConv, ContextWindowsStayInsideEachSequence) {
  const std::vector<uint64_t> offsets = {0, 4, 5, 9};
  const int d = 3, m = 5;
  auto x = RandomFloats(9 * d, -1, 1, 7);
  for (int start : {-1, 0, -2}) {
    for (bool trainable : {false, true}) {
      const int len = 3;
      const int up = std::max(0, -start), down = std::max(0, start + len - 1);
      auto filter = RandomFloats(len * d * m, -1, 1, 8);
      auto pad = RandomFloats((up + down) * d, -1, 1, 9);
      OpRunner r("sequence_conv");
      r.Input<float>("X", "x", {9, d}, x)->set_lod({offsets});
      r.Input<float>("Filter", "f", {len * d, m}, filter);
      if (trainable && up + down > 0) r.Input<float>("PaddingData", "pad", {up + down, d}, pad);
      r.Output("Out", "out");
      r.Attr("contextLength", len);
      r.Attr("contextStart", start);
      r.Attr("paddingTrainable", trainable && up + down > 0);
      r.Run();
      std::vector<float> expected;
      for (size_t s = 0; s + 1 < offsets.size(); ++s) {
        const int b = offsets[s], e = offsets[s + 1];
        for (int t = b; t < e; ++t) {
          for (int o = 0; o < m; ++o) {
            double acc = 0;
            for (int j = 0; j < len; ++j) {
              const int src = t + start + j;
              for (int c = 0; c < d; ++c) {
                double v = 0;
                if (src >= b && src < e) v = x[src * d + c];
                else if (trainable && up + down > 0)
                  v = pad[(src < b ? up + src - b : up + src - e) * d + c];
                acc += v * filter[(j * d + c) * m + o];
              }
            }
            expected.push_back(static_cast<float>(acc));
          }
        }
      }
      ExpectAllClose(expected, r.Values<float>("out"), 1e-5f, 1e-5f,
                     "start " + std::to_string(start) + (trainable ? " trainable" : ""));
      EXPECT_EQ(r.Get("out")->lod(), (LoD{offsets}));
    }
  }
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
