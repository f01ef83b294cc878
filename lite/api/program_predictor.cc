#include "lite/api/program_predictor.h"

#include <glog/logging.h>
#include <omp.h>

#include <set>
#include <thread>

#include "lite/core/error.h"

namespace paddle {
namespace lite {

namespace {
int CheckedThreads(int threads) {
  LITE_ENFORCE(threads >= 1, "set_threads: expected at least 1 thread, got ", threads);
  return ClampThreads(threads);
}
}  // namespace

ProgramPredictor::ProgramPredictor(int threads)
    : governor_(CheckedThreads(threads), ThreadGovernor::AdaptiveFromEnv()) {
  threads_ = governor_.requested();
}

void CheckLoopLimit(const lite_api::ConfigBase& config) {
  LITE_ENFORCE(config.max_loop_iterations() >= 0, "set_max_loop_iterations(",
               config.max_loop_iterations(), "): the limit must be >= 0 (0 = no limit)");
}

int ClampThreads(int threads) {
  // More threads than hardware threads only adds contention (and each OpenMP
  // thread its own stack): 1000 ran 100x slower in 1.5 GB.
  int hardware = static_cast<int>(std::thread::hardware_concurrency());
  if (hardware < 1) hardware = 1;
  if (threads > hardware) {
    LOG(WARNING) << "set_threads(" << threads << "): this machine has " << hardware
                 << " hardware threads; using " << hardware;
    threads = hardware;
  }
  // oneDNN splits its work among the thread count it asks OpenMP for and
  // computes nothing for the threads OpenMP does not grant: under
  // OMP_THREAD_LIMIT=1 two threads gave a garbage int8 detector map.
  const int limit = omp_get_thread_limit();
  if (limit >= 1 && threads > limit) {
    LOG(WARNING) << "set_threads(" << threads << "): OMP_THREAD_LIMIT is " << limit
                 << "; using " << limit;
    threads = limit;
  }
  return threads;
}

std::unique_ptr<lite_api::Tensor> ProgramPredictor::GetInput(int i) {
  const auto& names = program_->feed_names();
  LITE_ENFORCE(i >= 0 && i < static_cast<int>(names.size()), "GetInput(", i,
               "): the model has ", names.size(), " inputs");
  return std::unique_ptr<lite_api::Tensor>(
      new lite_api::Tensor(static_cast<void*>(scope_->GetVar(names[i]))));
}

std::unique_ptr<const lite_api::Tensor> ProgramPredictor::GetOutput(int i) const {
  const auto& names = program_->fetch_names();
  LITE_ENFORCE(i >= 0 && i < static_cast<int>(names.size()), "GetOutput(", i,
               "): the model has ", names.size(), " outputs");
  return std::unique_ptr<const lite_api::Tensor>(
      new lite_api::Tensor(static_cast<const void*>(scope_->GetVar(names[i]))));
}

namespace {
// Clears the busy flag when Run leaves (normally or by an Error).
class RunningGuard {
 public:
  explicit RunningGuard(std::atomic<bool>* flag) : flag_(flag) {
    LITE_ENFORCE(!flag_->exchange(true, std::memory_order_acquire),
                 "Run(): this predictor is already running in another thread; a predictor "
                 "serves one thread at a time: give each thread its own Clone()");
  }
  ~RunningGuard() { flag_->store(false, std::memory_order_release); }
  RunningGuard(const RunningGuard&) = delete;
  RunningGuard& operator=(const RunningGuard&) = delete;

 private:
  std::atomic<bool>* flag_;
};
}  // namespace

void ProgramPredictor::Run() {
  RunningGuard guard(&running_);
  for (const auto& name : program_->feed_names()) {
    const Tensor* t = scope_->GetVar(name);
    LITE_ENFORCE(t->initialized(), "Run(): input '", name,
                 "' has no data; call GetInput(i)->Resize(...) and fill it first");
    LITE_ENFORCE(t->StorageCoversDims(), "Run(): input '", name, "' has dims ",
                 DimsToString(t->dims()), " (", t->memory_size(), " bytes of ",
                 DataTypeName(t->dtype()), ") but its storage holds ", t->buffer()->size(),
                 " bytes; after Resize() call mutable_data<T>() or CopyFromCpu() again");
    if (!t->lod().empty()) {
      CheckLoD("Run(): input '" + name + "'", t->lod(), t->dims().empty() ? 0 : t->dims()[0]);
    }
  }
  const int threads = governor_.Begin();
  try {
    program_->Run(threads, governor_.requested());
  } catch (...) {
    governor_.End();
    throw;
  }
  governor_.End();
}

std::vector<std::string> ProgramPredictor::GetInputNames() { return program_->feed_names(); }
std::vector<std::string> ProgramPredictor::GetOutputNames() { return program_->fetch_names(); }

std::unique_ptr<lite_api::Tensor> ProgramPredictor::GetInputByName(const std::string& name) {
  const auto& names = program_->feed_names();
  for (const auto& n : names) {
    if (n == name) {
      return std::unique_ptr<lite_api::Tensor>(
          new lite_api::Tensor(static_cast<void*>(scope_->GetVar(n))));
    }
  }
  std::string all;
  for (const auto& n : names) all += (all.empty() ? "" : ", ") + n;
  ThrowError("GetInputByName: '", name, "' is not an input of the model (inputs: ", all, ")");
}

std::unique_ptr<const lite_api::Tensor> ProgramPredictor::GetTensor(const std::string& name) const {
  const Tensor* t = scope_->FindVar(name);
  if (!t) return nullptr;
  return std::unique_ptr<const lite_api::Tensor>(new lite_api::Tensor(static_cast<const void*>(t)));
}

std::unique_ptr<lite_api::Tensor> ProgramPredictor::GetMutableTensor(const std::string& name) {
  Tensor* t = scope_->FindVar(name);
  if (!t) return nullptr;
  return std::unique_ptr<lite_api::Tensor>(new lite_api::Tensor(static_cast<void*>(t)));
}

size_t ProgramPredictor::ActivationBytes() const {
  std::set<const Buffer*> seen;
  size_t bytes = 0;
  for (const auto& name : scope_->LocalVarNames()) {
    const Tensor* t = scope_->FindLocalVar(name);
    if (t->buffer() && seen.insert(t->buffer().get()).second) bytes += t->buffer()->size();
  }
  return bytes;
}

bool ProgramPredictor::TryShrinkMemory() {
  std::set<std::string> keep(program_->feed_names().begin(), program_->feed_names().end());
  for (const auto& name : scope_->LocalVarNames()) {
    Tensor* t = scope_->FindLocalVar(name);
    if (!keep.count(name) && !t->persistable()) t->Release();
  }
  return true;
}

void ProgramPredictor::CopyWeightsLocally(const std::vector<std::string>& var_names) {
  for (const auto& name : var_names) {
    const Tensor* w = scope_->parent() ? scope_->parent()->FindVar(name) : nullptr;
    LITE_ENFORCE(w && w->persistable(), "Clone(var_names): '", name,
                 "' is not a weight of the model (GetParamNames() lists them)");
    Tensor* own = scope_->Var(name);
    own->CopyFrom(*w);
    own->set_persistable(true);
  }
}

}  // namespace lite
}  // namespace paddle
