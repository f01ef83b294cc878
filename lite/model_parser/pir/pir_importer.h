// Paddle 3 PIR programs in: `inference.json` (paddle.jit.save, PaddleX and
// PaddleOCR 3.x exports) + `inference.pdiparams` become a cpp::ProgramDesc of
// our ops plus its weights, so every pass, kernel, converter and the .nb
// writer apply unchanged. The op mapping is the one table pir_ops.inc; the
// format and the mapped/refused ops are in docs/model-formats.md.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {

// True when `path` names a PIR program by its extension (".json").
bool IsPirJsonFile(const std::string& path);
// True when the bytes look like JSON text (first non-blank byte '{'): no
// protobuf program starts so (a ProgramDesc starts with 0x0A, ONNX 0x08).
bool LooksLikePirJson(const char* data, size_t size);
// The same for the start of a file (false when it cannot be read).
bool FileLooksLikePirJson(const std::string& path);

// Imports the PIR program `json_text` (`label` names it in messages) with
// the parameters `params` (`params_label`): the legacy tensor records of
// the program's parameter ops back to back, in name-sorted (byte-wise)
// order, consumed exactly. `params` null means there is no params file
// (`params_label` says where it was looked for): fine for a program without
// parameters. Throws paddle::lite_api::Error naming the file,
// the op (index in file order, and name) and what was expected; on error
// neither `program` nor `weights` is modified.
void ImportPirProgram(const std::string& json_text, const std::string& label, const char* params,
                      size_t params_size, const std::string& params_label,
                      cpp::ProgramDesc* program, Scope* weights);

// The parameters a PIR program declares, in the order its params file holds
// them (sorted by name): name, dtype and dims of each (tools and tests that
// make weights for a program published without them).
std::vector<cpp::VarDesc> PirParameters(const std::string& json_text, const std::string& label);

// The PIR op names the reader maps (pir_ops.inc), sorted.
std::vector<std::string> MappedPirOps();
// The `paddle_type` the table maps a PIR op to ("" for structural ops and
// unknown names).
std::string PirOpTarget(const std::string& pir_name);

}  // namespace lite
}  // namespace paddle
