// Public C++ API, with the names and signatures of Paddle Lite's
// paddle_api.h so that existing Paddle Lite code compiles unchanged.
//
// Errors: every error a user can cause (bad path, corrupt model, unsupported
// op, wrong input shape, bad configuration) throws paddle::lite_api::Error
// (paddle_error.h, derived from std::runtime_error) whose what() names the
// file/op/variable and what was expected. Nothing calls abort() or exit().
#pragma once
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "paddle_error.h"  // NOLINT
#include "paddle_place.h"  // NOLINT

namespace paddle {
namespace lite_api {

using shape_t = std::vector<int64_t>;
using lod_t = std::vector<std::vector<uint64_t>>;

enum class LiteModelType { kProtobuf = 0, kNaiveBuffer, UNK };

// How MobileConfig::SetArmL3CacheSize sizes the Arm workspace (no effect on
// x86: logged once as not applying).
enum class L3CacheSetMethod {
  kDeviceL3Cache = 0,
  kDeviceL2Cache = 1,
  kAbsolute = 2,
};

// False: this build has no OpenCL backend (check_fp16_valid is ignored).
bool IsOpenCLBackendValid(bool check_fp16_valid = false);
// The OpenCL device kind (UNKNOWN 0, QUALCOMM_ADRENO 1, ARM_MALI 2,
// IMAGINATION_POWERVR 3, OTHERS 4); -1 when OpenCL is not valid, which on
// this build is always.
int GetOpenCLDeviceType();

// A view of one of the predictor's tensors. It does not own the tensor; it
// stays valid as long as the predictor lives.
class Tensor {
 public:
  explicit Tensor(void* raw);
  explicit Tensor(const void* raw);

  void Resize(const shape_t& shape);
  // Read access; throws Error if the tensor holds another element type.
  template <typename T>
  const T* data() const;
  // Write access for the current shape (allocates as needed).
  template <typename T>
  T* mutable_data(TargetType type = TargetType::kHost) const;
  // Metal textures: this build has no Metal backend; throws Error.
  void* mutable_metal_data(void* ptr) const;
  // Uses `data` (memory_size bytes, owned by the caller and valid for as
  // long as the tensor uses it) as the tensor's memory, without copying.
  // Call Resize first (a tensor without a shape becomes 1-D over the whole
  // memory; a tensor without a type becomes float). target must be kHost
  // or kX86. Throws Error when memory_size is smaller than the shape needs.
  void ShareExternalMemory(void* data, size_t memory_size, TargetType target);
  // Copies numel() elements from host memory (call Resize first).
  template <typename T, TargetType type = TargetType::kHost>
  void CopyFromCpu(const T* data);
  // Copies numel() elements to host memory.
  template <typename T>
  void CopyToCpu(T* data) const;

  shape_t shape() const;
  TargetType target() const;
  PrecisionType precision() const;
  // Sets the element type (before mutable_data/ShareExternalMemory);
  // kUnk, kAny and NUM are rejected with an Error.
  void SetPrecision(PrecisionType precision);
  lod_t lod() const;
  void SetLoD(const lod_t& lod);
  bool IsInitialized() const;
  // Shared ownership of the tensor's current memory (data<T>() points at
  // it): while a copy of the returned pointer lives, that memory stays
  // valid and unchanged, because the tensor writes later results (the next
  // Run(), CopyFromCpu, mutable_data) into new memory instead. Null when the
  // tensor has no data. For bindings that hand out zero-copy views (the
  // Python package's numpy(copy=False)).
  std::shared_ptr<const void> data_holder() const;

 private:
  void* raw_tensor_;
};

class PaddlePredictor {
 public:
  PaddlePredictor() = default;
  virtual ~PaddlePredictor() = default;

