// The Baidu search-model LoD ops (match_matrix_tensor,
// sequence_topk_avg_pooling, var_conv_2d) against naive references
// written here, on ragged batches of odd sizes and every attribute form.
#include <algorithm>
#include <functional>
#include <numeric>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

std::vector<uint64_t> Offsets(const std::vector<int64_t>& lengths) {
  std::vector<uint64_t> off = {0};
  for (int64_t l : lengths) off.push_back(off.back() + static_cast<uint64_t>(l));
  return off;
}

// A [sum(lengths), 1] tensor whose LoD gives `lengths` (ROW / COLUMN).
void LengthsInput(OpRunner& r, const std::string& slot, const std::string& var,
                  const std::vector<int64_t>& lengths) {
  const auto off = Offsets(lengths);
  r.Input<float>(slot, var, {static_cast<int64_t>(off.back()), 1}, std::vector<float>(off.back(), 0.f))
      ->set_lod({off});
}

TEST(MatchMatrixTensor, MatchesTheReferenceOnRaggedBatches) {
  for (int dim_t : {1, 3}) {
    for (bool relu : {false, true}) {
      const std::vector<int64_t> ll = {1, 3, 13}, lr = {3, 1, 2};
      const int64_t dx = 3, dy = 13, lx = 17, ly = 6;
      const auto x = RandomFloats(lx * dx, -1, 1, 1), y = RandomFloats(ly * dy, -1, 1, 2);
      const auto w = RandomFloats(dx * dim_t * dy, -1, 1, 3);
      OpRunner r("match_matrix_tensor");
      r.Input<float>("X", "x", {lx, dx}, x)->set_lod({Offsets(ll)});
      r.Input<float>("Y", "y", {ly, dy}, y)->set_lod({Offsets(lr)});
      r.Input<float>("W", "w", {dx, dim_t, dy}, w);
      r.Output("Out", "out");
      r.Output("Tmp", "tmp");
      r.Attr("dim_t", dim_t);
      if (relu) r.Attr("fuse_relu", true);
      r.Run();
      std::vector<float> want;
      std::vector<uint64_t> top = {0};
      const auto offl = Offsets(ll), offr = Offsets(lr);
      for (size_t b = 0; b < ll.size(); ++b) {
        for (int t = 0; t < dim_t; ++t)
          for (int64_t i = 0; i < ll[b]; ++i)
            for (int64_t j = 0; j < lr[b]; ++j) {
              double s = 0;
              for (int64_t a = 0; a < dx; ++a)
                for (int64_t c = 0; c < dy; ++c)
                  s += double{x[(offl[b] + i) * dx + a]} * w[(a * dim_t + t) * dy + c] * y[(offr[b] + j) * dy + c];
              want.push_back(relu ? std::max(static_cast<float>(s), 0.f) : static_cast<float>(s));
            }
        top.push_back(want.size());
      }
      EXPECT_EQ(r.Get("out")->dims(), (DDim{static_cast<int64_t>(want.size()), 1}));
      ExpectAllClose(want, r.Values<float>("out"), 1e-5f, 1e-5f, "dim_t " + std::to_string(dim_t));
      EXPECT_EQ(r.Get("out")->lod(), (LoD{top, offl, offr}));
      EXPECT_EQ(r.Get("tmp")->numel(), lx * dim_t * dy);
      // Dynamic shape: one pair of sequences.
      r.Refill<float>("x", {2, dx}, std::vector<float>(2 * dx, 1.f));
      r.Get("x")->set_lod({{0, 2}});
      r.Refill<float>("y", {1, dy}, std::vector<float>(dy, 0.5f));
      r.Get("y")->set_lod({{0, 1}});
      r.Run();
      float sum_w = 0;
      for (int64_t a = 0; a < dx; ++a)
        for (int64_t c = 0; c < dy; ++c) sum_w += w[(a * dim_t + 0) * dy + c];
      ASSERT_EQ(r.Get("out")->numel(), 2 * dim_t);
      EXPECT_NEAR(r.Values<float>("out")[0], relu ? std::max(0.5f * sum_w, 0.f) : 0.5f * sum_w, 1e-5);
    }
  }
  // X [2, 3] in `x_seqs` sequences, Y [2, 4] in one, W [3, 2, 4].
  auto bad = [](int dim_t, const std::vector<uint64_t>& x_lod, const std::vector<std::string>& words) {
    OpRunner r("match_matrix_tensor");
    r.Input<float>("X", "x", {2, 3}, RandomFloats(6))->set_lod({x_lod});
    r.Input<float>("Y", "y", {2, 4}, RandomFloats(8))->set_lod({{0, 2}});
    r.Input<float>("W", "w", {3, 2, 4}, RandomFloats(24));
    r.Output("Out", "out");
    r.Output("Tmp", "tmp");
    r.Attr("dim_t", dim_t);
    ExpectErrorMentions(r, words);
  };
  bad(2, {0, 1, 2}, {"match_matrix_tensor", "X holds 2 sequences but Y holds 1"});
  bad(3, {0, 2}, {"match_matrix_tensor", "dim_t = 3", "W [3, 2, 4]"});
  bad(0, {0, 2}, {"match_matrix_tensor", "'dim_t'"});
}

