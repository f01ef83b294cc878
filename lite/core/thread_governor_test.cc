// ThreadGovernor's decisions on simulated counters (never on timing): a
// multi-thread run whose threads waited for a CPU drops a thread, a window
// in which other processes used a core keeps it dropped, a quiet window
// brings the requested count back, and PADDLE_LITE_ADAPTIVE_THREADS=0 keeps
// the requested count.
#include "lite/core/thread_governor.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>

namespace paddle {
namespace lite {
namespace {

TEST(ThreadDecision, AfterRunDropsOneThreadPerCoreOurThreadsWaitedFor) {
  EXPECT_EQ(ThreadDecision::AfterRun(2, 0.040, 0.000), 2);
  EXPECT_EQ(ThreadDecision::AfterRun(2, 0.040, 0.007), 2);  // 8.75% of 2 x 40 ms
  EXPECT_EQ(ThreadDecision::AfterRun(2, 0.040, 0.020), 1);  // half a core lost
  EXPECT_EQ(ThreadDecision::AfterRun(4, 0.040, 0.075), 2);  // ~2 cores lost
  EXPECT_EQ(ThreadDecision::AfterRun(4, 0.040, 0.400), 1);
  EXPECT_EQ(ThreadDecision::AfterRun(1, 0.040, 0.400), 1);  // nothing to drop
  // A short run's brief interruption is not a lost core; a slice is.
  EXPECT_EQ(ThreadDecision::AfterRun(2, 0.004, 0.0015), 2);
  EXPECT_EQ(ThreadDecision::AfterRun(2, 0.004, 0.004), 1);
}

TEST(ThreadDecision, AfterWindowFitsTheRequestInTheFreeCores) {
  EXPECT_EQ(ThreadDecision::AfterWindow(2, 2, 0.25, 0.00), 2);  // quiet
  EXPECT_EQ(ThreadDecision::AfterWindow(2, 2, 0.25, 0.05), 2);  // 0.2 core of noise
  EXPECT_EQ(ThreadDecision::AfterWindow(2, 2, 0.25, 0.25), 1);  // one busy process
  EXPECT_EQ(ThreadDecision::AfterWindow(2, 2, 0.25, 0.17), 1);  // it, squeezed by our 2
  EXPECT_EQ(ThreadDecision::AfterWindow(2, 2, 0.25, 0.75), 1);  // never below 1
  EXPECT_EQ(ThreadDecision::AfterWindow(8, 16, 0.25, 1.00), 8);
  EXPECT_EQ(ThreadDecision::AfterWindow(8, 8, 0.25, 0.50), 6);
  EXPECT_EQ(ThreadDecision::AfterWindow(2, 2, 0.25, -0.01), 2);  // tick rounding
}

// Counters of a simulated machine: our threads spin (run) for the whole of
// each run, other processes use `others` cores, our extra threads wait
// `wait_share` of the run.
struct Machine {
  ThreadLoadCounters c{100.0, 0, 0, 50.0};
  ThreadGovernor Governor(int requested, bool adaptive = true) {
    return ThreadGovernor(
        requested, adaptive,
        [this](const std::vector<pid_t>&, bool machine) {
          ThreadLoadCounters r = c;
          if (!machine) r.machine_busy_s = -1;
          return r;
        },
        [this] { return c.wall_s; });
  }
  // One Run of `wall` seconds; returns the thread count it used.
  int Run(ThreadGovernor* g, double wall, double others, double wait_share) {
    const int used = g->Begin();
    c.wall_s += wall;
    c.ours_run_s += used * wall;
    c.ours_wait_s += used > 1 ? wait_share * wall : 0.0;
    c.machine_busy_s += used * wall + others * wall;
    g->End();
    return used;
  }
};

TEST(ThreadGovernor, DropsUnderContentionAndComesBackWhenTheCoreIsFree) {
  Machine m;
  ThreadGovernor g = m.Governor(2);
  const int two = std::min(2, ThreadGovernor::UsableCpus());
  ASSERT_EQ(g.requested(), two);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(m.Run(&g, 0.02, 0.0, 0.0), two) << "quiet run " << i;
  // A busy process appears: the first contended run drops to 1 thread.
  EXPECT_EQ(m.Run(&g, 0.06, 0.7, 0.5), two);
  for (int i = 0; i < 30; ++i) EXPECT_EQ(m.Run(&g, 0.03, 1.0, 0.0), 1) << "busy run " << i;
  // It stops: after at most two windows (0.5 s), 2 threads again.
  std::vector<int> used;
  for (int i = 0; i < 30; ++i) used.push_back(m.Run(&g, 0.02, 0.0, 0.0));
  EXPECT_EQ(used.back(), two);
  EXPECT_LE(std::count(used.begin(), used.end(), 1), 25);
  const auto& runs = g.runs_by_threads();
  EXPECT_EQ(runs[0] + (two == 2 ? runs[1] : 0), 81);
}

TEST(ThreadGovernor, ShortBurstsOfOtherWorkDoNotKeepItLow) {
  Machine m;
  ThreadGovernor g = m.Governor(2);
  if (g.requested() < 2) {
    EXPECT_EQ(m.Run(&g, 0.02, 0.0, 0.0), 1);
    return;
  }
  EXPECT_EQ(m.Run(&g, 0.02, 0.0, 0.3), 2);  // one run disturbed
  EXPECT_EQ(m.Run(&g, 0.02, 0.05, 0.0), 1);  // so the next uses 1
  int last = 0;
  for (int i = 0; i < 20; ++i) last = m.Run(&g, 0.02, 0.05, 0.0);
  EXPECT_EQ(last, 2);
}

TEST(ThreadGovernor, FixedWhenNotAdaptive) {
  Machine m;
  ThreadGovernor g = m.Governor(2, /*adaptive=*/false);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(m.Run(&g, 0.05, 1.0, 0.5), 2);
  EXPECT_EQ(g.runs_by_threads()[1], 10);
}

TEST(ThreadGovernor, OneRequestedThreadIsNeverRaised) {
  Machine m;
  ThreadGovernor g = m.Governor(1);
  for (int i = 0; i < 30; ++i) EXPECT_EQ(m.Run(&g, 0.02, 0.0, 0.0), 1);
}

TEST(ThreadGovernor, RealCountersOfThisThreadAdvance) {
  const std::vector<pid_t> self{static_cast<pid_t>(::gettid())};
  const ThreadLoadCounters a = ReadThreadLoad(self, true);
  volatile double x = 0;
  for (int i = 0; i < 20000000; ++i) x = x + 1e-9 * i;
  const ThreadLoadCounters b = ReadThreadLoad(self, true);
  EXPECT_GT(b.wall_s, a.wall_s);
  EXPECT_GT(b.ours_run_s, a.ours_run_s);  // /proc/self/task/<tid>/schedstat is readable
  EXPECT_GE(b.ours_wait_s, a.ours_wait_s);
  EXPECT_GE(a.machine_busy_s, 0.0);  // /proc/stat is readable
  EXPECT_GE(b.machine_busy_s, a.machine_busy_s);
  EXPECT_LT(ReadThreadLoad(self, false).machine_busy_s, 0.0);
}

}  // namespace
}  // namespace lite
}  // namespace paddle