  // Inputs/outputs in the order of the model's feed/fetch `col`.
  virtual std::unique_ptr<Tensor> GetInput(int i) = 0;
  virtual std::unique_ptr<const Tensor> GetOutput(int i) const = 0;
  virtual void Run() = 0;
  // A predictor sharing this one's weights (no copy) with its own
  // activations; clones may run concurrently in different threads.
  virtual std::shared_ptr<PaddlePredictor> Clone() = 0;
  // Like Clone(), but the clone gets its own copy of the weights named in
  // var_names (so it may change them without affecting this predictor);
  // throws Error naming a variable that is not a weight of the model.
  virtual std::shared_ptr<PaddlePredictor> Clone(const std::vector<std::string>& var_names) {
    (void)var_names;
    throw Error("Clone(var_names): this predictor cannot be cloned");
  }
  // Releases the memory of the intermediate and output tensors (inputs and
  // weights are kept); the next Run allocates again. Returns true.
  virtual bool TryShrinkMemory() { return false; }
  virtual std::string GetVersion() const = 0;
  virtual std::vector<std::string> GetInputNames() = 0;
  virtual std::vector<std::string> GetOutputNames() = 0;
  virtual std::vector<std::string> GetParamNames() = 0;
  virtual std::unique_ptr<Tensor> GetInputByName(const std::string& name) = 0;
  // Any variable of the model by name (inputs, outputs, intermediates,
  // weights); nullptr when the model has no variable of that name (as in
  // Paddle Lite).
  virtual std::unique_ptr<const Tensor> GetTensor(const std::string& name) const = 0;
  // Writable access to any variable by name; nullptr when absent. Writing a
  // weight changes it for every clone sharing it (use Clone(var_names)).
  virtual std::unique_ptr<Tensor> GetMutableTensor(const std::string& name) {
    (void)name;
    return nullptr;
  }
  // Saves the optimized model. The default, as in Paddle Lite, is
  // kProtobuf: a Paddle model (model_dir/__model__ + model_dir/__params__).
  // kNaiveBuffer writes `model_dir + ".nb"` (the file MobileConfig runs, see
  // docs/nb-format.md). record_info also writes .tailored_ops_list and
  // .tailored_kernels_list (one op type / kernel key a line: what the model
  // uses) into the folder holding the saved model (model_dir for kProtobuf,
  // the folder of model_dir + ".nb" for kNaiveBuffer). Predictors that cannot
  // save (the light one) throw Error.
  // The stream of a GPU/XPU target to run on (Paddle Lite: CUDA, XPU).
  // This build has only CPU targets, which have no streams: logged once
  // (by name) as not applying; the predictor runs as before.
  virtual void SetStream(TargetType target, void* stream);
  virtual void SaveOptimizedModel(const std::string& model_dir,
                                  LiteModelType model_type = LiteModelType::kProtobuf,
                                  bool record_info = false) {
    (void)model_type;
    (void)record_info;
    throw Error("SaveOptimizedModel('" + model_dir +
                "'): this predictor cannot save models (use a CxxConfig predictor or opt)");
  }

 protected:
  int threads_{1};
  PowerMode mode_{LITE_POWER_NO_BIND};
};

// Kunlun XPU settings in one struct (CxxConfig::set_xpu_config; the fields
// of Paddle Lite's XpuConfig). No XPU on this build: stored (see
// ConfigBase::target_configs()) and logged once as not applying.
struct XpuConfig {
  int device_id{0};
  size_t l3_size{0};
  void* l3_ptr{nullptr};
  size_t l3_autotune_size{0};
  void* stream{nullptr};
  int conv_autotune_level{0};
  std::string conv_autotune_file;
  bool conv_autotune_file_writeback{false};
  int fc_autotune_level{0};
  std::string fc_autotune_file;
  bool fc_autotune_file_writeback{false};
  int gemm_compute_precision{1};
  int transformer_softmax_optimize_level{0};
  bool transformer_encoder_adaptive_seqlen{true};
  float quant_post_static_gelu_out_threshold{10.f};
  int quant_post_dynamic_activation_method{0};
};

class ConfigBase {
 public:
  explicit ConfigBase(PowerMode mode = LITE_POWER_NO_BIND, int threads = 1)
      : mode_(mode), threads_(threads) {}
  virtual ~ConfigBase() = default;

