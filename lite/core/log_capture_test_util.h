// Tests of log output: collects what glog logs while alive, at a chosen
// verbosity (GLOG_v), e.g. the GLOG_v=5 partition report or the GLOG_v=3
// notes about attributes an op ignores.
#pragma once
#include <glog/logging.h>

#include <mutex>
#include <string>

DECLARE_int32(v);

namespace paddle {
namespace lite {
namespace testing {

class LogCapture : public google::LogSink {
 public:
  explicit LogCapture(int v) : saved_v_(FLAGS_v) {
    FLAGS_v = v;
    google::AddLogSink(this);
  }
  ~LogCapture() override {
    google::RemoveLogSink(this);
    FLAGS_v = saved_v_;
  }
  void send(google::LogSeverity, const char*, const char*, int, const struct ::tm*,
            const char* message, size_t length) override {
    std::lock_guard<std::mutex> lock(mu_);
    text_.append(message, length).append("\n");
  }
  std::string text() {
    std::lock_guard<std::mutex> lock(mu_);
    return text_;
  }

 private:
  int saved_v_;
  std::mutex mu_;
  std::string text_;
};

}  // namespace testing
}  // namespace lite
}  // namespace paddle
