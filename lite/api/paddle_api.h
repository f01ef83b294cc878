// Public C++ API, with the names and signatures of Paddle Lite's
// paddle_api.h so that existing Paddle Lite code compiles unchanged.
//
// Errors: every error a user can cause (bad path, corrupt model, unsupported
// op, wrong input shape, bad configuration) throws paddle::lite_api::Error
// (paddle_error.h, derived from std::runtime_error) whose what() names the
// file/op/variable and what was expected. Nothing calls abort() or exit().
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "paddle_error.h"  // NOLINT
#include "paddle_place.h"  // NOLINT

namespace paddle {
namespace lite_api {

using shape_t = std::vector<int64_t>;
using lod_t = std::vector<std::vector<uint64_t>>;

enum PowerMode {
  LITE_POWER_HIGH = 0,
  LITE_POWER_LOW = 1,
  LITE_POWER_FULL = 2,
  LITE_POWER_NO_BIND = 3,
  LITE_POWER_RAND_HIGH = 4,
  LITE_POWER_RAND_LOW = 5
};

enum class LiteModelType { kProtobuf = 0, kNaiveBuffer, UNK };

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
  // Copies numel() elements from host memory (call Resize first).
  template <typename T, TargetType type = TargetType::kHost>
  void CopyFromCpu(const T* data);
  // Copies numel() elements to host memory.
  template <typename T>
  void CopyToCpu(T* data) const;

  shape_t shape() const;
  TargetType target() const;
  PrecisionType precision() const;
  lod_t lod() const;
  void SetLoD(const lod_t& lod);
  bool IsInitialized() const;

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
  virtual std::string GetVersion() const = 0;
  virtual std::vector<std::string> GetInputNames() = 0;
  virtual std::vector<std::string> GetOutputNames() = 0;
  virtual std::vector<std::string> GetParamNames() = 0;
  virtual std::unique_ptr<Tensor> GetInputByName(const std::string& name) = 0;
  // Any variable of the model by name (inputs, outputs, intermediates,
  // weights); throws Error if absent.
  virtual std::unique_ptr<const Tensor> GetTensor(const std::string& name) const = 0;
  // Saves the optimized model: kNaiveBuffer writes `model_dir + ".nb"` (the
  // file MobileConfig runs, see docs/nb-format.md); kProtobuf writes a Paddle
  // model (model_dir/__model__ + model_dir/__params__). Predictors that
  // cannot save (the light one) throw Error.
  virtual void SaveOptimizedModel(const std::string& model_dir,
                                  LiteModelType model_type = LiteModelType::kNaiveBuffer,
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

class ConfigBase {
 public:
  explicit ConfigBase(PowerMode mode = LITE_POWER_NO_BIND, int threads = 1)
      : mode_(mode), threads_(threads) {}
  virtual ~ConfigBase() = default;

  // A folder holding the model (see set_model_file for what is detected).
  void set_model_dir(const std::string& x) { model_dir_ = x; }
  const std::string& model_dir() const { return model_dir_; }
  void set_power_mode(PowerMode mode) { mode_ = mode; }
  PowerMode power_mode() const { return mode_; }
  // Number of CPU threads for kernels (>= 1).
  void set_threads(int threads) { threads_ = threads; }
  int threads() const { return threads_; }

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
  void set_nnadapter_subgraph_partition_config_path(const std::string& path) {
    nnadapter_subgraph_partition_config_path_ = path;
  }
  void set_nnadapter_subgraph_partition_config_buffer(const std::string& buffer) {
    nnadapter_subgraph_partition_config_buffer_ = buffer;
  }
  // Alternative shapes of the model inputs, for devices that compile every
  // shape ahead of time.
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
};

// Configuration of the full predictor, which loads a Paddle model
// (__model__ + per-variable files, *.pdmodel + *.pdiparams, __params__ /
// params / weights combined files, or memory buffers) and optimizes it.
class CxxConfig : public ConfigBase {
 public:
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
  }
  bool is_model_from_memory() const { return model_from_memory_; }
  // Extension: optimizer passes to skip, by name (e.g. "conv_bn_fuse_pass";
  // an unknown name is an error at CreatePaddlePredictor).
  void set_disabled_passes(const std::vector<std::string>& names) { disabled_passes_ = names; }
  const std::vector<std::string>& disabled_passes() const { return disabled_passes_; }
  const std::string& model_buffer() const { return model_buffer_; }
  const std::string& param_buffer() const { return param_buffer_; }

 private:
  std::vector<Place> valid_places_;
  std::string model_file_;
  std::string param_file_;
  std::string model_buffer_;
  std::string param_buffer_;
  bool model_from_memory_{false};
  std::vector<std::string> disabled_passes_;
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
  const std::string& lite_model_file() const { return lite_model_file_; }
  const std::string& lite_model_buffer() const { return lite_model_buffer_; }

 private:
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
