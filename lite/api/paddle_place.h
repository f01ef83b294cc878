// Public: targets, precisions, layouts and places, with Paddle Lite's names.
#pragma once
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>

// Paddle Lite marks its exported declarations with LITE_API; user code that
// spells it (or LITE_API_IMPORT) compiles unchanged. Our symbols are exported
// by default, so both expand to nothing.
#ifndef LITE_API
#define LITE_API
#endif
#ifndef LITE_API_IMPORT
#define LITE_API_IMPORT
#endif

namespace paddle {
namespace lite_api {

enum class TargetType : int {
  kUnk = 0,
  kHost = 1,
  kX86 = 2,
  kCUDA = 3,
  kARM = 4,
  kOpenCL = 5,
  kAny = 6,
  kFPGA = 7,
  kNPU = 8,
  kXPU = 9,
  kBM = 10,
  kMLU = 11,
  kRKNPU = 12,
  kAPU = 13,
  kHuaweiAscendNPU = 14,
  kImaginationNNA = 15,
  kIntelFPGA = 16,
  kMetal = 17,
  kNNAdapter = 18,
  NUM = 19,
};

enum class PrecisionType : int {
  kUnk = 0,
  kFloat = 1,
  kInt8 = 2,
  kInt32 = 3,
  kAny = 4,
  kFP16 = 5,
  kBool = 6,
  kInt64 = 7,
  kInt16 = 8,
  kUInt8 = 9,
  kFP64 = 10,
  NUM = 11,
};

// kImage* (OpenCL image2d) and kMetal* are accepted in places so that code
// written for those backends compiles; this build has neither backend, and a
// place using them is reported at CreatePaddlePredictor.
enum class DataLayoutType : int {
  kUnk = 0,
  kNCHW = 1,
  kAny = 2,
  kNHWC = 3,
  kImageDefault = 4,
  kImageFolder = 5,
  kImageNW = 6,
  kMetalTexture2DArray = 7,
  kMetalTexture2D = 8,
  NUM = 9,
};

// Arm CPU frequency/core binding policy (ConfigBase::set_power_mode). On
// x86 there is no big.LITTLE binding: accepted and logged as not applying.
enum PowerMode {
  LITE_POWER_HIGH = 0,
  LITE_POWER_LOW = 1,
  LITE_POWER_FULL = 2,
  LITE_POWER_NO_BIND = 3,
  LITE_POWER_RAND_HIGH = 4,
  LITE_POWER_RAND_LOW = 5
};

// OpenCL kernel tuning and precision (ConfigBase::set_opencl_*); this build
// has no OpenCL backend (IsOpenCLBackendValid() is false).
enum CLTuneMode { CL_TUNE_NONE = 0, CL_TUNE_RAPID = 1, CL_TUNE_NORMAL = 2, CL_TUNE_EXHAUSTIVE = 3 };
enum CLPrecisionType { CL_PRECISION_AUTO = 0, CL_PRECISION_FP32 = 1, CL_PRECISION_FP16 = 2 };
// Cambricon MLU core generations (CxxConfig MLU settings; no MLU here).
enum MLUCoreVersion { MLU_220 = 0, MLU_270 = 1 };
// MobileConfig::set_precision_mode: LOW lets Arm fp16 kernels run; this x86
// build computes in fp32 either way.
enum PrecisionMode { LITE_PRECISION_NORMAL = 0, LITE_PRECISION_LOW = 1 };

enum class ActivationType : int {
  kIndentity = 0,
  kRelu = 1,
  kRelu6 = 2,
  kPRelu = 3,
  kLeakyRelu = 4,
  kSigmoid = 5,
  kTanh = 6,
  kSwish = 7,
  kExp = 8,
  kAbs = 9,
  kHardSwish = 10,
  kReciprocal = 11,
  kThresholdedRelu = 12,
  kElu = 13,
  kHardSigmoid = 14,
  kLog = 15,
  kSigmoid_v2 = 16,
  kTanh_v2 = 17,
  kGelu = 18,
  kErf = 19,
  kSign = 20,
  kSoftPlus = 21,
  kMish = 22,
  NUM = 23,
};

// Post-training weight quantization (CxxConfig::set_quant_type, opt
// --quant_type): weights stored as int8 or int16 with per-channel scales.
enum class QuantType : int { QUANT_INT8, QUANT_INT16 };

// Bytes of one element of `type` (0 for kUnk, kAny, kBool and NUM).
inline size_t PrecisionTypeLength(PrecisionType type) {
  switch (type) {
    case PrecisionType::kFloat: return 4;
    case PrecisionType::kFP64: return 8;
    case PrecisionType::kUInt8: return 1;
    case PrecisionType::kInt8: return 1;
    case PrecisionType::kInt32: return 4;
    case PrecisionType::kInt64: return 8;
    case PrecisionType::kFP16: return 2;
    case PrecisionType::kInt16: return 2;
    default: return 0;
  }
}

// The PrecisionType of a C++ element type (kUnk for types without one).
template <typename T>
struct PrecisionTypeTrait {
  constexpr static PrecisionType Type() { return PrecisionType::kUnk; }
};
template <> struct PrecisionTypeTrait<bool> {
  constexpr static PrecisionType Type() { return PrecisionType::kBool; }
};
template <> struct PrecisionTypeTrait<float> {
  constexpr static PrecisionType Type() { return PrecisionType::kFloat; }
};
template <> struct PrecisionTypeTrait<double> {
  constexpr static PrecisionType Type() { return PrecisionType::kFP64; }
};
template <> struct PrecisionTypeTrait<uint8_t> {
  constexpr static PrecisionType Type() { return PrecisionType::kUInt8; }
};
template <> struct PrecisionTypeTrait<int8_t> {
  constexpr static PrecisionType Type() { return PrecisionType::kInt8; }
};
template <> struct PrecisionTypeTrait<int16_t> {
  constexpr static PrecisionType Type() { return PrecisionType::kInt16; }
};
template <> struct PrecisionTypeTrait<int> {
  constexpr static PrecisionType Type() { return PrecisionType::kInt32; }
};
template <> struct PrecisionTypeTrait<int64_t> {
  constexpr static PrecisionType Type() { return PrecisionType::kInt64; }
};

#define TARGET(item__) ::paddle::lite_api::TargetType::item__
#define PRECISION(item__) ::paddle::lite_api::PrecisionType::item__
#define DATALAYOUT(item__) ::paddle::lite_api::DataLayoutType::item__

const std::string& TargetToStr(TargetType target);
const std::string& PrecisionToStr(PrecisionType precision);
const std::string& DataLayoutToStr(DataLayoutType layout);
const std::string& ActivationTypeToStr(ActivationType act);
// The enumerator spelled as in C++ ("kX86", "kFloat", "kNCHW").
const std::string& TargetRepr(TargetType target);
const std::string& PrecisionRepr(PrecisionType precision);
const std::string& DataLayoutRepr(DataLayoutType layout);
const std::string& CLTuneModeToStr(CLTuneMode mode);
const std::string& CLPrecisionTypeToStr(CLPrecisionType type);
// kAny expands to every concrete value; any other value to itself.
std::set<TargetType> ExpandValidTargets(TargetType target = TARGET(kAny));
std::set<PrecisionType> ExpandValidPrecisions(PrecisionType precision = PRECISION(kAny));
std::set<DataLayoutType> ExpandValidLayouts(DataLayoutType layout = DATALAYOUT(kAny));
// Inverse of the above ("kX86" or "x86" → kX86); returns kUnk when unknown.
TargetType TargetFromStr(const std::string& name);
PrecisionType PrecisionFromStr(const std::string& name);
DataLayoutType DataLayoutFromStr(const std::string& name);

struct Place {
  TargetType target{TARGET(kUnk)};
  PrecisionType precision{PRECISION(kUnk)};
  DataLayoutType layout{DATALAYOUT(kUnk)};
  int16_t device{0};

