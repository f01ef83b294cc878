#include "lite/model_parser/onnx/onnx_context.h"

#include <unistd.h>

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

#include "file_access/file_access.h"
#include "lite/core/error.h"

namespace paddle {
namespace lite {
namespace onnx_import {

ConvertContext::ConvertContext(const onnx::NodeProto& node, ImportState* state, int32_t block)
    : node_(node), state_(state), block_idx_(block), opset_(state->opset), file_(state->file),
      base_dir_(state->base_dir), block_(&state->blocks.at(block)), weights_(state->weights),
      values_(&state->values), temp_counter_(&state->temp_counter),
      var_index_(&state->var_index.at(block)) {}

int32_t ConvertContext::NewBlock() {
  const auto idx = static_cast<int32_t>(state_->blocks.size());
  Check(idx < 4096, "more than 4096 blocks (nested or repeated Loop/If subgraphs)");
  state_->blocks.emplace_back();
  state_->blocks.back().idx = idx;
  state_->blocks.back().parent_idx = block_idx_;
  state_->var_index.emplace_back();
  return idx;
}

void ConvertContext::ConvertGraph(const onnx::GraphProto& graph, int32_t block) const {
  Check(static_cast<bool>(state_->convert_graph), "subgraphs cannot be converted here");
  state_->convert_graph(graph, block);
}

const onnx::GraphProto& ConvertContext::AttrGraph(const std::string& name) const {
  const auto* a = FindAttr(name);
  Check(a != nullptr && a->type() == onnx::AttributeProto::GRAPH && a->has_g(), "attribute '",
        name, "' must be a GRAPH");
  return a->g();
}

bool DeclareVarDesc(cpp::BlockDesc* block, VarIndex* index, const cpp::VarDesc& v, bool replace) {
  auto it = index->find(v.name);
  if (it != index->end()) {
    if (replace) block->vars[it->second] = v;
    return false;
  }
  (*index)[v.name] = block->vars.size();
  block->vars.push_back(v);
  return true;
}

void ConvertContext::Fail(const std::string& what) const {
  std::string name = node_.name().empty() ? (node_.output_size() ? node_.output(0) : "?")
                                          : node_.name();
  ThrowError("ONNX model '", file_, "': node '", name, "' (operator ", node_.op_type(),
             ", opset ", opset_, "): ", what);
}

const std::string& ConvertContext::Input(int i) const {
  if (!HasInput(i)) Fail("input " + std::to_string(i) + " is required but absent");
  return node_.input(i);
}

const std::string& ConvertContext::Output(int i) const {
  if (!HasOutput(i)) Fail("output " + std::to_string(i) + " is required but absent");
  return node_.output(i);
}

const onnx::AttributeProto* ConvertContext::FindAttr(const std::string& name) const {
  for (const auto& a : node_.attribute()) {
    if (a.name() == name) return &a;
  }
  return nullptr;
}

bool ConvertContext::HasAttr(const std::string& name) const { return FindAttr(name) != nullptr; }

int64_t ConvertContext::AttrInt(const std::string& name, int64_t fallback) const {
  const auto* a = FindAttr(name);
  if (!a) return fallback;
  Check(a->type() == onnx::AttributeProto::INT, "attribute '", name, "' must be an INT");
  return a->i();
}

int64_t ConvertContext::AttrInt(const std::string& name) const {
  Check(HasAttr(name), "required attribute '", name, "' is missing");
  return AttrInt(name, 0);
}

float ConvertContext::AttrFloat(const std::string& name, float fallback) const {
  const auto* a = FindAttr(name);
  if (!a) return fallback;
  Check(a->type() == onnx::AttributeProto::FLOAT, "attribute '", name, "' must be a FLOAT");
  return a->f();
}

std::string ConvertContext::AttrString(const std::string& name, const std::string& fallback) const {
  const auto* a = FindAttr(name);
  if (!a) return fallback;
  Check(a->type() == onnx::AttributeProto::STRING, "attribute '", name, "' must be a STRING");
  return a->s();
}

std::vector<int64_t> ConvertContext::AttrInts(const std::string& name,
                                              const std::vector<int64_t>& fallback) const {
  const auto* a = FindAttr(name);
  if (!a) return fallback;
  Check(a->type() == onnx::AttributeProto::INTS, "attribute '", name, "' must be INTS");
  return std::vector<int64_t>(a->ints().begin(), a->ints().end());
}

std::vector<int64_t> ConvertContext::AttrInts(const std::string& name) const {
  Check(HasAttr(name), "required attribute '", name, "' is missing");
  return AttrInts(name, {});
}

std::vector<float> ConvertContext::AttrFloats(const std::string& name) const {
  const auto* a = FindAttr(name);
  if (!a) return {};
  Check(a->type() == onnx::AttributeProto::FLOATS, "attribute '", name, "' must be FLOATS");
  return std::vector<float>(a->floats().begin(), a->floats().end());
}

const onnx::TensorProto* ConvertContext::AttrTensor(const std::string& name) const {
  const auto* a = FindAttr(name);
  if (!a) return nullptr;
  Check(a->type() == onnx::AttributeProto::TENSOR, "attribute '", name, "' must be a TENSOR");
  return &a->t();
}

const Tensor* ConvertContext::Constant(const std::string& name) const {
  if (name.empty()) return nullptr;
  return weights_->FindVar(name);
}

template <typename T>
static void AppendAs(const Tensor& t, std::vector<T>* out) {
  const int64_t n = t.numel();
  switch (t.dtype()) {
    case DataType::kInt64: for (int64_t i = 0; i < n; ++i) out->push_back(static_cast<T>(t.data<int64_t>()[i])); break;
    case DataType::kInt32: for (int64_t i = 0; i < n; ++i) out->push_back(static_cast<T>(t.data<int32_t>()[i])); break;
    case DataType::kFloat32: for (int64_t i = 0; i < n; ++i) out->push_back(static_cast<T>(t.data<float>()[i])); break;
    case DataType::kFloat64: for (int64_t i = 0; i < n; ++i) out->push_back(static_cast<T>(t.data<double>()[i])); break;
    default: ThrowError("constant of type ", DataTypeName(t.dtype()), " where numbers were expected");
  }
}

std::vector<int64_t> ConvertContext::ConstInts(int i, const char* what) const {
  const Tensor* t = Constant(Input(i));
  Check(t != nullptr, "input ", i, " (", what, ", '", Input(i),
        "') is computed at run time, which is not supported: it must be a constant "
        "(initializer or Constant node)");
  std::vector<int64_t> v;
  AppendAs(*t, &v);
  return v;
}

std::vector<float> ConvertContext::ConstFloats(int i, const char* what) const {
  const Tensor* t = Constant(Input(i));
  Check(t != nullptr, "input ", i, " (", what, ", '", Input(i),
        "') is computed at run time, which is not supported: it must be a constant "
        "(initializer or Constant node)");
  std::vector<float> v;
  AppendAs(*t, &v);
  return v;
}

ValueInfo ConvertContext::Info(const std::string& name) const {
  if (const Tensor* t = Constant(name)) {
    ValueInfo info;
    info.dtype = t->dtype();
    info.dims = t->dims();
    info.rank = static_cast<int>(info.dims.size());
    return info;
  }
  auto it = values_->find(name);
  return it == values_->end() ? ValueInfo{} : it->second;
}

int64_t ConvertContext::AxisAttr(const std::string& name, int64_t fallback, int extra) const {
  const int64_t a = AttrInt(name, fallback);
  const int rank = Rank(0);
  const int64_t hi = rank >= 0 ? rank + extra : 64;
  Check(a >= -hi && a < hi, "attribute '", name, "' is ", a, "; expected a value in [", -hi, ", ",
        hi - 1, "]", rank >= 0 ? " for input '" + Input(0) + "' of rank " + std::to_string(rank)
                               : std::string(" (the input's rank is unknown)"));
  return a;
}

int ConvertContext::RequireRank(int input, const char* why) const {
  int r = Rank(input);
  Check(r >= 0, "the rank of input '", Input(input), "' is unknown (ONNX shape inference did not "
        "determine it) but is needed for ", why);
  return r;
}

cpp::OpDesc* ConvertContext::AddOp(const std::string& type) {
  block_->ops.emplace_back(type);
  return &block_->ops.back();
}

std::string ConvertContext::Temp(const std::string& suffix) {
  std::string base = node_.output_size() ? node_.output(0) : node_.op_type();
  std::string name = base + ".onnx_" + suffix + "_" + std::to_string((*temp_counter_)++);
  cpp::VarDesc v;
  v.name = name;
  DeclareVarDesc(block_, var_index_, v, true);
  return name;
}

void ConvertContext::SetConstant(const std::string& name, const Tensor& t) {
  Tensor* w = weights_->Var(name);
  w->CopyFrom(t);
  w->set_persistable(true);
  cpp::VarDesc v;
  v.name = name;
  v.dtype = t.dtype();
  v.dims = t.dims();
  v.persistable = true;
  DeclareVarDesc(&state_->blocks.front(), &state_->var_index.front(), v, true);
}

std::string ConvertContext::AddWeight(const std::string& suffix, const Tensor& t) {
  std::string base = node_.output_size() ? node_.output(0) : node_.op_type();
  std::string name = base + ".onnx_" + suffix + "_" + std::to_string((*temp_counter_)++);
  SetConstant(name, t);
  return name;
}

std::string ConvertContext::AddInt64Weight(const std::string& suffix, const std::vector<int64_t>& v) {
  Tensor t;
  t.Resize({static_cast<int64_t>(v.size())});
  int64_t* d = t.mutable_data<int64_t>();
  for (size_t i = 0; i < v.size(); ++i) d[i] = v[i];
  return AddWeight(suffix, t);
}

std::string ConvertContext::AddFloatWeight(const std::string& suffix, const std::vector<float>& v,
                                           const std::vector<int64_t>& dims) {
  Tensor t;
  t.Resize(dims);
  float* d = t.mutable_data<float>();
  for (size_t i = 0; i < v.size(); ++i) d[i] = v[i];
  return AddWeight(suffix, t);
}

DataType DataTypeFromOnnx(int onnx_type) {
  switch (onnx_type) {
    case onnx::TensorProto::FLOAT: return DataType::kFloat32;
    case onnx::TensorProto::DOUBLE: return DataType::kFloat64;
    case onnx::TensorProto::FLOAT16: return DataType::kFloat16;
    case onnx::TensorProto::INT8: return DataType::kInt8;
    case onnx::TensorProto::UINT8: return DataType::kUInt8;
    case onnx::TensorProto::INT16: return DataType::kInt16;
    case onnx::TensorProto::INT32: return DataType::kInt32;
    case onnx::TensorProto::INT64: return DataType::kInt64;
    case onnx::TensorProto::BOOL: return DataType::kBool;
    default: return DataType::kUnknown;
  }
}

int32_t PaddleDtypeCode(DataType t) { return static_cast<int32_t>(cpp::VarKindFromDataType(t)); }

// A non-negative integer field of external_data ("offset", "length"):
// the whole string must be digits.
static int64_t ExternalField(const std::string& what, const std::string& key,
                             const std::string& value) {
  int64_t v = -1;
  const char* end = value.data() + value.size();
  auto r = std::from_chars(value.data(), end, v);
  LITE_ENFORCE(!value.empty() && r.ec == std::errc() && r.ptr == end && v >= 0, "ONNX tensor '",
               what, "': external data '", key, "' is \"", value.substr(0, 64),
               "\"; expected a non-negative integer (bytes)");
  return v;
}

// Reads a tensor's external data (or, with read == false, only checks that
// it can be read: the file is beneath the folder and holds the range).
static std::string ReadExternal(const onnx::TensorProto& p, const std::string& base_dir,
                                const std::string& what, size_t expected, bool read = true) {
  std::string location;
  int64_t offset = 0, length = -1;
  for (const auto& kv : p.external_data()) {
    if (kv.key() == "location") location = kv.value();
    if (kv.key() == "offset") offset = ExternalField(what, "offset", kv.value());
    if (kv.key() == "length") length = ExternalField(what, "length", kv.value());
  }
  LITE_ENFORCE(!location.empty(), "ONNX tensor '", what, "': external data without a location");
  LITE_ENFORCE(!base_dir.empty(), "ONNX tensor '", what, "': external data '",
               location.substr(0, location.find('\0')),
               "' is refused: the model came from a buffer and no folder was named for its "
               "external data (CxxConfig::set_model_dir(folder) next to set_model_buffer names "
               "it; files outside that folder are never read)");
  if (length < 0) length = static_cast<int64_t>(expected);
  LITE_ENFORCE(static_cast<uint64_t>(length) == expected, "ONNX tensor '", what,
               "': external data length ", length, " but its dims and type need ", expected,
               " bytes");
  // Beneath the model's folder only: '..', absolute paths, symlinks that
  // leave it, /proc magic links, FIFOs and devices are refused.
  uint64_t size = 0;
  std::string shown, error, bytes;
  const int fd = file_access::OpenBeneath(base_dir, location, "ONNX external data", {}, &size,
                                          &shown, &error);
  LITE_ENFORCE(fd >= 0, "ONNX tensor '", what, "': ", error);
  const uint64_t off = static_cast<uint64_t>(offset), len = static_cast<uint64_t>(length);
  // Without reading, a zero-length range still checks the offset and the
  // size check below the length.
  bool ok = file_access::ReadRange(fd, size, off, read ? len : 0, "ONNX external data", shown,
                                   &bytes, &error);
  if (ok && !read && len > size - off) {
    ok = false;
    error = StrCat("cannot read ONNX external data '", shown, "': ", len, " bytes at offset ",
                   off, " were asked for, the file has ", size);
  }
  close(fd);
  LITE_ENFORCE(ok, "ONNX tensor '", what, "': ", error);
  return bytes;
}

static float HalfToFloat(uint16_t h) {
  const int exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  float v;
  if (exp == 0) {
    v = std::ldexp(static_cast<float>(mant), -24);  // subnormal
  } else if (exp == 31) {
    v = mant ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
  } else {
    v = std::ldexp(static_cast<float>(mant | 0x400), exp - 25);
  }
  return (h & 0x8000) ? -v : v;
}

// float16 weights (fp16-stored models cast them to float before use) are
// widened to float32, which holds every float16 value exactly.
static void WidenHalf(const onnx::TensorProto& p, const std::string& base_dir,
                      const std::string& what, Tensor* out) {
  std::vector<int64_t> dims(p.dims().begin(), p.dims().end());
  out->Resize(dims);
  float* dst = out->mutable_data<float>();
  const size_t n = static_cast<size_t>(out->numel());
  std::vector<uint16_t> bits(n);
  if (p.data_location() == onnx::TensorProto::EXTERNAL || p.has_raw_data()) {
    const std::string raw = p.data_location() == onnx::TensorProto::EXTERNAL
                                ? ReadExternal(p, base_dir, what, n * 2)
                                : p.raw_data();
    LITE_ENFORCE(raw.size() == n * 2, "ONNX tensor '", what, "': float16 data has ", raw.size(),
                 " bytes, dims need ", n * 2);
    if (n) std::memcpy(bits.data(), raw.data(), n * 2);
  } else {
    LITE_ENFORCE(static_cast<size_t>(p.int32_data_size()) == n, "ONNX tensor '", what, "': ",
                 p.int32_data_size(), " float16 values stored, dims need ", n);
    for (size_t i = 0; i < n; ++i) bits[i] = static_cast<uint16_t>(p.int32_data(static_cast<int>(i)));
  }
  for (size_t i = 0; i < n; ++i) dst[i] = HalfToFloat(bits[i]);
}

static size_t ElementCount(const onnx::TensorProto& p, const std::string& what) {
  uint64_t n = 1;
  for (int64_t d : p.dims()) {
    LITE_ENFORCE(d >= 0, "ONNX tensor '", what, "': dimension ", d, " is negative");
    LITE_ENFORCE(d == 0 || n <= (uint64_t{1} << 40) / static_cast<uint64_t>(d), "ONNX tensor '",
                 what, "': its dims hold more than 2^40 elements");
    n *= static_cast<uint64_t>(d);
  }
  return static_cast<size_t>(n);
}

void CheckExternalData(const onnx::TensorProto& p, const std::string& base_dir,
                       const std::string& what) {
  if (p.data_location() != onnx::TensorProto::EXTERNAL) return;
  DataType dt = DataTypeFromOnnx(p.data_type());
  const size_t width = dt == DataType::kUnknown ? 0 : SizeOf(dt);
  if (width == 0) return;  // refused with its type later
  ReadExternal(p, base_dir, what, ElementCount(p, what) * width, false);
}

// The number of values the proto stores in its typed field for `dt`.
static size_t TypedCount(const onnx::TensorProto& p, DataType dt) {
  switch (dt) {
    case DataType::kFloat32: return static_cast<size_t>(p.float_data_size());
    case DataType::kFloat64: return static_cast<size_t>(p.double_data_size());
    case DataType::kInt64: return static_cast<size_t>(p.int64_data_size());
    default: return static_cast<size_t>(p.int32_data_size());
  }
}

// Before anything is allocated: the data the proto holds (raw, typed or
// external) is exactly what its dims need, so dims of 2^40 with four
// values stored are an Error, not a 4 TB allocation (found by the fuzzer).
static void CheckStoredSize(const onnx::TensorProto& p, const std::string& base_dir,
                            const std::string& what, DataType dt) {
  const size_t n = ElementCount(p, what);
  const size_t width = dt == DataType::kFloat16 ? 2 : SizeOf(dt);
  if (p.data_location() == onnx::TensorProto::EXTERNAL) {
    ReadExternal(p, base_dir, what, n * width, false);
  } else if (p.has_raw_data()) {
    LITE_ENFORCE(p.raw_data().size() == n * width, "ONNX tensor '", what, "': raw_data has ",
                 p.raw_data().size(), " bytes, dims and type need ", n * width);
  } else {
    LITE_ENFORCE(TypedCount(p, dt) == n, "ONNX tensor '", what, "': ", TypedCount(p, dt),
                 " values stored, dims need ", n);
  }
}

void TensorFromProto(const onnx::TensorProto& p, const std::string& base_dir,
                     const std::string& what, Tensor* out) {
  DataType dt = DataTypeFromOnnx(p.data_type());
  if (dt != DataType::kUnknown) CheckStoredSize(p, base_dir, what, dt);
  if (dt == DataType::kFloat16) return WidenHalf(p, base_dir, what, out);
  LITE_ENFORCE(dt != DataType::kUnknown, "ONNX tensor '", what, "': data type ",
               onnx::TensorProto::DataType_Name(static_cast<onnx::TensorProto::DataType>(p.data_type())),
               " is not supported");
  std::vector<int64_t> dims(p.dims().begin(), p.dims().end());
  out->Resize(dims);
  void* dst = out->mutable_data(dt);
  const size_t n = static_cast<size_t>(out->numel());
  const size_t bytes = n * SizeOf(dt);
  if (p.data_location() == onnx::TensorProto::EXTERNAL) {
    std::string raw = ReadExternal(p, base_dir, what, bytes);
    if (bytes) std::memcpy(dst, raw.data(), bytes);
    return;
  }
  if (p.has_raw_data()) {
    LITE_ENFORCE(p.raw_data().size() == bytes, "ONNX tensor '", what, "': raw_data has ",
                 p.raw_data().size(), " bytes, dims and type need ", bytes);
    if (bytes) std::memcpy(dst, p.raw_data().data(), bytes);
    return;
  }
  auto check = [&](size_t have) {
    LITE_ENFORCE(have == n, "ONNX tensor '", what, "': ", have, " values stored, dims need ", n);
  };
  switch (dt) {
    case DataType::kFloat32:
      check(p.float_data_size());
      for (size_t i = 0; i < n; ++i) static_cast<float*>(dst)[i] = p.float_data(i);
      break;
    case DataType::kFloat64:
      check(p.double_data_size());
      for (size_t i = 0; i < n; ++i) static_cast<double*>(dst)[i] = p.double_data(i);
      break;
    case DataType::kInt64:
      check(p.int64_data_size());
      for (size_t i = 0; i < n; ++i) static_cast<int64_t*>(dst)[i] = p.int64_data(i);
      break;
    case DataType::kInt32:
      check(p.int32_data_size());
      for (size_t i = 0; i < n; ++i) static_cast<int32_t*>(dst)[i] = p.int32_data(i);
      break;
    case DataType::kInt16:
      check(p.int32_data_size());
      for (size_t i = 0; i < n; ++i) static_cast<int16_t*>(dst)[i] = static_cast<int16_t>(p.int32_data(i));
      break;
    case DataType::kInt8:
      check(p.int32_data_size());
      for (size_t i = 0; i < n; ++i) static_cast<int8_t*>(dst)[i] = static_cast<int8_t>(p.int32_data(i));
      break;
    case DataType::kUInt8:
      check(p.int32_data_size());
      for (size_t i = 0; i < n; ++i) static_cast<uint8_t*>(dst)[i] = static_cast<uint8_t>(p.int32_data(i));
      break;
    case DataType::kBool:
      check(p.int32_data_size());
      for (size_t i = 0; i < n; ++i) static_cast<bool*>(dst)[i] = p.int32_data(i) != 0;
      break;
    default:
      ThrowError("ONNX tensor '", what, "': unsupported data type");
  }
}

}  // namespace onnx_import
}  // namespace lite
}  // namespace paddle
