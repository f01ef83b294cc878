// Reading the optimized models Paddle Lite's own opt wrote (its `.nb`
// files, every layout found in the wild) into our program + weights, and
// mapping the target-specific choices they record back onto our ops
// (docs/paddle-lite-compatibility.md). Protobuf-free: the light library
// links this.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {
namespace plnb {

// The layouts (Paddle Lite's "meta version" in the file's first two bytes).
enum class Layout : int {
  kNaiveBufferFolder = -1,  // before v2.3: a folder of __model__.nb + param.nb
  kMeta0NaiveBuffer = 0,    // v2.3 - v2.6: one file, naive-buffer program and params
  kMeta1FlatBuffers = 1,    // v2.7: FlatBuffers program + one FlatBuffers param list
  kMeta2FlatBuffers = 2,    // v2.8 - v2.14: FlatBuffers program + one buffer per param
};
const char* LayoutName(Layout layout);

// A Paddle Lite model as stored (before mapping).
struct PaddleLiteModel {
  Layout layout{Layout::kMeta2FlatBuffers};
  std::string producer;  // the opt version string of the header ("v2.10-rc")
  cpp::ProgramDesc program;
  // The parameters, persistable, owned (copied out of the file).
  std::shared_ptr<Scope> weights;
};

// The fixed header: uint16 meta version, char[16] producer version, uint64
// program size. True when `data` starts with a plausible one (meta version
// 0-2 and a printable producer string; the program size is checked by the
// parser, which names it when wrong). Our own .nb starts with a magic that
// is never such a header, nor is a Paddle protobuf or ONNX model.
bool LooksLikePaddleLiteNb(const char* data, size_t size);
// The same test on a file's header (false when it cannot be read).
bool FileLooksLikePaddleLiteNb(const std::string& path);
// True when `dir` holds the pre-v2.3 pair __model__.nb + param.nb.
bool IsPaddleLiteNbFolder(const std::string& dir);

// Parses a whole file image. `source` names it in messages. Every section
// is bounds-checked (FlatBuffers parts through the FlatBuffers Verifier)
// before it is read: a truncated, corrupted or hostile file is an Error
// naming the source, the section and the byte offset.
void ParsePaddleLiteNb(const char* data, size_t size, const std::string& source,
                       PaddleLiteModel* out);
void LoadPaddleLiteNbFile(const std::string& path, PaddleLiteModel* out);
// The pre-v2.3 folder: `dir`/__model__.nb (naive-buffer program, no
// header) and `dir`/param.nb (naive-buffer parameter list).
void LoadPaddleLiteNbFolder(const std::string& dir, PaddleLiteModel* out);
// The same pair from memory (Paddle Lite's MobileConfig::set_model_buffer(
// model, params)); `source` names it in messages.
void ParsePaddleLiteNbPair(const std::string& model, const std::string& params,
                           const std::string& source, PaddleLiteModel* out);

// What MapToOurProgram did, for opt and for logs: one line per rule of the
// mapping table that fired, with how many ops it touched.
struct MappingReport {
  std::map<std::string, int> rules;      // rule text -> ops
  std::map<std::string, int> recorded;   // "conv2d on arm/int8" -> ops, as Paddle Lite chose
  int fp16_weights_widened{0};
  std::string Summary() const;
};

// Rewrites a Paddle Lite program into ours, in place (the rules are the
// table paddle_lite_ops.inc): drops the recorded kernel choice
// (`__@kernel_type_attr@__`; our runtime picks its own kernel), removes the
// target transfer ops (io_copy, layout, their _once forms and calib
// between float and int8 tensors, since our tensors stay float between
// ops), widens fp16 weights exactly to fp32, and refuses by name the ops
// that only exist on Paddle Lite's vendor backends (`__xpu__*`, `subgraph`)
// and any op type this runtime lacks: the Error names the op, the target
// Paddle Lite recorded for it and `source`.
// `registered(op_type)` says whether this runtime has the op (null: not
// checked here). With `unique_names`, Paddle Lite's memory reuse is undone
// (v2.12+ opt saves programs whose activations share names, each written
// several times): every write of a block-0 activation after its first gets
// a new name and the reads that follow use it, so our graph passes see one
// producer per variable (they run on CxxConfig; the light runtime runs the
// program in order and keeps the shared names, as Paddle Lite does).
void MapToOurProgram(PaddleLiteModel* model, const std::string& source,
                     bool (*registered)(const std::string& op_type), bool unique_names,
                     MappingReport* report);

// For the light runtime, which has no optimizer and runs a mapped program
// as stored, after MapToOurProgram: in a single-block program, the
// rewrites our opt would make that are decided on the op list alone
// (linear in the ops): an activation that is the only reader of a conv's
// output becomes the conv's act_type (Paddle Lite's x86 and ARM int8
// kernels left hard_sigmoid, hard_swish, sigmoid after convs), x + x * s
// with s broadcasting into x (by the VarDescs) becomes one elementwise_mul
// with plus_x, nearest_interp + add becomes the interp with an Addend, and
// activations whose lifetimes do not overlap share memory
// (lite/core/memory_reuse.h; Paddle Lite's x86 opt leaves none). It works
// on values (a name the file writes again and again holds several); a
// moved write whose name still holds a value read in between gets a name
// of its own ("<name>@plnb<k>"), never a feed or fetch name. Each fired
// rule is counted in `report` (may be null).
void PlanForLightRuntime(cpp::ProgramDesc* program, const Scope& weights, MappingReport* report);

}  // namespace plnb
}  // namespace lite
}  // namespace paddle
