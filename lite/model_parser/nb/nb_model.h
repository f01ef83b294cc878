// Reading and writing the `.nb` optimized model (docs/nb-format.md).
// Protobuf-free: the light library links this, not the Paddle loader.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lite/core/op.h"
#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {
namespace nb {

// An optimized model: the program (every block, subgraph blocks included),
// the kernel opt chose for each op of block 0, the NNAdapter settings it was
// optimized for, and the weights.
struct NbModel {
  cpp::ProgramDesc program;
  // One per op of block 0 (feed/fetch: only op_type is meaningful).
  std::vector<KernelKey> kernel_keys;
  // The blocks run by control-flow ops (while, conditional_block): block
  // index -> one key per op of that block. Stored in the kernel-key field
  // of their ops, which other blocks (subgraph blocks) leave empty.
  std::map<int32_t, std::vector<KernelKey>> sub_block_kernel_keys;
  std::vector<std::string> nnadapter_device_names;
  std::string nnadapter_context_properties;
  // Kept for the format: opt writes it empty (the folder it compiled into
  // is a path of the build host; the programs are embedded below), and the
  // light predictor ignores it (its cache folder is MobileConfig's
  // set_nnadapter_model_cache_dir).
  std::string nnadapter_model_cache_dir;
  // Compiled programs of the subgraph ops, cache token -> .nnc bytes (opt
  // pre-compiles them); used as set_nnadapter_model_cache_buffers are.
  std::map<std::string, std::vector<char>> nnadapter_model_cache_buffers;
  // Read only: the header's producer version and format version.
  std::string producer;
  uint32_t format_version{0};
  // Weights, each tensor persistable. When read from a file they point into
  // the mapped file (no copy); the mapping lives as long as any tensor does.
  std::shared_ptr<const Scope> weights;
};

// Serializes `model` (weights: every persistable, initialized tensor of
// `model.weights` named as an op input in any block). Throws Error when a
// kernel key is missing for an op of block 0.
std::string SerializeNbModel(const NbModel& model);
// Writes SerializeNbModel to `path` atomically (temp file + rename).
// Returns the file size.
size_t SaveNbModelFile(const NbModel& model, const std::string& path);

// Parses and validates a whole .nb image. `data` must be 64-byte aligned
// and stay valid while `holder` lives (weights reference it in place).
// `source` names the file in messages. Throws Error on any defect.
void ParseNbModel(const char* data, size_t size, std::shared_ptr<const void> holder,
                  const std::string& source, NbModel* out);
// Maps `path` read-only/copy-on-write and parses it.
void LoadNbModelFile(const std::string& path, NbModel* out);
// Copies the buffer into aligned memory owned by the model, then parses.
void LoadNbModelBuffer(const char* data, size_t size, NbModel* out);

}  // namespace nb
}  // namespace lite
}  // namespace paddle