  // A folder holding the model (see set_model_file for what is detected).
  void set_model_dir(const std::string& x) { model_dir_ = x; }
  const std::string& model_dir() const { return model_dir_; }
  // Arm core binding; accepted on every build, no effect on x86 (logged
  // once at CreatePaddlePredictor when not LITE_POWER_NO_BIND).
  void set_power_mode(PowerMode mode) { mode_ = mode; }
  PowerMode power_mode() const { return mode_; }
  // Number of CPU threads for kernels (>= 1). An upper bound: each Run uses
  // at most as many threads as there are free cores (other processes'
  // load measured run by run; PADDLE_LITE_ADAPTIVE_THREADS=0 uses exactly
  // this count; lite/core/thread_governor.h).
  void set_threads(int threads) { threads_ = threads; }
  int threads() const { return threads_; }
  // Threads of the x86 math kernels (Paddle Lite's MKL thread count). Our
  // x86 kernels share one OpenMP pool, so a predictor runs with
  // max(threads(), x86_math_num_threads()) threads.
  void set_x86_math_num_threads(int threads) { x86_math_num_threads_ = threads; }
  int x86_math_num_threads() const { return x86_math_num_threads_; }
  // Loops (Paddle `while` ops in the program's blocks): the most iterations
  // one loop may make in a Run(). A loop whose condition is still true after
  // `n` iterations makes Run() fail with an Error naming the op, its block
  // and its condition variable, so a model whose loop never ends can be
  // stopped. 0, the default, means no limit (as in Paddle); n < 0 is refused
  // by CreatePaddlePredictor. Clones keep the setting.
  void set_max_loop_iterations(int64_t n) { max_loop_iterations_ = n; }
  int64_t max_loop_iterations() const { return max_loop_iterations_; }

  // --- Settings of backends this build does not have. Each is accepted
  // and stored; CreatePaddlePredictor logs once per process, by name, that
  // it does not apply here (see inapplicable_settings()). ---
  // OpenCL (IsOpenCLBackendValid() is false on this build).
  void set_opencl_binary_path_name(const std::string& path, const std::string& name);
  void set_opencl_tune(CLTuneMode tune_mode = CL_TUNE_NONE, const std::string& path = "",
                       const std::string& name = "", size_t lws_repeats = 4);
  void set_opencl_precision(CLPrecisionType p = CL_PRECISION_AUTO);
  // The pre-NNAdapter NPU/XPU subgraph caches; NNAdapter's are
  // set_nnadapter_model_cache_dir/_buffers.
  void set_subgraph_model_cache_dir(std::string subgraph_model_cache_dir) {
    subgraph_model_cache_dir_ = subgraph_model_cache_dir;
    MarkInapplicable("set_subgraph_model_cache_dir");
  }
  const std::string& subgraph_model_cache_dir() const { return subgraph_model_cache_dir_; }
  void set_subgraph_model_cache_buffers(const std::string& key, const std::vector<char>& cfg,
                                        const std::vector<char>& bin);
  const std::map<std::string, std::pair<std::vector<char>, std::vector<char>>>&
  subgraph_model_cache_buffers() const {
    return subgraph_model_cache_buffers_;
  }
  // GPU/XPU device index (no such device here).
  void set_device_id(int device_id) {
    device_id_ = device_id;
    MarkInapplicable("set_device_id");
  }
  int get_device_id() const { return device_id_; }
  // Metal (Apple GPUs).
  void set_metal_lib_path(const std::string& path);
  void set_metal_use_mps(bool flag);
  void set_metal_use_aggressive(bool flag);
  void set_metal_device(void* device);
  void set_metal_use_memory_reuse(bool flag);
  std::string metal_lib_path() const { return metal_path_; }
  bool metal_use_mps() const { return metal_use_mps_; }
  bool metal_use_aggressive() const { return metal_use_aggressive_; }
  void* metal_device() const { return metal_device_; }
  bool metal_use_memory_reuse() const { return metal_use_memory_reuse_; }
  // Per-target settings structs (Paddle Lite: set_xpu_config stores an
  // XpuConfig under kXPU); each value points to the struct of its target.
  std::map<TargetType, std::shared_ptr<void>> target_configs() const { return target_configs_; }
  // The application's memory functions for the host tensors the library
  // allocates from now on (a process-wide setting, as in Paddle Lite;
  // memory is always released by the free of the allocator that made it).
  // target must be kHost, kX86 or kAny (this build's memory is host
  // memory); alloc and free must both be set, or both null to return to
  // the library's allocator. Throws Error otherwise.
  void set_custom_allocator(TargetType target_type, CustomAllocator custom_allocator);
  // Extension: the setters called on this config that have no effect on
  // this build, in call order (each once).
  const std::vector<std::string>& inapplicable_settings() const { return inapplicable_; }

