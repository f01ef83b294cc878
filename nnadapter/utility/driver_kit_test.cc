// Tests of the driver kit: the entry-point guard and the reasons it keeps,
// the validate loop, argument binding, the constant-attribute readers and
// the precision table.
#include <gtest/gtest.h>

#include <cstring>
#include <list>
#include <map>
#include <stdexcept>
#include <thread>

#include "nnadapter/utility/attributes.h"
#include "nnadapter/utility/driver_kit.h"
#include "nnadapter/utility/operation_list.h"
#include "nnadapter/utility/precision.h"

namespace nnadapter {
namespace {

std::string Last() { return kit::LastErrorMessage(); }

TEST(DriverKitGuard, MapsExceptionsToCodesWithReasons) {
  EXPECT_EQ(kit::Guard("dev", "create_program",
                       []() -> int { throw std::bad_alloc(); }),
            NNADAPTER_OUT_OF_MEMORY);
  EXPECT_EQ(Last(), "dev: create_program: out of memory");
  EXPECT_EQ(kit::Guard("dev", "execute_program",
                       []() -> int { throw std::runtime_error("boom"); }),
            NNADAPTER_DEVICE_INTERNAL_ERROR);
  EXPECT_EQ(Last(), "dev: execute_program: internal error: boom");
  EXPECT_EQ(kit::Guard("dev", "open_device", []() -> int { throw 42; }),
            NNADAPTER_DEVICE_INTERNAL_ERROR);
  EXPECT_EQ(Last(), "dev: open_device: internal error: unknown exception");
}

TEST(DriverKitGuard, KeepsTheReasonOfFailAndClearsItOnTheNextEntry) {
  EXPECT_EQ(kit::Guard("dev", "create_context",
                       [] {
                         return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                                          std::string("KEY='x': bad"));
                       }),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_EQ(Last(), "dev: create_context: KEY='x': bad");
  EXPECT_EQ(kit::Guard("dev", "create_context",
                       [] { return static_cast<int>(NNADAPTER_NO_ERROR); }),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(Last(), "");
}

TEST(DriverKitGuard, AnErrorWithoutReasonGetsOne) {
  EXPECT_EQ(kit::Guard("dev", "execute_program",
                       [] { return static_cast<int>(NNADAPTER_INVALID_STATE); }),
            NNADAPTER_INVALID_STATE);
  EXPECT_EQ(Last(), "dev: execute_program: failed with NNADAPTER_INVALID_STATE");
}

TEST(DriverKitGuard, ReasonsArePerThread) {
  kit::Guard("dev", "a", [] { return kit::Fail(NNADAPTER_INVALID_PARAMETER, "main"); });
  std::string other;
  std::thread t([&] {
    kit::Guard("dev", "b", [] { return kit::Fail(NNADAPTER_INVALID_PARAMETER, "thread"); });
    other = Last();
  });
  t.join();
  EXPECT_EQ(other, "dev: b: thread");
  EXPECT_EQ(Last(), "dev: a: main");
}

TEST(DriverKitArguments, RequireNotNullNamesTheFirstNullPointer) {
  int a = 0;
  kit::BeginEntryPoint("dev", "create_program");
  EXPECT_EQ(kit::RequireNotNull({{"context", &a}, {"cache", &a}}),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(kit::RequireNotNull(
                {{"context", &a}, {"cache", nullptr}, {"program", nullptr}}),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_EQ(Last(), "dev: create_program: 'cache' must not be null");
}

TEST(DriverKitArguments, CachedProgramMustMatchTheSubModel) {
  core::Cache cache;
  cache.input_types.resize(2);
  cache.output_types.resize(1);
  kit::BeginEntryPoint("dev", "create_program");
  EXPECT_EQ(kit::CheckCachedProgram(cache, 2, 1), NNADAPTER_NO_ERROR);
  EXPECT_EQ(kit::CheckCachedProgram(cache, 1, 1), NNADAPTER_INVALID_PARAMETER);
  EXPECT_EQ(Last(),
            "dev: create_program: the cached program has 1 inputs and 1 "
            "outputs, the sub-model 2 and 1");
}

struct TestContext {
  std::string mode = "default";
};

int CreateTestContext(const char* properties, void** context) {
  return kit::CreateContext<TestContext>(
      "dev", properties, context,
      [](const std::map<std::string, std::string>& parsed, TestContext* c) {
        auto it = parsed.find("DEV_MODE");
        if (it == parsed.end()) return static_cast<int>(NNADAPTER_NO_ERROR);
        if (it->second != "fast") {
          return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                           "DEV_MODE='" + it->second + "': expected fast");
        }
        c->mode = it->second;
        return static_cast<int>(NNADAPTER_NO_ERROR);
      });
}

TEST(DriverKitContext, ParsesPropertiesAndConfigures) {
  void* context = nullptr;
  ASSERT_EQ(CreateTestContext("OTHER=1; DEV_MODE=fast", &context),
            NNADAPTER_NO_ERROR);
  ASSERT_NE(context, nullptr);
  EXPECT_EQ(static_cast<TestContext*>(context)->mode, "fast");
  delete static_cast<TestContext*>(context);
  ASSERT_EQ(CreateTestContext(nullptr, &context), NNADAPTER_NO_ERROR);
  EXPECT_EQ(static_cast<TestContext*>(context)->mode, "default");
  delete static_cast<TestContext*>(context);
  EXPECT_EQ(CreateTestContext("DEV_MODE=slow", &context),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_EQ(context, nullptr);
  EXPECT_EQ(Last(), "dev: create_context: DEV_MODE='slow': expected fast");
  EXPECT_EQ(CreateTestContext("NOVALUE", &context), NNADAPTER_INVALID_PARAMETER);
  EXPECT_NE(Last().find("dev: create_context: "), std::string::npos);
  EXPECT_NE(Last().find("'NOVALUE'"), std::string::npos) << Last();
  EXPECT_EQ(CreateTestContext("", nullptr), NNADAPTER_INVALID_PARAMETER);
  EXPECT_EQ(Last(), "dev: create_context: 'context' must not be null");
}

TEST(DriverKitProgram, CreateAndExecuteCheckPointersAndKeepTheProgram) {
  struct TestProgram {
    int runs = 0;
  };
  int context = 0;
  core::Cache cache;
  void* program = &context;
  auto build = [](TestProgram* p) {
    p->runs = 10;
    return static_cast<int>(NNADAPTER_NO_ERROR);
  };
  ASSERT_EQ(kit::CreateProgram<TestProgram>("dev", &context, &cache, &program,
                                            build),
            NNADAPTER_NO_ERROR);
  ASSERT_NE(program, &context);
  auto run = [](TestProgram* p) { return ++p->runs; };
  EXPECT_EQ(kit::ExecuteProgram<TestProgram>("dev", program, run), 11);
  delete static_cast<TestProgram*>(program);
  // A failing build leaves no program and keeps the build's reason.
  EXPECT_EQ(kit::CreateProgram<TestProgram>(
                "dev", &context, &cache, &program,
                [](TestProgram*) {
                  return kit::Fail(NNADAPTER_INVALID_PARAMETER, "bad model");
                }),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_EQ(program, nullptr);
  EXPECT_EQ(Last(), "dev: create_program: bad model");
  EXPECT_EQ(kit::CreateProgram<TestProgram>("dev", &context, nullptr, &program,
                                            build),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_EQ(Last(), "dev: create_program: 'cache' must not be null");
  EXPECT_EQ(kit::ExecuteProgram<TestProgram>("dev", nullptr, run),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_EQ(Last(), "dev: execute_program: 'program' must not be null");
}

// A model of `n` RELU operations whose operands are owned by `m`.
core::Model ReluModel(size_t n, std::list<core::Operand>* operands) {
  core::Model m;
  for (size_t i = 0; i < n; i++) {
    operands->emplace_back();
    core::Operation op;
    op.type = i % 2 ? NNADAPTER_RELU : NNADAPTER_SIGMOID;
    op.input_operands = {&operands->back()};
    m.operations.push_back(op);
  }
  return m;
}

TEST(DriverKitValidate, FillsOneFlagPerOperationInModelOrder) {
  std::list<core::Operand> operands;
  core::Model m = ReluModel(3, &operands);
  bool flags[3] = {true, false, true};
  auto check = [](const core::Operation& op, std::string* reason) {
    *reason = "only RELU";
    return op.type == NNADAPTER_RELU;
  };
  ASSERT_EQ(kit::ValidateProgram("dev", &m, flags, check), NNADAPTER_NO_ERROR);
  EXPECT_FALSE(flags[0]);
  EXPECT_TRUE(flags[1]);
  EXPECT_FALSE(flags[2]);
  int context = 0;
  EXPECT_EQ(kit::ValidateProgram("dev", &context, &m, flags, check),
            NNADAPTER_NO_ERROR);
}

TEST(DriverKitValidate, NullPointersAndThrowingChecksAreErrors) {
  std::list<core::Operand> operands;
  core::Model m = ReluModel(1, &operands);
  bool flags[1];
  auto yes = [](const core::Operation&, std::string*) { return true; };
  EXPECT_EQ(kit::ValidateProgram("dev", nullptr, flags, yes),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_NE(Last().find("'model' and 'supported_operations'"), std::string::npos);
  EXPECT_EQ(kit::ValidateProgram("dev", nullptr, &m, flags, yes),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_EQ(Last(), "dev: validate_program: 'context' must not be null");
  auto throws = [](const core::Operation&, std::string*) -> bool {
    throw std::bad_alloc();
  };
  EXPECT_EQ(kit::ValidateProgram("dev", &m, flags, throws),
            NNADAPTER_OUT_OF_MEMORY);
  EXPECT_EQ(Last(), "dev: validate_program: out of memory");
}

struct Buffer {
  std::vector<float> data = {1, 2, 3, 4, 5, 6};
  std::vector<int32_t> dims;  // reported to the driver when not empty
  bool fail = false;
};

void* Access(void* memory, NNAdapterOperandType* type) {
  auto* b = static_cast<Buffer*>(memory);
  if (b->fail) return nullptr;
  if (!b->dims.empty()) kit::SetDimensions(b->dims, type);
  return b->data.data();
}

NNAdapterOperandType Float32(std::vector<int32_t> dims) {
  NNAdapterOperandType t;
  std::memset(&t, 0, sizeof(t));
  t.precision = NNADAPTER_FLOAT32;
  kit::SetDimensions(dims, &t);
  return t;
}

TEST(DriverKitArguments, BindsByIndexAndReportsActualDims) {
  Buffer a, b;
  b.dims = {3, 2};
  core::Argument args[2] = {{1, &b, Access}, {0, &a, Access}};
  std::vector<kit::BoundArgument> bound;
  ASSERT_EQ(kit::BindArguments("input", 2, args, {Float32({6}), Float32({-1, 2})},
                               kit::Coverage::kEvery, &bound),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(bound.size(), 2u);
  EXPECT_EQ(bound[0].buffer, a.data.data());
  EXPECT_EQ(kit::DimensionsOf(bound[0].type), (std::vector<int32_t>{6}));
  EXPECT_EQ(bound[1].buffer, b.data.data());
  EXPECT_EQ(kit::DimensionsOf(bound[1].type), (std::vector<int32_t>{3, 2}));
  // kSome: a subset is fine.
  ASSERT_EQ(kit::BindArguments("input", 1, args, {Float32({6}), Float32({6})},
                               kit::Coverage::kSome, &bound),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(bound[0].buffer, nullptr);
  EXPECT_EQ(bound[1].buffer, b.data.data());
}

TEST(DriverKitArguments, RejectsBadArgumentsNamingThem) {
  Buffer a, failing;
  failing.fail = true;
  const std::vector<NNAdapterOperandType> types = {Float32({6}), Float32({6})};
  std::vector<kit::BoundArgument> bound;
  core::Argument one[1] = {{0, &a, Access}};
  EXPECT_EQ(kit::BindArguments("input", 1, one, types, kit::Coverage::kEvery,
                               &bound),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_NE(Last().find("1 input arguments, expected 2"), std::string::npos);
  core::Argument twice[2] = {{0, &a, Access}, {0, &a, Access}};
  EXPECT_EQ(kit::BindArguments("output", 2, twice, types,
                               kit::Coverage::kEvery, &bound),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_NE(Last().find("output argument 1 (index 0): index given twice"),
            std::string::npos)
      << Last();
  core::Argument out_of_range[1] = {{2, &a, Access}};
  EXPECT_EQ(kit::BindArguments("input", 1, out_of_range, types,
                               kit::Coverage::kSome, &bound),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_NE(Last().find("input argument 0 (index 2): index out of range [0, 2)"),
            std::string::npos)
      << Last();
  core::Argument null_access[1] = {{0, &a, nullptr}};
  EXPECT_EQ(kit::BindArguments("input", 1, null_access, types,
                               kit::Coverage::kSome, &bound),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_NE(Last().find("null access callback"), std::string::npos);
  core::Argument no_buffer[1] = {{1, &failing, Access}};
  EXPECT_EQ(kit::BindArguments("output", 1, no_buffer, types,
                               kit::Coverage::kSome, &bound),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_NE(Last().find("output argument 0 (index 1): access callback returned "
                        "no buffer"),
            std::string::npos)
      << Last();
}

TEST(DriverKitArguments, BindEveryInputChecksOutputCountFirst) {
  Buffer a;
  core::Argument args[1] = {{0, &a, Access}};
  std::vector<kit::BoundArgument> bound;
  EXPECT_EQ(kit::BindEveryInput(1, args, {Float32({6})}, 2, 1, &bound),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_NE(Last().find("2 output arguments, expected 1"), std::string::npos)
      << Last();
  EXPECT_EQ(kit::BindEveryInput(1, args, {Float32({6}), Float32({6})}, 1, 1,
                                &bound),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_NE(Last().find("1 input arguments, expected 2"), std::string::npos)
      << Last();
  ASSERT_EQ(kit::BindEveryInput(1, args, {Float32({6})}, 1, 1, &bound),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(bound.size(), 1u);
  EXPECT_EQ(bound[0].buffer, a.data.data());
  EXPECT_EQ(kit::DimensionsOf(bound[0].type), (std::vector<int32_t>{6}));
}

// Operations with constant operands for the attribute readers.
struct Attributes {
  std::list<core::Operand> operands;
  std::list<std::vector<uint8_t>> storage;
  core::Operation op;
  template <typename T>
  void Add(NNAdapterOperandPrecision precision, std::vector<T> values,
           bool constant = true) {
    operands.emplace_back();
    core::Operand& o = operands.back();
    std::memset(&o.type, 0, sizeof(o.type));
    o.type.precision = precision;
    o.type.lifetime = constant ? NNADAPTER_CONSTANT_COPY : NNADAPTER_MODEL_INPUT;
    o.type.dimensions.count = values.size() == 1 ? 0 : 1;
    o.type.dimensions.data[0] = static_cast<int32_t>(values.size());
    storage.emplace_back(values.size() * sizeof(T));
    if (!values.empty()) {
      std::memcpy(storage.back().data(), values.data(), storage.back().size());
    }
    o.buffer = storage.back().data();
    o.length = static_cast<uint32_t>(storage.back().size());
    op.input_operands.push_back(&o);
  }
};

TEST(DriverKitAttributes, ReadsScalarsAndVectors) {
  Attributes a;
  a.op.type = NNADAPTER_CONV_2D;
  a.Add<int32_t>(NNADAPTER_INT32, {7});                  // 0
  a.Add<float>(NNADAPTER_FLOAT32, {0.5f});               // 1
  a.Add<int8_t>(NNADAPTER_BOOL8, {1});                   // 2
  a.Add<int32_t>(NNADAPTER_INT32, {1, 2});               // 3
  a.Add<int64_t>(NNADAPTER_INT64, {3, -4});              // 4
  a.op.input_operands.push_back(nullptr);                // 5
  std::string error;
  int32_t i = 0;
  float f = 0;
  bool b = false;
  std::vector<int32_t> v;
  EXPECT_TRUE(kit::ReadInt32(a.op, 0, &i, &error));
  EXPECT_EQ(i, 7);
  EXPECT_TRUE(kit::ReadFloat(a.op, 1, &f, &error));
  EXPECT_EQ(f, 0.5f);
  EXPECT_TRUE(kit::ReadBool(a.op, 2, &b, &error));
  EXPECT_TRUE(b);
  EXPECT_TRUE(kit::ReadInt32s(a.op, 3, 2, &v, &error));
  EXPECT_EQ(v, (std::vector<int32_t>{1, 2}));
  EXPECT_TRUE(kit::ReadInt32s(a.op, 4, 0, &v, &error,
                              kit::IntVector::kInt32OrInt64));
  EXPECT_EQ(v, (std::vector<int32_t>{3, -4}));
  EXPECT_TRUE(kit::ReadOptionalInt32s(a.op, 5, 2, {1, 1}, &v, &error));
  EXPECT_EQ(v, (std::vector<int32_t>{1, 1}));
  EXPECT_TRUE(kit::ReadOptionalBool(a.op, 9, true, &b, &error));
  EXPECT_TRUE(b);
  EXPECT_TRUE(kit::ReadFuseCode(a.op, 0, &i, &error) == false);  // 7
  EXPECT_EQ(error, "CONV_2D input 0: expected a fuse_code in [0, 3], got 7");
}

TEST(DriverKitAttributes, RejectsWrongOperandsNamingOperationAndOperand) {
  Attributes a;
  a.op.type = NNADAPTER_SOFTMAX;
  a.Add<float>(NNADAPTER_FLOAT32, {1.0f});                // 0: not INT32
  a.Add<int32_t>(NNADAPTER_INT32, {1}, /*constant=*/false);  // 1: not constant
  a.Add<int64_t>(NNADAPTER_INT64, {int64_t(1) << 40});    // 2: out of range
  a.Add<int32_t>(NNADAPTER_INT32, {1, 2, 3});             // 3: 3 elements
  a.op.input_operands.push_back(nullptr);                 // 4: absent
  std::string error;
  int32_t i;
  std::vector<int32_t> v;
  EXPECT_FALSE(kit::ReadInt32(a.op, 0, &i, &error));
  EXPECT_EQ(error,
            "SOFTMAX input 0: expected a constant INT32 scalar, got "
            "FLOAT32[] NCHW CONSTANT_COPY of 4 bytes");
  EXPECT_FALSE(kit::ReadInt32(a.op, 1, &i, &error));
  EXPECT_EQ(error,
            "SOFTMAX input 1: expected a constant INT32 scalar, got "
            "INT32[] NCHW MODEL_INPUT");
  EXPECT_FALSE(kit::ReadInt32s(a.op, 2, 0, &v, &error));
  EXPECT_NE(error.find("SOFTMAX input 2: expected a constant INT32 vector, got "
                       "INT64[]"),
            std::string::npos)
      << error;
  EXPECT_FALSE(kit::ReadInt32s(a.op, 2, 0, &v, &error,
                               kit::IntVector::kInt32OrInt64));
  EXPECT_NE(error.find("(value 1099511627776 is out of range)"),
            std::string::npos)
      << error;
  EXPECT_FALSE(kit::ReadInt32s(a.op, 3, 2, &v, &error));
  EXPECT_NE(error.find("SOFTMAX input 3: expected a constant INT32 vector of 2 "
                       "elements, got INT32[3]"),
            std::string::npos)
      << error;
  float f;
  EXPECT_FALSE(kit::ReadFloat(a.op, 4, &f, &error));
  EXPECT_EQ(error,
            "SOFTMAX input 4: expected a constant FLOAT32 scalar, got an "
            "absent operand");
  bool b;
  EXPECT_FALSE(kit::ReadBool(a.op, 7, &b, &error));
  EXPECT_EQ(error,
            "SOFTMAX input 7: expected a constant BOOL8 scalar, got no such "
            "input (the operation has 5)");
}

TEST(DriverKitAttributes, PadsFromAutoPad) {
  Attributes a;
  a.op.type = NNADAPTER_CONV_2D;
  a.Add<int32_t>(NNADAPTER_INT32, {NNADAPTER_AUTO_PAD_SAME});  // 0
  a.Add<int32_t>(NNADAPTER_INT32, {1, 2, 3, 4});                // 1
  a.Add<int32_t>(NNADAPTER_INT32, {NNADAPTER_AUTO_PAD_NONE});  // 2
  a.Add<int32_t>(NNADAPTER_INT32, {5});                        // 3
  const int32_t in[2] = {7, 8}, kernel[2] = {3, 4}, strides[2] = {2, 3},
                dilations[2] = {1, 1};
  std::vector<int32_t> pads;
  std::string error;
  // SAME: out = ceil(7 / 2) = 4, total = 3 * 2 + 3 - 7 = 2 -> {1, 1};
  // out = ceil(8 / 3) = 3, total = 2 * 3 + 4 - 8 = 2 -> {1, 1}.
  ASSERT_TRUE(kit::ReadPads(a.op, 0, 1, in, kernel, strides, dilations, &pads,
                            &error))
      << error;
  EXPECT_EQ(pads, (std::vector<int32_t>{1, 1, 1, 1}));
  ASSERT_TRUE(kit::ReadPads(a.op, 2, 1, in, kernel, strides, dilations, &pads,
                            &error));
  EXPECT_EQ(pads, (std::vector<int32_t>{1, 2, 3, 4}));
  EXPECT_FALSE(kit::ReadPads(a.op, 3, 1, in, kernel, strides, dilations, &pads,
                             &error));
  EXPECT_EQ(error, "CONV_2D input 3: expected an auto_pad in [0, 2], got 5");
}

TEST(PrecisionTable, EveryPrecisionCodeHasItsElementSize) {
  EXPECT_EQ(PrecisionByteSize(NNADAPTER_UNKNOWN_PRECISION), 0u);
  EXPECT_EQ(PrecisionByteSize(NNADAPTER_BOOL8), 1u);
  EXPECT_EQ(PrecisionByteSize(NNADAPTER_FLOAT16), 2u);
  EXPECT_EQ(PrecisionByteSize(NNADAPTER_FLOAT32), sizeof(float));
  EXPECT_EQ(PrecisionByteSize(NNADAPTER_FLOAT64), sizeof(double));
  EXPECT_EQ(PrecisionByteSize(NNADAPTER_INT64), sizeof(int64_t));
  EXPECT_EQ(PrecisionByteSize(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL), 1u);
  EXPECT_EQ(PrecisionByteSize(NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER), 4u);
  EXPECT_EQ(PrecisionByteSize(20), 0u);
  EXPECT_EQ(PrecisionByteSize(-1), 0u);
  // The table covers every code of NNAdapterOperandPrecisionCode.
  for (int32_t code = NNADAPTER_BOOL8;
       code <= NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER; code++) {
    EXPECT_GT(PrecisionByteSize(code), 0u) << code;
  }
  static_assert(PrecisionByteSize(NNADAPTER_INT16) == 2, "constexpr table");
}

TEST(PrecisionTable, NamesComeFromTheSameTable) {
  EXPECT_STREQ(PrecisionName(NNADAPTER_FLOAT32), "FLOAT32");
  EXPECT_STREQ(PrecisionName(NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL),
               "QUANT_UINT8_ASYMM_PER_CHANNEL");
  EXPECT_STREQ(PrecisionName(NNADAPTER_UNKNOWN_PRECISION), "UNKNOWN_PRECISION");
  EXPECT_EQ(PrecisionName(77), nullptr);
  for (int32_t code = NNADAPTER_BOOL8;
       code <= NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER; code++) {
    EXPECT_NE(PrecisionName(code), nullptr) << code;
  }
}

TEST(OperationList, MacrosGiveCodesAndNames) {
#define TEST_OPERATION(name, column) \
  NNADAPTER_KIT_OPERATION_CODE(name, column)
  constexpr NNAdapterOperationType kCodes[] = {
      TEST_OPERATION(RELU, 1) TEST_OPERATION(CONV_2D, 2)};
#undef TEST_OPERATION
  const char* kNames[] = {NNADAPTER_KIT_OPERATION_NAME(RELU, 1)
                              NNADAPTER_KIT_OPERATION_NAME(CONV_2D, 2)};
  auto set = kit::OperationSet(kCodes);
  EXPECT_EQ(set.size(), 2u);
  EXPECT_TRUE(set.count(NNADAPTER_RELU));
  EXPECT_TRUE(set.count(NNADAPTER_CONV_2D));
  EXPECT_STREQ(kNames[1], "CONV_2D");
}

}  // namespace
}  // namespace nnadapter
