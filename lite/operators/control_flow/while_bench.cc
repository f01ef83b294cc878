// while loop costs (prints; not a test):
//  1. per-iteration time of an empty loop (the body is only the loop's own
//     increment + less_than), from the difference between N and 0
//     iterations of the same program in the same run;
//  2. RSS of a loop whose body makes a new [elements] float tensor every
//     iteration (acc = acc + z through a temporary), printed after 1,000
//     and after 10,000 iterations: flat when nothing leaks per iteration.
// Usage: while_bench [iterations=200000] [elements=262144]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace {

using testing::MakeOp;
using testing::ProgramBuilder;

long RssKb() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  }
  return 0;
}

void FillInt64(ProgramBuilder& b, const std::string& out, float value) {
  cpp::OpDesc& f = b.Op("fill_constant", {}, {{"Out", out}});
  f.SetAttr("dtype", static_cast<int32_t>(cpp::VarKind::INT64));
  f.SetAttr("shape", std::vector<int64_t>{1});
  f.SetAttr("value", value);
}

// i = 0; while (i < n) { [acc = acc + x;] ++i; } ; out = acc (or x).
ProgramBuilder Loop(float trips, bool body) {
  ProgramBuilder b;
  b.Feed("x", 0);
  FillInt64(b, "i", 0);
  FillInt64(b, "n", trips);
  b.Op("less_than", {{"X", "i"}, {"Y", "n"}}, {{"Out", "cond"}});
  cpp::OpDesc& s = b.Op("scale", {{"X", "x"}}, {{"Out", "acc"}});
  s.SetAttr("scale", 1.f);
  s.SetAttr("bias", 0.f);
  cpp::OpDesc& loop = b.Op("while");
  loop.SetInput("X", {"acc", "i", "n", "x"});
  loop.SetInput("Condition", {"cond"});
  loop.SetOutput("Out", {"acc", "i", "cond"});
  loop.SetOutput("StepScopes", {"step_scopes"});
  loop.SetAttribute("sub_block", cpp::Attribute{cpp::AttrType::BLOCK, int32_t{1}});
  loop.SetAttr("is_test", true);
  b.Fetch("acc");
  cpp::BlockDesc blk;
  blk.idx = 1;
  blk.parent_idx = 0;
  if (body) {
    blk.ops.push_back(MakeOp("elementwise_add", {{"X", "acc"}, {"Y", "x"}}, {{"Out", "t"}}));
    blk.ops.push_back(MakeOp("assign", {{"X", "t"}}, {{"Out", "acc"}}));
  }
  blk.ops.push_back(MakeOp("increment", {{"X", "i"}}, {{"Out", "i"}}));
  blk.ops.back().SetAttr("step", 1.0f);
  blk.ops.push_back(MakeOp("less_than", {{"X", "i"}, {"Y", "n"}}, {{"Out", "cond"}}));
  b.program.blocks.push_back(blk);
  return b;
}

double RunMs(ProgramBuilder& b, int64_t elements) {
  Scope scope(b.weights);
  RuntimeProgram rp(b.program, &scope, {Place(TargetType::kX86), Place(TargetType::kHost)});
  Tensor* in = scope.GetVar("x");
  in->Resize({elements});
  float* x = in->mutable_data<float>();
  for (int64_t i = 0; i < elements; ++i) x[i] = 1.f;
  const auto t0 = std::chrono::steady_clock::now();
  rp.Run(1);
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace
}  // namespace lite
}  // namespace paddle

int main(int argc, char** argv) {
  using paddle::lite::Loop;
  using paddle::lite::RunMs;
  const int iterations = argc > 1 ? std::atoi(argv[1]) : 200000;
  const int64_t elements = argc > 2 ? std::atoll(argv[2]) : 262144;
  // 1. Empty loop: best of 5 of N iterations minus best of 5 of 0.
  double zero = 1e30, full = 1e30;
  for (int r = 0; r < 5; ++r) {
    auto b0 = Loop(0, false);
    zero = std::min(zero, RunMs(b0, 1));
    auto bn = Loop(static_cast<float>(iterations), false);
    full = std::min(full, RunMs(bn, 1));
  }
  std::printf("empty while: %d iterations %.2f ms, 0 iterations %.3f ms: %.3f us per iteration "
              "(increment + less_than + the loop itself)\n",
              iterations, full, zero, 1e3 * (full - zero) / iterations);
  // 2. RSS over 1,000 and 10,000 iterations of a body making a new tensor.
  for (int trips : {1000, 10000}) {
    auto b = Loop(static_cast<float>(trips), true);
    const double ms = RunMs(b, elements);
    std::printf("loop with a [%lld] float temporary per iteration: %d iterations %.1f ms, RSS %.1f MB\n",
                static_cast<long long>(elements), trips, ms, paddle::lite::RssKb() / 1024.0);
  }
  return 0;
}
