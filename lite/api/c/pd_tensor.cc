// PD_Tensor: a lite_api::Tensor view plus its name; copies check the element
// type and count before touching memory.
#include <cstdint>
#include <string>
#include <type_traits>

#include "lite/api/c/c_api_internal.h"

using paddle::lite_c::ArgError;
using paddle::lite_c::Guard;
using paddle::lite_c::NotNull;
namespace api = paddle::lite_api;

namespace {

PD_DataType FromPrecision(api::PrecisionType p) {
  switch (p) {
    case api::PrecisionType::kFloat: return PD_DATA_FLOAT32;
    case api::PrecisionType::kInt32: return PD_DATA_INT32;
    case api::PrecisionType::kInt64: return PD_DATA_INT64;
    case api::PrecisionType::kUInt8: return PD_DATA_UINT8;
    case api::PrecisionType::kInt8: return PD_DATA_INT8;
    case api::PrecisionType::kFP64: return PD_DATA_FLOAT64;
    case api::PrecisionType::kInt16: return PD_DATA_INT16;
    case api::PrecisionType::kBool: return PD_DATA_BOOL;
    default: return PD_DATA_UNK;
  }
}

const char* TypeName(const PD_DataType& type) {
  switch (paddle::lite_c::AsInt(type)) {
    case PD_DATA_FLOAT32: return "PD_DATA_FLOAT32";
    case PD_DATA_INT32: return "PD_DATA_INT32";
    case PD_DATA_INT64: return "PD_DATA_INT64";
    case PD_DATA_UINT8: return "PD_DATA_UINT8";
    case PD_DATA_INT8: return "PD_DATA_INT8";
    case PD_DATA_FLOAT64: return "PD_DATA_FLOAT64";
    case PD_DATA_INT16: return "PD_DATA_INT16";
    case PD_DATA_BOOL: return "PD_DATA_BOOL";
    case PD_DATA_UNK: break;
  }
  return "PD_DATA_UNK";
}

size_t Numel(const api::Tensor& t) {
  size_t n = 1;
  for (int64_t d : t.shape()) n *= static_cast<size_t>(d);
  return n;
}

void CheckKnownType(const PD_DataType& type) {
  const int t = paddle::lite_c::AsInt(type);
  if (t < PD_DATA_FLOAT32 || t > PD_DATA_BOOL) {
    throw ArgError{"type " + std::to_string(paddle::lite_c::AsInt(type)) +
                   " is not a PD_DataType with data (expected PD_DATA_FLOAT32 ... PD_DATA_BOOL)"};
  }
}

void CheckSameType(const PD_Tensor* t, const PD_DataType& type) {
  CheckKnownType(type);
  PD_DataType actual = FromPrecision(t->view().precision());
  if (actual != paddle::lite_c::AsInt(type)) {
    throw ArgError{"tensor '" + t->name + "' holds " + TypeName(actual) + ", not " +
                   TypeName(type)};
  }
}

// Calls f with a typed null pointer of the C type of `type`.
template <typename F>
void Dispatch(const PD_DataType& type, F&& f) {
  switch (paddle::lite_c::AsInt(type)) {
    case PD_DATA_FLOAT32: f(static_cast<float*>(nullptr)); return;
    case PD_DATA_INT32: f(static_cast<int32_t*>(nullptr)); return;
    case PD_DATA_INT64: f(static_cast<int64_t*>(nullptr)); return;
    case PD_DATA_UINT8: f(static_cast<uint8_t*>(nullptr)); return;
    case PD_DATA_INT8: f(static_cast<int8_t*>(nullptr)); return;
    case PD_DATA_FLOAT64: f(static_cast<double*>(nullptr)); return;
    case PD_DATA_INT16: f(static_cast<int16_t*>(nullptr)); return;
    case PD_DATA_BOOL: f(static_cast<bool*>(nullptr)); return;
    case PD_DATA_UNK: break;
  }
  CheckKnownType(type);
}

api::Tensor& Writable(PD_Tensor* t) {
  if (!t->input) {
    throw ArgError{"tensor '" + t->name + "' is an output (read-only); inputs come from "
                   "PD_PredictorGetInput"};
  }
  return *t->input;
}

}  // namespace