  // Optimizer passes to skip, by name (CxxConfig; see docs/paddle-lite-
  // compatibility.md for how Paddle Lite's pass names map to ours). A name
  // that is no pass of this build is logged once and ignored.
  void add_discarded_pass(const std::string pass) { discarded_passes_.push_back(pass); }
  const std::vector<std::string> get_discarded_passes() const { return discarded_passes_; }

  // --- NNAdapter (see the NNAdapter doc: "Paddle Lite 为 NNAdapter 新增的接口") ---
  // True when the device's driver can be loaded (the reference device built
  // into libnnadapter always can).
  bool check_nnadapter_device_name(const std::string& device_name);
  // Devices to run subgraphs on, in priority order. Setting names enables
  // NNAdapter (no kNNAdapter place is needed); an unknown name makes
  // CreatePaddlePredictor throw an Error naming it.
  void set_nnadapter_device_names(const std::vector<std::string>& device_names) {
    nnadapter_device_names_ = device_names;
  }
  // "KEY=VALUE;KEY=VALUE" passed to every device.
  void set_nnadapter_context_properties(const std::string& context_properties) {
    nnadapter_context_properties_ = context_properties;
  }
  // A function a device driver calls to obtain runtime parameters from the
  // application (in Paddle Lite, e.g. event 0x0100 asks for a CUDA stream):
  // given to NNAdapterContext_create, hence to every device's
  // create_context (a driver that needs nothing from the application never
  // calls it).
  void set_nnadapter_context_callback(int (*nnadapter_context_callback)(int event_id,
                                                                        void* user_data)) {
    nnadapter_context_callback_ = nnadapter_context_callback;
  }
  int (*nnadapter_context_callback() const)(int event_id, void* user_data) {  // NOLINT
    return nnadapter_context_callback_;
  }
  // Folder of <token>.nnc compiled-program caches.
  void set_nnadapter_model_cache_dir(const std::string& model_cache_dir) {
    nnadapter_model_cache_dir_ = model_cache_dir;
  }
  // A compiled-program cache in memory for one subgraph token.
  void set_nnadapter_model_cache_buffers(const std::string& model_cache_token,
                                         const std::vector<char>& model_cache_buffer) {
    nnadapter_model_cache_buffers_[model_cache_token] = model_cache_buffer;
  }
  // Ops to force to the CPU: a file (read at CreatePaddlePredictor) or its
  // contents; one "op_type:in1,in2:out1" rule per line.
  // When neither is set, the environment variables
  // SUBGRAPH_PARTITION_CONFIG_FILE (a path) and then
  // SUBGRAPH_PARTITION_CONFIG_BUFFER (the contents) are read, as Paddle
  // Lite does.
  void set_nnadapter_subgraph_partition_config_path(const std::string& path) {
    nnadapter_subgraph_partition_config_path_ = path;
  }
  void set_nnadapter_subgraph_partition_config_buffer(const std::string& buffer) {
    nnadapter_subgraph_partition_config_buffer_ = buffer;
  }
  // Alternative shapes of the model inputs, for devices that compile every
  // shape ahead of time: input name -> its shapes.
  void set_nnadapter_dynamic_shape_info(
      const std::map<std::string, std::vector<std::vector<int64_t>>>& info) {
    nnadapter_dynamic_shape_info_ = info;
  }
  // (Ours, not Paddle Lite's.) Clusters of fewer ops stay on the CPU
  // (default 1).
  void set_nnadapter_min_subgraph_size(int size) { nnadapter_min_subgraph_size_ = size; }
  // (Ours.) Writes the partition report (JSON: every op's placement and why
  // it stayed on the CPU, every subgraph, totals) to `path` at
  // CreatePaddlePredictor; see docs/offload-debugging.md.
  void set_nnadapter_partition_report_path(const std::string& path) {
    nnadapter_partition_report_path_ = path;
  }
  // (Ours.) Strict mode: CreatePaddlePredictor throws an Error listing the
  // ops that would stay on the CPU instead of falling back to it.
  void set_nnadapter_strict_mode(bool strict) { nnadapter_strict_mode_ = strict; }
  int nnadapter_min_subgraph_size() const { return nnadapter_min_subgraph_size_; }
  const std::string& nnadapter_partition_report_path() const {
    return nnadapter_partition_report_path_;
  }
  bool nnadapter_strict_mode() const { return nnadapter_strict_mode_; }
  const std::vector<std::string>& nnadapter_device_names() const { return nnadapter_device_names_; }
  const std::string& nnadapter_context_properties() const { return nnadapter_context_properties_; }
  const std::string& nnadapter_model_cache_dir() const { return nnadapter_model_cache_dir_; }
  const std::map<std::string, std::vector<char>>& nnadapter_model_cache_buffers() const {
    return nnadapter_model_cache_buffers_;
  }
  const std::string& nnadapter_subgraph_partition_config_path() const {
    return nnadapter_subgraph_partition_config_path_;
  }
  const std::string& nnadapter_subgraph_partition_config_buffer() const {
    return nnadapter_subgraph_partition_config_buffer_;
  }
  const std::map<std::string, std::vector<std::vector<int64_t>>>& nnadapter_dynamic_shape_info()
      const {
    return nnadapter_dynamic_shape_info_;
  }

