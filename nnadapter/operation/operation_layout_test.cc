// The operand-layout table (operation_types.inc via operation_layout.h):
// it is consistent with itself and with the enum and the operation reference
// in the public headers, and every validator reads its operand count and
// names from it.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/operation_layout.h"
#include "operation/operation.h"

namespace nnadapter {
namespace {

std::string ReadHeader(const char* name) {
  const std::string path = std::string(NNADAPTER_PUBLIC_HEADER_DIR) + "/" + name;
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The names the validator gives the inputs of an operation with `count`
// input operands (a variadic entry expands to name0, name1, ...).
std::vector<std::string> ExpectedLabels(const OperationLayout& layout,
                                        uint32_t count) {
  std::vector<std::string> labels;
  for (uint32_t k = 0; k < layout.input_count; k++) {
    const OperandInfo& info = layout.inputs[k];
    if (info.kind != OperandKind::kVariadic) {
      labels.push_back(info.name);
      continue;
    }
    for (uint32_t i = 0; i + (layout.input_count - 1) < count; i++) {
      labels.push_back(info.name + std::to_string(i));
    }
  }
  return labels;
}

TEST(OperationLayout, TableIsConsistent) {
  std::set<std::string> op_names;
  for (const OperationLayout& l : kOperationLayouts) {
    SCOPED_TRACE(l.name);
    EXPECT_TRUE(op_names.insert(l.name).second) << "operation listed twice";
    EXPECT_EQ(FindOperationLayout(l.type), &l);
    ASSERT_GE(l.input_count, 1u);
    std::set<std::string> names;
    int variadic = 0;
    bool trailing = false;
    for (uint32_t i = 0; i < l.input_count; i++) {
      const OperandInfo& in = l.inputs[i];
      EXPECT_TRUE(std::strlen(in.name) > 0) << "input " << i;
      EXPECT_TRUE(names.insert(in.name).second)
          << "input " << i << " (" << in.name << ") named twice";
      if (in.kind == OperandKind::kVariadic) variadic++;
      if (trailing) {
        EXPECT_EQ(in.kind, OperandKind::kTrailing)
            << "input " << i << " (" << in.name
            << ") follows a trailing operand but is not trailing";
      }
      trailing = trailing || in.kind == OperandKind::kTrailing;
    }
    EXPECT_LE(variadic, 1);
    if (variadic) {
      for (uint32_t i = 0; i < l.input_count; i++) {
        EXPECT_TRUE(l.inputs[i].kind == OperandKind::kRequired ||
                    l.inputs[i].kind == OperandKind::kVariadic)
            << "a variadic operation has only required operands: "
            << l.inputs[i].name;
      }
    }
    EXPECT_LE(l.min_inputs(), l.input_count);
    EXPECT_LT(l.fuse_code_index(), static_cast<int>(l.input_count));
    EXPECT_LT(l.auto_pad_index(), static_cast<int>(l.input_count));
    if (l.min_outputs == kVariableOutputs) {
      EXPECT_EQ(l.max_outputs, kVariableOutputs);
    } else {
      EXPECT_GE(l.min_outputs, 1);
      EXPECT_LE(l.min_outputs, l.max_outputs);
    }
  }
  EXPECT_EQ(static_cast<int>(op_names.size()), kOperationCount);
}

// The roles drivers look up by name sit where the standard puts them.
TEST(OperationLayout, FuseCodeAndAutoPadPositions) {
  constexpr const OperationLayout& conv = kOperationLayouts[NNADAPTER_CONV_2D - 1];
  static_assert(conv.fuse_code_index() == 8 && conv.auto_pad_index() == 3,
                "CONV_2D: fuse_code is input 8, auto_pad input 3");
  static_assert(
      kOperationLayouts[NNADAPTER_AVERAGE_POOL_2D - 1].auto_pad_index() == 1,
      "AVERAGE_POOL_2D: auto_pad is input 1");
  static_assert(kOperationLayouts[NNADAPTER_ADD - 1].fuse_code_index() == 2,
                "ADD: fuse_code is input 2");
  static_assert(kOperationLayouts[NNADAPTER_RELU - 1].fuse_code_index() == -1,
                "RELU has no fuse_code");
  int with_fuse = 0, with_auto_pad = 0;
  for (const OperationLayout& l : kOperationLayouts) {
    with_fuse += l.fuse_code_index() >= 0;
    with_auto_pad += l.auto_pad_index() >= 0;
  }
  // ADD SUB MUL DIV MAX MIN POW FLOOR_DIV, FULLY_CONNECTED, the two pools,
  // CONV_2D, CONV_2D_TRANSPOSE, DEFORMABLE_CONV_2D.
  EXPECT_EQ(with_fuse, 14);
  // CONV_2D, CONV_2D_TRANSPOSE, AVERAGE_POOL_2D, MAX_POOL_2D.
  EXPECT_EQ(with_auto_pad, 4);
}

// Every enumerator of NNAdapterOperationCode is in the table (the reverse
// direction is a static_assert in operation_layout.h).
TEST(OperationLayout, EnumListsExactlyTheTable) {
  const std::string header = ReadHeader("nnadapter_operations.h");
  std::map<std::string, int> enumerators;
  const std::regex entry(R"(\n  NNADAPTER_([A-Z0-9_]+) = (\d+),)");
  for (std::sregex_iterator it(header.begin(), header.end(), entry), end;
       it != end; ++it) {
    enumerators[(*it)[1]] = std::stoi((*it)[2]);
  }
  EXPECT_EQ(static_cast<int>(enumerators.size()), kOperationCount);
  for (const auto& e : enumerators) {
    const OperationLayout* l = FindOperationLayout(e.second);
    ASSERT_NE(l, nullptr) << "NNADAPTER_" << e.first << " = " << e.second
                          << " is not in operation_types.inc";
    EXPECT_EQ(e.first, l->name);
  }
}

// The reference's "Inputs (in order)" line of every operation lists the
// layout's operand names in order.
TEST(OperationLayout, ReferenceListsTheLayout) {
  const std::string header = ReadHeader("nnadapter_operations.h");
  for (const OperationLayout& l : kOperationLayouts) {
    SCOPED_TRACE(l.name);
    const std::string heading = std::string("* NNADAPTER_") + l.name + "\n";
    const size_t at = header.find(heading);
    ASSERT_NE(at, std::string::npos) << "no reference entry";
    const size_t begin = header.find("Inputs (in order):", at);
    const size_t end = header.find("Outputs:", begin);
    ASSERT_NE(end, std::string::npos);
    std::string text = header.substr(begin, end - begin);
    text = std::regex_replace(text, std::regex(R"(\n\s*\*\s*)"), " ");
    std::vector<std::string> listed;
    const std::regex operand(R"((\d+|0~n-1|n): ([a-z0-9_]+))");
    for (std::sregex_iterator it(text.begin(), text.end(), operand), stop;
         it != stop; ++it) {
      std::string name = (*it)[2];
      if ((*it)[1] == "0~n-1") name = name.substr(0, name.size() - 1);
      listed.push_back(name);
    }
    std::vector<std::string> expected;
    for (uint32_t i = 0; i < l.input_count; i++) {
      expected.push_back(l.inputs[i].name);
    }
    EXPECT_EQ(listed, expected) << text;
  }
}

// An operation of `type` with `inputs` operands (each a float32 [1] model
// input, or null) and the layout's output count.
struct TestOperation {
  TestOperation(const OperationLayout& l, uint32_t inputs, bool null_inputs) {
    op.type = l.type;
    const uint32_t outputs =
        l.min_outputs == kVariableOutputs ? 1 : static_cast<uint32_t>(l.min_outputs);
    operands.resize(inputs + outputs);
    for (core::Operand& o : operands) {
      std::memset(&o.type, 0, sizeof(o.type));
      o.type.precision = NNADAPTER_FLOAT32;
      o.type.dimensions.count = 1;
      o.type.dimensions.data[0] = 1;
    }
    for (uint32_t i = 0; i < inputs; i++) {
      op.input_operands.push_back(null_inputs ? nullptr : &operands[i]);
    }
    for (uint32_t j = 0; j < outputs; j++) {
      operands[inputs + j].type.lifetime = NNADAPTER_TEMPORARY_VARIABLE;
      op.output_operands.push_back(&operands[inputs + j]);
    }
  }
  std::vector<core::Operand> operands;
  core::Operation op;
};

// A wrong operand count is reported against the layout's count: every
// validator checks its inputs through the table.
TEST(OperationLayout, EveryValidatorChecksTheLayoutCount) {
  for (const OperationLayout& l : kOperationLayouts) {
    SCOPED_TRACE(l.name);
    std::string message;
    if (l.variadic()) {
      TestOperation t(l, l.input_count - 1, false);
      EXPECT_EQ(operation::ValidateAndInferOperation(&t.op, &message),
                NNADAPTER_INVALID_PARAMETER);
      EXPECT_EQ(message, std::string(l.name) + ": expected at least " +
                             std::to_string(l.input_count) +
                             " input operands, got " +
                             std::to_string(l.input_count - 1));
      continue;
    }
    const uint32_t given = l.input_count + 1;
    TestOperation t(l, given, false);
    EXPECT_EQ(operation::ValidateAndInferOperation(&t.op, &message),
              NNADAPTER_INVALID_PARAMETER);
    // Exactly the layout's operands, or (an operation whose definition
    // accepts fewer, SOFTPLUS) a prefix of them that keeps the required ones.
    std::smatch m;
    const std::regex expected(std::string(l.name) +
                              R"(: expected (\d+) input operands, got )" +
                              std::to_string(given));
    ASSERT_TRUE(std::regex_match(message, m, expected)) << message;
    const uint32_t count = static_cast<uint32_t>(std::stoul(m[1]));
    EXPECT_LE(count, l.input_count);
    EXPECT_GE(count, l.min_inputs());
    if (l.min_inputs() == l.input_count) {
      EXPECT_EQ(count, l.input_count);
    }
  }
}

// With every input null, the first operand the validator reads is named
// after the layout.
TEST(OperationLayout, EveryValidatorNamesOperandsAfterTheLayout) {
  const std::regex label(R"(: input (\d+) \(([a-z0-9_]+)\): )");
  for (const OperationLayout& l : kOperationLayouts) {
    SCOPED_TRACE(l.name);
    const uint32_t count = l.variadic() ? l.input_count + 1 : l.input_count;
    TestOperation t(l, count, true);
    std::string message;
    EXPECT_EQ(operation::ValidateAndInferOperation(&t.op, &message),
              NNADAPTER_INVALID_PARAMETER);
    std::smatch m;
    ASSERT_TRUE(std::regex_search(message, m, label)) << message;
    const size_t index = std::stoul(m[1]);
    const std::vector<std::string> labels = ExpectedLabels(l, count);
    ASSERT_LT(index, labels.size()) << message;
    EXPECT_EQ(m[2], labels[index]) << message;
  }
}

}  // namespace
}  // namespace nnadapter
