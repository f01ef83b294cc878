#include "lite/model_parser/pir/pir_json.h"

#include <cmath>
#include <limits>

#include "lite/core/error.h"

namespace paddle {
namespace lite {
namespace pir_import {
namespace {

const char* KindName(const Json& v) { return v.type_name(); }

// PIR element types (the `#` of a dense tensor's first datum) and dtype
// names (1.a_dtype), one row each: builtin type id, dtype name, ours.
struct DtypeRow {
  const char* type_id;
  const char* name;
  DataType dtype;
};
constexpr DtypeRow kDtypes[] = {
    {"0.t_f32", "float32", DataType::kFloat32}, {"0.t_f64", "float64", DataType::kFloat64},
    {"0.t_f16", "float16", DataType::kFloat16}, {"0.t_i8", "int8", DataType::kInt8},
    {"0.t_ui8", "uint8", DataType::kUInt8},     {"0.t_i16", "int16", DataType::kInt16},
    {"0.t_i32", "int32", DataType::kInt32},     {"0.t_i64", "int64", DataType::kInt64},
    {"0.t_bool", "bool", DataType::kBool},
};
// Element types PIR has and we do not compute with: named in the message.
constexpr const char* kRefusedTypes[] = {"0.t_bf16", "0.t_c64", "0.t_c128", "0.t_f8e4m3fn",
                                         "0.t_f8e5m2", "0.t_index"};

// VD: "NAN", "INF", "-INF" for non-finite floats (JSON has no literal).
std::optional<double> NonFinite(const Where& w, const Json& at, const std::string& what) {
  const Json* vd = OptionalMember(w, at, "VD", what);
  if (!vd) return std::nullopt;
  const std::string& s = StringOf(w, *vd, what + " VD");
  if (s == "NAN") return std::numeric_limits<double>::quiet_NaN();
  if (s == "INF") return std::numeric_limits<double>::infinity();
  if (s == "-INF") return -std::numeric_limits<double>::infinity();
  w.Fail(StrCat(what, ": VD is '", s, "'; expected NAN, INF or -INF"));
}

cpp::Attribute ArrayAttribute(const Where& w, const Json& items, const std::string& what) {
  cpp::Attribute a;
  if (items.empty()) {
    a.type = cpp::AttrType::INTS;
    a.value = std::vector<int32_t>{};
    return a;
  }
  std::vector<cpp::Attribute> parsed;
  for (size_t i = 0; i < items.size(); ++i) {
    auto e = ParseAttribute(w, items[i], StrCat(what, "[", i, "]"));
    if (!e) w.Fail(StrCat(what, "[", i, "]: a place cannot be an array element"));
    parsed.push_back(*e);
  }
  const cpp::AttrType t = parsed[0].type;
  for (size_t i = 1; i < parsed.size(); ++i) {
    if (parsed[i].type != t) {
      w.Fail(StrCat(what, ": array mixes ", cpp::AttrTypeName(t), " and ",
                    cpp::AttrTypeName(parsed[i].type), " (element ", i, ")"));
    }
  }
  auto collect = [&](auto tag, cpp::AttrType list_type) {
    using T = decltype(tag);
    std::vector<T> v;
    for (const auto& p : parsed) v.push_back(std::get<T>(p.value));
    a.type = list_type;
    a.value = v;
  };
  switch (t) {
    case cpp::AttrType::INT: collect(int32_t{}, cpp::AttrType::INTS); break;
    case cpp::AttrType::LONG: collect(int64_t{}, cpp::AttrType::LONGS); break;
    case cpp::AttrType::FLOAT: collect(float{}, cpp::AttrType::FLOATS); break;
    case cpp::AttrType::FLOAT64: collect(double{}, cpp::AttrType::FLOAT64S); break;
    case cpp::AttrType::STRING: collect(std::string{}, cpp::AttrType::STRINGS); break;
    case cpp::AttrType::BOOLEAN: collect(bool{}, cpp::AttrType::BOOLEANS); break;
    case cpp::AttrType::SCALAR: collect(cpp::Scalar{}, cpp::AttrType::SCALARS); break;
    default:
      w.Fail(StrCat(what, ": arrays of ", cpp::AttrTypeName(t), " are not supported"));
  }
  return a;
}

cpp::Scalar ScalarOf(const Where& w, const Json& d, const std::string& what) {
  const Json& arr = ArrayOf(w, d, what);
  const std::string& dt = StringOf(w, Element(w, arr, 0, what), what + " dtype");
  const Json& v = Element(w, arr, 1, what);
  if (dt == "bool") return cpp::Scalar::Bool(BoolOf(w, v, what));
  if (dt == "float32" || dt == "float64" || dt == "float16" || dt == "bfloat16") {
    return cpp::Scalar::Double(NumberOf(w, v, what));
  }
  if (dt == "int8" || dt == "int16" || dt == "int32" || dt == "int64" || dt == "uint8" ||
      dt == "uint16" || dt == "uint32" || dt == "uint64") {
    return cpp::Scalar::Long(IntOf(w, v, what));
  }
  w.Fail(StrCat(what, ": scalar of dtype '", dt, "' is not supported"));
}

}  // namespace

std::string Where::Prefix() const {
  if (op_index < 0) return file + ": ";
  return StrCat(file, ": op ", op_index, " '", op_name, "' (block ", block, "): ");
}

void Where::Fail(const std::string& what) const { throw Error(Prefix() + what); }

const Json* OptionalMember(const Where& w, const Json& obj, const char* key, const std::string& what) {
  if (!obj.is_object()) w.Fail(StrCat(what, " is a JSON ", KindName(obj), "; expected an object"));
  auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

const Json& Member(const Where& w, const Json& obj, const char* key, const std::string& what) {
  const Json* m = OptionalMember(w, obj, key, what);
  if (!m) w.Fail(StrCat(what, " has no \"", key, "\""));
  return *m;
}

const Json& ArrayOf(const Where& w, const Json& v, const std::string& what) {
  if (!v.is_array()) w.Fail(StrCat(what, " is a JSON ", KindName(v), "; expected an array"));
  return v;
}

const Json& Element(const Where& w, const Json& array, size_t i, const std::string& what) {
  ArrayOf(w, array, what);
  if (i >= array.size()) {
    w.Fail(StrCat(what, " has ", array.size(), " elements; expected at least ", i + 1));
  }
  return array[i];
}

int64_t IntOf(const Where& w, const Json& v, const std::string& what) {
  if (v.is_number_integer()) return v.get<int64_t>();
  if (v.is_number_unsigned()) {
    const uint64_t u = v.get<uint64_t>();
    if (u <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return static_cast<int64_t>(u);
  }
  if (v.is_boolean()) return v.get<bool>() ? 1 : 0;
  w.Fail(StrCat(what, " is ", v.is_number() ? v.dump() : std::string("a JSON ") + KindName(v),
                "; expected an integer"));
}

double NumberOf(const Where& w, const Json& v, const std::string& what) {
  if (v.is_number()) return v.get<double>();
  w.Fail(StrCat(what, " is a JSON ", KindName(v), "; expected a number"));
}

bool BoolOf(const Where& w, const Json& v, const std::string& what) {
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_number_integer() || v.is_number_unsigned()) return v.get<int64_t>() != 0;
  w.Fail(StrCat(what, " is a JSON ", KindName(v), "; expected a boolean"));
}

const std::string& StringOf(const Where& w, const Json& v, const std::string& what) {
  if (!v.is_string()) w.Fail(StrCat(what, " is a JSON ", KindName(v), "; expected a string"));
  return v.get_ref<const std::string&>();
}

std::string FullOpName(const Where& w, const std::string& compressed) {
  if (compressed == "p") return compressed;
  const size_t dot = compressed.find('.');
  if (dot == std::string::npos) {
    w.Fail(StrCat("op name '", compressed, "' has no dialect (expected <dialect id>.<op>)"));
  }
  const std::string id = compressed.substr(0, dot), rest = compressed.substr(dot + 1);
  if (id == "0") return "builtin." + rest;
  if (id == "1") return "pd_op." + rest;
  if (id == "2") return "cf." + rest;
  if (id == "3") w.Fail(StrCat("op '", compressed, "' is a custom op (dialect 3, custom_op): not supported"));
  if (id == "4") w.Fail(StrCat("op '", compressed, "' is a distributed op (dialect 4, dist): not supported"));
  w.Fail(StrCat("op '", compressed, "': unknown dialect id '", id,
                "' (known: 0 builtin, 1 pd_op, 2 cf)"));
}

DataType DataTypeFromPirName(const Where& w, const std::string& name, const std::string& what) {
  if (name == "undefined" || name == "Undefined(AnyLayout)") return DataType::kUnknown;
  for (const auto& row : kDtypes) {
    if (name == row.name) return row.dtype;
  }
  w.Fail(StrCat(what, ": dtype '", name, "' is not supported (supported: float32, float64, "
                "float16, int8, uint8, int16, int32, int64, bool)"));
}

int32_t VarTypeCode(DataType t) {
  if (t == DataType::kUnknown) return -1;
  return static_cast<int32_t>(cpp::VarKindFromDataType(t));
}

ValueType ParseValueType(const Where& w, const Json& tt, const std::string& what) {
  ValueType vt;
  const std::string& id = StringOf(w, Member(w, tt, "#", what), what + " #");
  if (id == "NULL") return vt;
  if (id == "0.t_vec") {
    vt.kind = ValueType::Kind::kVector;
    const Json& d = ArrayOf(w, Member(w, tt, "D", what), what + " D");
    for (size_t i = 0; i < d.size(); ++i) {
      vt.elems.push_back(ParseValueType(w, d[i], StrCat(what, "[", i, "]")));
      if (vt.elems.back().kind != ValueType::Kind::kTensor) {
        w.Fail(StrCat(what, "[", i, "]: a vector element must be a dense tensor"));
      }
    }
    return vt;
  }
  if (id != "0.t_dtensor") {
    w.Fail(StrCat(what, ": type '", id, "' is not supported (expected 0.t_dtensor or 0.t_vec)"));
  }
  vt.kind = ValueType::Kind::kTensor;
  const Json& d = ArrayOf(w, Member(w, tt, "D", what), what + " D");
  const Json& elem = Element(w, d, 0, what + " D");
  const std::string& et = StringOf(w, Member(w, elem, "#", what + " element type"), what + " element type");
  bool known = false;
  for (const auto& row : kDtypes) {
    if (et == row.type_id) {
      vt.dtype = row.dtype;
      known = true;
    }
  }
  if (!known) {
    for (const char* r : kRefusedTypes) {
      if (et == r) w.Fail(StrCat(what, ": element type '", et, "' is not supported"));
    }
    w.Fail(StrCat(what, ": unknown element type '", et, "'"));
  }
  const Json& dims = ArrayOf(w, Element(w, d, 1, what + " D"), what + " dims");
  if (dims.size() > 64) w.Fail(StrCat(what, ": ", dims.size(), " dims; at most 64 are supported"));
  for (size_t i = 0; i < dims.size(); ++i) {
    const int64_t v = IntOf(w, dims[i], StrCat(what, " dim ", i));
    if (v < -1) w.Fail(StrCat(what, ": dim ", i, " is ", v, "; expected >= 0 or -1 (unknown)"));
    vt.dims.push_back(v);
  }
  if (d.size() > 3) {
    const Json& lod = ArrayOf(w, d[3], what + " lod");
    if (!lod.empty()) w.Fail(StrCat(what, ": a declared LoD is not supported"));
  }
  return vt;
}

std::optional<cpp::Attribute> ParseAttribute(const Where& w, const Json& at, const std::string& what) {
  const std::string& id = StringOf(w, Member(w, at, "#", what), what + " #");
  cpp::Attribute a;
  if (id == "1.a_place") return std::nullopt;
  if (id == "0.a_f32" || id == "0.a_f64") {
    auto nf = NonFinite(w, at, what);
    const double v = nf ? *nf : NumberOf(w, Member(w, at, "D", what), what);
    if (id == "0.a_f32") {
      a.type = cpp::AttrType::FLOAT;
      a.value = static_cast<float>(v);
    } else {
      a.type = cpp::AttrType::FLOAT64;
      a.value = v;
    }
    return a;
  }
  const Json& d = Member(w, at, "D", what);
  if (id == "0.a_bool") {
    a.type = cpp::AttrType::BOOLEAN;
    a.value = BoolOf(w, d, what);
  } else if (id == "0.a_i32") {
    const int64_t v = IntOf(w, d, what);
    if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max()) {
      w.Fail(StrCat(what, " = ", v, " does not fit an int32"));
    }
    a.type = cpp::AttrType::INT;
    a.value = static_cast<int32_t>(v);
  } else if (id == "0.a_i64") {
    a.type = cpp::AttrType::LONG;
    a.value = IntOf(w, d, what);
  } else if (id == "0.a_str") {
    a.type = cpp::AttrType::STRING;
    a.value = StringOf(w, d, what);
  } else if (id == "0.a_array") {
    return ArrayAttribute(w, ArrayOf(w, d, what), what);
  } else if (id == "1.a_intarray") {
    const Json& arr = ArrayOf(w, d, what);
    std::vector<int64_t> v;
    for (size_t i = 0; i < arr.size(); ++i) v.push_back(IntOf(w, arr[i], StrCat(what, "[", i, "]")));
    a.type = cpp::AttrType::LONGS;
    a.value = v;
  } else if (id == "1.a_dtype") {
    a.type = cpp::AttrType::INT;
    a.value = VarTypeCode(DataTypeFromPirName(w, StringOf(w, d, what), what));
  } else if (id == "1.a_layout") {
    a.type = cpp::AttrType::STRING;
    a.value = StringOf(w, d, what);
  } else if (id == "1.a_scalar") {
    a.type = cpp::AttrType::SCALAR;
    a.value = ScalarOf(w, d, what);
  } else {
    w.Fail(StrCat(what, ": attribute type '", id, "' is not supported"));
  }
  return a;
}

double AttributeNumber(const Where& w, const Json& at, const std::string& what) {
  auto a = ParseAttribute(w, at, what);
  if (!a) w.Fail(StrCat(what, ": expected a number, got a place"));
  switch (a->type) {
    case cpp::AttrType::BOOLEAN: return std::get<bool>(a->value) ? 1 : 0;
    case cpp::AttrType::INT: return std::get<int32_t>(a->value);
    case cpp::AttrType::LONG: return static_cast<double>(std::get<int64_t>(a->value));
    case cpp::AttrType::FLOAT: return std::get<float>(a->value);
    case cpp::AttrType::FLOAT64: return std::get<double>(a->value);
    case cpp::AttrType::SCALAR: {
      const auto& s = std::get<cpp::Scalar>(a->value);
      if (s.kind == cpp::Scalar::Kind::BOOLEAN) return s.b ? 1 : 0;
      if (s.kind == cpp::Scalar::Kind::LONG) return static_cast<double>(s.i);
      return s.r;
    }
    default:
      w.Fail(StrCat(what, " is ", cpp::AttrTypeName(a->type), "; expected a number"));
  }
}

std::vector<int64_t> AttributeInts(const Where& w, const Json& at, const std::string& what) {
  auto a = ParseAttribute(w, at, what);
  if (!a) w.Fail(StrCat(what, ": expected integers, got a place"));
  switch (a->type) {
    case cpp::AttrType::LONGS: return std::get<std::vector<int64_t>>(a->value);
    case cpp::AttrType::INTS: {
      const auto& v = std::get<std::vector<int32_t>>(a->value);
      return std::vector<int64_t>(v.begin(), v.end());
    }
    default:
      w.Fail(StrCat(what, " is ", cpp::AttrTypeName(a->type), "; expected a list of integers"));
  }
}

}  // namespace pir_import
}  // namespace lite
}  // namespace paddle