TEST(SequenceTopkAvgPooling, MatchesTheReferenceWithTiesAndShortRows) {
  for (int channels : {1, 3}) {
    for (const std::vector<int32_t>& topks : {std::vector<int32_t>{1}, std::vector<int32_t>{1, 3, 5}}) {
      const std::vector<int64_t> rows = {1, 3, 2}, cols = {13, 3, 1};
      std::vector<int64_t> sizes;
      for (size_t i = 0; i < rows.size(); ++i) sizes.push_back(channels * rows[i] * cols[i]);
      const auto off = Offsets(sizes);
      auto x = RandomFloats(off.back(), -2, 2, 4);
      for (size_t i = 0; i < x.size(); i += 4) x[i] = 1.f;  // ties
      OpRunner r("sequence_topk_avg_pooling");
      r.Input<float>("X", "x", {static_cast<int64_t>(off.back()), 1}, x)->set_lod({off});
      LengthsInput(r, "ROW", "row", rows);
      LengthsInput(r, "COLUMN", "col", cols);
      r.Output("Out", "out");
      r.Output("pos", "pos");
      r.Attr("channel_num", channels);
      r.Attr("topks", topks);
      r.Run();
      const int max_k = topks.back();
      std::vector<float> want;
      std::vector<int32_t> want_pos;
      for (size_t i = 0; i < rows.size(); ++i)
        for (int64_t rr = 0; rr < rows[i]; ++rr)
          for (int c = 0; c < channels; ++c) {
            const float* row = &x[off[i] + (c * rows[i] + rr) * cols[i]];
            std::vector<int32_t> idx(cols[i]);
            std::iota(idx.begin(), idx.end(), 0);
            std::stable_sort(idx.begin(), idx.end(), [&](int32_t a, int32_t b) { return row[a] > row[b]; });
            idx.resize(std::min<size_t>(idx.size(), max_k));
            for (int k = 0; k < max_k; ++k) want_pos.push_back(k < static_cast<int>(idx.size()) ? idx[k] : -1);
            for (int32_t k : topks) {
              float s = 0;
              for (int j = 0; j < k && j < static_cast<int>(idx.size()); ++j) s += row[idx[j]];
              want.push_back(s / k);
            }
          }
      // Out rows are ROW's rows, each channel_num x |topks| wide (the
      // reference loop above runs row, then channel: the same order).
      EXPECT_EQ(r.Get("out")->dims(), (DDim{6, channels * static_cast<int64_t>(topks.size())}));
      ExpectAllClose(want, r.Values<float>("out"), 1e-6f, 1e-6f);
      EXPECT_EQ(r.Values<int32_t>("pos"), want_pos);
      EXPECT_EQ(r.Get("out")->lod(), r.Get("row")->lod());
      // Dynamic shape: the same op on one sequence of 1 row x 127 columns.
      const auto x2 = RandomFloats(channels * 127, -1, 1, 5);
      r.Refill<float>("x", {channels * 127, 1}, x2);
      r.Get("x")->set_lod({{0, static_cast<uint64_t>(channels * 127)}});
      r.Refill<float>("row", {1, 1}, {0.f});
      r.Get("row")->set_lod({{0, 1}});
      r.Refill<float>("col", {127, 1}, std::vector<float>(127, 0.f));
      r.Get("col")->set_lod({{0, 127}});
      r.Run();
      ASSERT_EQ(r.Get("out")->dims(), (DDim{1, channels * static_cast<int64_t>(topks.size())}));
      std::vector<float> first(x2.begin(), x2.begin() + 127);
      std::sort(first.begin(), first.end(), std::greater<float>());
      float s = 0;
      for (int k = 0; k < topks.back(); ++k) s += first[k];
      EXPECT_NEAR(r.Values<float>("out")[topks.size() - 1], s / topks.back(), 1e-6);
    }
  }
  // X of `n` values as one sequence of 2 rows x 3 columns.
  auto bad = [](int64_t n, const std::vector<int32_t>& topks, const std::vector<std::string>& words) {
    OpRunner r("sequence_topk_avg_pooling");
    r.Input<float>("X", "x", {n, 1}, RandomFloats(n))->set_lod({{0, static_cast<uint64_t>(n)}});
    LengthsInput(r, "ROW", "row", {2});
    LengthsInput(r, "COLUMN", "col", {3});
    r.Output("Out", "out");
    r.Output("pos", "pos");
    r.Attr("channel_num", 1);
    r.Attr("topks", topks);
    ExpectErrorMentions(r, words);
  };
  bad(5, {1, 2}, {"sequence_topk_avg_pooling", "sequence 0 of input 'X' holds 5 values", "rows (2",
                  "columns (3"});
  bad(6, {3, 1, 2}, {"sequence_topk_avg_pooling", "'topks'"});
}

