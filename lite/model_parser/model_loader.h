// Loading and saving Paddle inference models in every layout users have.
// See docs/model-formats.md for the layouts, the auto-detection order and
// example error messages.
#pragma once
#include <string>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {

// Where a model comes from. Precedence: model_buffer (with param_buffer as
// the combined params) > model_file (with param_file; without it, one file
// per variable in model_file's directory) > model_dir (auto-detected).
// A param_file given with model_dir (and no model_file) is used as the
// combined params of the program found in model_dir.
struct ModelSource {
  std::string model_dir;
  std::string model_file;
  std::string param_file;
  std::string model_buffer;
  std::string param_buffer;
  // Paddle Lite's own optimized models (.nb of any layout, or the pre-v2.3
  // folder of __model__.nb + param.nb) are read and mapped onto our ops
  // (docs/paddle-lite-compatibility.md). When set, an op type this
  // runtime lacks is refused at load naming its recorded Paddle Lite
  // target; when null it is reported when the program is built.
  bool (*op_registered)(const std::string& op_type) = nullptr;
};

// Loads the program and all persistable variables of block 0 into `weights`
// (persistable=true on each tensor). Throws paddle::lite_api::Error naming
// the file, variable, byte offset and what was expected. On error neither
// `program` nor `weights` is modified.
void LoadModel(const ModelSource& src, cpp::ProgramDesc* program, Scope* weights);

// Writes the program to model_file and the combined params (one record per
// persistable block-0 variable, byte-wise sorted by name) to param_file.
// With an empty param_file, writes one file per variable into model_file's
// directory instead. Each tensor must exist in `weights` (or its parents)
// and match its VarDesc. Files are written atomically (temp file + rename).
void SaveModel(const cpp::ProgramDesc& program, const Scope& weights,
               const std::string& model_file, const std::string& param_file);

// The variables a params file holds, in file order: persistable variables of
// block 0 whose type is not FEED_MINIBATCH, FETCH_LIST or RAW, sorted
// byte-wise by name.
std::vector<const cpp::VarDesc*> ParamsVars(const cpp::ProgramDesc& program);

// The auto-detection, exposed for tools (opt) and tests.
//
// FindModelFile: the program file of a model directory: the first existing
// of __model__, model, model.pdmodel, inference.pdmodel, else the only
// *.pdmodel. Throws Error naming the directory when there is none, several
// *.pdmodel, or the path is missing or not a directory.
std::string FindModelFile(const std::string& model_dir);

// Where the parameters of `program` (parsed from `model_file`) are for
// `src`: param_file when given; with model_file and no param_file, one file
// per variable in model_file's directory; with model_dir, the first existing
// of <stem>.pdiparams, __params__, params, weights, model.pdiparams,
// inference.pdiparams that is not itself the name of a persistable variable,
// else one file per variable in model_dir. param_file is empty when the
// parameters are one file per variable in params_dir.
struct ResolvedModelFiles {
  std::string model_file;
  std::string param_file;
  std::string params_dir;
};
ResolvedModelFiles ResolveParams(const ModelSource& src, const std::string& model_file,
                                 const cpp::ProgramDesc& program);

}  // namespace lite
}  // namespace paddle
