#include "runtime/device_manager.h"

#include <dirent.h>
#include <dlfcn.h>
#include <elf.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <cstddef>
#include <set>

#include "nnadapter/utility/logging.h"
#include "nnadapter/utility/performance_info.h"
#include "nnadapter/utility/properties.h"

#ifndef NNADAPTER_INSTALL_LIBDIR
#define NNADAPTER_INSTALL_LIBDIR "/usr/local/lib"
#endif

extern "C" nnadapter::hal::Device __nnadapter_device__builtin_device;
extern "C" nnadapter::hal::DeviceExtension
    __nnadapter_device_extension__builtin_device;

namespace nnadapter {
namespace runtime {

static const char kBuiltinName[] = "builtin_device";

static std::mutex& Mutex() {
  static std::mutex mutex;
  return mutex;
}

static std::map<std::string, std::unique_ptr<Driver>>& Drivers() {
  static std::map<std::string, std::unique_ptr<Driver>> drivers;
  return drivers;
}

static bool FileExists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

static std::string SelfDirectory() {
  Dl_info info;
  if (dladdr(reinterpret_cast<void*>(&SelfDirectory), &info) &&
      info.dli_fname) {
    std::string path = info.dli_fname;
    size_t slash = path.rfind('/');
    if (slash != std::string::npos) return path.substr(0, slash);
  }
  return "";
}

std::vector<std::string> DriverSearchDirectories() {
  std::vector<std::string> dirs;
  auto add = [&](const std::string& dir) {
    if (dir.empty()) return;
    if (std::find(dirs.begin(), dirs.end(), dir) == dirs.end()) {
      dirs.push_back(dir);
    }
  };
  if (const char* env = std::getenv("NNADAPTER_DRIVER_PATH")) {
    for (const auto& dir : SplitAndTrim(env, ':')) add(dir);
  }
  add(NNADAPTER_INSTALL_LIBDIR);
  add(SelfDirectory());
  return dirs;
}

std::string CheckDeviceTable(const hal::Device* device,
                             const std::string& expected_name) {
  if (device->hal_version != NNADAPTER_HAL_VERSION) {
    return "HAL version " + std::to_string(device->hal_version) +
           " is not supported by this runtime (requires HAL version " +
           std::to_string(NNADAPTER_HAL_VERSION) + "); rebuild the driver";
  }
  if (!device->name || expected_name != device->name) {
    return std::string("device table name '") +
           (device->name ? device->name : "(null)") + "' differs from '" +
           expected_name + "'";
  }
  if (!device->vendor || !device->open_device || !device->close_device ||
      !device->create_context || !device->destroy_context ||
      !device->validate_program || !device->create_program ||
      !device->destroy_program || !device->execute_program ||
      !device->last_error_message) {
    return "device table has a null vendor or function pointer";
  }
  return "";
}

std::string DriverReason(const Driver* driver) {
  const char* reason = driver->hal->last_error_message();
  return reason && *reason ? std::string(": ") + reason : std::string();
}

// Tries one library path; returns true if it holds a usable driver.
static bool TryLibrary(const std::string& name, const std::string& path,
                       bool bare, Driver* out, std::string* tried,
                       bool* refused) {
  if (!bare && !FileExists(path)) {
    *tried += "\n  " + path + ": no such file";
    return false;
  }
  void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char* err = dlerror();
    *tried += "\n  " + path + (bare ? " (dynamic loader default path)" : "") +
              ": dlopen failed: " + (err ? err : "unknown error");
    return false;
  }
  const std::string symbol = NNADAPTER_DEVICE_SYMBOL_PREFIX + name;
  auto* device = static_cast<hal::Device*>(dlsym(library, symbol.c_str()));
  if (!device) {
    *tried += "\n  " + path + ": loaded, but symbol " + symbol + " not found";
    dlclose(library);
    return false;
  }
  std::string problem = CheckDeviceTable(device, name);
  if (!problem.empty()) {
    *tried += "\n  " + path + ": refused: " + problem;
    *refused = true;
    dlclose(library);
    return false;
  }
  out->name = name;
  out->path = path;
  out->hal = device;
  out->extension = static_cast<const hal::DeviceExtension*>(dlsym(
      library, (NNADAPTER_DEVICE_EXTENSION_SYMBOL_PREFIX + name).c_str()));
  out->library = library;
  return true;
}

std::string UnsupportedReason(const Driver* driver, uint32_t index) {
  const auto* e = driver->extension;
  if (!hal::ExtensionHas(e, offsetof(hal::DeviceExtension, unsupported_reason),
                         sizeof(e->unsupported_reason)) ||
      !e->unsupported_reason) {
    return "";
  }
  const char* reason = e->unsupported_reason(index);
  return reason ? reason : "";
}

int GetCapabilities(const Driver* driver, void* device,
                    NNAdapterCapabilities* capabilities) {
  *capabilities = CpuEquivalentCapabilities();
  const auto* e = driver->extension;
  if (!hal::ExtensionHas(e, offsetof(hal::DeviceExtension, get_capabilities),
                         sizeof(e->get_capabilities)) ||
      !e->get_capabilities) {
    return NNADAPTER_NO_ERROR;
  }
  return e->get_capabilities(device, capabilities);
}

static bool ValidDeviceName(const std::string& name) {
  if (name.empty() || name.size() > 128) return false;
  for (char c : name) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'))
      return false;
  }
  return true;
}

