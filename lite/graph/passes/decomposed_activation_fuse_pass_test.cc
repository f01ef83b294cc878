// Decomposed GELU (erf and tanh forms, the spellings exporters use) and
// Mish become one gelu / mish op whose outputs match the decomposed
// program's within float rounding, and after a conv its oneDNN post-op
// (gelu_erf / gelu_tanh / mish); a pattern whose intermediate value is read
// elsewhere, or with a wrong constant, stays as it is.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "lite/core/op_test_util.h"
#include "lite/core/program.h"
#include "lite/graph/pass.h"

namespace paddle {
namespace lite {
namespace graph {
namespace {

using testing::RandomFloats;

// Spellings of the decomposed forms.
enum class Form {
  kErfDivMulHalfLast,    // x / sqrt2 -> erf -> + 1 -> x * . -> * 0.5
  kErfMulHalfOfSum,      // x * 0.70710678 -> erf -> 1 + . -> . * 0.5 -> x * .
  kErfScaleHalfOfX,      // scale(x, 0.70710678) -> erf -> scale(+1) -> (x * 0.5) * .
  kTanhPow,              // 0.5 x (1 + tanh(0.79788456 (x + 0.044715 pow(x, 3))))
  kTanhCubeByProducts,   // the same with x * (x * x)
  kMish,                 // x * tanh(softplus(x))
};

struct Net : testing::ProgramBuilder {
  // Adds a scalar constant weight and returns its name.
  std::string Const(float v) {
    const std::string name = "c" + std::to_string(consts_++);
    Weight(name, {1}, {v});
    return name;
  }
  void Binary(const char* type, const std::string& x, const std::string& y, const std::string& out) {
    Op(type, {{"X", x}, {"Y", y}}, {{"Out", out}});
  }
  void Unary(const char* type, const std::string& x, const std::string& out) {
    Op(type, {{"X", x}}, {{"Out", out}});
  }
  void Scale(const std::string& x, float scale, float bias, const std::string& out) {
    cpp::OpDesc& op = Op("scale", {{"X", x}}, {{"Out", out}});
    op.SetAttr("scale", scale);
    op.SetAttr("bias", bias);
    op.SetAttr("bias_after_scale", true);
  }
  // 0.5 * x * a in the form's order, writing y.
  void HalfXTimes(Form f, const std::string& a) {
    if (f == Form::kErfDivMulHalfLast || f == Form::kTanhPow || f == Form::kTanhCubeByProducts) {
      Binary("elementwise_mul", in_, a, "xa");
      Binary("elementwise_mul", "xa", Const(0.5f), "y");
    } else if (f == Form::kErfMulHalfOfSum) {
      Binary("elementwise_mul", Const(0.5f), a, "ah");
      Binary("elementwise_mul", "ah", in_, "y");
    } else {
      Binary("elementwise_mul", in_, Const(0.5f), "xh");
      Binary("elementwise_mul", "xh", a, "y");
    }
  }
  // conv: the activation's input is c = conv2d(x) (3x3, 4 -> 4 channels)
  // instead of the fed x.
  explicit Net(Form f, bool conv = false) : in_(conv ? "c" : "x") {
    Feed("x", 0);
    if (conv) {
      RandomWeight("filter", {4, 4, 3, 3}, -0.5f, 0.5f, 11);
      Conv("conv2d", "x", "filter", "c", {1, 1}, {1, 1}, 1);
    }
    switch (f) {
      case Form::kErfDivMulHalfLast:
        Binary("elementwise_div", in_, Const(1.41421356f), "u");
        Unary("erf", "u", "e");
        Binary("elementwise_add", "e", Const(1.f), "a");
        break;
      case Form::kErfMulHalfOfSum:
        Binary("elementwise_mul", in_, Const(0.70710678f), "u");
        Unary("erf", "u", "e");
        Binary("elementwise_add", Const(1.f), "e", "a");
        break;
      case Form::kErfScaleHalfOfX:
        Scale(in_, 0.70710678f, 0.f, "u");
        Unary("erf", "u", "e");
        Scale("e", 1.f, 1.f, "a");
        break;
      case Form::kTanhPow:
      case Form::kTanhCubeByProducts:
        if (f == Form::kTanhPow) {
          Binary("elementwise_pow", in_, Const(3.f), "p");
        } else {
          Binary("elementwise_mul", in_, in_, "sq");
          Binary("elementwise_mul", in_, "sq", "p");
        }
        Binary("elementwise_mul", "p", Const(0.044715f), "q");
        Binary("elementwise_add", in_, "q", "w");
        Binary("elementwise_mul", Const(0.7978845608f), "w", "v");
        Unary("tanh", "v", "e");
        Binary("elementwise_add", "e", Const(1.f), "a");
        break;
      case Form::kMish: {
        cpp::OpDesc& sp = Op("softplus", {{"X", in_}}, {{"Out", "s"}});
        sp.SetAttr("beta", 1.f);
        sp.SetAttr("threshold", 20.f);
        Unary("tanh", "s", "t");
        Binary("elementwise_mul", in_, "t", "y");
        break;
      }
    }
    if (f != Form::kMish) HalfXTimes(f, "a");
    Fetch("y", 0);
  }

