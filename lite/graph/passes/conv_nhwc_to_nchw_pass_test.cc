// An NHWC conv2d (as Paddle 2 exports it) becomes transpose2 + NCHW conv2d +
// transpose2, and computes the NHWC convolution (checked against a naive one).
#include <gtest/gtest.h>

#include "lite/core/op_test_util.h"
#include "lite/graph/pass.h"

namespace paddle {
namespace lite {
namespace graph {
namespace {

using testing::RandomFloats;

TEST(ConvNhwcToNchw, TransposesAroundAnNchwConvGiveTheNhwcResult) {
  const int64_t N = 2, H = 7, W = 5, C = 3, M = 4;
  testing::ProgramBuilder net;
  net.Feed("x", 0);
  net.RandomWeight("w", {M, C, 3, 3}, -1, 1, 1);
  net.Conv("conv2d", "x", "w", "y", {1, 1}, {1, 1}, 1)
      .SetAttr("data_format", std::string("NHWC"));
  net.Fetch("y", 0);
  RunPasses(&net.program, net.weights.get(), PassOptions{});
  EXPECT_EQ(net.OpTypes(), (std::vector<std::string>{"feed", "transpose2", "conv2d",
                                                     "transpose2", "fetch"}));
  auto x = RandomFloats(N * H * W * C, -1, 1, 2);
  auto w = RandomFloats(M * C * 9, -1, 1, 1);
  auto got = net.Run({N, H, W, C}, x);
  std::vector<float> want;
  for (int64_t n = 0; n < N; ++n) {
    for (int64_t h = 0; h < H; ++h) {
      for (int64_t wi = 0; wi < W; ++wi) {
        for (int64_t m = 0; m < M; ++m) {
          double acc = 0;
          for (int64_t c = 0; c < C; ++c) {
            for (int kh = 0; kh < 3; ++kh) {
              for (int kw = 0; kw < 3; ++kw) {
                const int64_t ih = h + kh - 1, iw = wi + kw - 1;
                if (ih < 0 || iw < 0 || ih >= H || iw >= W) continue;
                acc += x[((n * H + ih) * W + iw) * C + c] * w[((m * C + c) * 3 + kh) * 3 + kw];
              }
            }
          }
          want.push_back(static_cast<float>(acc));
        }
      }
    }
  }
  testing::ExpectAllClose(want, got, 1e-5f, 1e-5f, "NHWC conv");
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
