// Chooses the thread count of each Run from measured CPU availability, so
// that set_threads(n) never runs slower than 1 thread on a machine whose
// other cores are taken (docs/performance.md, "Threads under contention").
//
// Why: oneDNN (Debian's build) runs on GNU OpenMP, whose workers spin at each
// of the ~300 barriers of a detector run; when another process holds the
// second core, every barrier waits for a descheduled thread (median 57 ms,
// max 209 ms at 2 threads vs 46 ms at 1). libgomp reads OMP_WAIT_POLICY when
// it is loaded, so the library cannot make it wait passively; instead no
// parallel region is started with more threads than there are free cores.
//
// Two measurements, both of this predictor's own threads (the calling thread
// and its OpenMP workers) and the machine:
//  * after every run: the time our threads were runnable but waited for a
//    CPU (the kernel's run_delay, /proc/self/task/<tid>/schedstat, ns). A
//    multi-thread run whose threads waited more than kWaitShare of the run
//    means a core is taken: the next run uses one thread less per core lost.
//  * every kWindowSeconds: the CPU time the rest of the machine used
//    (/proc/stat busy time minus our threads' run time). Free cores = CPUs
//    we may run on - that load; the thread count becomes
//    min(requested, free cores rounded with a kRaiseMargin bias to fewer).
// Outputs do not depend on the decision: every kernel computes the same
// values at any thread count (tested), plans are cached per thread count.
#pragma once
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <vector>

namespace paddle {
namespace lite {

// Cumulative counters, read at one instant.
struct ThreadLoadCounters {
  double wall_s{0};      // monotonic clock
  double ours_run_s{0};  // CPU time of our threads (sum)
  double ours_wait_s{0}; // time our threads were runnable but not running
  double machine_busy_s{-1};  // non-idle CPU time of the machine (< 0: unknown)
};

// What the governor does between two readings; pure, for tests.
struct ThreadDecision {
  static constexpr double kWaitShare = 0.10;
  // Waits shorter than this are passing interruptions (a kernel thread, a
  // timer), not a taken core: under real contention each barrier of a run
  // waits a whole scheduler slice (~3-4 ms). Without it a 4 ms ShuffleNet run
  // dropped to 1 thread on a quiet machine after a 0.5 ms hiccup, and a short
  // benchmark never reached the next window to raise it again. Persistent
  // contention too light for this shows in the window check.
  static constexpr double kMinWaitSeconds = 0.002;
  static constexpr double kWindowSeconds = 0.25;
  static constexpr double kRaiseMargin = 0.25;

  // After a run that used `used` threads: the thread count for the next run
  // given that our threads waited `wait_s` during `wall_s`.
  static int AfterRun(int used, double wall_s, double wait_s);
  // After a window: the thread count from the others' load (core-seconds
  // `others_busy_s` during `wall_s`), `cpus` usable CPUs, `requested`.
  static int AfterWindow(int requested, int cpus, double wall_s, double others_busy_s);
};

class ThreadGovernor {
 public:
  // Reads the counters of the given threads (ids as from gettid) and, when
  // `machine`, of the machine; replaceable for tests.
  using Reader =
      std::function<ThreadLoadCounters(const std::vector<pid_t>& tids, bool machine)>;
  // Seconds on the clock the reader's wall_s uses.
  using Clock = std::function<double()>;

  // `requested` >= 1: the predictor's set_threads value. `adaptive` false:
  // every run uses `requested` (PADDLE_LITE_ADAPTIVE_THREADS=0).
  ThreadGovernor(int requested, bool adaptive, Reader reader = Reader(), Clock clock = Clock());

  // The thread count for the next run (call before it).
  int Begin();
  // Call after the run (also after a failed one).
  void End();

  int requested() const { return requested_; }
  // How many runs used 1, 2, ... threads (index = threads - 1).
  const std::vector<int64_t>& runs_by_threads() const { return runs_by_threads_; }

  // The default: PADDLE_LITE_ADAPTIVE_THREADS unset or not "0".
  static bool AdaptiveFromEnv();
  // CPUs this process may run on (sched_getaffinity).
  static int UsableCpus();

 private:
  // Records the calling thread and its OpenMP workers for `threads`.
  void CaptureThreads(int threads);

  int requested_;
  bool adaptive_;
  Reader reader_;
  Clock clock_;
  int cpus_;
  int current_;
  int used_{0};
  std::vector<pid_t> tids_;  // calling thread first, then its OpenMP workers
  int captured_team_{0};
  bool captured_{false};
  ThreadLoadCounters last_, window_start_;
  std::vector<int64_t> runs_by_threads_;
};

// The real reader (/proc/self/task/<tid>/schedstat and /proc/stat) and its
// clock (steady_clock).
ThreadLoadCounters ReadThreadLoad(const std::vector<pid_t>& tids, bool machine);
double SteadySeconds();

}  // namespace lite
}  // namespace paddle