int FindDriver(const std::string& name, Driver** driver, std::string* message) {
  std::lock_guard<std::mutex> lock(Mutex());
  auto& drivers = Drivers();
  auto it = drivers.find(name);
  if (it != drivers.end()) {
    *driver = it->second.get();
    return NNADAPTER_NO_ERROR;
  }
  if (name == kBuiltinName) {
    std::string problem =
        CheckDeviceTable(&__nnadapter_device__builtin_device, name);
    if (!problem.empty()) {
      *message = "builtin_device: " + problem;
      return NNADAPTER_DEVICE_NOT_FOUND;
    }
    auto d = std::make_unique<Driver>();
    d->name = name;
    d->path = "(builtin)";
    d->hal = &__nnadapter_device__builtin_device;
    d->extension = &__nnadapter_device_extension__builtin_device;
    *driver = d.get();
    drivers[name] = std::move(d);
    return NNADAPTER_NO_ERROR;
  }
  if (!ValidDeviceName(name)) {
    *message = "invalid device name '" + name +
               "' (letters, digits, '_' and '-' only)";
    return NNADAPTER_DEVICE_NOT_FOUND;
  }
  const std::string file = "lib" + name + ".so";
  std::string tried;
  bool refused = false;
  auto d = std::make_unique<Driver>();
  bool found = false;
  for (const auto& dir : DriverSearchDirectories()) {
    if (TryLibrary(name, dir + "/" + file, false, d.get(), &tried, &refused)) {
      found = true;
      break;
    }
  }
  if (!found) {
    found = TryLibrary(name, file, true, d.get(), &tried, &refused);
  }
  if (!found) {
    *message = "device '" + name + "' " +
               (refused ? "was refused" : "was not found") +
               "; tried (set NNADAPTER_DRIVER_PATH to add directories):" +
               tried;
    return NNADAPTER_DEVICE_NOT_FOUND;
  }
  NNADAPTER_VLOG(1) << "loaded driver " << name << " from " << d->path
                    << " (version " << d->hal->version << ")";
  *driver = d.get();
  drivers[name] = std::move(d);
  return NNADAPTER_NO_ERROR;
}

// Reads the dynamic symbol table of an ELF64 file (without loading it; only
// the ELF header, the section headers, .dynsym and its string table are
// read) and returns true if it defines `symbol`.
static bool ReadAt(std::ifstream* f, uint64_t offset, uint64_t size,
                   uint64_t file_size, void* out) {
  if (offset > file_size || size > file_size - offset) return false;
  f->seekg(static_cast<std::streamoff>(offset));
  return static_cast<bool>(
      f->read(static_cast<char*>(out), static_cast<std::streamsize>(size)));
}

static bool ElfDefinesSymbol(const std::string& path,
                             const std::string& symbol) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  f.seekg(0, std::ios::end);
  const std::streamoff end = f.tellg();
  if (end < 0) return false;
  const uint64_t size = static_cast<uint64_t>(end);
  Elf64_Ehdr eh;
  if (!ReadAt(&f, 0, sizeof(eh), size, &eh)) return false;
  if (std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
      eh.e_ident[EI_CLASS] != ELFCLASS64 ||
      eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shnum == 0 ||
      eh.e_shnum > 4096) {
    return false;
  }
  std::vector<Elf64_Shdr> sections(eh.e_shnum);
  if (!ReadAt(&f, eh.e_shoff, sections.size() * sizeof(Elf64_Shdr), size,
              sections.data())) {
    return false;
  }
  for (const auto& sh : sections) {
    if (sh.sh_type != SHT_DYNSYM || sh.sh_link >= sections.size()) continue;
    const auto& strtab = sections[sh.sh_link];
    if (sh.sh_size > (64u << 20) || strtab.sh_size > (64u << 20)) return false;
    std::vector<Elf64_Sym> symbols(sh.sh_size / sizeof(Elf64_Sym));
    std::vector<char> names(strtab.sh_size + 1, '\0');
    if (!ReadAt(&f, sh.sh_offset, symbols.size() * sizeof(Elf64_Sym), size,
                symbols.data()) ||
        !ReadAt(&f, strtab.sh_offset, strtab.sh_size, size, names.data())) {
      return false;
    }
    for (const auto& sym : symbols) {
      if (sym.st_shndx == SHN_UNDEF || sym.st_name >= strtab.sh_size) continue;
      if (symbol == names.data() + sym.st_name) return true;
    }
  }
  return false;
}

std::vector<std::string> EnumerateDevices() {
  std::set<std::string> found;
  for (const auto& dir : DriverSearchDirectories()) {
    DIR* d = opendir(dir.c_str());
    if (!d) continue;
    while (struct dirent* entry = readdir(d)) {
      std::string file = entry->d_name;
      if (file.size() <= 6 || file.rfind("lib", 0) != 0 ||
          file.compare(file.size() - 3, 3, ".so") != 0) {
        continue;
      }
      std::string name = file.substr(3, file.size() - 6);
      if (name == kBuiltinName || found.count(name) || !ValidDeviceName(name))
        continue;
      if (!ElfDefinesSymbol(dir + "/" + file,
                            NNADAPTER_DEVICE_SYMBOL_PREFIX + name)) {
        continue;
      }
      Driver* driver;
      std::string message;
      if (FindDriver(name, &driver, &message) == NNADAPTER_NO_ERROR) {
        found.insert(name);
      } else {
        NNADAPTER_VLOG(1) << "skipping " << dir << "/" << file << ": "
                          << message;
      }
    }
    closedir(d);
  }
  std::vector<std::string> names = {kBuiltinName};
  names.insert(names.end(), found.begin(), found.end());
  return names;
}

}  // namespace runtime
}  // namespace nnadapter
