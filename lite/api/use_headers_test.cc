// paddle_use_ops.h / paddle_use_kernels.h / paddle_use_passes.h as a Paddle
// Lite program uses them: they compile, they name every op and kernel the
// registry has (table-macro ones too: relu6, sigmoid, elementwise_*), and a
// program's own USE_LITE_OP lines for those ops compile.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "lite/api/paddle_place.h"
#include "lite/core/registry.h"
#include "lite/graph/pass.h"
#include "paddle_use_kernels.h"  // NOLINT
#include "paddle_use_ops.h"      // NOLINT
#include "paddle_use_passes.h"   // NOLINT

// As a Paddle Lite program writes them (these ops come from table macros).
USE_LITE_OP(relu6);
USE_LITE_OP(sigmoid);
USE_LITE_OP(elementwise_add);
USE_LITE_OP(fusion_elementwise_add_activation);
USE_LITE_KERNEL(relu6, kHost, kFloat, kNCHW, def);

namespace paddle {
namespace lite {
namespace {

std::set<std::string> Lines(const std::string& file) {
  std::ifstream in(std::string(LITE_USE_HEADERS_DIR) + "/" + file);
  EXPECT_TRUE(in.good()) << file;
  std::set<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.insert(l);
  return lines;
}

TEST(UseHeaders, NameEveryRegisteredOpKernelAndPass) {
  auto ops = Lines("paddle_use_ops.h");
  auto kernels = Lines("paddle_use_kernels.h");
  auto passes = Lines("paddle_use_passes.h");
  size_t kernel_count = 0;
  for (const std::string& op : RegisteredOps()) {
    EXPECT_TRUE(ops.count("USE_LITE_OP(" + op + ");")) << op;
    for (const KernelInfo* k : KernelsFor(op)) {
      ++kernel_count;
      std::string line = "USE_LITE_KERNEL(" + op + ", " + lite_api::TargetRepr(k->key.target) +
                         ", " + lite_api::PrecisionRepr(k->key.precision) + ", " +
                         lite_api::DataLayoutRepr(k->key.layout) + ", " + k->key.alias + ");";
      EXPECT_TRUE(kernels.count(line)) << line;
    }
  }
  for (const std::string& pass : graph::DefaultPassNames()) {
    EXPECT_TRUE(passes.count("USE_MIR_PASS(" + pass + ");")) << pass;
  }
  for (const char* op : {"relu6", "sigmoid", "elementwise_add", "elementwise_mul",
                         "fusion_elementwise_add_activation", "hard_swish"}) {
    EXPECT_TRUE(ops.count(std::string("USE_LITE_OP(") + op + ");")) << op;
  }
  // Exactly the registry: the header and comment lines aside, nothing else.
  EXPECT_EQ(ops.size(), RegisteredOps().size() + 4);  // comment, pragma, include, blank
  EXPECT_EQ(kernels.size(), kernel_count + 4);
}

}  // namespace
}  // namespace lite
}  // namespace paddle
