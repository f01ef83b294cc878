// opt on a two-block program (a while loop): --display_kernels lists the
// kernels of the loop's block under a "block 1" heading, --print_model_ops
// names the block, its runner and its ops, and the .nb's DOT
// graph (--optimized_nb_model_path + --visualization_file_output_path)
// draws the loop's block as a cluster linked to its while op.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "lite/core/op_test_util.h"
#include "lite/model_parser/model_loader.h"
#include "tests/models/nb_test_util.h"
#include "tools/opt/opt_tool.h"

namespace paddle {
namespace lite {
namespace {

#define EXPECT_HAS(text, part) \
  EXPECT_NE((text).find(part), std::string::npos) << "expected '" << (part) << "' in: " << (text)

// acc = x; i = 0; while (i < 3) { acc = acc + w; ++i; } -> acc
void SaveLoopModel(const std::string& dir) {
  testing::ProgramBuilder b;
  b.Feed("x", 0);
  b.Weight("w", {3}, {1.f, 2.f, 3.f});
  b.Op("scale", {{"X", "x"}}, {{"Out", "acc"}}).SetAttr("scale", 1.0f);
  b.BeginCounterLoop(3, {"acc", "w"}, {"acc"});
  b.Op("elementwise_add", {{"X", "acc"}, {"Y", "w"}}, {{"Out", "t"}});
  b.Op("assign", {{"X", "t"}}, {{"Out", "acc"}});
  b.EndCounterLoop();
  b.Fetch("acc", 0);
  SaveModel(b.program, *b.weights, dir + "/loop.pdmodel", dir + "/loop.pdiparams");
}

TEST(OptBlocks, KernelListAndGraphShowTheLoopBlock) {
  const std::string dir = testing::TempDir("opt_blocks");
  SaveLoopModel(dir);
  opt::OptFlags f;
  f.model_file = dir + "/loop.pdmodel";
  f.param_file = dir + "/loop.pdiparams";
  f.optimize_out = dir + "/loop";
  f.display_kernels = true;
  std::ostringstream out, err;
  ASSERT_EQ(opt::RunOpt(f, out, err), 0) << out.str() << err.str();
  const std::string text = out.str();
  EXPECT_HAS(text, "model loaded: 9 ops in 2 block(s)");
  EXPECT_HAS(text, "  while -> while/kHost/kAny/kNCHW/def\n");
  EXPECT_HAS(text, "  block 1 (run by 'while'):\n    elementwise_add -> elementwise_add/");
  EXPECT_HAS(text, "\n    increment -> increment/kHost/kAny/kNCHW/def\n");

  opt::OptFlags p;
  p.model_file = f.model_file;
  p.param_file = f.param_file;
  p.print_model_ops = true;
  std::ostringstream pout, perr;
  ASSERT_EQ(opt::RunOpt(p, pout, perr), 0) << pout.str() << perr.str();
  EXPECT_HAS(pout.str(), "blocks run by other ops:\n  block 1 (parent 0, run by 'while'): 4 ops "
                         "(assign x1, elementwise_add x1, increment x1, less_than x1)\n");

  opt::OptFlags v;
  v.optimized_nb_model_path = dir + "/loop.nb";
  v.visualization_file_output_path = dir + "/dot";
  std::ostringstream vout, verr;
  ASSERT_EQ(opt::RunOpt(v, vout, verr), 0) << vout.str() << verr.str();
  EXPECT_HAS(vout.str(), "ops in 2 block(s)");
  const std::string dot = testing::ReadFile(dir + "/dot/loop.dot");
  EXPECT_EQ(dot.rfind("digraph G {", 0), 0u);
  EXPECT_HAS(dot, "subgraph cluster_block1 {\n    label=\"block 1 (parent 0, run by op 'while' "
                  "of block 0)\";");
  EXPECT_HAS(dot, "    b1_op2 [shape=box, label=\"increment\\nincrement/kHost/kAny/kNCHW/def\"];");
  EXPECT_HAS(dot, "\"w\" -> b1_op0;");       // the body reads the weight
  EXPECT_HAS(dot, "b1_op1 -> \"acc\";");     // and writes block 0's variable
  EXPECT_HAS(dot, "[style=dashed, lhead=cluster_block1, label=\"sub_block 1\"];");
  EXPECT_HAS(dot, "\"w\" [shape=ellipse, style=filled, fillcolor=grey];");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace lite
}  // namespace paddle
