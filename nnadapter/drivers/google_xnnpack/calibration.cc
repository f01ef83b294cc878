#include "calibration.h"

#include <dlfcn.h>
#include <omp.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xnnpack.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <filesystem>
#include <fstream>
#include <oneapi/dnnl/dnnl.hpp>
#include <sstream>
#include <thread>
#include <vector>

#include "nnadapter/utility/logging.h"
#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/performance_info.h"
#include "profile.h"

namespace nnadapter {
namespace google_xnnpack {

namespace {

// The calibration workload: NCHW activations of [1, kC, kH, kW].
constexpr int32_t kC = 64, kH = 28, kW = 28;
constexpr int kRepeats = 10, kRounds = 3;
// Bumped when the workload or the figures it writes change (older cache
// files are then measured again).
constexpr int kCalibrationVersion = 2;
// The figures the cache holds (the measured ones).
// (No CONV_2D figure: a per-operation figure applies to every operand type
// and would hide the quant8 one from int8 convolutions; float32 is the
// convolution-dominated workload's.)
constexpr const char* kMeasuredKeys[] = {"float32.exec_time", "float32.power_usage",
                                         "ADD.exec_time", "ADD.power_usage",
                                         "cpu_ns_per_mac"};
// Also measured when XNNPACK runs the int8 workload (else declared).
constexpr const char* kQuant8Keys[] = {"quant8_symm.exec_time", "quant8_symm.power_usage"};

std::string CpuModel() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  }
  return "unknown CPU";
}

// The file a symbol was loaded from, with its size (a new library build
// changes it).
std::string LibraryOf(const void* symbol) {
  Dl_info info;
  if (!dladdr(symbol, &info) || !info.dli_fname) return "unknown";
  struct stat st;
  const std::string path = info.dli_fname;
  return stat(path.c_str(), &st) == 0 ? path + ":" + std::to_string(st.st_size) : path;
}

std::string CacheKey(int driver_version) {
  const dnnl_version_t* v = dnnl_version();
  return CpuModel() + "|xnnpack " +
         LibraryOf(reinterpret_cast<const void*>(&xnn_initialize)) + "|onednn " +
         std::to_string(v->major) + "." + std::to_string(v->minor) + "." +
         std::to_string(v->patch) + "|driver " + std::to_string(driver_version) +
         "|calibration " + std::to_string(kCalibrationVersion);
}

// ---- the workload as NNAdapter operations (timed on XNNPACK) -------------

core::Operand* Operand(OwnedModel* m, NNAdapterOperandPrecision precision,
                       std::vector<int32_t> dims, const void* data, size_t bytes) {
  m->model.operands.emplace_back();
  core::Operand* o = &m->model.operands.back();
  std::memset(&o->type, 0, sizeof(o->type));
  o->type.precision = precision;
  o->type.lifetime = data ? NNADAPTER_CONSTANT_COPY : NNADAPTER_TEMPORARY_VARIABLE;
  o->type.dimensions.count = static_cast<uint32_t>(dims.size());
  std::copy(dims.begin(), dims.end(), o->type.dimensions.data);
  if (data) {
    o->buffer = m->Own(data, bytes);
    o->length = static_cast<uint32_t>(bytes);
  }
  return o;
}

core::Operand* Int32s(OwnedModel* m, std::vector<int32_t> v, bool scalar) {
  return Operand(m, NNADAPTER_INT32,
                 scalar ? std::vector<int32_t>{} : std::vector<int32_t>{int32_t(v.size())},
                 v.data(), v.size() * sizeof(int32_t));
}

// Quantization of the int8 workload (QUANT_INT8/INT32_SYMM_PER_LAYER).
constexpr float kInScale = 0.05f, kWeightScale = 0.01f, kOutScale = 0.1f;

core::Operand* Quantized(OwnedModel* m, NNAdapterOperandPrecision precision,
                         std::vector<int32_t> dims, float scale, const void* data,
                         size_t bytes) {
  core::Operand* o = Operand(m, precision, std::move(dims), data, bytes);
  o->type.symm_per_layer_params.scale = scale;
  return o;
}

// A k x k CONV_2D over the workload, float32 or int8 (symmetric per layer).
core::Operation* Conv(OwnedModel* m, int32_t k, int32_t group, bool int8) {
  const int32_t cig = kC / group, pad = k / 2;
  const size_t n = static_cast<size_t>(kC * cig * k * k);
  std::vector<float> w(n, 0.01f), b(kC, 0.f);
  std::vector<int8_t> qw(n, 1);
  std::vector<int32_t> qb(kC, 0);
  const auto act = int8 ? NNADAPTER_QUANT_INT8_SYMM_PER_LAYER : NNADAPTER_FLOAT32;
  core::Operand* x = Quantized(m, act, {1, kC, kH, kW}, kInScale, nullptr, 0);
  core::Operand* y = Quantized(m, act, {1, kC, kH, kW}, kOutScale, nullptr, 0);
  core::Operand* filter =
      int8 ? Quantized(m, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {kC, cig, k, k}, kWeightScale,
                       qw.data(), qw.size())
           : Operand(m, NNADAPTER_FLOAT32, {kC, cig, k, k}, w.data(), w.size() * 4);
  core::Operand* bias =
      int8 ? Quantized(m, NNADAPTER_QUANT_INT32_SYMM_PER_LAYER, {kC}, kInScale * kWeightScale,
                       qb.data(), qb.size() * 4)
           : Operand(m, NNADAPTER_FLOAT32, {kC}, b.data(), b.size() * 4);
  m->model.operations.emplace_back();
  core::Operation* op = &m->model.operations.back();
  op->type = NNADAPTER_CONV_2D;
  op->input_operands = {
      x, filter, bias, Int32s(m, {NNADAPTER_AUTO_PAD_NONE}, true),
      Int32s(m, {pad, pad, pad, pad}, false), Int32s(m, {1, 1}, false), Int32s(m, {group}, true),
      Int32s(m, {1, 1}, false), Int32s(m, {NNADAPTER_FUSED_NONE}, true)};
  op->output_operands = {y};
  return op;
}

core::Operation* Add(OwnedModel* m) {
  m->model.operations.emplace_back();
  core::Operation* op = &m->model.operations.back();
  op->type = NNADAPTER_ADD;
  op->input_operands = {Operand(m, NNADAPTER_FLOAT32, {1, kC, kH, kW}, nullptr, 0),
                        Operand(m, NNADAPTER_FLOAT32, {1, kC, kH, kW}, nullptr, 0),
                        Int32s(m, {NNADAPTER_FUSED_NONE}, true)};
  op->output_operands = {Operand(m, NNADAPTER_FLOAT32, {1, kC, kH, kW}, nullptr, 0)};
  return op;
}

// ---- the CPU path's kernels ------------------------------------------------

template <typename F>
double BestMs(F run) {
  run();  // warm up
  double best = 1e30;
  for (int r = 0; r < kRounds; r++) {
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kRepeats; i++) run();
    best = std::min(best, std::chrono::duration<double, std::milli>(
                              std::chrono::steady_clock::now() - start)
                                  .count() /
                              kRepeats);
  }
  return best;
}

