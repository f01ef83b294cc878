// Tensor: numpy in (from_numpy: one copy straight from the array's buffer
// when it is C-contiguous) and out (numpy(): one copy into a new array, or
// numpy(copy=False): a read-only view of the tensor's memory, no copy, that
// owns a reference to that memory).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <vector>

#include "bindings.h"

namespace paddlelite {

namespace {

// Element types: the one table of precision <-> numpy dtype.
#define PADDLELITE_TENSOR_TYPES(X)       \
  X(float, api::PrecisionType::kFloat)   \
  X(double, api::PrecisionType::kFP64)   \
  X(int8_t, api::PrecisionType::kInt8)   \
  X(uint8_t, api::PrecisionType::kUInt8) \
  X(int16_t, api::PrecisionType::kInt16) \
  X(int32_t, api::PrecisionType::kInt32) \
  X(int64_t, api::PrecisionType::kInt64) \
  X(bool, api::PrecisionType::kBool)

const char* kSupportedDtypes = "float32, float64, int8, uint8, int16, int32, int64, bool";

// Calls f(T*) for the C++ type of precision p; false when there is none.
template <typename F>
bool WithPrecision(api::PrecisionType p, F&& f) {
#define PADDLELITE_CASE(T, P) \
  if (p == P) {               \
    f(static_cast<T*>(nullptr)); \
    return true;              \
  }
  PADDLELITE_TENSOR_TYPES(PADDLELITE_CASE)
#undef PADDLELITE_CASE
  return false;
}

// Calls f(T*) for the C++ type of numpy dtype d; false when there is none.
template <typename F>
bool WithDtype(const py::dtype& d, F&& f) {
#define PADDLELITE_CASE(T, P)         \
  if (d.is(py::dtype::of<T>())) {     \
    f(static_cast<T*>(nullptr));      \
    return true;                      \
  }
  PADDLELITE_TENSOR_TYPES(PADDLELITE_CASE)
#undef PADDLELITE_CASE
  return false;
}

const TensorHandle& Initialized(const TensorHandle& h) {
  if (!h.view().IsInitialized()) {
    throw api::Error("tensor '" + h.name + "' has no data yet (fill the inputs and call run())");
  }
  return h;
}

// The most one from_numpy copies: 4 GiB (and 2^31 elements, NNAdapter's
// limit). A larger array, e.g. np.broadcast_to of a scalar to 10^12
// elements (a view of 4 bytes), is refused before anything is allocated.
constexpr uint64_t kMaxFromNumpyBytes = uint64_t{1} << 32;
constexpr uint64_t kMaxFromNumpyElements = uint64_t{1} << 31;

std::string ShapeText(const py::array& a) {
  std::string s = "(";
  for (py::ssize_t i = 0; i < a.ndim(); ++i) {
    s += (i ? ", " : "") + std::to_string(a.shape(i));
  }
  return s + (a.ndim() == 1 ? ",)" : ")");
}

void CheckFromNumpySize(const TensorHandle& h, const py::array& a) {
  uint64_t n = 1, bytes = 0;
  bool overflow = false;
  for (py::ssize_t i = 0; i < a.ndim(); ++i) {
    overflow = overflow || __builtin_mul_overflow(n, static_cast<uint64_t>(a.shape(i)), &n);
  }
  overflow = overflow || __builtin_mul_overflow(n, static_cast<uint64_t>(a.itemsize()), &bytes);
  if (overflow || n > kMaxFromNumpyElements || bytes > kMaxFromNumpyBytes) {
    throw py::value_error(
        "from_numpy: tensor '" + h.name + "': the array of shape " + ShapeText(a) + " has " +
        (overflow ? std::string("more than 2^64 bytes")
                  : std::to_string(n) + " elements of " + std::string(py::str(a.dtype())) +
                        " (" + std::to_string(bytes) + " bytes)") +
        ", more than a tensor may take (" + std::to_string(kMaxFromNumpyElements) +
        " elements, " + std::to_string(kMaxFromNumpyBytes) + " bytes)");
  }
}

void FromNumpy(TensorHandle& h, const py::array& array) {
  api::Tensor& t = h.writable();
  // Before any copy: a non-contiguous array is made contiguous below.
  CheckFromNumpySize(h, array);
  py::array src = py::array::ensure(array, py::array::c_style);
  if (!src) {  // numpy could not make the contiguous copy (ensure() clears its error)
    PyErr_SetString(PyExc_MemoryError,
                    ("from_numpy: tensor '" + h.name + "': cannot make a contiguous copy of the "
                     "array of shape " + ShapeText(array))
                        .c_str());
    throw py::error_already_set();
  }
  api::shape_t shape(src.shape(), src.shape() + src.ndim());
  bool known = WithDtype(src.dtype(), [&](auto* tag) {
    using T = std::remove_pointer_t<decltype(tag)>;
    t.Resize(shape);
    t.CopyFromCpu<T, api::TargetType::kHost>(static_cast<const T*>(src.data()));
  });
  if (!known) {
    throw py::type_error("from_numpy: tensor '" + h.name + "' cannot hold numpy dtype " +
                         std::string(py::str(src.dtype())) + " (supported: " +
                         kSupportedDtypes + ")");
  }
}

py::array ToNumpy(const py::object& self, bool copy) {
  const TensorHandle& h = Initialized(self.cast<const TensorHandle&>());
  const api::Tensor& t = h.view();
  api::shape_t shape = t.shape();
  py::array out;
  bool known = WithPrecision(t.precision(), [&](auto* tag) {
    using T = std::remove_pointer_t<decltype(tag)>;
    if (copy) {
      py::array_t<T> a(std::vector<py::ssize_t>(shape.begin(), shape.end()));
      t.CopyToCpu<T>(a.mutable_data());
      out = a;
    } else {
      // The view's base owns a reference to the tensor's memory
      // (Tensor::data_holder): while the view lives that memory is neither
      // freed nor overwritten; a later run() writes into new memory. So the
      // view holds this run's values and never points at freed memory.
      const T* data = t.data<T>();
      auto* holder = new std::shared_ptr<const void>(t.data_holder());
      py::capsule base(holder, [](void* p) {
        delete static_cast<std::shared_ptr<const void>*>(p);
      });
      py::array_t<T> a(std::vector<py::ssize_t>(shape.begin(), shape.end()), data, base);
      a.attr("setflags")(py::arg("write") = false);
      out = a;
    }
  });
  if (!known) throw api::Error("numpy(): tensor '" + h.name + "' has an element type numpy "
                               "cannot represent here");
  return out;
}

template <typename T>
std::vector<T> ToVector(const TensorHandle& h) {
  const api::Tensor& t = Initialized(h).view();
  size_t n = 1;
  for (int64_t d : t.shape()) n *= static_cast<size_t>(d);
  std::vector<T> v(n);
  t.CopyToCpu<T>(v.data());
  return v;
}

template <typename T>
void FromVector(TensorHandle& h, const std::vector<T>& v) {
  api::Tensor& t = h.writable();
  size_t n = 1;
  for (int64_t d : t.shape()) n *= static_cast<size_t>(d);
  if (v.size() != n) {
    throw py::value_error("tensor '" + h.name + "' has " + std::to_string(n) +
                          " elements for its shape but " + std::to_string(v.size()) +
                          " values were given (call resize() first)");
  }
  t.CopyFromCpu<T, api::TargetType::kHost>(v.data());
}

}  // namespace

api::Tensor& TensorHandle::writable() const {
  if (!input) {
    throw py::value_error("tensor '" + name +
                          "' is an output (read-only); inputs come from get_input()");
  }
  return *input;
}

void BindTensor(py::module_& m) {
  py::class_<TensorHandle>(m, "Tensor")
      .def("name", [](const TensorHandle& h) { return h.name; })
      .def("from_numpy", &FromNumpy, py::arg("array"))
      .def("numpy", &ToNumpy, py::arg("copy") = true)
      .def("shape", [](const TensorHandle& h) { return h.view().shape(); })
      .def(
          "resize",
          [](TensorHandle& h, const api::shape_t& shape) { h.writable().Resize(shape); },
          py::arg("shape"))
      .def("lod", [](const TensorHandle& h) { return h.view().lod(); })
      .def(
          "set_lod", [](TensorHandle& h, const api::lod_t& lod) { h.writable().SetLoD(lod); },
          py::arg("lod"))
      .def("precision", [](const TensorHandle& h) { return h.view().precision(); })
      .def("target", [](const TensorHandle& h) { return h.view().target(); })
      .def("is_initialized", [](const TensorHandle& h) { return h.view().IsInitialized(); })
      // Paddle Lite's list accessors (copies through Python lists).
      .def("float_data", &ToVector<float>)
      .def("set_float_data", &FromVector<float>, py::arg("data"))
      .def("int32_data", &ToVector<int32_t>)
      .def("set_int32_data", &FromVector<int32_t>, py::arg("data"))
      .def("int64_data", &ToVector<int64_t>)
      .def("set_int64_data", &FromVector<int64_t>, py::arg("data"))
      .def("int8_data", &ToVector<int8_t>)
      .def("set_int8_data", &FromVector<int8_t>, py::arg("data"))
      .def("uint8_data", &ToVector<uint8_t>)
      .def("set_uint8_data", &FromVector<uint8_t>, py::arg("data"))
      .def("__repr__", [](const TensorHandle& h) {
        std::string s = "Tensor('" + h.name + "', shape=[";
        auto shape = h.view().shape();
        for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
        return s + "])";
      });
}

}  // namespace paddlelite
