// A tiny logger for nnadapter and its drivers (no glog dependency).
//   NNADAPTER_LOG(INFO|WARNING|ERROR) << ...;   always printed (stderr),
//     except INFO, printed only when the verbosity >= 1
//   NNADAPTER_VLOG(n) << ...;  printed when the verbosity >= n
// Verbosity: env NNADAPTER_LOG_LEVEL, else GLOG_v, else 0. ERROR and WARNING
// can be silenced with NNADAPTER_LOG_QUIET=1 (used by tests).
// Never aborts.
#ifndef NNADAPTER_UTILITY_LOGGING_H_
#define NNADAPTER_UTILITY_LOGGING_H_

#include <sstream>
#include <string>

namespace nnadapter {
namespace logging {

enum Severity { kInfo = 0, kWarning = 1, kError = 2, kVerbose = 3 };

int Verbosity();
bool Enabled(Severity severity, int verbose_level);

class Message {
 public:
  Message(const char* file, int line, Severity severity, int verbose_level);
  ~Message();
  std::ostream& stream() { return stream_; }

 private:
  std::ostringstream stream_;
  Severity severity_;
};

// Swallows the stream when logging is disabled.
struct Voidify {
  void operator&(std::ostream&) {}
};

}  // namespace logging
}  // namespace nnadapter

#define NNADAPTER_LOG_SEVERITY_INFO ::nnadapter::logging::kInfo
#define NNADAPTER_LOG_SEVERITY_WARNING ::nnadapter::logging::kWarning
#define NNADAPTER_LOG_SEVERITY_ERROR ::nnadapter::logging::kError

#define NNADAPTER_LOG(severity)                                           \
  !::nnadapter::logging::Enabled(NNADAPTER_LOG_SEVERITY_##severity, 0)    \
      ? (void)0                                                           \
      : ::nnadapter::logging::Voidify() &                                 \
            ::nnadapter::logging::Message(__FILE__, __LINE__,             \
                                          NNADAPTER_LOG_SEVERITY_##severity, \
                                          0)                              \
                .stream()

#define NNADAPTER_VLOG(level)                                              \
  !::nnadapter::logging::Enabled(::nnadapter::logging::kVerbose, (level))  \
      ? (void)0                                                            \
      : ::nnadapter::logging::Voidify() &                                  \
            ::nnadapter::logging::Message(__FILE__, __LINE__,              \
                                          ::nnadapter::logging::kVerbose,  \
                                          (level))                         \
                .stream()

#endif  // NNADAPTER_UTILITY_LOGGING_H_
