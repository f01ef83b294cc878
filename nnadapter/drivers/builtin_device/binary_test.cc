// Binary elementwise, logical and comparison operations.
#include "drivers/builtin_device/test_util.h"

using namespace nnadapter_test;  // NOLINT

OP_TEST(ADD, Broadcast) {
  auto r = Exec(NNADAPTER_ADD,
               {V(F32({2, 2}, {1, 2, 3, 4})), V(F32({2}, {10, 20})), ci(0)},
               {{}});
  ExpectF32(r[0], {2, 2}, {11, 22, 13, 24});
}
OP_TEST(ADD, Int8DifferentScales) {
  // real [1.0, 2.0] + [1.0, -8.0] = [2, -6] -> / 0.1 = [20, -60]
  auto r = Exec(NNADAPTER_ADD,
               {V(Q8({2}, {10, 20}, 0.1f)), V(Q8({2}, {5, -40}, 0.2f)), ci(0)},
               {{NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, 0.1f}});
  ExpectQ8(r[0], {2}, {20, -60});
}
OP_TEST(ADD, FuseRelu6) {
  auto r = Exec(NNADAPTER_ADD,
               {V(F32({3}, {1, 5, -9})), C(F32({3}, {1, 5, 1})),
                ci(NNADAPTER_FUSED_RELU6)},
               {{}});
  ExpectF32(r[0], {3}, {2, 6, 0});
}
OP_TEST(SUB, FuseRelu) {
  auto r = Exec(NNADAPTER_SUB,
               {V(F32({2}, {1, 2})), V(F32({2}, {3, 1})),
                ci(NNADAPTER_FUSED_RELU)},
               {{}});
  ExpectF32(r[0], {2}, {0, 1});
}
OP_TEST(MUL, FuseRelu1) {
  auto r = Exec(NNADAPTER_MUL,
               {V(F32({3}, {0.5f, 2, -3})), V(F32({1}, {1})),
                ci(NNADAPTER_FUSED_RELU1)},
               {{}});
  ExpectF32(r[0], {3}, {0.5f, 1, -1});
}
OP_TEST(DIV, FloatAndInt) {
  auto r = Exec(NNADAPTER_DIV,
               {V(F32({2}, {1, -3})), V(F32({2}, {4, 2})), ci(0)}, {{}});
  ExpectF32(r[0], {2}, {0.25f, -1.5f});
  r = Exec(NNADAPTER_DIV, {V(I32({2}, {7, -7})), V(I32({2}, {2, 2})), ci(0)},
          {{NNADAPTER_INT32}});
  ExpectI32(r[0], {2}, {3, -3});  // truncation toward zero
}
OP_TEST(DIV, IntegerDivisionByZeroFails) {
  RunResult r = RunOp(NNADAPTER_DIV,
                      {V(I32({1}, {1})), V(I32({1}, {0})), ci(0)},
                      {{NNADAPTER_INT32}});
  EXPECT_NE(r.compute, NNADAPTER_NO_ERROR);
}
// Issue 27 #5: the lowest int32/int64 divided by -1 returned a value on
// builtin_device while the CPU path crashed; both now fail, naming the
// operation and the elements (broadcast Y; unpaired values still compute).
OP_TEST(DIV, LowestIntegerDividedByMinusOneFails) {
  for (NNAdapterOperationType type : {NNADAPTER_DIV, NNADAPTER_FLOOR_DIV}) {
    SCOPED_TRACE(type);
    RunResult r = RunOp(type, {V(I32({3}, {5, INT32_MIN, 7})), V(I32({1}, {-1})), ci(0)},
                        {{NNADAPTER_INT32}});
    EXPECT_EQ(r.compute, NNADAPTER_INVALID_PARAMETER);
    EXPECT_NE(r.message.find(type == NNADAPTER_DIV ? "DIV" : "FLOOR_DIV"), std::string::npos)
        << r.message;
    EXPECT_NE(r.message.find("integer division overflow: input 0 element 1 is -2147483648 and "
                             "input 1 element 0 is -1; the quotient does not fit INT32"),
              std::string::npos)
        << r.message;
    r = RunOp(type, {V(I64({2}, {INT64_MIN, 3})), V(I64({2}, {1, -1})), ci(0)},
              {{NNADAPTER_INT64}});
    EXPECT_EQ(r.compute, NNADAPTER_NO_ERROR) << r.message;
    r = RunOp(type, {V(I64({2}, {3, INT64_MIN})), V(I64({2}, {1, -1})), ci(0)},
              {{NNADAPTER_INT64}});
    EXPECT_EQ(r.compute, NNADAPTER_INVALID_PARAMETER);
    EXPECT_NE(r.message.find("input 0 element 1 is -9223372036854775808 and input 1 element 1 "
                             "is -1; the quotient does not fit INT64"),
              std::string::npos)
        << r.message;
  }
  RunResult r = RunOp(NNADAPTER_DIV, {V(I32({1}, {1})), V(I32({2}, {3, 0})), ci(0)},
                      {{NNADAPTER_INT32}});
  EXPECT_NE(r.message.find("integer division by zero (input 1 element 1)"), std::string::npos)
      << r.message;
}
OP_TEST(FLOOR_DIV, FloatAndInt) {
  auto r = Exec(NNADAPTER_FLOOR_DIV,
               {V(I32({2}, {7, -7})), V(I32({2}, {2, 2})), ci(0)},
               {{NNADAPTER_INT32}});
  ExpectI32(r[0], {2}, {3, -4});
  r = Exec(NNADAPTER_FLOOR_DIV,
          {V(F32({2}, {7, -7})), V(F32({2}, {2, 2})), ci(0)}, {{}});
  ExpectF32(r[0], {2}, {3, -4});
}
OP_TEST(MAX, Broadcast) {
  auto r = Exec(NNADAPTER_MAX,
               {V(F32({2, 1}, {1, 5})), V(F32({3}, {0, 2, 7})), ci(0)}, {{}});
  ExpectF32(r[0], {2, 3}, {1, 2, 7, 5, 5, 7});
}
OP_TEST(MIN, Float) {
  auto r = Exec(NNADAPTER_MIN,
               {V(F32({3}, {1, 5, -2})), V(F32({3}, {2, 2, 2})), ci(0)}, {{}});
  ExpectF32(r[0], {3}, {1, 2, -2});
}
OP_TEST(POW, Float) {
  auto r = Exec(NNADAPTER_POW,
               {V(F32({2}, {2, 3})), V(F32({2}, {3, 2})), ci(0)}, {{}});
  ExpectF32(r[0], {2}, {8, 9});
}
OP_TEST(AND, Bool) {
  auto r = Exec(NNADAPTER_AND, {V(Bool8({4}, {0, 0, 1, 1})), V(Bool8({4}, {0, 1, 0, 1}))},
               {{NNADAPTER_BOOL8}});
  ExpectB8(r[0], {4}, {0, 0, 0, 1});
}
OP_TEST(XOR, Bool) {
  auto r = Exec(NNADAPTER_XOR, {V(Bool8({4}, {0, 0, 1, 1})), V(Bool8({4}, {0, 1, 0, 1}))},
               {{NNADAPTER_BOOL8}});
  ExpectB8(r[0], {4}, {0, 1, 1, 0});
}
OP_TEST(OR, Bool) {
  auto r = Exec(NNADAPTER_OR, {V(Bool8({4}, {0, 0, 1, 1})), V(Bool8({4}, {0, 1, 0, 1}))},
               {{NNADAPTER_BOOL8}});
  ExpectB8(r[0], {4}, {0, 1, 1, 1});
}
OP_TEST(EQUAL, Float) {
  auto r = Exec(NNADAPTER_EQUAL, {V(F32({3}, {1, 2, 3})), V(F32({3}, {1, 0, 3}))},
               {{NNADAPTER_BOOL8}});
  ExpectB8(r[0], {3}, {1, 0, 1});
}
OP_TEST(EQUAL, Int64) {
  auto r = Exec(NNADAPTER_EQUAL, {V(I64({2}, {5, 6})), V(I64({1}, {6}))},
               {{NNADAPTER_BOOL8}});
  ExpectB8(r[0], {2}, {0, 1});
}
OP_TEST(NOT_EQUAL, Int32) {
  auto r = Exec(NNADAPTER_NOT_EQUAL, {V(I32({3}, {1, 2, 3})), V(I32({3}, {1, 0, 3}))},
               {{NNADAPTER_BOOL8}});
  ExpectB8(r[0], {3}, {0, 1, 0});
}
OP_TEST(GREATER, Float) {
  auto r = Exec(NNADAPTER_GREATER, {V(F32({3}, {1, 2, 3})), V(F32({1}, {2}))},
               {{NNADAPTER_BOOL8}});
  ExpectB8(r[0], {3}, {0, 0, 1});
}
OP_TEST(GREATER_EQUAL, Float) {
  auto r = Exec(NNADAPTER_GREATER_EQUAL,
               {V(F32({3}, {1, 2, 3})), V(F32({1}, {2}))}, {{NNADAPTER_BOOL8}});
  ExpectB8(r[0], {3}, {0, 1, 1});
}
OP_TEST(LESS, Float) {
  auto r = Exec(NNADAPTER_LESS, {V(F32({3}, {1, 2, 3})), V(F32({1}, {2}))},
               {{NNADAPTER_BOOL8}});
  ExpectB8(r[0], {3}, {1, 0, 0});
}
OP_TEST(LESS_EQUAL, Float) {
  auto r = Exec(NNADAPTER_LESS_EQUAL, {V(F32({3}, {1, 2, 3})), V(F32({1}, {2}))},
               {{NNADAPTER_BOOL8}});
  ExpectB8(r[0], {3}, {1, 1, 0});
}
OP_TEST(WHERE, Broadcast) {
  auto r = Exec(NNADAPTER_WHERE,
               {V(Bool8({2}, {1, 0})), V(F32({2}, {1, 2})), V(F32({2}, {10, 20}))},
               {{}});
  ExpectF32(r[0], {2}, {1, 20});
}
OP_TEST(SUM, ThreeInputs) {
  auto r = Exec(NNADAPTER_SUM,
               {V(F32({2}, {1, 2})), V(F32({2}, {10, 20})),
                V(F32({2}, {100, 200}))},
               {{}});
  ExpectF32(r[0], {2}, {111, 222});
}
OP_TEST(ADD, ChannelBiasBroadcast) {
  // [1, 2, 2, 2] + [1, 2, 1, 1]: channel 0 + 100, channel 1 + 200; and the
  // reversed operand order broadcasts the first input.
  std::vector<float> x = {1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<float> want = {101, 102, 103, 104, 205, 206, 207, 208};
  auto r = Exec(NNADAPTER_ADD,
                {V(F32({1, 2, 2, 2}, x)), C(F32({1, 2, 1, 1}, {100, 200})), ci(0)},
                {{}});
  ExpectF32(r[0], {1, 2, 2, 2}, want);
  r = Exec(NNADAPTER_SUB,
           {V(F32({2, 1, 1}, {10, 20})), V(F32({1, 3}, {1, 2, 3})), ci(0)}, {{}});
  ExpectF32(r[0], {2, 1, 3}, {9, 8, 7, 19, 18, 17});
}
