// The activation table (activations.inc) against what derives from it: the
// registry, the NNAdapter converter table, attribute reading, and the fused
// attributes section of docs/fusion-attributes.md.
#include <fstream>
#include <set>
#include <sstream>

#include "lite/nnadapter/converter.h"
#include "lite/operators/math/activation_funcs.h"
#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

using operators::ActAttrNames;
using operators::ActFusion;
using operators::ActInfo;
using operators::ActParam;
using operators::ActType;

std::string Num(float v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

std::string Quoted(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "`" : ", `") + n + "`";
  return s;
}

// The fused-activation section of docs/fusion-attributes.md as the table
// says it must read.
std::string FusionDocSection() {
  std::vector<std::string> pass, kernels;
  for (const ActInfo& a : operators::Activations()) {
    if (a.fusion == ActFusion::kPass) pass.push_back(a.op_type);
    if (a.fusion == ActFusion::kKernels) kernels.push_back(a.op_type);
  }
  std::string s =
      "| attribute | meaning |\n"
      "|---|---|\n"
      "| `act_type` | " + Quoted(pass) +
      ": fused by the passes into conv2d, depthwise_conv2d, conv2d_transpose and "
      "elementwise_add/sub/mul/div; " + Quoted(kernels) +
      " is also taken by the conv2d/depthwise_conv2d/conv2d_transpose/fc/matmul kernels; "
      "fused elementwise ops take any activation |\n";
  for (const ActInfo& a : operators::Activations()) {
    if (a.fusion == ActFusion::kNo) continue;
    for (const auto& attr : operators::ActivationAttrs(a.type)) {
      ActParam defaults;
      const std::string value =
          attr.b ? (defaults.*attr.b ? "true" : "false") : Num(defaults.*attr.f);
      s += std::string("| `") + (attr.b ? attr.plain : attr.fused) + "` | " + a.op_type + "'s `" +
           attr.plain + "` (default " + value + ") |\n";
    }
  }
  return s;
}

TEST(ActivationTable, FusionDocMatchesTable) {
  const std::string path = std::string(LITE_SOURCE_DIR) + "/docs/fusion-attributes.md";
  std::ifstream in(path);
  ASSERT_TRUE(in.good()) << "cannot read " << path;
  std::stringstream buf;
  buf << in.rdbuf();
  const std::string doc = buf.str();
  const std::string begin = "<!-- begin: generated from activations.inc -->\n";
  const std::string end = "<!-- end: generated from activations.inc -->";
  const size_t b = doc.find(begin), e = doc.find(end);
  ASSERT_TRUE(b != std::string::npos && e != std::string::npos && b < e)
      << path << " lacks the markers '" << begin << "' and '" << end << "'";
  const std::string section = doc.substr(b + begin.size(), e - b - begin.size());
  EXPECT_EQ(section, FusionDocSection())
      << path << ": the section between the markers must read (paste it):\n"
      << FusionDocSection();
}

TEST(ActivationTable, FusibleFloatAttributesHaveFusedNames) {
  // The fusion pass copies float attributes under their fused names, and
  // the kernels read the fused names only: every float attribute of a
  // fusible activation needs one, and no two share it. Booleans (gelu's
  // approximate) keep their plain name.
  std::set<std::string> fused_names;
  for (const ActInfo& a : operators::Activations()) {
    if (a.fusion == ActFusion::kNo) continue;
    for (const auto& attr : operators::ActivationAttrs(a.type)) {
      if (attr.b) {
        EXPECT_STREQ(attr.fused, "") << a.op_type << "." << attr.plain;
        continue;
      }
      EXPECT_NE(attr.f, nullptr) << a.op_type << "." << attr.plain;
      EXPECT_STRNE(attr.fused, "") << a.op_type << "." << attr.plain;
      EXPECT_TRUE(fused_names.insert(attr.fused).second) << attr.fused;
    }
  }
  EXPECT_EQ(fused_names.size(), 9u);
}

