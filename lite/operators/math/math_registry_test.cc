// Every op of this family's table (ops.inc) can be created and has a kernel
// that the runtime's picker would choose for x86 float places.
#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

std::vector<std::string> FamilyOps() {
  std::vector<std::string> ops;
#define LITE_OP(op_type__, class__) ops.push_back(#op_type__);
#define LITE_KERNEL(op_type__, target__, precision__, layout__, alias__, class__)
#define LITE_OP_AUDIT(...)
#include "lite/operators/math/ops.inc"
#undef LITE_OP
#undef LITE_KERNEL
#undef LITE_OP_AUDIT
  return ops;
}

TEST(MathRegistry, EveryOpHasAPickableKernel) {
  auto ops = FamilyOps();
  EXPECT_GE(ops.size(), 67u);
  for (const auto& op : ops) {
    EXPECT_TRUE(IsOpRegistered(op)) << op;
    EXPECT_NE(CreateOp(op), nullptr) << op;
    auto kernels = KernelsFor(op);
    ASSERT_FALSE(kernels.empty()) << op;
    bool pickable = false;
    for (const KernelInfo* k : kernels) {
      EXPECT_NE(CreateKernel(k->key), nullptr) << k->key.ToString();
      pickable |= k->key.target == TargetType::kHost &&
                  (k->key.precision == PrecisionType::kFloat ||
                   k->key.precision == PrecisionType::kAny);
    }
    EXPECT_TRUE(pickable) << op;
  }
}

// An op type of Paddle Lite's list that this runtime refuses is named with
// the reason; none of the table's op types is registered.
TEST(MathRegistry, UnsupportedPaddleLiteOpsAreRefusedWithTheirReason) {
  try {
    CreateOp("sparse_conv2d");
    ADD_FAILURE() << "sparse_conv2d was created";
  } catch (const Error& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("sparse_conv2d"), std::string::npos) << msg;
    EXPECT_NE(msg.find("--sparse_model"), std::string::npos) << msg;
  }
  const std::vector<std::string> refused = {
#define LITE_UNSUPPORTED_OP(op_type__, reason__) #op_type__,
#include "lite/core/unsupported_ops.inc"
#undef LITE_UNSUPPORTED_OP
  };
  EXPECT_FALSE(refused.empty());
  for (const std::string& op : refused) {
    EXPECT_FALSE(IsOpRegistered(op)) << op;
    EXPECT_NE(UnsupportedOpReason(op), nullptr) << op;
  }
  EXPECT_EQ(UnsupportedOpReason("relu"), nullptr);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
