// Public: targets, precisions, layouts and places, with Paddle Lite's names.
#pragma once
#include <string>

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

enum class DataLayoutType : int {
  kUnk = 0,
  kNCHW = 1,
  kAny = 2,
  kNHWC = 3,
  NUM = 4,
};

#define TARGET(item__) ::paddle::lite_api::TargetType::item__
#define PRECISION(item__) ::paddle::lite_api::PrecisionType::item__
#define DATALAYOUT(item__) ::paddle::lite_api::DataLayoutType::item__

const std::string& TargetToStr(TargetType target);
const std::string& PrecisionToStr(PrecisionType precision);
const std::string& DataLayoutToStr(DataLayoutType layout);
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
  std::string DebugString() const;
};

}  // namespace lite_api
}  // namespace paddle
