#include "lite/api/paddle_place.h"

#include <cctype>
#include <vector>

namespace paddle {
namespace lite_api {

namespace {
const std::vector<std::string>& TargetNames() {
  static const std::vector<std::string> names = {
      "kUnk", "kHost", "kX86", "kCUDA", "kARM", "kOpenCL", "kAny",
      "kFPGA", "kNPU", "kXPU", "kBM", "kMLU", "kRKNPU", "kAPU",
      "kHuaweiAscendNPU", "kImaginationNNA", "kIntelFPGA", "kMetal",
      "kNNAdapter"};
  return names;
}
const std::vector<std::string>& PrecisionNames() {
  static const std::vector<std::string> names = {
      "kUnk", "kFloat", "kInt8", "kInt32", "kAny", "kFP16",
      "kBool", "kInt64", "kInt16", "kUInt8", "kFP64"};
  return names;
}
const std::vector<std::string>& LayoutNames() {
  static const std::vector<std::string> names = {"kUnk", "kNCHW", "kAny", "kNHWC"};
  return names;
}
const std::string& NameAt(const std::vector<std::string>& names, int i) {
  return (i >= 0 && i < static_cast<int>(names.size())) ? names[i] : names[0];
}
int IndexOf(const std::vector<std::string>& names, const std::string& s) {
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == s || names[i].substr(1) == s) return static_cast<int>(i);
    // Case-insensitive match without the leading 'k' ("x86", "host").
    const std::string& n = names[i];
    if (n.size() - 1 == s.size()) {
      bool eq = true;
      for (size_t j = 0; j < s.size() && eq; ++j) {
        eq = std::tolower(static_cast<unsigned char>(n[j + 1])) ==
             std::tolower(static_cast<unsigned char>(s[j]));
      }
      if (eq) return static_cast<int>(i);
    }
  }
  return 0;
}
}  // namespace

const std::string& TargetToStr(TargetType t) { return NameAt(TargetNames(), static_cast<int>(t)); }
const std::string& PrecisionToStr(PrecisionType p) { return NameAt(PrecisionNames(), static_cast<int>(p)); }
const std::string& DataLayoutToStr(DataLayoutType l) { return NameAt(LayoutNames(), static_cast<int>(l)); }
TargetType TargetFromStr(const std::string& s) { return static_cast<TargetType>(IndexOf(TargetNames(), s)); }
PrecisionType PrecisionFromStr(const std::string& s) { return static_cast<PrecisionType>(IndexOf(PrecisionNames(), s)); }
DataLayoutType DataLayoutFromStr(const std::string& s) { return static_cast<DataLayoutType>(IndexOf(LayoutNames(), s)); }

std::string Place::DebugString() const {
  return TargetToStr(target) + "/" + PrecisionToStr(precision) + "/" +
         DataLayoutToStr(layout);
}

}  // namespace lite_api
}  // namespace paddle