// Whether the CPU path runs int8 convolutions on oneDNN's s8 primitives:
// only with VNNI, else it computes the same integer products in fp32 (the
// fact is lite/operators/nn/int8_float_emulation.h's, which this layer
// cannot include).
bool CpuPathInt8IsExact() {
  const unsigned isa = static_cast<unsigned>(dnnl::get_effective_cpu_isa());
  auto has = [isa](dnnl::cpu_isa want) {
    const unsigned w = static_cast<unsigned>(want);
    return (isa & w) == w;
  };
  return has(dnnl::cpu_isa::avx512_core_vnni) || has(dnnl::cpu_isa::avx2_vnni);
}

// A oneDNN NHWC convolution of the workload's shape (weights packed once,
// outside the timing), as lite's conv2d (float) and conv2d_int8 kernels
// run it: `s8` activations and weights with output scales, else f32.
double OneDnnConvMs(int32_t k, int32_t group, bool s8) {
  using tag = dnnl::memory::format_tag;
  using dt = dnnl::memory::data_type;
  dnnl::engine eng(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(eng);
  const dnnl::memory::dims act{1, kC, kH, kW};
  const dnnl::memory::dims wdims =
      group == 1 ? dnnl::memory::dims{kC, kC, k, k}
                 : dnnl::memory::dims{group, kC / group, kC / group, k, k};
  const dnnl::memory::dim pad = k / 2;
  const dt q = s8 ? dt::s8 : dt::f32;
  dnnl::memory::desc src(act, q, tag::nhwc), dst(act, q, tag::nhwc);
  dnnl::memory::desc w_any(wdims, q, tag::any), b_md({kC}, dt::f32, tag::x);
  dnnl::convolution_forward::desc desc(
      dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct, src, w_any,
      b_md, dst, {1, 1}, {pad, pad}, {pad, pad});
  dnnl::primitive_attr attr;
  if (s8) attr.set_output_scales(0, {kInScale * kWeightScale / kOutScale});
  dnnl::convolution_forward::primitive_desc pd(desc, attr, eng);
  // Buffers of 4-byte elements serve both types (s8 uses the first bytes).
  std::vector<float> x(static_cast<size_t>(kC * kH * kW), 0.5f), y(x.size());
  std::vector<float> w(static_cast<size_t>(kC * (kC / group) * k * k), 0.01f), b(kC, 0.f);
  if (s8) {
    std::memset(x.data(), 1, x.size());
    std::memset(w.data(), 1, w.size());
  }
  dnnl::memory w_plain({wdims, q, group == 1 ? tag::oihw : tag::goihw}, eng, w.data());
  dnnl::memory w_packed(pd.weights_desc(), eng);
  dnnl::reorder(w_plain, w_packed).execute(stream, w_plain, w_packed);
  dnnl::memory xm(src, eng, x.data()), ym(dst, eng, y.data()), bm(b_md, eng, b.data());
  dnnl::convolution_forward conv(pd);
  return BestMs([&] {
    conv.execute(stream, {{DNNL_ARG_SRC, xm}, {DNNL_ARG_WEIGHTS, w_packed},
                          {DNNL_ARG_BIAS, bm}, {DNNL_ARG_DST, ym}});
    stream.wait();
  });
}

// Where LoopAddMs stores one result, so that its loop is not optimized away.
volatile float g_add_sink = 0;

double LoopAddMs() {
  std::vector<float> a(static_cast<size_t>(kC * kH * kW), 0.5f), b(a.size(), 0.25f),
      c(a.size());
  return BestMs([&] {
    for (size_t i = 0; i < c.size(); i++) c[i] = a[i] + b[i];
    // Keep the loop: the result is read (no abort inside a driver).
    g_add_sink = c[c.size() / 2];
  });
}

struct Figures {
  double add_ratio = 0, float32_ratio = 0, cpu_ns_per_mac = 0;
  double quant8_ratio = 0;  // 0: the int8 workload could not run
};

bool Calibrate(Figures* f, std::string* error) {
  OwnedModel m;
  const core::Operation* pointwise = Conv(&m, 1, 1, false);
  const core::Operation* depthwise = Conv(&m, 3, kC, false);
  const core::Operation* add = Add(&m);
  const core::Operation* pointwise8 = Conv(&m, 1, 1, true);
  const core::Operation* depthwise8 = Conv(&m, 3, kC, true);
  auto xnn = [&](const core::Operation* op) {
    double best = 1e30;
    for (int r = 0; r < kRounds; r++) best = std::min(best, TimeOperation(*op, nullptr, kRepeats));
    return best;
  };
  const double xnn_pw = xnn(pointwise), xnn_dw = xnn(depthwise), xnn_add = xnn(add);
  if (xnn_pw <= 0 || xnn_dw <= 0 || xnn_add <= 0) {
    *error = "XNNPACK could not run the calibration workload";
    return false;
  }
  // The CPU path at one thread, like the XNNPACK runs (this thread's
  // OpenMP team size, restored after).
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  double cpu_pw = 0, cpu_dw = 0, cpu_add = 0, cpu_pw8 = 0, cpu_dw8 = 0;
  const bool exact_int8 = CpuPathInt8IsExact();
  try {
    cpu_pw = OneDnnConvMs(1, 1, false);
    cpu_dw = OneDnnConvMs(3, kC, false);
    cpu_add = LoopAddMs();
    cpu_pw8 = exact_int8 ? OneDnnConvMs(1, 1, true) : cpu_pw;
    cpu_dw8 = exact_int8 ? OneDnnConvMs(3, kC, true) : cpu_dw;
  } catch (const dnnl::error& e) {
    omp_set_num_threads(threads);
    *error = std::string("oneDNN could not run the calibration workload: ") + e.what();
    return false;
  }
  omp_set_num_threads(threads);
  const double macs = double(kC) * kH * kW * (kC + 9);
  f->add_ratio = xnn_add / cpu_add;
  f->float32_ratio = (xnn_pw + xnn_dw + xnn_add) / (cpu_pw + cpu_dw + cpu_add);
  f->cpu_ns_per_mac = (cpu_pw + cpu_dw) * 1e6 / macs;
  // int8: XNNPACK's qs8 convolutions against the CPU path's int8 ones
  // (oneDNN s8 with VNNI, else the fp32 emulation: the float timings).
  const double xnn_pw8 = xnn(pointwise8), xnn_dw8 = xnn(depthwise8);
  if (xnn_pw8 > 0 && xnn_dw8 > 0) f->quant8_ratio = (xnn_pw8 + xnn_dw8) / (cpu_pw8 + cpu_dw8);
  NNADAPTER_VLOG(1) << "google_xnnpack calibration (1 thread, ms): 1x1 conv xnnpack "
                    << xnn_pw << " oneDNN " << cpu_pw << "; 3x3 depthwise " << xnn_dw
                    << " / " << cpu_dw << "; add " << xnn_add << " / " << cpu_add
                    << "; int8 convs (CPU path " << (exact_int8 ? "s8" : "fp32 emulation")
                    << ") " << xnn_pw8 + xnn_dw8 << " / " << cpu_pw8 + cpu_dw8;
  return true;
}

std::vector<std::pair<std::string, double>> AsFigures(const Figures& f) {
  // Power: XNNPACK and the CPU path use the same cores, so energy follows
  // time.
  std::vector<std::pair<std::string, double>> figures = {
      {"float32.exec_time", f.float32_ratio}, {"float32.power_usage", f.float32_ratio},
      {"ADD.exec_time", f.add_ratio},         {"ADD.power_usage", f.add_ratio},
      {"cpu_ns_per_mac", f.cpu_ns_per_mac}};
  if (f.quant8_ratio > 0) {
    for (const char* k : kQuant8Keys) figures.emplace_back(k, f.quant8_ratio);
  }
  return figures;
}

// The cached figures for `key`; false (with the reason) if the file is
// missing, for another key, or malformed.
bool ReadCache(const std::string& path, const std::string& key,
               std::vector<std::pair<std::string, std::string>>* figures,
               std::string* why) {
  std::ifstream in(path);
  if (!in.good()) {
    *why = "no cache file";
    return false;
  }
  std::string line;
  while (std::getline(in, line) && (line.empty() || line[0] == '#')) {
  }
  if (line != "key=" + key) {
    *why = "its key is for another machine or library: " + line.substr(0, 120);
    return false;
  }
  NNAdapterCapabilities probe = CpuEquivalentCapabilities();
  while (std::getline(in, line)) {
    const size_t eq = line.find('=');
    std::string message;
    if (eq == std::string::npos ||
        !SetPerformanceFigure(line.substr(0, eq), line.substr(eq + 1), &probe, &message)) {
      *why = "malformed line '" + line.substr(0, 80) + "'" + (message.empty() ? "" : ": ") +
             message;
      return false;
    }
    figures->emplace_back(line.substr(0, eq), line.substr(eq + 1));
  }
  for (const char* k : kMeasuredKeys) {
    bool found = false;
    for (const auto& kv : *figures) found = found || kv.first == k;
    if (!found) {
      *why = std::string("missing ") + k;
      return false;
    }
  }
  return true;
}

// Atomic: a temporary file renamed over the old one.
void WriteCache(const std::string& path, const std::string& key,
                const std::vector<std::pair<std::string, double>>& figures) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  // Unique per process and thread: concurrent writers never share a file.
  const std::string tmp = path + ".tmp" + std::to_string(::getpid()) + "." +
                          std::to_string(std::hash<std::thread::id>()(std::this_thread::get_id()));
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << "# google_xnnpack calibration: XNNPACK time / the CPU path's time (1 thread).\n"
        << "# Delete this file to measure again.\n"
        << "key=" << key << "\n";
    for (const auto& kv : figures) out << kv.first << "=" << kv.second << "\n";
    if (!out.good()) {
      NNADAPTER_VLOG(1) << "google_xnnpack: cannot write the calibration cache " << tmp;
      std::filesystem::remove(tmp, ec);
      return;
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    NNADAPTER_VLOG(1) << "google_xnnpack: cannot write the calibration cache " << path << ": "
                      << ec.message();
    std::filesystem::remove(tmp, ec);
  }
}

}  // namespace

