#include "lite/core/thread_governor.h"

#include <fcntl.h>
#include <omp.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace paddle {
namespace lite {

namespace {

// Reads a small /proc file into buf (NUL-terminated); false when it is gone.
bool ReadProcFile(const char* path, char* buf, size_t size) {
  int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  ssize_t n = ::read(fd, buf, size - 1);
  ::close(fd);
  if (n <= 0) return false;
  buf[n] = '\0';
  return true;
}

// Non-idle CPU seconds of the whole machine ("cpu" line of /proc/stat), or -1.
double MachineBusySeconds() {
  char buf[512];  // the first line is all we need
  if (!ReadProcFile("/proc/stat", buf, sizeof(buf)) || std::strncmp(buf, "cpu ", 4) != 0) {
    return -1;
  }
  unsigned long long v[8] = {0};  // user nice system idle iowait irq softirq steal
  if (std::sscanf(buf + 4, "%llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2],
                  &v[3], &v[4], &v[5], &v[6], &v[7]) < 4) {
    return -1;
  }
  static const double kTick = 1.0 / static_cast<double>(sysconf(_SC_CLK_TCK));
  return static_cast<double>(v[0] + v[1] + v[2] + v[5] + v[6] + v[7]) * kTick;
}

pid_t CurrentTid() { return static_cast<pid_t>(::gettid()); }

}  // namespace

double SteadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

ThreadLoadCounters ReadThreadLoad(const std::vector<pid_t>& tids, bool machine) {
  ThreadLoadCounters c;
  c.wall_s = SteadySeconds();
  for (pid_t tid : tids) {
    char path[64];
    char buf[128];
    std::snprintf(path, sizeof(path), "/proc/self/task/%d/schedstat", static_cast<int>(tid));
    unsigned long long run_ns = 0, wait_ns = 0;
    if (ReadProcFile(path, buf, sizeof(buf)) &&
        std::sscanf(buf, "%llu %llu", &run_ns, &wait_ns) == 2) {
      c.ours_run_s += run_ns * 1e-9;
      c.ours_wait_s += wait_ns * 1e-9;
    }
  }
  if (machine) c.machine_busy_s = MachineBusySeconds();
  return c;
}

int ThreadDecision::AfterRun(int used, double wall_s, double wait_s) {
  if (used <= 1 || wall_s <= 0 || wait_s <= kWaitShare * wall_s * used ||
      wait_s < kMinWaitSeconds) {
    return used;
  }
  const int lost = std::max(1, static_cast<int>(std::lround(wait_s / wall_s)));
  return std::max(1, used - lost);
}

int ThreadDecision::AfterWindow(int requested, int cpus, double wall_s, double others_busy_s) {
  if (wall_s <= 0) return requested;
  const double free_cores = cpus - std::max(0.0, others_busy_s) / wall_s;
  const int fit = static_cast<int>(std::floor(free_cores + kRaiseMargin));
  return std::max(1, std::min(requested, fit));
}

bool ThreadGovernor::AdaptiveFromEnv() {
  const char* v = std::getenv("PADDLE_LITE_ADAPTIVE_THREADS");
  return !(v && std::string(v) == "0");
}

int ThreadGovernor::UsableCpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return 1;
  return std::max(1, CPU_COUNT(&set));
}

ThreadGovernor::ThreadGovernor(int requested, bool adaptive, Reader reader, Clock clock)
    : requested_(std::max(1, requested)),
      adaptive_(adaptive),
      reader_(reader ? std::move(reader) : Reader(ReadThreadLoad)),
      clock_(clock ? std::move(clock) : Clock(SteadySeconds)),
      cpus_(UsableCpus()),
      runs_by_threads_(static_cast<size_t>(std::max(1, requested)), 0) {
  // A process restricted to fewer CPUs (taskset, cgroup cpusets) never gets
  // more parallelism than that, whatever it measures.
  if (adaptive_) requested_ = std::min(requested_, cpus_);
  current_ = requested_;
}

void ThreadGovernor::CaptureThreads(int threads) {
  std::vector<pid_t> tids(static_cast<size_t>(threads), 0);
  if (threads > 1) {
#pragma omp parallel num_threads(threads)
    tids[static_cast<size_t>(omp_get_thread_num())] = CurrentTid();
  } else {
    tids[0] = CurrentTid();
  }
  tids.erase(std::remove(tids.begin(), tids.end(), 0), tids.end());
  tids_ = tids;
  captured_team_ = threads;
  captured_ = true;
  last_ = reader_(tids_, true);
  window_start_ = last_;
}

int ThreadGovernor::Begin() {
  int threads = requested_;
  if (adaptive_ && requested_ > 1) {
    if (!captured_ || tids_.empty() || tids_[0] != CurrentTid() || current_ > captured_team_) {
      CaptureThreads(std::max(current_, captured_team_));
    }
    threads = current_;
  }
  used_ = threads;
  runs_by_threads_[static_cast<size_t>(threads - 1)]++;
  return threads;
}

void ThreadGovernor::End() {
  if (!adaptive_ || requested_ <= 1 || !captured_) return;
  const bool window = clock_() - window_start_.wall_s >= ThreadDecision::kWindowSeconds;
  const ThreadLoadCounters now = reader_(tids_, window);
  const int after_run = ThreadDecision::AfterRun(used_, now.wall_s - last_.wall_s,
                                                 now.ours_wait_s - last_.ours_wait_s);
  if (after_run < current_) {
    // Measure the smaller count from here: the window so far saw contention
    // partly caused by our own extra threads.
    current_ = after_run;
    window_start_ = now;
    if (now.machine_busy_s < 0) window_start_.machine_busy_s = reader_(tids_, true).machine_busy_s;
  } else if (window) {
    if (now.machine_busy_s >= 0 && window_start_.machine_busy_s >= 0) {
      const double others = (now.machine_busy_s - window_start_.machine_busy_s) -
                            (now.ours_run_s - window_start_.ours_run_s);
      current_ = ThreadDecision::AfterWindow(requested_, cpus_, now.wall_s - window_start_.wall_s,
                                             others);
    }
    window_start_ = now;
  }
  last_ = now;
}

}  // namespace lite
}  // namespace paddle