  Place() = default;
  Place(TargetType target, PrecisionType precision = PRECISION(kFloat),
        DataLayoutType layout = DATALAYOUT(kNCHW), int16_t device = 0)
      : target(target), precision(precision), layout(layout), device(device) {}

  bool is_valid() const {
    return target != TARGET(kUnk) && precision != PRECISION(kUnk) &&
           layout != DATALAYOUT(kUnk);
  }
  bool operator==(const Place& other) const {
    return target == other.target && precision == other.precision &&
           layout == other.layout && device == other.device;
  }
  bool operator!=(const Place& other) const { return !(*this == other); }
  size_t hash() const;
  // Orders by target, then precision, layout, device.
  friend bool operator<(const Place& a, const Place& b);
  // "target/precision/layout" as integers, e.g. "18/1/1" (device is not
  // part of it, as in Paddle Lite); Deserialize throws Error on bad text.
  void Deserialize(const std::string& buffer);
  std::string Serialize();
  std::string DebugString() const;
};

// An application's memory functions for the host tensors the library
// allocates (ConfigBase::set_custom_allocator). alloc(size, alignment)
// returns memory aligned to `alignment` (a power of two) or null; free
// releases what alloc returned.
struct CustomAllocator {
  void* (*alloc)(size_t size, size_t alignment) = nullptr;
  void (*free)(void* ptr) = nullptr;
};

}  // namespace lite_api
}  // namespace paddle
