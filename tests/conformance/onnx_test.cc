#include "onnx_test.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/modeling.h"

namespace conformance {
namespace {

bool ReadFile(const std::string& path, std::string* data) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream os;
  os << in.rdbuf();
  *data = os.str();
  return true;
}

int32_t PrecisionFromOnnx(int32_t data_type) {
  switch (data_type) {
    case onnx::TensorProto::FLOAT: return NNADAPTER_FLOAT32;
    case onnx::TensorProto::UINT8: return NNADAPTER_UINT8;
    case onnx::TensorProto::INT8: return NNADAPTER_INT8;
    case onnx::TensorProto::UINT16: return NNADAPTER_UINT16;
    case onnx::TensorProto::INT16: return NNADAPTER_INT16;
    case onnx::TensorProto::INT32: return NNADAPTER_INT32;
    case onnx::TensorProto::INT64: return NNADAPTER_INT64;
    case onnx::TensorProto::BOOL: return NNADAPTER_BOOL8;
    case onnx::TensorProto::FLOAT16: return NNADAPTER_FLOAT16;
    case onnx::TensorProto::DOUBLE: return NNADAPTER_FLOAT64;
    case onnx::TensorProto::UINT32: return NNADAPTER_UINT32;
    case onnx::TensorProto::UINT64: return NNADAPTER_UINT64;
    default: return NNADAPTER_UNKNOWN_PRECISION;
  }
}

template <typename T, typename Field>
void CopyField(const Field& field, Tensor* out) {
  out->bytes.resize(static_cast<size_t>(field.size()) * sizeof(T));
  T* dst = out->mutable_data<T>();
  for (int i = 0; i < field.size(); ++i) dst[i] = static_cast<T>(field.Get(i));
}

}  // namespace

bool TensorFromProto(const onnx::TensorProto& proto, Tensor* out,
                     std::string* error) {
  out->precision = PrecisionFromOnnx(proto.data_type());
  if (out->precision == NNADAPTER_UNKNOWN_PRECISION) {
    *error = "tensor '" + proto.name() + "': unsupported ONNX data_type " +
             std::to_string(proto.data_type());
    return false;
  }
  out->dims.clear();
  for (int64_t d : proto.dims()) out->dims.push_back(static_cast<int32_t>(d));
  const size_t expected_bytes =
      static_cast<size_t>(out->NumElements()) *
      nnadapter::GetOperandPrecisionDataLength(out->precision);
  if (proto.has_raw_data()) {
    out->bytes.assign(proto.raw_data().begin(), proto.raw_data().end());
  } else {
    switch (proto.data_type()) {
      case onnx::TensorProto::FLOAT:
        CopyField<float>(proto.float_data(), out);
        break;
      case onnx::TensorProto::DOUBLE:
        CopyField<double>(proto.double_data(), out);
        break;
      case onnx::TensorProto::INT64:
        CopyField<int64_t>(proto.int64_data(), out);
        break;
      case onnx::TensorProto::UINT32:
      case onnx::TensorProto::UINT64:
        if (proto.data_type() == onnx::TensorProto::UINT32) {
          CopyField<uint32_t>(proto.uint64_data(), out);
        } else {
          CopyField<uint64_t>(proto.uint64_data(), out);
        }
        break;
      case onnx::TensorProto::INT32:
        CopyField<int32_t>(proto.int32_data(), out);
        break;
      case onnx::TensorProto::INT16:
        CopyField<int16_t>(proto.int32_data(), out);
        break;
      case onnx::TensorProto::UINT16:
      case onnx::TensorProto::FLOAT16:
        CopyField<uint16_t>(proto.int32_data(), out);
        break;
      case onnx::TensorProto::INT8:
        CopyField<int8_t>(proto.int32_data(), out);
        break;
      case onnx::TensorProto::UINT8:
      case onnx::TensorProto::BOOL:
        CopyField<uint8_t>(proto.int32_data(), out);
        break;
      default:
        break;
    }
  }
  if (out->bytes.size() != expected_bytes) {
    *error = "tensor '" + proto.name() + "': " +
             std::to_string(out->bytes.size()) + " bytes of data, expected " +
             std::to_string(expected_bytes) + " for " +
             nnadapter::OperandPrecisionName(out->precision) +
             DimsToString(out->dims);
    return false;
  }
  return true;
}

