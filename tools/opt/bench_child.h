// What the .nb load benchmarks (nb_load_bench, paddle_lite_nb_bench) share:
// each measurement runs in a fresh child process of the same binary (peak
// RSS never decreases), which prints its numbers on one line.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace paddle {
namespace lite {
namespace bench {

// A "key: value kB" line of /proc/self/status (e.g. "VmHWM:"), -1 if absent.
inline long StatusKb(const char* key) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(key, 0) == 0) return std::atol(line.c_str() + std::strlen(key));
  }
  return -1;
}

// Runs `cmd` (a child mode of this binary) and reads `count` numbers from
// its output; exits the benchmark when the child fails.
inline std::vector<double> ChildNumbers(const std::string& cmd, size_t count) {
  FILE* f = ::popen(cmd.c_str(), "r");
  std::vector<double> v(count, 0);
  size_t got = 0;
  while (f && got < count && std::fscanf(f, "%lf", &v[got]) == 1) ++got;
  if (f) ::pclose(f);
  if (got != count) {
    std::cerr << "child failed: " << cmd << "\n";
    std::exit(1);
  }
  return v;
}

// --name=value among the arguments, else `fallback`.
inline std::string Arg(int argc, char** argv, const std::string& name,
                       const std::string& fallback) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--" + name + "=", 0) == 0) return a.substr(name.size() + 3);
  }
  return fallback;
}

}  // namespace bench
}  // namespace lite
}  // namespace paddle