struct Image {
  int64_t h, w;
};

// Direct convolution of one [in_c, h, w] image: [out_c, oh, ow].
std::vector<float> NaiveVarConv(const float* img, const Image& im, const std::vector<float>& w,
                                int in_c, int out_c, int kh, int kw, int sh, int sw, bool relu) {
  const int64_t oh = im.h ? (im.h - 1) / sh + 1 : 0, ow = im.w ? (im.w - 1) / sw + 1 : 0;
  std::vector<float> out;
  for (int o = 0; o < out_c; ++o)
    for (int64_t y = 0; y < oh; ++y)
      for (int64_t x = 0; x < ow; ++x) {
        double s = 0;
        for (int z = 0; z < in_c; ++z)
          for (int ky = 0; ky < kh; ++ky)
            for (int kx = 0; kx < kw; ++kx) {
              const int64_t iy = y * sh + ky - kh / 2, ix = x * sw + kx - kw / 2;
              if (iy < 0 || iy >= im.h || ix < 0 || ix >= im.w) continue;
              s += double{w[((o * in_c + z) * kh + ky) * kw + kx]} * img[(z * im.h + iy) * im.w + ix];
            }
        out.push_back(relu ? std::max(static_cast<float>(s), 0.f) : static_cast<float>(s));
      }
  return out;
}