extern "C" {

PD_Status PD_TensorDestroy(PD_Tensor* tensor) {
  delete tensor;
  return PD_OK;
}

PD_Status PD_TensorGetName(const PD_Tensor* tensor, const char** name) {
  return Guard("PD_TensorGetName", PD_INTERNAL_ERROR, [&] {
    NotNull(tensor, "tensor");
    NotNull(name, "name");
    *name = tensor->name.c_str();
  });
}

PD_Status PD_TensorReshape(PD_Tensor* tensor, const int64_t* shape, size_t rank) {
  return Guard("PD_TensorReshape", PD_RUNTIME_ERROR, [&] {
    NotNull(tensor, "tensor");
    NotNull(shape, "shape");
    if (rank == 0) throw ArgError{"rank is 0 (expected at least 1 extent)"};
    api::shape_t dims(shape, shape + rank);
    for (size_t i = 0; i < rank; ++i) {
      if (dims[i] < 0) {
        throw ArgError{"shape[" + std::to_string(i) + "] of '" + tensor->name + "' is " +
                       std::to_string(dims[i]) + " (expected >= 0)"};
      }
    }
    Writable(tensor).Resize(dims);
  });
}

PD_Status PD_TensorGetShape(const PD_Tensor* tensor, int64_t* shape, size_t capacity,
                            size_t* rank) {
  return Guard("PD_TensorGetShape", PD_RUNTIME_ERROR, [&] {
    NotNull(tensor, "tensor");
    NotNull(rank, "rank");
    if (capacity > 0) NotNull(shape, "shape");
    api::shape_t dims = tensor->view().shape();
    if (capacity > 0 && capacity < dims.size()) {
      throw ArgError{"capacity " + std::to_string(capacity) + " is smaller than the rank " +
                     std::to_string(dims.size()) + " of '" + tensor->name + "'"};
    }
    for (size_t i = 0; capacity > 0 && i < dims.size(); ++i) shape[i] = dims[i];
    *rank = dims.size();
  });
}

PD_Status PD_TensorGetNumel(const PD_Tensor* tensor, size_t* numel) {
  return Guard("PD_TensorGetNumel", PD_RUNTIME_ERROR, [&] {
    NotNull(tensor, "tensor");
    NotNull(numel, "numel");
    *numel = Numel(tensor->view());
  });
}

PD_Status PD_TensorGetDataType(const PD_Tensor* tensor, PD_DataType* type) {
  return Guard("PD_TensorGetDataType", PD_RUNTIME_ERROR, [&] {
    NotNull(tensor, "tensor");
    NotNull(type, "type");
    *type = tensor->view().IsInitialized() ? FromPrecision(tensor->view().precision())
                                           : PD_DATA_UNK;
  });
}

PD_Status PD_TensorCopyFromCpu(PD_Tensor* tensor, PD_DataType type, const void* data,
                               size_t count) {
  return Guard("PD_TensorCopyFromCpu", PD_RUNTIME_ERROR, [&] {
    NotNull(tensor, "tensor");
    NotNull(data, "data");
    CheckKnownType(type);
    api::Tensor& t = Writable(tensor);
    size_t numel = Numel(t);
    if (count != numel) {
      throw ArgError{"count is " + std::to_string(count) + " but input '" + tensor->name +
                     "' has " + std::to_string(numel) +
                     " elements for its shape (call PD_TensorReshape first)"};
    }
    Dispatch(type, [&](auto* tag) {
      using T = std::remove_pointer_t<decltype(tag)>;
      t.CopyFromCpu<T, api::TargetType::kHost>(static_cast<const T*>(data));
    });
  });
}

PD_Status PD_TensorCopyToCpu(const PD_Tensor* tensor, PD_DataType type, void* data,
                             size_t count) {
  return Guard("PD_TensorCopyToCpu", PD_RUNTIME_ERROR, [&] {
    NotNull(tensor, "tensor");
    NotNull(data, "data");
    if (!tensor->view().IsInitialized()) {
      throw ArgError{"tensor '" + tensor->name + "' has no data yet (run the predictor first)"};
    }
    CheckSameType(tensor, type);
    size_t numel = Numel(tensor->view());
    if (count < numel) {
      throw ArgError{"count is " + std::to_string(count) + " but tensor '" + tensor->name +
                     "' has " + std::to_string(numel) + " elements"};
    }
    Dispatch(type, [&](auto* tag) {
      using T = std::remove_pointer_t<decltype(tag)>;
      tensor->view().CopyToCpu<T>(static_cast<T*>(data));
    });
  });
}

PD_Status PD_TensorGetData(const PD_Tensor* tensor, PD_DataType type, const void** data) {
  return Guard("PD_TensorGetData", PD_RUNTIME_ERROR, [&] {
    NotNull(tensor, "tensor");
    NotNull(data, "data");
    if (!tensor->view().IsInitialized()) {
      throw ArgError{"tensor '" + tensor->name + "' has no data yet (run the predictor first)"};
    }
    CheckSameType(tensor, type);
    Dispatch(type, [&](auto* tag) {
      using T = std::remove_pointer_t<decltype(tag)>;
      *data = tensor->view().data<T>();
    });
  });
}

PD_Status PD_TensorSetLoD(PD_Tensor* tensor, const uint64_t* offsets, const size_t* level_sizes,
                          size_t levels) {
  return Guard("PD_TensorSetLoD", PD_RUNTIME_ERROR, [&] {
    NotNull(tensor, "tensor");
    api::lod_t lod;
    if (levels > 0) {
      NotNull(offsets, "offsets");
      NotNull(level_sizes, "level_sizes");
    }
    size_t at = 0;
    for (size_t l = 0; l < levels; ++l) {
      lod.emplace_back(offsets + at, offsets + at + level_sizes[l]);
      at += level_sizes[l];
    }
    Writable(tensor).SetLoD(lod);
  });
}

PD_Status PD_TensorGetLoDLevels(const PD_Tensor* tensor, size_t* levels) {
  return Guard("PD_TensorGetLoDLevels", PD_RUNTIME_ERROR, [&] {
    NotNull(tensor, "tensor");
    NotNull(levels, "levels");
    *levels = tensor->view().lod().size();
  });
}

PD_Status PD_TensorGetLoD(const PD_Tensor* tensor, size_t level, uint64_t* offsets,
                          size_t capacity, size_t* count) {
  return Guard("PD_TensorGetLoD", PD_RUNTIME_ERROR, [&] {
    NotNull(tensor, "tensor");
    NotNull(count, "count");
    if (capacity > 0) NotNull(offsets, "offsets");
    api::lod_t lod = tensor->view().lod();
    if (level >= lod.size()) {
      throw ArgError{"level " + std::to_string(level) + " is out of range ('" + tensor->name +
                     "' has " + std::to_string(lod.size()) + " LoD levels)"};
    }
    const auto& v = lod[level];
    if (capacity > 0 && capacity < v.size()) {
      throw ArgError{"capacity " + std::to_string(capacity) + " is smaller than the " +
                     std::to_string(v.size()) + " offsets of level " + std::to_string(level)};
    }
    for (size_t i = 0; capacity > 0 && i < v.size(); ++i) offsets[i] = v[i];
    *count = v.size();
  });
}

}  // extern "C"
