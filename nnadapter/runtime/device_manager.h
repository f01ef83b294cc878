// Finds, loads and keeps the device drivers (HAL function tables).
#ifndef NNADAPTER_RUNTIME_DEVICE_MANAGER_H_
#define NNADAPTER_RUNTIME_DEVICE_MANAGER_H_

#include <string>
#include <vector>

#include "nnadapter/hal/device.h"
#include "nnadapter/hal/extension.h"

namespace nnadapter {
namespace runtime {

struct Driver {
  std::string name;
  std::string path;  // "(builtin)" for builtin_device
  hal::Device* hal = nullptr;
  // The optional entries (hal/extension.h); null if the driver has none.
  const hal::DeviceExtension* extension = nullptr;
  void* library = nullptr;
};

// The reason the driver recorded for refusing operation `index` in its
// last validate_program on this thread ("" if none or no extension).
std::string UnsupportedReason(const Driver* driver, uint32_t index);
// The driver's capabilities; NNADAPTER_CAPABILITIES_NOT_REPORTED with every
// figure 1 when it has no entry.
int GetCapabilities(const Driver* driver, void* device,
                    NNAdapterCapabilities* capabilities);

// The directories searched for lib<name>.so, in order:
// NNADAPTER_DRIVER_PATH entries, the install library dir, the directory of
// libnnadapter.so (duplicates removed). The loader default comes last and
// is not a directory.
std::vector<std::string> DriverSearchDirectories();

// Loads (once per process) the driver `name`. On failure returns
// NNADAPTER_DEVICE_NOT_FOUND and a message listing every path tried.
int FindDriver(const std::string& name, Driver** driver, std::string* message);

// Names of the devices that can be acquired: builtin_device first, then
// drivers found in the search directories, sorted.
std::vector<std::string> EnumerateDevices();

// The reason the driver gave for its last failed call on this thread, as
// ": <reason>" ready to append to a message, or "" if it gave none.
std::string DriverReason(const Driver* driver);

// Checks a function table; returns an empty string if usable.
std::string CheckDeviceTable(const hal::Device* device,
                             const std::string& expected_name);

}  // namespace runtime
}  // namespace nnadapter

#endif  // NNADAPTER_RUNTIME_DEVICE_MANAGER_H_
