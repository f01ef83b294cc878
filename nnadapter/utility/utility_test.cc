// Tests of nnadapter/utility: properties, serialization, CRC32, topological
// sort, DOT output and operator-info files.
#include <gtest/gtest.h>

#include <cstring>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/operator_info.h"
#include "nnadapter/utility/properties.h"
#include "nnadapter/utility/serialization.h"

namespace nnadapter {
namespace {

TEST(Properties, ParsesTrimsAndAllowsEmptyEntries) {
  std::map<std::string, std::string> p;
  std::string error;
  ASSERT_TRUE(ParseProperties(" A=1 ; B.c = x,y ;;D=", &p, &error)) << error;
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p["A"], "1");
  EXPECT_EQ(p["B.c"], "x,y");
  EXPECT_EQ(p["D"], "");
  ASSERT_TRUE(ParseProperties("", &p, &error));
  EXPECT_TRUE(p.empty());
}

TEST(Properties, RejectsMalformedEntriesWithMessage) {
  std::map<std::string, std::string> p;
  std::string error;
  EXPECT_FALSE(ParseProperties("A=1;NOVALUE", &p, &error));
  EXPECT_NE(error.find("entry 2 'NOVALUE'"), std::string::npos) << error;
  EXPECT_FALSE(ParseProperties("=3", &p, &error));
  EXPECT_NE(error.find("empty key"), std::string::npos) << error;
  EXPECT_FALSE(ParseProperties("A B=3", &p, &error));
  EXPECT_NE(error.find("key 'A B'"), std::string::npos) << error;
  EXPECT_FALSE(ParseProperties("A=1;A=2", &p, &error));
  EXPECT_NE(error.find("duplicate key 'A'"), std::string::npos) << error;
}

TEST(Crc32, MatchesTheStandardCheckValue) {
  EXPECT_EQ(Crc32("123456789", 9), 0xCBF43926u);
  EXPECT_EQ(Crc32("", 0), 0u);
  // Incremental use gives the same result.
  EXPECT_EQ(Crc32("6789", 4, Crc32("12345", 5)), 0xCBF43926u);
}

TEST(Modeling, BufferLengthAndPrecision) {
  NNAdapterOperandType t;
  std::memset(&t, 0, sizeof(t));
  t.precision = NNADAPTER_FLOAT32;
  t.dimensions.count = 3;
  t.dimensions.data[0] = 2;
  t.dimensions.data[1] = 3;
  t.dimensions.data[2] = 5;
  EXPECT_EQ(GetOperandTypeBufferLength(t), 120);
  t.precision = NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL;
  EXPECT_EQ(GetOperandTypeBufferLength(t), 30);
  t.precision = NNADAPTER_INT64;
  EXPECT_EQ(GetOperandTypeBufferLength(t), 240);
  t.dimensions.data[1] = NNADAPTER_UNKNOWN;
  EXPECT_EQ(GetOperandTypeBufferLength(t), -1);
  t.dimensions.count = 0;
  EXPECT_EQ(GetOperandTypeBufferLength(t), 8);  // scalar
  t.precision = 99;
  EXPECT_EQ(GetOperandTypeBufferLength(t), -1);
  EXPECT_EQ(OperandPrecisionName(NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER),
            "QUANT_UINT8_ASYMM_PER_LAYER");
  NNAdapterOperandPrecision p;
  ASSERT_TRUE(ParseOperandPrecisionName("quant_int8_symm_per_layer", &p));
  EXPECT_EQ(p, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
  EXPECT_FALSE(ParseOperandPrecisionName("float128", &p));
}

// A -> B, A -> C, (B, C) -> D, added in the order D, C, B, A.
struct Diamond {
  OwnedModel m;
  core::Operand *x, *a, *b, *c, *d;
  Diamond() {
    auto add = [&](int32_t lifetime) {
      m.model.operands.emplace_back();
      std::memset(&m.model.operands.back().type, 0, sizeof(NNAdapterOperandType));
      m.model.operands.back().type.precision = NNADAPTER_FLOAT32;
      m.model.operands.back().type.lifetime = lifetime;
      m.model.operands.back().type.dimensions.count = 1;
      m.model.operands.back().type.dimensions.data[0] = 4;
      return &m.model.operands.back();
    };
    x = add(NNADAPTER_MODEL_INPUT);
    a = add(NNADAPTER_TEMPORARY_VARIABLE);
    b = add(NNADAPTER_TEMPORARY_VARIABLE);
    c = add(NNADAPTER_TEMPORARY_VARIABLE);
    d = add(NNADAPTER_MODEL_OUTPUT);
    m.model.operations.push_back({NNADAPTER_ADD, {b, c}, {d}});
    m.model.operations.push_back({NNADAPTER_SIGMOID, {a}, {c}});
    m.model.operations.push_back({NNADAPTER_RELU, {a}, {b}});
    m.model.operations.push_back({NNADAPTER_ABS, {x}, {a}});
    m.model.input_operands = {x};
    m.model.output_operands = {d};
  }
};

TEST(Modeling, TopologicalSortIsDeterministicAndDetectsCycles) {
  Diamond g;
  std::vector<const core::Operation*> order;
  ASSERT_TRUE(SortOperationsInTopologicalOrder(&g.m.model, &order));
  ASSERT_EQ(order.size(), 4u);
  EXPECT_EQ(order[0]->type, NNADAPTER_ABS);
  // Ties broken by model order: SIGMOID (position 1) before RELU (2).
  EXPECT_EQ(order[1]->type, NNADAPTER_SIGMOID);
  EXPECT_EQ(order[2]->type, NNADAPTER_RELU);
  EXPECT_EQ(order[3]->type, NNADAPTER_ADD);
  // Make ABS consume D: a cycle.
  g.m.model.operations.back().input_operands = {g.d};
  EXPECT_FALSE(SortOperationsInTopologicalOrder(&g.m.model, &order));
  EXPECT_TRUE(order.empty());
}

TEST(Debug, VisualizeProducesDot) {
  Diamond g;
  const std::string dot = Visualize(&g.m.model);
  EXPECT_EQ(dot.rfind("digraph G {", 0), 0u);
  EXPECT_NE(dot.find("label=\"SIGMOID\""), std::string::npos);
  EXPECT_NE(dot.find("MODEL_INPUT"), std::string::npos);
  EXPECT_EQ(dot.back(), '\n');
  EXPECT_NE(dot.find("}\n"), std::string::npos);
}

TEST(Serialization, RoundTripsAModelWithConstantsAndQuantParams) {
  Diamond g;
  float scales[4] = {0.5f, 0.25f, 1.0f, 2.0f};
  g.m.model.operands.emplace_back();
  core::Operand* w = &g.m.model.operands.back();
  std::memset(&w->type, 0, sizeof(w->type));
  w->type.precision = NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL;
  w->type.lifetime = NNADAPTER_CONSTANT_COPY;
  w->type.dimensions.count = 1;
  w->type.dimensions.data[0] = 4;
  w->type.symm_per_channel_params = {0, 4, scales};
  int8_t values[4] = {1, -2, 3, -4};
  w->buffer = values;
  w->length = 4;
  g.m.model.operations.front().input_operands.push_back(nullptr);  // optional
  g.m.model.operations.front().input_operands.push_back(w);
  std::vector<uint8_t> bytes;
  std::string error;
  ASSERT_TRUE(SerializeModel(g.m.model, &bytes, &error)) << error;
  OwnedModel copy;
  ASSERT_TRUE(DeserializeModel(bytes.data(), bytes.size(), &copy, &error))
      << error;
  ASSERT_EQ(copy.model.operands.size(), 6u);
  ASSERT_EQ(copy.model.operations.size(), 4u);
  const auto& add = copy.model.operations.front();
  ASSERT_EQ(add.input_operands.size(), 4u);
  EXPECT_EQ(add.input_operands[2], nullptr);
  const core::Operand* w2 = add.input_operands[3];
  ASSERT_NE(w2, nullptr);
  EXPECT_EQ(w2->type.precision, NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL);
  ASSERT_EQ(w2->type.symm_per_channel_params.scale_count, 4u);
  EXPECT_NE(w2->type.symm_per_channel_params.scales, scales);  // owned copy
  EXPECT_FLOAT_EQ(w2->type.symm_per_channel_params.scales[3], 2.0f);
  ASSERT_EQ(w2->length, 4u);
  EXPECT_EQ(std::memcmp(w2->buffer, values, 4), 0);
  EXPECT_EQ(copy.model.input_operands[0]->type.lifetime, NNADAPTER_MODEL_INPUT);
  // Serializing the copy gives identical bytes.
  std::vector<uint8_t> again;
  ASSERT_TRUE(SerializeModel(copy.model, &again, &error));
  EXPECT_EQ(again, bytes);
}

TEST(Serialization, RejectsEveryTruncationAndBadIndexes) {
  Diamond g;
  std::vector<uint8_t> bytes;
  std::string error;
  ASSERT_TRUE(SerializeModel(g.m.model, &bytes, &error));
  for (size_t n = 0; n < bytes.size(); n++) {
    OwnedModel copy;
    EXPECT_FALSE(DeserializeModel(bytes.data(), n, &copy, &error)) << n;
    EXPECT_FALSE(error.empty());
  }
  // Corrupt the last output index (last 4 bytes) to point past the operands.
  std::vector<uint8_t> bad = bytes;
  bad[bad.size() - 4] = 200;
  OwnedModel copy;
  EXPECT_FALSE(DeserializeModel(bad.data(), bad.size(), &copy, &error));
  EXPECT_NE(error.find("out of range"), std::string::npos) << error;
  bad = bytes;
  bad[4] = 7;  // format version
  OwnedModel copy2;
  EXPECT_FALSE(DeserializeModel(bad.data(), bad.size(), &copy2, &error));
  EXPECT_NE(error.find("version 7"), std::string::npos) << error;
}

TEST(OperatorInfo, ParsesAndValidatesOperations) {
  const char* text =
      "# fake accelerator\n"
      "[CONV_2D]\r\n"
      "input0.dtype = float32\n"
      "input0.rank=4\n"
      "input6.value=1\n"
      "[RELU]\n"
      "input.dtype=float32,quant_int8_symm_per_layer\n"
      "input0.shape=[-1,3];[2,2]\n";
  OperatorInfo info;
  std::string error;
  ASSERT_TRUE(ParseOperatorInfo(text, "fake.ini", &info, &error)) << error;
  ASSERT_EQ(info.operators.size(), 2u);

  Diamond g;  // operands are FLOAT32 [4]
  core::Operation relu{NNADAPTER_RELU, {g.x}, {g.a}};
  std::string reason;
  EXPECT_FALSE(IsOperationSupported(info, relu, &reason));
  EXPECT_NE(reason.find("shape [4]"), std::string::npos) << reason;
  g.x->type.dimensions.count = 2;
  g.x->type.dimensions.data[0] = 7;
  g.x->type.dimensions.data[1] = 3;
  EXPECT_TRUE(IsOperationSupported(info, relu, &reason)) << reason;
  g.x->type.precision = NNADAPTER_INT32;
  EXPECT_FALSE(IsOperationSupported(info, relu, &reason));
  EXPECT_NE(reason.find("dtype INT32"), std::string::npos) << reason;
  core::Operation sigmoid{NNADAPTER_SIGMOID, {g.x}, {g.a}};
  EXPECT_FALSE(IsOperationSupported(info, sigmoid, &reason));
  EXPECT_NE(reason.find("not listed"), std::string::npos);

  // validate_program helper over the whole model.
  g.x->type.precision = NNADAPTER_FLOAT32;
  bool supported[4] = {true, true, true, true};
  ASSERT_EQ(ValidateProgramWithOperatorInfo(info, &g.m.model, supported),
            NNADAPTER_NO_ERROR);
  EXPECT_FALSE(supported[0]);  // ADD
  EXPECT_FALSE(supported[1]);  // SIGMOID
  EXPECT_FALSE(supported[2]);  // RELU on a [4] operand: shape not listed
  EXPECT_FALSE(supported[3]);  // ABS
}

TEST(OperatorInfo, ConstantAxisCountAndPerformanceRulesNameTheRuleThatFailed) {
  const char* text =
      "[PERFORMANCE]\n"
      "float32.exec_time=0.25\n"
      "SOFTMAX.power_usage=0.5\n"
      "[SOFTMAX]\n"
      "input1.axis=last\n"
      "input1.constant=true\n"
      "[SUM]\n"
      "inputs.count=2-3\n";
  OperatorInfo info;
  std::string error;
  ASSERT_TRUE(ParseOperatorInfo(text, "r.ini", &info, &error)) << error;
  ASSERT_TRUE(info.has_performance);
  EXPECT_FLOAT_EQ(info.performance.float32_performance.exec_time, 0.25f);
  ASSERT_EQ(info.performance.operation_count, 1u);
  EXPECT_EQ(info.performance.operations[0].type, NNADAPTER_SOFTMAX);
  EXPECT_FLOAT_EQ(info.performance.operations[0].performance.power_usage, 0.5f);

  Diamond g;  // operands are FLOAT32 [4]
  int32_t axis_value = -1;
  core::Operand axis{};
  axis.type.precision = NNADAPTER_INT32;
  axis.type.lifetime = NNADAPTER_CONSTANT_COPY;
  axis.buffer = &axis_value;
  axis.length = 4;
  core::Operation softmax{NNADAPTER_SOFTMAX, {g.x, &axis}, {g.a}};
  std::string reason;
  EXPECT_TRUE(IsOperationSupported(info, softmax, &reason)) << reason;
  axis_value = 0;  // rank 1: axis 0 is the last one too
  EXPECT_TRUE(IsOperationSupported(info, softmax, &reason)) << reason;
  g.x->type.dimensions.count = 2;
  g.x->type.dimensions.data[1] = 2;
  EXPECT_FALSE(IsOperationSupported(info, softmax, &reason));
  EXPECT_EQ(reason,
            "SOFTMAX: input1.axis (r.ini:5) refuses axis 0 of rank 2 (not the "
            "last) of input1");
  axis.type.lifetime = NNADAPTER_TEMPORARY_VARIABLE;
  EXPECT_FALSE(IsOperationSupported(info, softmax, &reason));
  // Rules are checked in field-name order: "axis" before "constant".
  EXPECT_EQ(reason,
            "SOFTMAX: input1.axis (r.ini:5) refuses a non-constant or "
            "non-scalar axis of input1");

  core::Operation sum{NNADAPTER_SUM, {g.x}, {g.a}};
  EXPECT_FALSE(IsOperationSupported(info, sum, &reason));
  EXPECT_EQ(reason, "SUM: inputs.count (r.ini:7) refuses 1");
  sum.input_operands = {g.x, g.x, g.x};
  EXPECT_TRUE(IsOperationSupported(info, sum, &reason)) << reason;
  core::Operation relu{NNADAPTER_RELU, {g.x}, {g.a}};
  EXPECT_FALSE(IsOperationSupported(info, relu, &reason));
  EXPECT_EQ(reason, "RELU: not listed in r.ini");
}

TEST(OperatorInfo, MalformedNewRulesNameFileLineAndKey) {
  const struct {
    const char* text;
    const char* expected;
  } cases[] = {
      {"[SUM]\ninputs.count=3-2\n", "e.ini:2: inputs.count: '3-2'"},
      {"[SOFTMAX]\ninput1.axis=first\n",
       "e.ini:2: input1.axis: expected 'last' or 'last_nhwc'"},
      {"[RELU]\ninput0.constant=maybe\n",
       "e.ini:2: input0.constant: expected true or false"},
      {"[RELU]\ninput0.rank=4\ninput0.rank=3\n",
       "e.ini:3: input0.rank: given twice (first at e.ini:2)"},
      {"[PERFORMANCE]\nfloat32.speed=1\n", "e.ini:2: unknown key 'float32.speed'"},
      {"[PERFORMANCE]\nfloat32.exec_time=-1\n",
       "e.ini:2: float32.exec_time: '-1' is not a non-negative number"},
      {"[PERFORMANCE]\n[PERFORMANCE]\n", "e.ini:2: duplicate section [PERFORMANCE]"},
  };
  for (const auto& c : cases) {
    OperatorInfo info;
    std::string error;
    EXPECT_FALSE(ParseOperatorInfo(c.text, "e.ini", &info, &error)) << c.text;
    EXPECT_EQ(error.rfind(c.expected, 0), 0u) << error;
  }
}

TEST(OperatorInfo, ReportsFileAndLineOfErrors) {
  OperatorInfo info;
  std::string error;
  EXPECT_FALSE(ParseOperatorInfo("[CONV_2D]\ninput0.dtype=float99\n", "a.ini",
                                 &info, &error));
  EXPECT_NE(error.find("a.ini:2"), std::string::npos) << error;
  EXPECT_NE(error.find("float99"), std::string::npos) << error;
  OperatorInfo info2;
  EXPECT_FALSE(ParseOperatorInfo("[NOT_AN_OP]\n", "b.ini", &info2, &error));
  EXPECT_NE(error.find("b.ini:1: unknown operation 'NOT_AN_OP'"),
            std::string::npos)
      << error;
  OperatorInfo info3;
  EXPECT_FALSE(ParseOperatorInfo("input0.dtype=float32\n", "c.ini", &info3, &error));
  EXPECT_NE(error.find("outside"), std::string::npos) << error;
  OperatorInfo info4;
  EXPECT_FALSE(ParseOperatorInfo("[RELU]\ninput0.colour=red\n", "d.ini", &info4,
                                 &error));
  EXPECT_NE(error.find("unknown field 'colour'"), std::string::npos) << error;
  OperatorInfo info5;
  EXPECT_FALSE(LoadOperatorInfoFile("/nonexistent/x.ini", &info5, &error));
  EXPECT_NE(error.find("/nonexistent/x.ini"), std::string::npos);
}

}  // namespace
}  // namespace nnadapter