TEST(ActivationTable, EveryRowIsRegisteredWithItsPrecisionAndNamesRoundTrip) {
  for (const ActInfo& a : operators::Activations()) {
    ActType t = ActType::kNone;
    EXPECT_TRUE(operators::ActTypeFromName(a.op_type, &t)) << a.op_type;
    EXPECT_EQ(t, a.type) << a.op_type;
    EXPECT_EQ(&operators::ActivationInfo(a.type), &a) << a.op_type;
    auto kernels = KernelsFor(a.op_type);
    ASSERT_EQ(kernels.size(), 1u) << a.op_type;
    EXPECT_EQ(kernels[0]->key.target, TargetType::kHost) << a.op_type;
    EXPECT_EQ(kernels[0]->key.precision, a.precision) << a.op_type;
  }
  ActType t = ActType::kRelu;
  EXPECT_TRUE(operators::ActTypeFromName("identity", &t));
  EXPECT_EQ(t, ActType::kNone);
  EXPECT_FALSE(operators::ActTypeFromName("not_an_activation", &t));
}

// The nnadapter column, read as converters.inc reads it.
#define LITE_TEST_HAS_NNA_OP(operation__) true
#define LITE_TEST_HAS_NNA_FN(fn__) true
#define LITE_TEST_HAS_NNA_NONE false
const std::vector<std::pair<std::string, bool>>& NnadapterColumn() {
  static const std::vector<std::pair<std::string, bool>> column = {
#define LITE_ACT(op_type__, type__, impl__, precision__, fusion__, nnadapter__) \
  {#op_type__, LITE_TEST_HAS_##nnadapter__},
#include "lite/operators/math/activations.inc"
  };
  return column;
}

TEST(ActivationTable, ConvertersExactlyForRowsWithAnNnadapterMapping) {
  ASSERT_EQ(NnadapterColumn().size(), operators::Activations().size());
  int converted = 0;
  for (const auto& [op, has] : NnadapterColumn()) {
    EXPECT_EQ(nnadapter_bridge::FindConverter(op) != nullptr, has) << op;
    converted += has ? 1 : 0;
  }
  EXPECT_GE(converted, 12);
}

TEST(ActivationTable, AttributesReadUnderTheChosenNamesWithPaddleDefaults) {
  cpp::OpDesc d;
  d.SetType("conv2d");
  ActParam p = operators::ReadActAttrs(ActType::kHardSwish, d, ActAttrNames::kFused);
  EXPECT_EQ(p.type, ActType::kHardSwish);
  EXPECT_EQ(p.hard_swish_threshold, 6.f);
  EXPECT_EQ(p.hard_swish_scale, 6.f);
  EXPECT_EQ(p.hard_swish_offset, 3.f);
  d.SetAttr("threshold", 4.f);
  d.SetAttr("hard_swish_threshold", 5.f);
  EXPECT_EQ(operators::ReadActAttrs(ActType::kHardSwish, d, ActAttrNames::kPlain)
                .hard_swish_threshold, 4.f);
  EXPECT_EQ(operators::ReadActAttrs(ActType::kHardSwish, d, ActAttrNames::kFused)
                .hard_swish_threshold, 5.f);
  EXPECT_EQ(operators::ReadActAttrs(ActType::kHardSwish, d, ActAttrNames::kFusedOrPlain)
                .hard_swish_threshold, 5.f);
  cpp::OpDesc e;
  e.SetType("elementwise_add");
  e.SetAttr("threshold", 4.f);
  EXPECT_EQ(operators::ReadActAttrs(ActType::kHardSwish, e, ActAttrNames::kFusedOrPlain)
                .hard_swish_threshold, 4.f);
  // Attributes without a fused name are read under the plain one.
  e.SetAttr("approximate", true);
  EXPECT_TRUE(operators::ReadActAttrs(ActType::kGelu, e, ActAttrNames::kFused).gelu_approximate);
  e.SetAttr("hard_swish_scale", 0.f);
  try {
    operators::ReadActAttrs(ActType::kHardSwish, e, ActAttrNames::kFusedOrPlain);
    FAIL() << "expected an error";
  } catch (const Error& err) {
    EXPECT_NE(std::string(err.what()).find(
                  "op 'elementwise_add': attribute 'hard_swish_scale' of hard_swish must not be 0"),
              std::string::npos)
        << err.what();
  }
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
