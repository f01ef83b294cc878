#include "nnadapter/utility/logging.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace nnadapter {
namespace logging {

static int ReadVerbosity() {
  const char* names[] = {"NNADAPTER_LOG_LEVEL", "GLOG_v"};
  for (const char* name : names) {
    const char* value = std::getenv(name);
    if (value && *value) return std::atoi(value);
  }
  return 0;
}

int Verbosity() {
  static const int verbosity = ReadVerbosity();
  return verbosity;
}

static bool Quiet() {
  static const bool quiet = [] {
    const char* value = std::getenv("NNADAPTER_LOG_QUIET");
    return value && *value && std::strcmp(value, "0") != 0;
  }();
  return quiet;
}

bool Enabled(Severity severity, int verbose_level) {
  switch (severity) {
    case kInfo:
      return Verbosity() >= 1;
    case kWarning:
    case kError:
      return !Quiet() || Verbosity() >= 1;
    case kVerbose:
      return Verbosity() >= verbose_level;
  }
  return false;
}

Message::Message(const char* file, int line, Severity severity,
                 int verbose_level)
    : severity_(severity) {
  static const char* kTags = "IWEV";
  const char* base = std::strrchr(file, '/');
  stream_ << "[" << kTags[severity];
  if (severity == kVerbose) stream_ << verbose_level;
  stream_ << " nnadapter " << (base ? base + 1 : file) << ":" << line << "] ";
}

Message::~Message() {
  static std::mutex mutex;
  stream_ << '\n';
  const std::string text = stream_.str();
  std::lock_guard<std::mutex> lock(mutex);
  std::fwrite(text.data(), 1, text.size(), stderr);
  (void)severity_;
}

}  // namespace logging
}  // namespace nnadapter