static bool LoadTensorFile(const std::string& path, Tensor* out,
                           std::string* error) {
  std::string data;
  if (!ReadFile(path, &data)) {
    *error = "cannot read " + path;
    return false;
  }
  onnx::TensorProto proto;
  if (!proto.ParseFromString(data)) {
    *error = "cannot parse " + path + " as onnx.TensorProto";
    return false;
  }
  if (!TensorFromProto(proto, out, error)) {
    *error = path + ": " + *error;
    return false;
  }
  return true;
}

bool LoadOnnxTest(const std::string& dir, OnnxTest* test, std::string* error) {
  namespace fs = std::filesystem;
  test->dir = dir;
  std::string data;
  const std::string model_path = dir + "/model.onnx";
  if (!ReadFile(model_path, &data)) {
    *error = "cannot read " + model_path;
    return false;
  }
  if (!test->model.ParseFromString(data)) {
    *error = "cannot parse " + model_path + " as onnx.ModelProto";
    return false;
  }
  const onnx::GraphProto& graph = test->model.graph();
  std::set<std::string> init_names;
  for (const auto& init : graph.initializer()) {
    Tensor t;
    if (!TensorFromProto(init, &t, error)) {
      *error = model_path + ": initializer " + *error;
      return false;
    }
    test->initializers[init.name()] = std::move(t);
    init_names.insert(init.name());
  }
  for (const auto& node : graph.node()) {
    if (node.op_type() != "Constant") continue;
    const onnx::AttributeProto* value = FindAttr(node, "value");
    if (!value || !value->has_t()) {
      *error = model_path + ": Constant node without a 'value' tensor";
      return false;
    }
    Tensor t;
    if (!TensorFromProto(value->t(), &t, error)) {
      *error = model_path + ": Constant " + *error;
      return false;
    }
    test->initializers[node.output(0)] = std::move(t);
  }
  for (const auto& input : graph.input()) {
    if (!init_names.count(input.name())) test->input_names.push_back(input.name());
  }
  std::vector<std::string> sets;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory() && name.rfind("test_data_set_", 0) == 0) {
      sets.push_back(entry.path().string());
    }
  }
  std::sort(sets.begin(), sets.end());
  if (sets.empty()) {
    *error = dir + ": no test_data_set_* directory";
    return false;
  }
  for (const std::string& set_dir : sets) {
    OnnxDataSet ds;
    for (size_t i = 0; i < test->input_names.size(); ++i) {
      Tensor t;
      if (!LoadTensorFile(set_dir + "/input_" + std::to_string(i) + ".pb", &t,
                          error)) {
        return false;
      }
      ds.inputs.push_back(std::move(t));
    }
    for (int i = 0; i < graph.output_size(); ++i) {
      Tensor t;
      if (!LoadTensorFile(set_dir + "/output_" + std::to_string(i) + ".pb", &t,
                          error)) {
        return false;
      }
      ds.outputs.push_back(std::move(t));
    }
    test->data_sets.push_back(std::move(ds));
  }
  return true;
}

const onnx::AttributeProto* FindAttr(const onnx::NodeProto& node,
                                     const std::string& name) {
  for (const auto& a : node.attribute()) {
    if (a.name() == name) return &a;
  }
  return nullptr;
}

int64_t AttrInt(const onnx::NodeProto& node, const std::string& name,
                int64_t def) {
  const auto* a = FindAttr(node, name);
  return a ? a->i() : def;
}

float AttrFloat(const onnx::NodeProto& node, const std::string& name,
                float def) {
  const auto* a = FindAttr(node, name);
  return a ? a->f() : def;
}

std::string AttrString(const onnx::NodeProto& node, const std::string& name,
                       const std::string& def) {
  const auto* a = FindAttr(node, name);
  return a ? a->s() : def;
}

std::vector<int64_t> AttrInts(const onnx::NodeProto& node,
                              const std::string& name) {
  const auto* a = FindAttr(node, name);
  if (!a) return {};
  return std::vector<int64_t>(a->ints().begin(), a->ints().end());
}

std::vector<float> AttrFloats(const onnx::NodeProto& node,
                              const std::string& name) {
  const auto* a = FindAttr(node, name);
  if (!a) return {};
  return std::vector<float>(a->floats().begin(), a->floats().end());
}

}  // namespace conformance