std::string CalibrationCachePath() {
  const char* dir = std::getenv("NNADAPTER_CACHE_DIR");
  if (dir && *dir) return std::string(dir) + "/google_xnnpack_capabilities.txt";
  return "";
}

bool MeasuredCapabilities(int driver_version, NNAdapterCapabilities* capabilities,
                          std::string* error) {
  const std::string path = CalibrationCachePath(), key = CacheKey(driver_version);
  // Without a cache folder the figures are measured once per process.
  static std::mutex memo_mu;
  static std::vector<std::pair<std::string, std::string>> memo;
  std::vector<std::pair<std::string, std::string>> cached;
  std::string why = "no memo";
  if (path.empty()) {
    std::lock_guard<std::mutex> lock(memo_mu);
    cached = memo;
  }
  if (cached.empty() && (path.empty() || !ReadCache(path, key, &cached, &why))) {
    if (!path.empty()) {
      NNADAPTER_VLOG(1) << "google_xnnpack: calibration cache " << path << " not used (" << why
                        << "): measuring";
    }
    Figures f;
    if (!Calibrate(&f, error)) return false;
    const auto figures = AsFigures(f);
    if (!path.empty()) WriteCache(path, key, figures);
    cached.clear();
    for (const auto& kv : figures) {
      std::ostringstream value;
      value << kv.second;
      cached.emplace_back(kv.first, value.str());
    }
    if (path.empty()) {
      std::lock_guard<std::mutex> lock(memo_mu);
      memo = cached;
    }
  }
  for (const auto& kv : cached) {
    if (!SetPerformanceFigure(kv.first, kv.second, capabilities, error)) return false;
  }
  capabilities->source = NNADAPTER_CAPABILITIES_MEASURED;
  return true;
}

}  // namespace google_xnnpack
}  // namespace nnadapter