 private:
  std::string model_dir_;
  PowerMode mode_;
  int threads_;
  std::vector<std::string> nnadapter_device_names_;
  std::string nnadapter_context_properties_;
  std::string nnadapter_model_cache_dir_;
  std::map<std::string, std::vector<char>> nnadapter_model_cache_buffers_;
  std::string nnadapter_subgraph_partition_config_path_;
  std::string nnadapter_subgraph_partition_config_buffer_;
  std::map<std::string, std::vector<std::vector<int64_t>>> nnadapter_dynamic_shape_info_;
  int nnadapter_min_subgraph_size_{1};
  std::string nnadapter_partition_report_path_;
  bool nnadapter_strict_mode_{false};
  int (*nnadapter_context_callback_)(int event_id, void* user_data){nullptr};
  int x86_math_num_threads_{1};
  int64_t max_loop_iterations_{0};
  std::string subgraph_model_cache_dir_;
  std::map<std::string, std::pair<std::vector<char>, std::vector<char>>>
      subgraph_model_cache_buffers_;
  int device_id_{0};
  CLTuneMode opencl_tune_mode_{CL_TUNE_NONE};
  std::string opencl_bin_path_;
  std::string opencl_bin_name_;
  CLPrecisionType opencl_precision_{CL_PRECISION_AUTO};
  std::string metal_path_;
  bool metal_use_mps_{false};
  bool metal_use_aggressive_{false};
  void* metal_device_{nullptr};
  bool metal_use_memory_reuse_{false};
  std::vector<std::string> discarded_passes_;
  std::vector<std::string> inapplicable_;

 protected:
  std::map<TargetType, std::shared_ptr<void>> target_configs_;
  void MarkInapplicable(const std::string& setter);
};

// A Paddle model held in memory: the program bytes and the combined
// params bytes.
class CxxModelBuffer {
 public:
  CxxModelBuffer(const char* program_buffer, size_t program_buffer_size,
                 const char* params_buffer, size_t params_buffer_size)
      : program_(program_buffer, program_buffer_size),
        params_(params_buffer, params_buffer_size) {}
  CxxModelBuffer(std::string&& program_buffer, std::string&& params_buffer)
      : program_(std::move(program_buffer)), params_(std::move(params_buffer)) {}
  const std::string& get_program() const { return program_; }
  const std::string& get_params() const { return params_; }
  bool is_empty() const { return program_.empty(); }

  CxxModelBuffer() = default;
  CxxModelBuffer(const CxxModelBuffer&) = delete;

