#include "lite/model_parser/model_loader.h"

#include "lite/model_parser/onnx/onnx_importer.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <utility>

#include <glog/logging.h>

#include "lite/model_parser/file_util.h"
#include "lite/model_parser/onnx/onnx_importer.h"
#include "lite/model_parser/paddle_lite_nb/paddle_lite_nb.h"
#include "lite/model_parser/pir/pir_importer.h"
#include "lite/model_parser/framework.pb.h"
#include "lite/model_parser/program_desc_pb.h"
#include "lite/model_parser/tensor_record.h"

namespace paddle {
namespace lite {
namespace {

namespace pb = ::paddle::framework::proto;

// Auto-detection order (docs/model-formats.md).
const char* const kModelNames[] = {"__model__",         "model",          "model.pdmodel",
                                   "inference.pdmodel", "inference.json", "model.json"};
const char* const kParamNames[] = {"__params__", "params", "weights", "model.pdiparams",
                                   "inference.pdiparams"};

using LoadedTensors = std::vector<std::pair<std::string, Tensor>>;

bool IsRegularFile(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string JoinPath(const std::string& dir, const std::string& name) {
  if (dir.empty()) return name;
  if (dir.back() == '/') return dir + name;
  return dir + "/" + name;
}

std::string DirName(const std::string& path) {
  size_t pos = path.rfind('/');
  if (pos == std::string::npos) return ".";
  if (pos == 0) return "/";
  return path.substr(0, pos);
}

std::string BaseName(const std::string& path) {
  size_t pos = path.rfind('/');
  return pos == std::string::npos ? path : path.substr(pos + 1);
}

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// "<stem>.pdiparams" for "<dir>/<stem>.pdmodel" or "<dir>/<stem>.json"
// (a PIR program), else "".
std::string SameStemParams(const std::string& model_file) {
  std::string base = BaseName(model_file);
  for (const char* ext : {".pdmodel", ".json"}) {
    const size_t n = std::strlen(ext);
    if (EndsWith(base, ext) && base.size() > n) return base.substr(0, base.size() - n) + ".pdiparams";
  }
  return "";
}

// A PIR JSON program (Paddle 3): its params are `param_file` when given,
// else <stem>.pdiparams beside it (none for a program without parameters).
void LoadPirModel(const ModelSource& src, const std::string& model_file, cpp::ProgramDesc* program,
                  Scope* weights) {
  auto model = ReadWholeFile(model_file, "model file");
  std::string param_file = src.param_file;
  if (param_file.empty()) {
    const std::string stem = SameStemParams(model_file);
    param_file = JoinPath(DirName(model_file), stem.empty() ? "inference.pdiparams" : stem);
    if (!IsRegularFile(param_file)) {
      ImportPirProgram(std::string(model->data(), model->size()), model_file, nullptr, 0,
                       StrCat("looked for '", param_file, "'; set param_file"), program, weights);
      return;
    }
  }
  auto params = ReadWholeFile(param_file, "params file");
  ImportPirProgram(std::string(model->data(), model->size()), model_file, params->data(), params->size(),
                   param_file, program, weights);
}

std::string VarKindName(cpp::VarKind kind) {
  int code = static_cast<int>(kind);
  if (pb::VarType_Type_IsValid(code)) return pb::VarType_Type_Name(static_cast<pb::VarType::Type>(code));
  return StrCat("code ", code);
}

std::string ParamCandidatesText(const std::string& model_file) {
  std::string text;
  std::string stem = SameStemParams(model_file);
  if (!stem.empty()) text = stem + ", ";
  for (const char* name : kParamNames) text += std::string(name) + (name == kParamNames[4] ? "" : ", ");
  return text;
}

bool DimsMatch(const DDim& expected, const DDim& actual) {
  if (expected.size() != actual.size()) return false;
  for (size_t i = 0; i < expected.size(); ++i) {
    if (expected[i] != -1 && expected[i] != actual[i]) return false;
  }
  return true;
}

bool TensorFitsVar(const Tensor& t, const cpp::VarDesc& var) {
  return (var.dtype == DataType::kUnknown || var.dtype == t.dtype()) && DimsMatch(var.dims, t.dims());
}

// Parameters are LoDTensors; other persistable kinds have other on-disk
// formats that inference models do not use.
void CheckLoadable(const std::vector<const cpp::VarDesc*>& vars, const std::string& program_name) {
  for (const cpp::VarDesc* var : vars) {
    if (var->type != cpp::VarKind::LOD_TENSOR) {
      ThrowError(program_name, ": persistable variable '", var->name, "' has type ",
                 VarKindName(var->type), "; only LOD_TENSOR parameters can be loaded");
    }
  }
}

// A variable name used as a file name must stay inside the model directory.
void CheckVarFileName(const std::string& name, const std::string& program_name) {
  bool bad = name.empty() || name[0] == '/';
  size_t start = 0;
  while (!bad && start <= name.size()) {
    size_t end = name.find('/', start);
    if (end == std::string::npos) end = name.size();
    std::string part = name.substr(start, end - start);
    if (part == ".." || part == "." || part.empty()) bad = true;
    start = end + 1;
  }
  if (bad) {
    ThrowError(program_name, ": persistable variable '", name,
               "' cannot be a file name inside the model directory (per-variable params layout)");
  }
}

// When a combined-file record does not fit its variable, says which variable
// it does fit (misordered records, or params of another model).
std::string MisorderHint(const char* data, size_t size, size_t offset, const std::string& label,
                         const std::vector<const cpp::VarDesc*>& vars, size_t index) {
  Tensor peek;
  size_t o = offset;
  try {
    ReadLoDTensorRecord(data, size, &o, label, nullptr, &peek);
  } catch (const Error&) {
    return "";
  }
  if (TensorFitsVar(peek, *vars[index])) return "";
  for (size_t j = 0; j < vars.size(); ++j) {
    if (j != index && TensorFitsVar(peek, *vars[j])) {
      return StrCat(" (this record, ", DataTypeName(peek.dtype()), " ", DimsToString(peek.dims()),
                    ", fits variable '", vars[j]->name, "' (record ", j,
                    " in sorted order): records out of order, or params of another model?)");
    }
  }
  return StrCat(" (no variable of the program has this record's type and dims: params of another model?)");
}

void LoadCombined(const char* data, size_t size, const std::string& label,
                  const cpp::ProgramDesc& program, const std::string& program_name,
                  LoadedTensors* loaded) {
  auto vars = ParamsVars(program);
  CheckLoadable(vars, program_name);
  if (size == 0 && !vars.empty()) {
    ThrowError(label, ": empty (0 bytes), but the program has ", vars.size(),
               " persistable variables to load (the first is '", vars[0]->name, "')");
  }
  size_t offset = 0;
  for (size_t i = 0; i < vars.size(); ++i) {
    if (offset == size) {
      ThrowError(label, ": record ", i, " (variable '", vars[i]->name, "') at byte offset ", offset,
                 ": the data ends here; the program needs ", vars.size(), " records but only ", i,
                 " are present (missing records or file truncated?)");
    }
    Tensor t;
    try {
      ReadLoDTensorRecord(data, size, &offset, label, vars[i], &t, static_cast<int>(i));
    } catch (const Error& e) {
      throw Error(e.what() + MisorderHint(data, size, offset, label, vars, i));
    }
    t.set_persistable(true);
    loaded->emplace_back(vars[i]->name, std::move(t));
  }
  if (offset != size) {
    if (vars.empty()) {
      ThrowError(label, ": ", size, " bytes of parameters, but the program has no persistable "
                 "variables to load (params of another model?)");
    }
    ThrowError(label, ": ", size - offset, " bytes remain after the last record (record ",
               vars.size() - 1, ", variable '", vars.back()->name, "', ended at byte offset ",
               offset, "); the program has only ", vars.size(),
               " persistable variables (extra records, or params of another model?)");
  }
}

void LoadSeparate(const std::string& dir, const std::string& model_file, bool explicit_model_file,
                  const cpp::ProgramDesc& program, LoadedTensors* loaded) {
  auto vars = ParamsVars(program);
  CheckLoadable(vars, model_file);
  for (const cpp::VarDesc* var : vars) {
    CheckVarFileName(var->name, model_file);
    std::string path = JoinPath(dir, var->name);
    std::shared_ptr<const FileContents> file;
    try {
      file = ReadWholeFile(path, "per-variable params file");
    } catch (const Error& e) {
      std::string hint;
      if (explicit_model_file) {
        std::string stem = SameStemParams(model_file);
        std::string guess = stem.empty() ? "" : JoinPath(DirName(model_file), stem);
        hint = !guess.empty() && IsRegularFile(guess)
                   ? StrCat(" (model_file was given without param_file, so parameters are read as "
                            "one file per variable; did you mean param_file='", guess, "'?)")
                   : std::string(" (model_file was given without param_file, so parameters are read "
                                 "as one file per variable next to it)");
      } else {
        hint = StrCat(" (no combined params file was found in '", dir, "' (looked for ",
                      ParamCandidatesText(model_file), "), so parameters are read as one file per "
                      "variable)");
      }
      throw Error(StrCat(e.what(), "; it should hold persistable variable '", var->name, "'", hint));
    }
    size_t offset = 0;
    Tensor t;
    ReadLoDTensorRecord(file->data(), file->size(), &offset, path, var, &t);
    if (offset != file->size()) {
      ThrowError(path, ": ", file->size() - offset, " bytes remain after the record of variable '",
                 var->name, "' (ended at byte offset ", offset,
                 "); a per-variable params file holds exactly one record");
    }
    t.set_persistable(true);
    loaded->emplace_back(var->name, std::move(t));
  }
}

}  // namespace

std::vector<const cpp::VarDesc*> ParamsVars(const cpp::ProgramDesc& program) {
  std::vector<const cpp::VarDesc*> vars;
  if (program.blocks.empty()) return vars;
  for (const auto& var : program.blocks[0].vars) {
    if (!var.persistable) continue;
    if (var.type == cpp::VarKind::FEED_MINIBATCH || var.type == cpp::VarKind::FETCH_LIST ||
        var.type == cpp::VarKind::RAW) {
      continue;
    }
    vars.push_back(&var);
  }
  // std::string's operator< compares like memcmp: byte-wise, as Paddle sorts.
  std::sort(vars.begin(), vars.end(),
            [](const cpp::VarDesc* a, const cpp::VarDesc* b) { return a->name < b->name; });
  return vars;
}

std::string FindModelFile(const std::string& model_dir) {
  struct stat st;
  if (stat(model_dir.c_str(), &st) != 0) {
    ThrowError("model_dir '", model_dir, "': ", std::strerror(errno));
  }
  if (!S_ISDIR(st.st_mode)) {
    ThrowError("model_dir '", model_dir, "' is a file, not a directory (to load a program file "
               "directly, set model_file (and param_file) instead)");
  }
  for (const char* name : kModelNames) {
    std::string path = JoinPath(model_dir, name);
    if (IsRegularFile(path)) return path;
  }
  std::vector<std::string> pdmodels;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(model_dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (EndsWith(name, ".pdmodel") && IsRegularFile(JoinPath(model_dir, name))) pdmodels.push_back(name);
  }
  if (ec) ThrowError("model_dir '", model_dir, "': cannot list the directory: ", ec.message());
  std::sort(pdmodels.begin(), pdmodels.end());
  if (pdmodels.size() == 1) return JoinPath(model_dir, pdmodels[0]);
  if (pdmodels.size() > 1) {
    std::string list;
    for (const auto& n : pdmodels) list += (list.empty() ? "" : ", ") + n;
    ThrowError("model_dir '", model_dir, "' holds several program files (", list,
               "); choose one with model_file (and param_file)");
  }
  ThrowError("model_dir '", model_dir, "': no model file found (looked for __model__, model, "
             "model.pdmodel, inference.pdmodel, inference.json, model.json and *.pdmodel)");
}

namespace {
// A combined params file under a name of its own (Paddle's
// save_inference_model takes any params_filename): when the per-variable
// files are not all there, the regular files of `dir` whose first record is
// the first parameter (names sorted, as Paddle writes them) and that hold
// more records when there are more parameters; per-variable files (named
// after a parameter) are not candidates. Files that do
// not start with a record's version (4 zero bytes: not images, JSON, text)
// are not read further.
std::vector<std::string> CombinedFilesByContent(const std::string& dir,
                                                const std::string& model_file,
                                                const std::vector<const cpp::VarDesc*>& vars) {
  std::vector<std::string> found;
  if (vars.empty() || std::all_of(vars.begin(), vars.end(), [&](const cpp::VarDesc* v) {
        return IsRegularFile(JoinPath(dir, v->name));
      })) {
    return found;
  }
  std::set<std::string> var_names;
  for (const cpp::VarDesc* v : vars) var_names.insert(v->name);
  std::error_code ec;
  for (auto it = std::filesystem::directory_iterator(dir, ec);
       !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    std::string path = JoinPath(dir, name);
    if (path == model_file || var_names.count(name) || !IsRegularFile(path)) continue;
    char head[4] = {1, 1, 1, 1};
    std::ifstream(path, std::ios::binary).read(head, sizeof(head));
    if (std::memcmp(head, "\0\0\0\0", 4) != 0) continue;
    try {
      auto file = ReadWholeFile(path, "params file");
      Tensor t;
      size_t offset = 0;
      ReadLoDTensorRecord(file->data(), file->size(), &offset, path, vars[0], &t);
      if (vars.size() == 1 || offset < file->size()) found.push_back(path);
    } catch (const Error&) {
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}
// Paddle Lite's optimized models: a .nb buffer or file, or the pre-v2.3
// folder. False when `src` is none of them.
bool LoadPaddleLiteModel(const ModelSource& src, cpp::ProgramDesc* program, Scope* weights) {
  plnb::PaddleLiteModel m;
  std::string source;
  if (!src.model_buffer.empty()) {
    if (!plnb::LooksLikePaddleLiteNb(src.model_buffer.data(), src.model_buffer.size())) return false;
    source = "model buffer";
    plnb::ParsePaddleLiteNb(src.model_buffer.data(), src.model_buffer.size(), source, &m);
  } else if (!src.model_file.empty()) {
    if (!plnb::FileLooksLikePaddleLiteNb(src.model_file)) return false;
    source = src.model_file;
    plnb::LoadPaddleLiteNbFile(source, &m);
  } else if (!src.model_dir.empty() && plnb::IsPaddleLiteNbFolder(src.model_dir)) {
    source = src.model_dir;
    plnb::LoadPaddleLiteNbFolder(source, &m);
  } else if (!src.model_dir.empty() && !IsRegularFile(JoinPath(src.model_dir, "__model__")) &&
             plnb::FileLooksLikePaddleLiteNb(JoinPath(src.model_dir, "model.nb"))) {
    // The folder Paddle Lite's demos ship: <dir>/model.nb.
    source = JoinPath(src.model_dir, "model.nb");
    plnb::LoadPaddleLiteNbFile(source, &m);
  } else {
    return false;
  }
  LITE_ENFORCE(src.param_file.empty() && src.param_buffer.empty(), "LoadModel: '", source,
               "' is a Paddle Lite optimized model, which holds its parameters; it was given a "
               "params file/buffer too");
  plnb::MappingReport report;
  plnb::MapToOurProgram(&m, source, src.op_registered, true, &report);
  VLOG(1) << source << ": Paddle Lite " << plnb::LayoutName(m.layout) << " by '" << m.producer
          << "' mapped:\n" << report.Summary();
  for (const std::string& name : m.weights->LocalVarNames()) {
    *weights->Var(name) = std::move(*m.weights->FindLocalVar(name));
  }
  *program = std::move(m.program);
  return true;
}
}  // namespace

ResolvedModelFiles ResolveParams(const ModelSource& src, const std::string& model_file,
                                 const cpp::ProgramDesc& program) {
  ResolvedModelFiles r;
  r.model_file = model_file;
  if (!src.param_file.empty()) {
    r.param_file = src.param_file;
    return r;
  }
  if (!src.model_file.empty()) {
    r.params_dir = DirName(model_file);
    return r;
  }
  // model_dir: a combined file if one of the known names exists and is not
  // itself the per-variable file of a persistable variable.
  std::set<std::string> var_names;
  for (const cpp::VarDesc* var : ParamsVars(program)) var_names.insert(var->name);
  std::vector<std::string> candidates;
  std::string stem = SameStemParams(model_file);
  if (!stem.empty()) candidates.push_back(stem);
  for (const char* name : kParamNames) candidates.emplace_back(name);
  for (const auto& name : candidates) {
    if (var_names.count(name)) continue;
    std::string path = JoinPath(src.model_dir, name);
    if (IsRegularFile(path)) {
      r.param_file = path;
      return r;
    }
  }
  auto by_content = CombinedFilesByContent(src.model_dir, model_file, ParamsVars(program));
  if (by_content.size() > 1) {
    std::string list;
    for (const auto& f : by_content) list += (list.empty() ? "" : ", ") + f;
    ThrowError("model_dir '", src.model_dir, "': several files hold the combined params of '",
               model_file, "' (", list, "); choose one with param_file");
  }
  if (by_content.size() == 1) {
    r.param_file = by_content[0];
    return r;
  }
  r.params_dir = src.model_dir;
  return r;
}

void LoadModel(const ModelSource& src, cpp::ProgramDesc* program, Scope* weights) {
  LITE_ENFORCE(program != nullptr && weights != nullptr, "LoadModel: program and weights must not be null");
  if (LoadPaddleLiteModel(src, program, weights)) return;
  // ONNX models (by extension or content) go through the ONNX importer; they
  // carry their weights (or name external data files next to the model).
  const bool onnx_buffer = LooksLikeOnnxModel(src.model_buffer.data(), src.model_buffer.size());
  const bool onnx_file = src.model_buffer.empty() && !src.model_file.empty() &&
                         (IsOnnxModelFile(src.model_file) || FileLooksLikeOnnxModel(src.model_file));
  if (onnx_buffer || onnx_file) {
    const std::string label = onnx_buffer ? "model buffer" : src.model_file;
    LITE_ENFORCE(src.param_file.empty() && src.param_buffer.empty(), "LoadModel: ONNX model '",
                 label, "' was given a params file/buffer; ONNX keeps its weights in the model "
                 "(or in external data files next to it)");
    if (onnx_buffer) {
      // External data of a buffer is read only beneath a folder the caller
      // named (model_dir); without one it is refused.
      ImportOnnxModelFromBuffer(src.model_buffer, label, src.model_dir, program, weights);
    } else {
      ImportOnnxModel(src.model_file, program, weights);
    }
    return;
  }
  // PIR JSON programs (Paddle 3), by extension or content.
  if (!src.model_buffer.empty() && LooksLikePirJson(src.model_buffer.data(), src.model_buffer.size())) {
    ImportPirProgram(src.model_buffer, "model buffer",
                     src.param_buffer.empty() ? nullptr : src.param_buffer.data(), src.param_buffer.size(),
                     src.param_buffer.empty() ? "no param buffer was given" : "param buffer", program,
                     weights);
    return;
  }
  if (src.model_buffer.empty()) {
    const std::string model_file = !src.model_file.empty() ? src.model_file
                                   : src.model_dir.empty() ? std::string()
                                                           : FindModelFile(src.model_dir);
    if (!model_file.empty() && (IsPirJsonFile(model_file) || FileLooksLikePirJson(model_file))) {
      LoadPirModel(src, model_file, program, weights);
      return;
    }
  }
  cpp::ProgramDesc prog;
  LoadedTensors loaded;
  if (!src.model_buffer.empty()) {
    ParseProgramDesc(src.model_buffer, "model buffer", &prog);
    LoadCombined(src.param_buffer.data(), src.param_buffer.size(), "param buffer", prog,
                 "model buffer", &loaded);
  } else {
    if (!src.param_buffer.empty()) {
      ThrowError("LoadModel: param_buffer was given without model_buffer");
    }
    std::string model_file = src.model_file;
    if (model_file.empty()) {
      if (src.model_dir.empty()) {
        ThrowError("LoadModel: no model given (set model_dir, model_file, or model_buffer)");
      }
      model_file = FindModelFile(src.model_dir);
    }
    auto model = ReadWholeFile(model_file, "model file");
    ParseProgramDesc(model->data(), model->size(), model_file, &prog);
    ResolvedModelFiles files = ResolveParams(src, model_file, prog);
    if (!files.param_file.empty()) {
      auto params = ReadWholeFile(files.param_file, "params file");
      LoadCombined(params->data(), params->size(), files.param_file, prog, model_file, &loaded);
    } else {
      LoadSeparate(files.params_dir, model_file, !src.model_file.empty(), prog, &loaded);
    }
  }
  for (auto& kv : loaded) *weights->Var(kv.first) = std::move(kv.second);
  *program = std::move(prog);
}

void SaveModel(const cpp::ProgramDesc& program, const Scope& weights,
               const std::string& model_file, const std::string& param_file) {
  LITE_ENFORCE(!model_file.empty(), "SaveModel: model_file is empty");
  auto vars = ParamsVars(program);
  CheckLoadable(vars, "SaveModel");
  std::vector<std::string> records;
  records.reserve(vars.size());
  for (const cpp::VarDesc* var : vars) {
    const Tensor* t = weights.FindVar(var->name);
    LITE_ENFORCE(t != nullptr, "SaveModel: persistable variable '", var->name,
                 "' has no tensor in the weights scope");
    LITE_ENFORCE(TensorFitsVar(*t, *var), "SaveModel: tensor of variable '", var->name, "' is ",
                 DataTypeName(t->dtype()), " ", DimsToString(t->dims()), " but the program declares ",
                 DataTypeName(var->dtype), " ", DimsToString(var->dims));
    if (param_file.empty()) CheckVarFileName(var->name, "SaveModel");
    records.emplace_back();
    WriteLoDTensorRecord(*t, &records.back());
  }
  std::string program_bytes = SerializeProgramDesc(program);
  if (!param_file.empty()) {
    size_t total = 0;
    for (const auto& r : records) total += r.size();
    std::string params;
    params.reserve(total);
    for (const auto& r : records) params += r;
    WriteWholeFile(model_file, program_bytes, "model file");
    WriteWholeFile(param_file, params, "params file");
    return;
  }
  WriteWholeFile(model_file, program_bytes, "model file");
  std::string dir = DirName(model_file);
  for (size_t i = 0; i < vars.size(); ++i) {
    std::string path = JoinPath(dir, vars[i]->name);
    std::error_code ec;
    std::filesystem::create_directories(DirName(path), ec);
    if (ec) ThrowError("SaveModel: cannot create the directory of '", path, "': ", ec.message());
    WriteWholeFile(path, records[i], StrCat("params file of variable '", vars[i]->name, "'"));
  }
}

}  // namespace lite
}  // namespace paddle