TEST(VarConv2d, MatchesTheReferenceInBothLoDFormsAndEveryAttributeForm) {
  const std::vector<Image> images = {{1, 1}, {3, 13}, {13, 3}, {0, 5}};
  int checked = 0;
  for (int in_c : {1, 3}) {
    for (auto [kh, kw] : {std::pair{1, 1}, std::pair{3, 3}, std::pair{3, 2}}) {
      for (auto [sh, sw] : {std::pair{1, 1}, std::pair{2, 3}}) {
        for (bool relu : {false, true}) {
          for (bool paddle_form : {true, false}) {
            const int out_c = 2;
            std::vector<int64_t> sizes, hs, ws;
            for (const Image& im : images) {
              sizes.push_back(in_c * im.h * im.w);
              hs.push_back(im.h);
              ws.push_back(im.w);
            }
            const auto off = Offsets(sizes);
            const auto x = RandomFloats(off.back(), -1, 1, 8);
            const auto w = RandomFloats(out_c * in_c * kh * kw, -1, 1, 9);
            OpRunner r("var_conv_2d");
            Tensor* xt = r.Input<float>("X", "x", {static_cast<int64_t>(off.back()), 1}, x);
            if (paddle_form) {
              xt->set_lod({off});
              LengthsInput(r, "ROW", "row", hs);
              LengthsInput(r, "COLUMN", "col", ws);
            } else {
              xt->set_lod({off, Offsets(hs), Offsets(ws)});
            }
            r.Input<float>("W", "w", {out_c, in_c * kh * kw}, w);
            r.Output("Out", "out");
            r.Output("Col", "colout");
            for (auto [name, v] : {std::pair{"OutputChannel", out_c}, {"InputChannel", in_c}, {"KernelH", kh},
                                   {"KernelW", kw}, {"StrideH", sh}, {"StrideW", sw}}) {
              r.Attr(name, v);
            }
            r.Attr("fuse_relu", relu);
            r.Run();
            std::vector<float> want;
            std::vector<uint64_t> lod = {0};
            for (size_t b = 0; b < images.size(); ++b) {
              const auto o = NaiveVarConv(&x[off[b]], images[b], w, in_c, out_c, kh, kw, sh, sw, relu);
              want.insert(want.end(), o.begin(), o.end());
              lod.push_back(want.size());
            }
            ExpectAllClose(want, r.Values<float>("out"), 1e-5f, 1e-5f, "var_conv_2d");
            EXPECT_EQ(r.Get("out")->lod(), (LoD{lod}));
            ++checked;
          }
        }
      }
    }
  }
  EXPECT_EQ(checked, 48);
}

TEST(VarConv2d, DynamicShapeAndBadInputs) {
  OpRunner r("var_conv_2d");
  r.Input<float>("X", "x", {4, 1}, {1, 2, 3, 4})->set_lod({{0, 4}, {0, 2}, {0, 2}});
  r.Input<float>("W", "w", {1, 1}, {2.f});
  r.Output("Out", "out");
  r.Output("Col", "colout");
  for (const char* a : {"OutputChannel", "InputChannel", "KernelH", "KernelW", "StrideH", "StrideW"}) {
    r.Attr(a, 1);
  }
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{2, 4, 6, 8}));
  EXPECT_EQ(r.Values<float>("colout"), (std::vector<float>{1, 2, 3, 4}));
  r.Refill<float>("x", {6, 1}, {1, 1, 1, 1, 1, 1});  // a 2 x 3 image, then a 0 x 0 one
  r.Get("x")->set_lod({{0, 6, 6}, {0, 2, 2}, {0, 3, 3}});
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), std::vector<float>(6, 2.f));
  EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 6, 6}}));
  r.Get("x")->set_lod({{0, 6}, {0, 2}, {0, 2}});  // 6 values for a 2 x 2 image
  ExpectErrorMentions(r, {"var_conv_2d", "sample 0 of input 'X' holds 6 values", "height (2", "width (2"});
  r.Get("x")->set_lod({{0, 6}});
  ExpectErrorMentions(r, {"var_conv_2d", "'ROW' and 'COLUMN'", "3 levels"});
  r.Get("x")->set_lod({{0, 6}, {0, 2}, {0, 3}});
  r.desc().SetAttr("StrideW", 0);
  OpRunner bad("var_conv_2d");  // a new op reads the attribute
  bad.desc() = r.desc();
  bad.scope().Var("x")->CopyFrom(*r.Get("x"));
  bad.scope().Var("w")->CopyFrom(*r.Get("w"));
  ExpectErrorMentions(bad, {"var_conv_2d", "'StrideW'", "> 0"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