 private:
  std::string in_;  // the activation's input
  int consts_ = 0;
};

const DDim kDims{2, 4, 5, 7};

// Fuses into `op_type` (with a conv: into the conv as its act_type); the
// outputs stay within `tol` (absolute and relative) of the decomposed
// program's on x in [-6, 6] and at the mish threshold's far side.
void CheckFuses(Form f, const std::string& op_type, float tol, bool conv = false) {
  Net net(f, conv);
  auto x = RandomFloats(Numel(kDims), -6, 6, 3);
  x[0] = -25.f;  // below -threshold: mish's exp(x) branch
  x[1] = 25.f;
  auto before = net.Run(kDims, x);
  RunPasses(&net.program, net.weights.get(), PassOptions{});
  EXPECT_EQ(net.OpTypes(), (std::vector<std::string>{"feed", conv ? "conv2d" : op_type, "fetch"}));
  const cpp::OpDesc* op = net.OpWithOutput("y");
  ASSERT_NE(op, nullptr);
  if (conv) {
    EXPECT_EQ(op->GetAttr<std::string>("act_type"), op_type);
  }
  if (op_type == "gelu") {
    const bool tanh_form = f == Form::kTanhPow || f == Form::kTanhCubeByProducts;
    EXPECT_EQ(op->GetAttr<bool>("approximate"), tanh_form);
  } else {
    EXPECT_FLOAT_EQ(op->GetAttr<float>(conv ? "mish_threshold" : "threshold"), 20.f);
  }
  auto after = net.Run(kDims, x);
  testing::ExpectAllClose(before, after, tol, tol, op_type);
}

TEST(GeluFuse, ErfFormDividedBySqrt2BecomesGelu) {
  CheckFuses(Form::kErfDivMulHalfLast, "gelu", 1e-6f);
}
TEST(GeluFuse, ErfFormTimesHalfOfTheSumBecomesGelu) {
  CheckFuses(Form::kErfMulHalfOfSum, "gelu", 1e-6f);
}
TEST(GeluFuse, ErfFormWithScaleOpsBecomesGelu) { CheckFuses(Form::kErfScaleHalfOfX, "gelu", 1e-6f); }
TEST(GeluFuse, TanhFormWithPowBecomesApproximateGelu) {
  CheckFuses(Form::kTanhPow, "gelu", 1e-6f);
}
TEST(GeluFuse, TanhFormWithProductsBecomesApproximateGelu) {
  CheckFuses(Form::kTanhCubeByProducts, "gelu", 1e-6f);
}
TEST(MishFuse, SoftplusTanhProductBecomesMish) { CheckFuses(Form::kMish, "mish", 1e-6f); }

// oneDNN's gelu_erf / gelu_tanh / mish post-ops compute the same functions
// with their own approximations: within a few ulp of the plain ops.
TEST(GeluFuse, ErfGeluAfterAConvBecomesItsPostOp) {
  CheckFuses(Form::kErfDivMulHalfLast, "gelu", 1e-5f, true);
}
TEST(GeluFuse, TanhGeluAfterAConvBecomesItsPostOp) { CheckFuses(Form::kTanhPow, "gelu", 1e-5f, true); }
TEST(MishFuse, MishAfterAConvBecomesItsPostOp) { CheckFuses(Form::kMish, "mish", 1e-5f, true); }

TEST(GeluFuse, IntermediateReadElsewhereOrWrongConstantStays) {
  Net observed(Form::kErfDivMulHalfLast);
  observed.Fetch("e", 1);  // erf's output is a model output
  RunPasses(&observed.program, observed.weights.get(), PassOptions{});
  auto types = observed.OpTypes();
  EXPECT_EQ(std::count(types.begin(), types.end(), "gelu"), 0);
  EXPECT_EQ(std::count(types.begin(), types.end(), "erf"), 1);

  Net wrong(Form::kErfDivMulHalfLast);
  wrong.weights->GetVar("c0")->mutable_data<float>()[0] = 1.5f;  // not sqrt(2)
  RunPasses(&wrong.program, wrong.weights.get(), PassOptions{});
  types = wrong.OpTypes();
  EXPECT_EQ(std::count(types.begin(), types.end(), "gelu"), 0);
  EXPECT_EQ(std::count(types.begin(), types.end(), "erf"), 1);
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
