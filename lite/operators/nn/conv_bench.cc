// conv_bench: GFLOP/s of the conv2d kernel (through the op registry, NCHW in
// and out, i.e. including the reorders to/from oneDNN's blocked layout) and of
// the bare oneDNN primitive in its preferred layout (no reorders), at 1 thread
// by default. Usage: conv_bench [threads] [iterations] [name filter]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "lite/core/registry.h"
#include "lite/operators/nn/dnnl_context.h"

namespace {

using paddle::lite::DDim;
using Clock = std::chrono::steady_clock;

struct Shape {
  const char* name;
  int64_t n, c, h, w, m, k, groups, pad;
};

double MedianMs(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <typename Fn>
double TimeMs(Fn&& fn, int iters) {
  fn();  // warm-up (builds primitives, packs weights)
  std::vector<double> t;
  for (int i = 0; i < iters; ++i) {
    auto s = Clock::now();
    fn();
    t.push_back(std::chrono::duration<double, std::milli>(Clock::now() - s).count());
  }
  return MedianMs(t);
}

double ThroughOp(const Shape& s, int threads, int iters) {
  using namespace paddle::lite;
  Scope scope;
  const std::string op_type = s.groups > 1 ? "depthwise_conv2d" : "conv2d";
  cpp::OpDesc desc(op_type);
  desc.SetInput("Input", {"x"});
  desc.SetInput("Filter", {"w"});
  desc.SetOutput("Output", {"y"});
  desc.SetAttr("strides", std::vector<int>{1, 1});
  desc.SetAttr("paddings", std::vector<int>{static_cast<int>(s.pad), static_cast<int>(s.pad)});
  desc.SetAttr("dilations", std::vector<int>{1, 1});
  desc.SetAttr("groups", static_cast<int>(s.groups));
  Tensor* x = scope.Var("x");
  x->Resize({s.n, s.c, s.h, s.w});
  float* px = x->mutable_data<float>();
  for (int64_t i = 0; i < x->numel(); ++i) px[i] = static_cast<float>(i % 17) * 0.01f;
  Tensor* w = scope.Var("w");
  w->Resize({s.m, s.c / s.groups, s.k, s.k});
  float* pw = w->mutable_data<float>();
  for (int64_t i = 0; i < w->numel(); ++i) pw[i] = static_cast<float>(i % 13) * 0.01f;
  auto op = CreateOp(op_type);
  op->Attach(desc, &scope);
  auto kernel = CreateKernel({op_type, TargetType::kX86, PrecisionType::kFloat,
                              DataLayoutType::kNCHW, "def"});
  kernel->BindParam(op->param());
  RunContext ctx;
  ctx.threads = threads;
  return TimeMs([&] {
    op->InferShape();
    kernel->Run(ctx);
  }, iters);
}

double BareDnnl(const Shape& s, int threads, int iters) {
  using namespace paddle::lite;
  using tag = dnnl::memory::format_tag;
  using dt = dnnl::memory::data_type;
  x86::ScopedDnnlThreads guard(threads);
  const auto& eng = x86::DnnlEngine();
  auto& stream = x86::DnnlStream();
  dnnl::memory::dims src{s.n, s.c, s.h, s.w}, dst{s.n, s.m, s.h, s.w};
  dnnl::memory::dims wd = s.groups > 1
                              ? dnnl::memory::dims{s.groups, s.m / s.groups, s.c / s.groups, s.k, s.k}
                              : dnnl::memory::dims{s.m, s.c, s.k, s.k};
  dnnl::convolution_forward::desc d(
      dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
      dnnl::memory::desc(src, dt::f32, tag::any), dnnl::memory::desc(wd, dt::f32, tag::any),
      dnnl::memory::desc(dst, dt::f32, tag::any), {1, 1}, {s.pad, s.pad}, {s.pad, s.pad});
  dnnl::convolution_forward::primitive_desc pd(d, eng);
  dnnl::convolution_forward conv(pd);
  dnnl::memory ms(pd.src_desc(), eng), mw(pd.weights_desc(), eng), md(pd.dst_desc(), eng);
  std::fill_n(static_cast<float*>(ms.get_data_handle()), pd.src_desc().get_size() / 4, 0.1f);
  std::fill_n(static_cast<float*>(mw.get_data_handle()), pd.weights_desc().get_size() / 4, 0.1f);
  std::printf("    (oneDNN impl: %s)\n", pd.impl_info_str());
  return TimeMs([&] {
    conv.execute(stream, {{DNNL_ARG_SRC, ms}, {DNNL_ARG_WEIGHTS, mw}, {DNNL_ARG_DST, md}});
    stream.wait();
  }, iters);
}

}  // namespace

int main(int argc, char** argv) {
  int threads = argc > 1 ? std::atoi(argv[1]) : 1;
  int iters = argc > 2 ? std::atoi(argv[2]) : 20;
  if (threads < 1) threads = 1;
  if (iters < 1) iters = 1;
  const std::string filter = argc > 3 ? argv[3] : "";
  const Shape shapes[] = {
      {"1x1 conv 256->256 @56x56", 1, 256, 56, 56, 256, 1, 1, 0},
      {"3x3 depthwise 256 @56x56", 1, 256, 56, 56, 256, 3, 256, 1},
      {"3x3 conv 64->64 @112x112", 1, 64, 112, 112, 64, 3, 1, 1},
      // PP-OCRv4 recognizer layers: what a blocked-layout chain would gain
      // over our NCHW kernels (docs/performance.md)
      {"1x1 conv 480->480 @6x80", 1, 480, 6, 80, 480, 1, 1, 0},
      {"1x1 conv 240->240 @12x80", 1, 240, 12, 80, 240, 1, 1, 0},
      {"5x5 depthwise 240 @12x80", 1, 240, 12, 80, 240, 5, 240, 2},
      {"5x5 depthwise 480 @6x80", 1, 480, 6, 80, 480, 5, 480, 2},
      // its first 1x1 convs (<= 64 input channels: pointwise_conv_nchw.h)
      {"1x1 conv 16->32 @24x160", 1, 16, 24, 160, 32, 1, 1, 0},
      {"1x1 conv 32->64 @24x160", 1, 32, 24, 160, 64, 1, 1, 0},
      {"1x1 conv 64->64 @24x160", 1, 64, 24, 160, 64, 1, 1, 0},
      {"1x1 conv 64->128 @12x160", 1, 64, 12, 160, 128, 1, 1, 0},
  };
  std::printf("conv_bench: %d thread(s), median of %d runs\n", threads, iters);
  try {
    for (const Shape& s : shapes) {
      if (std::string(s.name).find(filter) == std::string::npos) continue;
      const double flops = 2.0 * s.n * s.m * s.h * s.w * (s.c / s.groups) * s.k * s.k;
      std::printf("%s\n", s.name);
      double bare = BareDnnl(s, threads, iters);
      double op = ThroughOp(s, threads, iters);
      std::printf("    conv2d op (NCHW in/out): %8.3f ms  %7.1f GFLOP/s\n", op,
                  flops / op * 1e-6);
      std::printf("    bare oneDNN (no reorder): %8.3f ms  %7.1f GFLOP/s\n", bare,
                  flops / bare * 1e-6);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "conv_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