 private:
  std::string program_;
  std::string params_;
};

// Configuration of the full predictor, which loads a Paddle model
// (__model__ + per-variable files, *.pdmodel + *.pdiparams, __params__ /
// params / weights combined files, or memory buffers) and optimizes it.
class CxxConfig : public ConfigBase {
 public:
  void set_model_buffer(std::shared_ptr<CxxModelBuffer> model_buffer) {
    model_buffer_holder_ = std::move(model_buffer);
    model_from_memory_ = static_cast<bool>(model_buffer_holder_);
    if (model_buffer_holder_) {
      model_buffer_ = model_buffer_holder_->get_program();
      param_buffer_ = model_buffer_holder_->get_params();
    }
  }
  // The model in memory (an empty buffer when the model comes from files).
  const CxxModelBuffer& get_model_buffer() const {
    static const CxxModelBuffer empty;
    return model_buffer_holder_ ? *model_buffer_holder_ : empty;
  }
  bool model_from_memory() const { return model_from_memory_; }
  // Paddle Lite's internal pass selection: not applicable (our optimizer's
  // passes are fixed; skip passes with add_discarded_pass).
  void set_passes_internal(const std::vector<std::string>& passes_internal = {}) {
    passes_internal_ = passes_internal;
    if (!passes_internal.empty()) MarkInapplicable("set_passes_internal");
  }
  const std::vector<std::string>& get_passes_internal() const { return passes_internal_; }
  // XPU runtime options: none on this build.
  const std::shared_ptr<void> get_runtime_option() const { return nullptr; }
  // Kunlun XPU settings: no XPU on this build (each logged once).
  void set_xpu_workspace_l3_size_per_thread(int l3_size = 0x4000000);
  void set_xpu_l3_cache_method(size_t l3_size, bool locked = false);
  void set_xpu_l3_cache_autotune(bool autotune = true);
  void set_xpu_gm_workspace_method(size_t gm_size);
  void set_xpu_conv_autotune(bool autotune = true, const std::string& autotune_file = "");
  void set_xpu_dev_per_thread(int dev_no = 0);
  void enable_xpu_multi_stream();
  void set_xpu_multi_encoder_precision(const std::string& precision = "int16");
  void set_xpu_multi_encoder_method(const std::string& precision = "int16",
                                    bool adaptive_seqlen = false);
  void set_xpu_cluster_num(const int num);
  void set_xpu_sdnn_num(const int num);
  void set_xpu_local_quant(bool local_quant = false);
  void set_xpu_compute_precision(const std::string& precision = "int16");
  void set_xpu_dump_tensor_path(const std::string dump_tensor_path = "");
  void set_xpu_dump_log_path(const std::string dump_log_path = "");
  // All XPU settings at once; stored in target_configs()[kXPU].
  void set_xpu_config(const XpuConfig& xpu_config);

  // Inputs for a warm-up run: CreatePaddlePredictor fills input tensor_idx
  // of group group_idx (shape, lod, and data copied from `data`, or every
  // element set to fill_value when data is null) and runs each group once
  // before returning the predictor.
  template <class T>
  void set_preferred_inputs_for_warmup(const int group_idx, const int tensor_idx,
                                       const shape_t& shape, const lod_t& lod = {},
                                       const T fill_value = 0, const void* data = nullptr) {
    auto input = std::make_shared<WarmupInput>();
    input->tensor_idx = tensor_idx;
    input->shape = shape;
    input->lod = lod;
    input->precision = PrecisionTypeTrait<T>::Type();
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    input->bytes.resize(static_cast<size_t>(n) * sizeof(T));
    T* dst = reinterpret_cast<T*>(input->bytes.data());
    for (int64_t i = 0; i < n; ++i) dst[i] = fill_value;
    if (data) std::memcpy(input->bytes.data(), data, input->bytes.size());
    preferred_inputs_for_warmup_[group_idx].push_back(input);
  }
  // group -> inputs; each element points to a WarmupInput.
  const std::map<int, std::vector<std::shared_ptr<void>>>& preferred_inputs_for_warmup() const {
    return preferred_inputs_for_warmup_;
  }
  struct WarmupInput {
    int tensor_idx{0};
    shape_t shape;
    lod_t lod;
    PrecisionType precision{PrecisionType::kUnk};
    std::vector<char> bytes;
  };

