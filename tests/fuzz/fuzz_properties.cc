// libFuzzer harness for the context-properties parser
// (nnadapter::ParseProperties, what NNAdapterContext_create and every driver
// read): any byte string either parses into KEY=VALUE pairs or is refused
// with a message; never a crash, leak or undefined behaviour. Parsed keys
// and values must be non-empty-keyed and free of the separator.
#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>

#include "nnadapter/utility/properties.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) { return 0; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::map<std::string, std::string> properties;
  std::string error;
  if (nnadapter::ParseProperties(text, &properties, &error)) {
    for (const auto& kv : properties) {
      if (kv.first.empty() || kv.first.find(';') != std::string::npos) std::abort();
    }
  } else if (error.empty()) {
    std::abort();  // a refusal must say why
  }
  return 0;
}
