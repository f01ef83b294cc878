// Helpers shared by the FlatBuffers (meta 1/2) and naive-buffer (meta 0,
// pre-v2.3 folder) readers of Paddle Lite .nb files.
#pragma once
#include <memory>
#include <string>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"
#include "lite/model_parser/paddle_lite_nb/paddle_lite_nb.h"
#include "lite/model_parser/paddle_lite_nb/section_reader.h"

namespace paddle {
namespace lite {
namespace plnb {

// Header layout (all layouts with a header: meta 0, 1, 2).
constexpr size_t kOffMetaVersion = 0;
constexpr size_t kOffProducer = 2;
constexpr size_t kProducerSize = 16;
constexpr size_t kOffProgramSize = 18;
constexpr size_t kHeaderSize = 26;
// Ranks above this are refused (a hostile dims list).
constexpr size_t kMaxRank = 64;

// Stores one parameter into `weights`: checks that `bytes` is the size its
// element type and dims say. `at` is the absolute offset of the record (for
// messages). The bytes are copied, unless `holder` is given: it owns a
// writable copy the bytes lie in, and the tensor then uses them in place
// when they are aligned for the element type.
void AddWeight(Scope* weights, const std::string& name, DataType type, const DDim& dims,
               const char* bytes, size_t nbytes, const std::string& source,
               const char* section, size_t at,
               const std::shared_ptr<const void>& holder = nullptr);

// Checks a block list read from any layout: indices and parents (every
// defect names the block); drops repeated declarations of a variable.
void CheckProgram(cpp::ProgramDesc* program, const std::string& source, const char* section);

// Every persistable LOD_TENSOR variable of block 0 but feed/fetch holders
// has a weight (Paddle Lite checks the same when it loads).
void CheckWeightsPresent(const cpp::ProgramDesc& program, const Scope& weights,
                         const std::string& source);

// The naive-buffer readers (naive_buffer_reader.cc).
void ReadNaiveProgram(SectionReader* r, cpp::ProgramDesc* program);
void ReadNaiveParams(SectionReader* r, Scope* weights);

}  // namespace plnb
}  // namespace lite
}  // namespace paddle
