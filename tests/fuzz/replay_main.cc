// Replays fuzz inputs through a fuzz harness without libFuzzer (any
// compiler): `nnadapter_fuzz_<name>_replay FILE_OR_DIR...` runs
// LLVMFuzzerTestOneInput once per file (directories: every regular file, in
// name order). CTest runs it over tests/fuzz/regressions/<name>/, the inputs
// that once crashed, so a fixed finding stays fixed in every build
// (including the ASan/UBSan one of tools/scripts/run_sanitizers.sh).
// Exit status: 0 when every input ran (a crash or sanitizer report aborts
// the process), 1 when no input was found or a file cannot be read.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv);
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::error_code ec;
    if (fs::is_directory(argv[i], ec)) {
      std::vector<std::string> in_dir;
      for (const auto& e : fs::directory_iterator(argv[i], ec)) {
        if (e.is_regular_file()) in_dir.push_back(e.path().string());
      }
      std::sort(in_dir.begin(), in_dir.end());
      files.insert(files.end(), in_dir.begin(), in_dir.end());
    } else {
      files.push_back(argv[i]);
    }
  }
  if (files.empty()) {
    std::fprintf(stderr, "%s: no input files (usage: %s FILE_OR_DIR...)\n", argv[0], argv[0]);
    return 1;
  }
  LLVMFuzzerInitialize(&argc, &argv);
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "%s: cannot read %s\n", argv[0], f.c_str());
      return 1;
    }
    std::vector<uint8_t> data((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
    std::printf("replaying %s (%zu bytes)\n", f.c_str(), data.size());
    std::fflush(stdout);
    LLVMFuzzerTestOneInput(data.data(), data.size());
  }
  std::printf("%zu inputs replayed without a crash\n", files.size());
  return 0;
}
