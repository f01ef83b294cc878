#include "runtime/compilation.h"

#include <cstdio>
#include <map>

#include "file_access/file_access.h"
#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/logging.h"
#include "nnadapter/utility/modeling.h"
#include "runtime/cache_dir.h"
#include "runtime/cost.h"
#include "runtime/partition.h"

namespace nnadapter {
namespace runtime {

Compilation::~Compilation() { DestroyPrograms(); }

void Compilation::DestroyPrograms() {
  for (auto& p : programs_) {
    if (p.program) {
      p.driver->hal->destroy_program(p.program);
      p.program = nullptr;
    }
  }
  programs_.clear();
}

static NNAdapterOperandType CopyType(const NNAdapterOperandType& type,
                                     std::list<std::vector<uint8_t>>* storage) {
  NNAdapterOperandType copy = type;
  CopyQuantParams(&copy, storage);
  return copy;
}

void Compilation::SetModelTypes() {
  input_types_.clear();
  output_types_.clear();
  for (const auto* o : model_->owned.model.input_operands) {
    input_types_.push_back(CopyType(o->type, &storage_));
  }
  for (const auto* o : model_->owned.model.output_operands) {
    output_types_.push_back(CopyType(o->type, &storage_));
  }
}

int Compilation::Finish(std::string* message) {
  // 1) cache from memory, 2) cache file, 3) compile.
  std::string reason;
  if (!cache_buffer.empty()) {
    if (LoadCache(cache_buffer.data(), cache_buffer.size(), &reason)) {
      loaded_from_cache = true;
      return NNADAPTER_NO_ERROR;
    }
    if (!model_) {
      *message = "cache buffer for token '" + token + "' is unusable (" +
                 reason + ") and no model was given to compile";
      return NNADAPTER_INVALID_PARAMETER;
    }
    NNADAPTER_LOG(WARNING) << "ignoring cache buffer for token '" << token
                           << "': " << reason << "; compiling the model";
  }
  std::string path;
  if (!token.empty() && !dir.empty()) {
    path = dir + "/" + token + ".nnc";
    std::vector<uint8_t> data;
    bool present = false;
    if (ReadCacheFile(path, &data, &present, &reason)) {
      if (LoadCache(data.data(), data.size(), &reason)) {
        NNADAPTER_VLOG(1) << "loaded model cache " << path;
        MarkCacheFileUsed(path);
        loaded_from_cache = true;
        return NNADAPTER_NO_ERROR;
      }
      if (!model_) {
        *message = "cache file '" + path + "' is unusable (" + reason +
                   ") and no model was given to compile";
        return NNADAPTER_INVALID_PARAMETER;
      }
      NNADAPTER_LOG(WARNING) << "ignoring cache file '" << path
                             << "': " << reason << "; recompiling";
    } else if (!model_) {
      *message = present ? "no model given and " + reason
                         : "no model given and cache file '" + path +
                               "' does not exist";
      return NNADAPTER_INVALID_PARAMETER;
    } else if (present) {
      // A FIFO, a symlink, a file over the size cap: never read, replaced.
      NNADAPTER_LOG(WARNING) << "ignoring the model cache: " << reason
                             << "; recompiling";
    }
  }
  if (!model_) {
    *message = "no model and no cache to load";
    return NNADAPTER_INVALID_PARAMETER;
  }
  CacheImage image;
  int code = Compile(message, &image);
  if (code != NNADAPTER_NO_ERROR) return code;
  if (!path.empty()) {
    bool complete = true;
    for (size_t i = 0; i < image.sub_models.size(); i++) {
      if (image.sub_models[i].blob.empty()) {
        NNADAPTER_LOG(WARNING)
            << "device '"
            << context_->drivers[image.sub_models[i].device]->name
            << "' produced no cache for sub-model " << i << "; '" << path
            << "' not written";
        complete = false;
        break;
      }
    }
    if (complete) {
      std::vector<uint8_t> bytes;
      WriteCacheImage(image, &bytes);
      std::string error;
      if (!file_access::WriteFileAtomically(path, bytes.data(), bytes.size(),
                                            "NNAdapter model cache", &error)) {
        NNADAPTER_LOG(WARNING) << "cannot write model cache: " << error;
      } else {
        NNADAPTER_VLOG(1) << "wrote model cache " << path << " ("
                          << bytes.size() << " bytes)";
        TrimCacheDir(dir, token + ".nnc");
      }
    }
  }
  return NNADAPTER_NO_ERROR;
}

static void FillImageHeader(NNAdapterContext* context, CacheImage* image) {
  image->devices.clear();
  for (const auto* driver : context->drivers) {
    CacheImage::Device d;
    d.name = driver->name;
    d.version = driver->hal->version;
    d.hal_version = driver->hal->hal_version;
    image->devices.push_back(d);
  }
  image->properties = context->properties;
}

int Compilation::Compile(std::string* message, CacheImage* image) {
  core::Model& model = model_->owned.model;
  const size_t num_ops = model.operations.size();
  // Ask every device which operations it supports.
  std::vector<std::vector<bool>> supported;
  std::vector<std::string> names;
  for (size_t d = 0; d < context_->devices.size(); d++) {
    const auto* driver = context_->drivers[d];
    names.push_back(driver->name);
    std::unique_ptr<bool[]> flags(new bool[num_ops + 1]());
    int code = driver->hal->validate_program(context_->contexts[d], &model,
                                             flags.get());
    if (code != NNADAPTER_NO_ERROR) {
      *message = "device '" + driver->name + "' failed to validate the model (" +
                 ResultCodeName(code) + ")" + DriverReason(driver);
      return NNADAPTER_DEVICE_INTERNAL_ERROR;
    }
    supported.emplace_back(flags.get(), flags.get() + num_ops);
  }
  std::vector<size_t> device_of;
  bool cost_aware = false;
  if (!CostAwarePartition(context_->properties, &cost_aware, message)) {
    return NNADAPTER_INVALID_PARAMETER;
  }
  if (cost_aware) {
    std::vector<NNAdapterCapabilities> capabilities;
    int code = ContextCapabilities(context_, &capabilities, message);
    if (code != NNADAPTER_NO_ERROR) return code;
    CostEstimate estimate;
    if (!AssignDevicesByCost(model, supported, capabilities, names, &device_of,
                             &estimate, message)) {
      return NNADAPTER_FEATURE_NOT_SUPPORTED;
    }
    NNADAPTER_VLOG(1) << "cost-aware placement: estimated "
                      << estimate.device_ns / 1e6 << " ms on the devices, "
                      << estimate.host_ns / 1e6 << " ms on the host";
  } else if (!AssignDevices(model, supported, names, &device_of, message)) {
    return NNADAPTER_FEATURE_NOT_SUPPORTED;
  }
  PartitionPlan plan;
  if (!PartitionModel(model, device_of, &plan, message)) {
    return NNADAPTER_INVALID_PARAMETER;
  }
  SetModelTypes();
  // Number the values crossing sub-model boundaries.
  std::map<const core::Operand*, ValueRef> refs;
  for (size_t i = 0; i < model.input_operands.size(); i++) {
    refs[model.input_operands[i]] = {ValueRef::kModelInput,
                                     static_cast<uint32_t>(i)};
  }
  for (size_t i = 0; i < model.output_operands.size(); i++) {
    refs[model.output_operands[i]] = {ValueRef::kModelOutput,
                                      static_cast<uint32_t>(i)};
  }
  intermediate_types_.clear();
  for (const auto& sub : plan.sub_models) {
    for (const auto* out : sub.outputs) {
      if (refs.count(out)) continue;
      refs[out] = {ValueRef::kIntermediate,
                   static_cast<uint32_t>(intermediate_types_.size())};
      intermediate_types_.push_back(CopyType(out->type, &storage_));
    }
  }
  std::vector<const core::Operation*> op_list;
  for (const auto& op : model.operations) op_list.push_back(&op);
  FillImageHeader(context_, image);
  image->token = token;
  image->model_digest = ModelDigest(model);
  image->input_types = input_types_;
  image->output_types = output_types_;
  image->intermediate_types = intermediate_types_;
  NNADAPTER_VLOG(5) << "model:\n" << Visualize(&model);
  NNADAPTER_VLOG(1) << "partition: " << plan.sub_models.size()
                    << " sub-model(s)";
  for (size_t s = 0; s < plan.sub_models.size(); s++) {
    const auto& sub = plan.sub_models[s];
    const Driver* driver = context_->drivers[sub.device];
    std::vector<const core::Operation*> ops;
    std::string op_names;
    for (size_t i : sub.operations) {
      ops.push_back(op_list[i]);
      op_names += " " + OperationTypeName(op_list[i]->type) + "#" +
                  std::to_string(i);
    }
    NNADAPTER_VLOG(1) << "  sub-model " << s << " -> " << driver->name
                      << ":" << op_names;
    OwnedModel sub_model;
    ExtractSubModel(ops, sub.inputs, sub.outputs, false, &sub_model, nullptr);
    Program program;
    program.device = sub.device;
    program.driver = driver;
    for (const auto* in : sub.inputs) program.inputs.push_back(refs.at(in));
    for (const auto* out : sub.outputs) program.outputs.push_back(refs.at(out));
    core::Cache cache;
    cache.token = token.empty() ? nullptr : token.c_str();
    cache.dir = dir.empty() ? nullptr : dir.c_str();
    for (const auto* in : sub_model.model.input_operands) {
      cache.input_types.push_back(in->type);
    }
    for (const auto* out : sub_model.model.output_operands) {
      cache.output_types.push_back(out->type);
    }
    program.input_types = cache.input_types;
    program.output_types = cache.output_types;
    for (auto& t : program.input_types) CopyQuantParams(&t, &storage_);
    for (auto& t : program.output_types) CopyQuantParams(&t, &storage_);
    int code = driver->hal->create_program(
        context_->contexts[sub.device], &sub_model.model, &cache,
        &program.program);
    if (code != NNADAPTER_NO_ERROR || !program.program) {
      *message = "device '" + driver->name +
                 "' failed to compile sub-model " + std::to_string(s) + " (" +
                 op_names.substr(op_names.empty() ? 0 : 1) + "): " +
                 ResultCodeName(code) +
                 (code != NNADAPTER_NO_ERROR ? DriverReason(driver) : "");
      DestroyPrograms();
      return code != NNADAPTER_NO_ERROR ? code
                                        : NNADAPTER_DEVICE_INTERNAL_ERROR;
    }
    CacheImage::SubModel entry;
    entry.device = static_cast<uint32_t>(sub.device);
    entry.inputs = program.inputs;
    entry.outputs = program.outputs;
    entry.input_types = program.input_types;
    entry.output_types = program.output_types;
    entry.blob = std::move(cache.buffer);
    image->sub_models.push_back(std::move(entry));
    programs_.push_back(std::move(program));
  }
  return NNADAPTER_NO_ERROR;
}

bool Compilation::LoadCache(const uint8_t* data, size_t size,
                            std::string* reason) {
  CacheImage image;
  if (!ReadCacheImage(data, size, &image, reason)) return false;
  if (image.nnadapter_version != NNADAPTER_VERSION) {
    *reason = "made by NNAdapter version " +
              std::to_string(image.nnadapter_version) + ", this is " +
              std::to_string(NNADAPTER_VERSION);
    return false;
  }
  CacheImage expected;
  FillImageHeader(context_, &expected);
  if (image.devices.size() != expected.devices.size()) {
    *reason = "made for " + std::to_string(image.devices.size()) +
              " device(s), the context has " +
              std::to_string(expected.devices.size());
    return false;
  }
  for (size_t i = 0; i < image.devices.size(); i++) {
    const auto& a = image.devices[i];
    const auto& b = expected.devices[i];
    if (a.name != b.name || a.version != b.version ||
        a.hal_version != b.hal_version) {
      *reason = "made for device '" + a.name + "' version " +
                std::to_string(a.version) + ", the context has '" + b.name +
                "' version " + std::to_string(b.version);
      return false;
    }
  }
  if (image.properties != expected.properties) {
    *reason = "made with context properties '" + image.properties +
              "', the context has '" + expected.properties + "'";
    return false;
  }
  // A cache renamed to another token, or written for another model under
  // this token, must not be trusted (it loaded and gave outputs off by 1.0).
  if (!token.empty() && image.token != token) {
    *reason = "written for token '" + image.token + "', not '" + token + "'";
    return false;
  }
  if (model_ && model_->finished) {
    uint64_t digest = ModelDigest(model_->owned.model);
    if (image.model_digest != digest) {
      char buf[80];
      std::snprintf(buf, sizeof(buf), "%016llx, this model's is %016llx",
                    static_cast<unsigned long long>(image.model_digest),
                    static_cast<unsigned long long>(digest));
      *reason = std::string("compiled from another model (model digest ") + buf + ")";
      return false;
    }
    // The cache must describe the same inputs/outputs as the model.
    const auto& model = model_->owned.model;
    if (model.input_operands.size() != image.input_types.size() ||
        model.output_operands.size() != image.output_types.size()) {
      *reason = "input/output count differs from the model";
      return false;
    }
    for (size_t i = 0; i < image.input_types.size(); i++) {
      const auto& a = image.input_types[i];
      const auto& b = model.input_operands[i]->type;
      if (a.precision != b.precision ||
          DimensionsToString(a.dimensions) != DimensionsToString(b.dimensions)) {
        *reason = "input " + std::to_string(i) + " type " +
                  OperandTypeToString(a) + " differs from the model's " +
                  OperandTypeToString(b);
        return false;
      }
    }
  }
  storage_.splice(storage_.end(), image.storage);
  input_types_ = image.input_types;
  output_types_ = image.output_types;
  intermediate_types_ = image.intermediate_types;
  for (size_t s = 0; s < image.sub_models.size(); s++) {
    auto& entry = image.sub_models[s];
    const Driver* driver = context_->drivers[entry.device];
    core::Cache cache;
    cache.token = token.empty() ? nullptr : token.c_str();
    cache.dir = dir.empty() ? nullptr : dir.c_str();
    cache.input_types = entry.input_types;
    cache.output_types = entry.output_types;
    cache.buffer = std::move(entry.blob);
    Program program;
    program.device = entry.device;
    program.driver = driver;
    program.inputs = entry.inputs;
    program.outputs = entry.outputs;
    program.input_types = entry.input_types;
    program.output_types = entry.output_types;
    int code = driver->hal->create_program(
        context_->contexts[entry.device], nullptr, &cache, &program.program);
    if (code != NNADAPTER_NO_ERROR || !program.program) {
      *reason = "device '" + driver->name +
                "' rejected the cached program of sub-model " +
                std::to_string(s) + " (" + ResultCodeName(code) + ")" +
                (code != NNADAPTER_NO_ERROR ? DriverReason(driver) : "");
      DestroyPrograms();
      return false;
    }
    programs_.push_back(std::move(program));
  }
  return true;
}

}  // namespace runtime
}  // namespace nnadapter
