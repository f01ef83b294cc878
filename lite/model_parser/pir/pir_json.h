// Reading the pieces of a Paddle 3 PIR JSON program (paddle.jit.save's
// inference.json) with nlohmann-json: checked field access, value types
// (`TT`) and attributes (`AT`). Every failure throws paddle::lite_api::Error
// through the Where it was given, so the message names the file, the op (by
// its index and name) and what was expected. See docs/model-formats.md.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lite/core/program_desc.h"

namespace paddle {
namespace lite {
namespace pir_import {

using Json = nlohmann::json;

// base_code.version values this reader knows (Paddle 3.0 writes 1; later
// versions changed attribute number types only, which the reader accepts
// in either width: patch/2.yaml..4.yaml of Paddle's serialize_deserialize).
constexpr int64_t kPirMinVersion = 0;
constexpr int64_t kPirMaxVersion = 5;

// Where in the file a piece is: the file label, and the op being read
// (index in file order, counting the ops of nested regions where they
// appear; -1 before the first op).
struct Where {
  std::string file;
  int64_t op_index{-1};
  std::string op_name;
  int32_t block{0};

  std::string Prefix() const;  // "<file>: op 12 'pd_op.conv2d' (block 0): "
  [[noreturn]] void Fail(const std::string& what) const;
};

// Checked access: `what` names the piece in the message.
const Json& Member(const Where& w, const Json& obj, const char* key, const std::string& what);
const Json* OptionalMember(const Where& w, const Json& obj, const char* key, const std::string& what);
const Json& ArrayOf(const Where& w, const Json& v, const std::string& what);
const Json& Element(const Where& w, const Json& array, size_t i, const std::string& what);
int64_t IntOf(const Where& w, const Json& v, const std::string& what);
double NumberOf(const Where& w, const Json& v, const std::string& what);
bool BoolOf(const Where& w, const Json& v, const std::string& what);
const std::string& StringOf(const Where& w, const Json& v, const std::string& what);

// "0.conv2d" → "builtin.conv2d", "1.x" → "pd_op.x", "2.x" → "cf.x"; "p"
// stays "p"; other dialect ids (custom_op 3, dist 4, tests) are Errors.
std::string FullOpName(const Where& w, const std::string& compressed);

// A value's type: a dense tensor (dtype, dims; -1 for unknown extents), a
// vector of them (builtin.combine / split results), or null.
struct ValueType {
  enum class Kind { kNull, kTensor, kVector } kind{Kind::kNull};
  DataType dtype{DataType::kUnknown};
  std::vector<int64_t> dims;
  std::vector<ValueType> elems;  // kVector
};
ValueType ParseValueType(const Where& w, const Json& tt, const std::string& what);

// A PIR dtype name ("float32", "int64", ...) as DataType; kUnknown for
// "undefined". Unknown names are Errors.
DataType DataTypeFromPirName(const Where& w, const std::string& name, const std::string& what);
// Paddle's VarType code for a DataType (the `dtype` attributes of our ops);
// -1 for kUnknown.
int32_t VarTypeCode(DataType t);

// An attribute (`AT` object) as one of ours: bool/i32/i64/f32/f64/str,
// arrays of one kind, int arrays (LONGS), dtypes (their VarType code, INT),
// scalars (SCALAR), layouts (STRING). std::nullopt for places (not needed
// on a CPU). `what` names the attribute.
std::optional<cpp::Attribute> ParseAttribute(const Where& w, const Json& at, const std::string& what);

// A numeric attribute (i32/i64/f32/f64/bool/scalar) as double.
double AttributeNumber(const Where& w, const Json& at, const std::string& what);
// An integer list attribute (a_intarray, or an a_array of integers).
std::vector<int64_t> AttributeInts(const Where& w, const Json& at, const std::string& what);

}  // namespace pir_import
}  // namespace lite
}  // namespace paddle