  // Post-training weight quantization (Paddle Lite's post_quant_dynamic):
  // the weights of conv2d, mul and fc (Paddle Lite's default op set) are
  // stored by SaveOptimizedModel as QUANT_INT8 or QUANT_INT16 (default, as
  // in Paddle Lite) with one scale per output channel, and dequantized to
  // fp32 at load; this predictor already computes with those weights. See
  // docs/paddle-lite-compatibility.md.
  void set_quant_model(bool quant_model) { quant_model_ = quant_model; }
  bool quant_model() const { return quant_model_; }
  void set_quant_type(QuantType quant_type) { quant_type_ = quant_type; }
  QuantType quant_type() const { return quant_type_; }
  // Sparse conv detection (Paddle Lite: Arm-only sparse 1x1 conv kernels):
  // no sparse kernels on this build; logged once when enabled.
  void set_sparse_model(bool sparse_model) {
    sparse_model_ = sparse_model;
    if (sparse_model) MarkInapplicable("set_sparse_model");
  }
  bool sparse_model() const { return sparse_model_; }
  void set_sparse_threshold(float sparse_threshold) {
    sparse_threshold_ = sparse_threshold;
    MarkInapplicable("set_sparse_threshold");
  }
  float sparse_threshold() const { return sparse_threshold_; }

  // Quantized ops to run in float: a file (read at CreatePaddlePredictor)
  // or its contents, one "op_type:in1,in2:out1" rule per line (the
  // partition config's syntax). When neither is set, the environment
  // variables MIXED_PRECISION_QUANTIZATION_CONFIG_FILE (a path) and then
  // MIXED_PRECISION_QUANTIZATION_CONFIG_BUFFER (the contents) are read, as
  // Paddle Lite does.
  void set_nnadapter_mixed_precision_quantization_config_path(const std::string& path) {
    mixed_precision_quantization_config_path_ = path;
  }
  const std::string& nnadapter_mixed_precision_quantization_config_path() const {
    return mixed_precision_quantization_config_path_;
  }
  void set_nnadapter_mixed_precision_quantization_config_buffer(const std::string& buffer) {
    mixed_precision_quantization_config_buffer_ = buffer;
  }
  const std::string& nnadapter_mixed_precision_quantization_config_buffer() const {
    return mixed_precision_quantization_config_buffer_;
  }

  void set_valid_places(const std::vector<Place>& x) { valid_places_ = x; }
  const std::vector<Place>& valid_places() const { return valid_places_; }
  void set_model_file(const std::string& path) { model_file_ = path; }
  void set_param_file(const std::string& path) { param_file_ = path; }
  const std::string& model_file() const { return model_file_; }
  const std::string& param_file() const { return param_file_; }
  // Program bytes and combined-params bytes (copied).
  void set_model_buffer(const char* model_buffer, size_t model_buffer_size,
                        const char* param_buffer, size_t param_buffer_size) {
    model_buffer_.assign(model_buffer, model_buffer_size);
    param_buffer_.assign(param_buffer, param_buffer_size);
    model_from_memory_ = true;
    model_buffer_holder_.reset();
  }
  bool is_model_from_memory() const { return model_from_memory_; }
  // Extension: optimizer passes to skip, by name (e.g. "conv_bn_fuse_pass";
  // an unknown name is an error at CreatePaddlePredictor).
  void set_disabled_passes(const std::vector<std::string>& names) { disabled_passes_ = names; }
  const std::vector<std::string>& disabled_passes() const { return disabled_passes_; }
  const std::string& model_buffer() const { return model_buffer_; }
  const std::string& param_buffer() const { return param_buffer_; }
  // (Ours; Paddle Lite has no such setter.) How ops are placed on the
  // NNAdapter devices and the CPU: "greedy" (every op a device supports is
  // offloaded, the default) or "cost" (an op stays on the CPU when the
  // devices' declared or measured capabilities estimate it faster there;
  // docs/offload-debugging.md). Carried to NNAdapter and into the .nb as
  // the context property NNADAPTER_PARTITION; any other value is an Error
  // at CreatePaddlePredictor.
  void set_nnadapter_partition_strategy(const std::string& strategy) {
    nnadapter_partition_strategy_ = strategy;
  }
  const std::string& nnadapter_partition_strategy() const { return nnadapter_partition_strategy_; }

