// Enums (TargetType, PrecisionType, DataLayoutType, PowerMode, CLTuneMode,
// CLPrecisionType, QuantType, LiteModelType) with Paddle Lite's Python names, and Place.
#include <pybind11/operators.h>

#include "bindings.h"

namespace paddlelite {

void BindPlace(py::module_& m) {
  py::enum_<api::TargetType>(m, "TargetType")
      .value("Unk", api::TargetType::kUnk)
      .value("Host", api::TargetType::kHost)
      .value("X86", api::TargetType::kX86)
      .value("CUDA", api::TargetType::kCUDA)
      .value("ARM", api::TargetType::kARM)
      .value("OpenCL", api::TargetType::kOpenCL)
      .value("FPGA", api::TargetType::kFPGA)
      .value("NPU", api::TargetType::kNPU)
      .value("XPU", api::TargetType::kXPU)
      .value("BM", api::TargetType::kBM)
      .value("MLU", api::TargetType::kMLU)
      .value("RKNPU", api::TargetType::kRKNPU)
      .value("APU", api::TargetType::kAPU)
      .value("HuaweiAscendNPU", api::TargetType::kHuaweiAscendNPU)
      .value("ImaginationNNA", api::TargetType::kImaginationNNA)
      .value("IntelFPGA", api::TargetType::kIntelFPGA)
      .value("Metal", api::TargetType::kMetal)
      .value("NNAdapter", api::TargetType::kNNAdapter)
      .value("Any", api::TargetType::kAny);

  py::enum_<api::PrecisionType>(m, "PrecisionType")
      .value("Unk", api::PrecisionType::kUnk)
      .value("FP32", api::PrecisionType::kFloat)
      .value("INT8", api::PrecisionType::kInt8)
      .value("INT32", api::PrecisionType::kInt32)
      .value("FP16", api::PrecisionType::kFP16)
      .value("BOOL", api::PrecisionType::kBool)
      .value("INT64", api::PrecisionType::kInt64)
      .value("INT16", api::PrecisionType::kInt16)
      .value("UINT8", api::PrecisionType::kUInt8)
      .value("FP64", api::PrecisionType::kFP64)
      .value("Any", api::PrecisionType::kAny);

  py::enum_<api::DataLayoutType>(m, "DataLayoutType")
      .value("Unk", api::DataLayoutType::kUnk)
      .value("NCHW", api::DataLayoutType::kNCHW)
      .value("NHWC", api::DataLayoutType::kNHWC)
      .value("ImageDefault", api::DataLayoutType::kImageDefault)
      .value("ImageFolder", api::DataLayoutType::kImageFolder)
      .value("ImageNW", api::DataLayoutType::kImageNW)
      .value("MetalTexture2DArray", api::DataLayoutType::kMetalTexture2DArray)
      .value("MetalTexture2D", api::DataLayoutType::kMetalTexture2D)
      .value("Any", api::DataLayoutType::kAny);

  py::enum_<api::PowerMode>(m, "PowerMode")
      .value("LITE_POWER_HIGH", api::LITE_POWER_HIGH)
      .value("LITE_POWER_LOW", api::LITE_POWER_LOW)
      .value("LITE_POWER_FULL", api::LITE_POWER_FULL)
      .value("LITE_POWER_NO_BIND", api::LITE_POWER_NO_BIND)
      .value("LITE_POWER_RAND_HIGH", api::LITE_POWER_RAND_HIGH)
      .value("LITE_POWER_RAND_LOW", api::LITE_POWER_RAND_LOW);

  py::enum_<api::CLTuneMode>(m, "CLTuneMode")
      .value("CL_TUNE_NONE", api::CL_TUNE_NONE)
      .value("CL_TUNE_RAPID", api::CL_TUNE_RAPID)
      .value("CL_TUNE_NORMAL", api::CL_TUNE_NORMAL)
      .value("CL_TUNE_EXHAUSTIVE", api::CL_TUNE_EXHAUSTIVE);

  py::enum_<api::CLPrecisionType>(m, "CLPrecisionType")
      .value("CL_PRECISION_AUTO", api::CL_PRECISION_AUTO)
      .value("CL_PRECISION_FP32", api::CL_PRECISION_FP32)
      .value("CL_PRECISION_FP16", api::CL_PRECISION_FP16);

  py::enum_<api::QuantType>(m, "QuantType")
      .value("QUANT_INT8", api::QuantType::QUANT_INT8)
      .value("QUANT_INT16", api::QuantType::QUANT_INT16);

  py::enum_<api::LiteModelType>(m, "LiteModelType")
      .value("Protobuf", api::LiteModelType::kProtobuf)
      .value("NaiveBuffer", api::LiteModelType::kNaiveBuffer);

  py::class_<api::Place>(m, "Place")
      .def(py::init<api::TargetType, api::PrecisionType, api::DataLayoutType, int16_t>(),
           py::arg("target"), py::arg("precision") = api::PrecisionType::kFloat,
           py::arg("layout") = api::DataLayoutType::kNCHW, py::arg("device") = 0)
      .def_readwrite("target", &api::Place::target)
      .def_readwrite("precision", &api::Place::precision)
      .def_readwrite("layout", &api::Place::layout)
      .def_readwrite("device", &api::Place::device)
      .def("is_valid", &api::Place::is_valid)
      .def(py::self == py::self)
      .def(py::self != py::self)
      .def("__repr__", [](const api::Place& p) { return "Place(" + p.DebugString() + ")"; });
}

}  // namespace paddlelite