 private:
  std::string nnadapter_partition_strategy_;
  std::vector<Place> valid_places_;
  std::string model_file_;
  std::string param_file_;
  std::string model_buffer_;
  std::string param_buffer_;
  bool model_from_memory_{false};
  std::vector<std::string> disabled_passes_;
  std::shared_ptr<CxxModelBuffer> model_buffer_holder_;
  std::vector<std::string> passes_internal_;
  std::map<int, std::vector<std::shared_ptr<void>>> preferred_inputs_for_warmup_;
  bool quant_model_{false};
  QuantType quant_type_{QuantType::QUANT_INT16};
  bool sparse_model_{false};
  float sparse_threshold_{0.6f};
  std::string mixed_precision_quantization_config_path_;
  std::string mixed_precision_quantization_config_buffer_;
};

// Configuration of the light predictor, which runs an optimized `.nb` model
// made by `opt` (or SaveOptimizedModel) without the optimizer and without
// protobuf. The NNAdapter setters of ConfigBase apply; when no device names
// are set, the devices the model was optimized for (stored in the .nb) are
// used.
class MobileConfig : public ConfigBase {
 public:
  // Path of the .nb file; it is mapped, and weights are used in place.
  void set_model_from_file(const std::string& x) {
    lite_model_file_ = x;
    model_from_memory_ = false;
  }
  // The .nb bytes (copied into aligned memory owned by the predictor).
  void set_model_from_buffer(const std::string& x) {
    lite_model_buffer_ = x;
    model_from_memory_ = true;
  }
  void set_model_from_buffer(std::string&& x) {
    lite_model_buffer_ = std::move(x);
    model_from_memory_ = true;
  }
  void set_model_from_buffer(const char* buffer, size_t length) {
    lite_model_buffer_.assign(buffer, length);
    model_from_memory_ = true;
  }
  bool is_model_from_memory() const { return model_from_memory_; }
  bool model_from_memory() const { return model_from_memory_; }
  const std::string& lite_model_file() const { return lite_model_file_; }
  const std::string& lite_model_buffer() const { return lite_model_buffer_; }
  // The .nb bytes given to set_model_from_buffer (Paddle Lite's names):
  // this config's own copy of them (Paddle Lite keeps the caller's pointer
  // for the (buffer, length) overload; here every overload copies, so the
  // caller may free its buffer at once). Null and 0 when the model comes
  // from a file.
  const char* lite_model_buffer_ptr() const {
    return model_from_memory_ ? lite_model_buffer_.data() : nullptr;
  }
  size_t lite_model_buffer_size() const {
    return model_from_memory_ ? lite_model_buffer_.size() : 0;
  }
  // LOW lets Paddle Lite run Arm fp16 kernels; this build computes in fp32
  // (LOW is logged once as not applying).
  void set_precision_mode(PrecisionMode mode) {
    precision_mode_ = mode;
    if (mode != LITE_PRECISION_NORMAL) MarkInapplicable("set_precision_mode");
  }
  PrecisionMode precision_mode() const { return precision_mode_; }
  // Deprecated in Paddle Lite: the split naive-buffer model of Paddle Lite
  // < 2.6 (a program buffer and a params buffer). That format is not ours:
  // CreatePaddlePredictor throws an Error saying to convert with opt.
  void set_model_buffer(const char* model_buffer, size_t model_buffer_size,
                        const char* param_buffer, size_t param_buffer_size) {
    model_buffer_.assign(model_buffer, model_buffer_size);
    param_buffer_.assign(param_buffer, param_buffer_size);
  }
  const std::string& model_buffer() const { return model_buffer_; }
  const std::string& param_buffer() const { return param_buffer_; }
  // Arm L3 cache workspace: no effect on x86 (logged once).
  void SetArmL3CacheSize(L3CacheSetMethod method = L3CacheSetMethod::kDeviceL3Cache,
                         int absolute_val = -1);
  // False: x86 kernels of this build have no fp16 arithmetic.
  bool check_fp16_valid() { return false; }

 private:
  PrecisionMode precision_mode_{LITE_PRECISION_NORMAL};
  std::string model_buffer_;
  std::string param_buffer_;

  std::string lite_model_file_;
  std::string lite_model_buffer_;
  bool model_from_memory_{false};
};

// Creates a predictor; throws Error (naming the file/op/variable) when the
// model cannot be loaded.
template <typename ConfigT>
std::shared_ptr<PaddlePredictor> CreatePaddlePredictor(const ConfigT&);

}  // namespace lite_api
}  // namespace paddle
