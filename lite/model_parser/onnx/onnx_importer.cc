#include "lite/model_parser/onnx/onnx_importer.h"

#include <onnx/checker.h>
#include <onnx/defs/schema.h>
#include <onnx/version_converter/convert.h>

#include <algorithm>
#include <exception>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <unordered_map>

#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "lite/core/error.h"
#include "lite/model_parser/file_util.h"
#include "lite/model_parser/onnx/onnx_context.h"
#include "lite/model_parser/onnx/onnx_patterns.h"
#include "lite/model_parser/onnx/onnx_shape_values.h"
#include "lite/model_parser/onnx/onnx_validate.h"

namespace paddle {
namespace lite {
namespace {

using onnx_import::ConvertContext;
using onnx_import::Converter;
using onnx_import::ValueInfo;

const std::unordered_map<std::string, Converter>& ConverterTable() {
  static const std::unordered_map<std::string, Converter> table = {
#define ONNX_OP(name__, fn__) {#name__, &onnx_import::fn__},
#include "lite/model_parser/onnx/onnx_ops.inc"
#undef ONNX_OP
  };
  return table;
}

std::string DirOf(const std::string& path) {
  auto pos = path.find_last_of('/');
  return pos == std::string::npos ? std::string(".") : path.substr(0, pos);
}

ValueInfo InfoFromType(const onnx::TypeProto& type) {
  ValueInfo info;
  if (!type.has_tensor_type()) return info;
  const auto& tt = type.tensor_type();
  info.dtype = onnx_import::DataTypeFromOnnx(tt.elem_type());
  if (tt.has_shape()) {
    info.rank = tt.shape().dim_size();
    for (const auto& d : tt.shape().dim()) {
      // Named (p2o.DynamicDimension.*) and absent dims are Paddle's -1.
      info.dims.push_back(d.has_dim_value() ? d.dim_value() : -1);
    }
  }
  return info;
}

int DefaultOpset(const onnx::ModelProto& model, const std::string& label) {
  for (const auto& o : model.opset_import()) {
    if (o.domain().empty() || o.domain() == "ai.onnx") return onnx_import::CheckedOpset(o, label);
  }
  // IR version 1-2 models without opset_import use opset 1.
  ThrowError("ONNX model '", label, "': no opset_import for the default domain");
}

// Models older than opset 9 are raised to 9 by ONNX's version converter,
// so the converters only handle opsets 9..17.
void NormalizeOpset(onnx::ModelProto* model, const std::string& label) {
  const int opset = DefaultOpset(*model, label);
  LITE_ENFORCE(opset <= kOnnxMaxOpset, "ONNX model '", label, "': opset ", opset,
               " is newer than the importer supports (", kOnnxMinOpset, "..", kOnnxMaxOpset,
               "); re-export with opset <= ", kOnnxMaxOpset);
  if (opset >= kOnnxMinOpset) return;
  try {
    *model = onnx::version_conversion::ConvertVersion(*model, kOnnxMinOpset);
  } catch (const std::exception& e) {
    ThrowError("ONNX model '", label, "': opset ", opset, " is older than ", kOnnxMinOpset,
               " and ONNX's version converter could not raise it: ", e.what());
  }
}

class Importer {
 public:
  Importer(const std::string& label, const std::string& base_dir)
      : label_(label), base_dir_(base_dir) {}

  void Run(onnx::ModelProto model, cpp::ProgramDesc* program, Scope* weights) {
    state_.file = label_;
    state_.base_dir = base_dir_;
    state_.weights = &scope_;
    state_.blocks.emplace_back();
    state_.blocks.front().idx = 0;
    state_.var_index.emplace_back();
    state_.convert_graph = [this](const onnx::GraphProto& sub, int32_t block) {
      ConvertSubgraph(sub, block);
    };
    // Before libonnx's version converter, checker and shape inference.
    onnx_import::ValidateModelProto(model, label_);
    opset_ = DefaultOpset(model, label_);
    state_.opset = opset_;
    LITE_ENFORCE(opset_ <= kOnnxMaxOpset, "ONNX model '", label_, "': opset ", opset_,
                 " is newer than the importer supports (", kOnnxMinOpset, "..", kOnnxMaxOpset,
                 "); re-export with opset <= ", kOnnxMaxOpset);
    CheckOperatorsClaimed(model.graph());
    // Before ONNX's checker opens them: every external-data file is a
    // regular file beneath the model folder (a FIFO would block the checker,
    // a link out of the folder must never be opened).
    CheckExternalDataFiles(model.graph());
    // libonnx's checker, version converter and shape inference run in a
    // child process (IsolatedLibonnx): they trust what they read, and a
    // malformed model crashed them (SIGFPE on a zero stride, SEGV on a
    // LayerNormalization axis of 2^63 - 1, found by the ONNX fuzzer). The
    // checks above catch the known classes; isolation makes any other one
    // an Error instead of a dead process.
    model = IsolatedLibonnx(model);
    opset_ = DefaultOpset(model, label_);
    state_.opset = opset_;
    const auto& g = model.graph();
    AddValueInfos(g);
    std::set<std::string> initialized;
    for (const auto& init : g.initializer()) {
      Tensor t;
      onnx_import::TensorFromProto(init, base_dir_, init.name(), &t);
      AddConstant(init.name(), t);
      initialized.insert(init.name());
    }
    for (const auto& vi : g.input()) {
      if (!initialized.count(vi.name())) CheckTensorType(vi, "input");
    }
    for (const auto& vi : g.output()) CheckTensorType(vi, "output");
    const bool has_feed = std::any_of(g.input().begin(), g.input().end(), [&](const auto& vi) {
      return !initialized.count(vi.name());
    });
    LITE_ENFORCE(has_feed, "ONNX model '", label_,
                 "': a graph without inputs is not supported (nothing to feed)");
    int col = 0;
    for (const auto& in : g.input()) {
      if (initialized.count(in.name())) continue;
      cpp::OpDesc feed("feed");
      feed.SetInput("X", {"feed"});
      feed.SetOutput("Out", {in.name()});
      feed.SetAttr("col", static_cast<int32_t>(col++));
      Root().ops.push_back(feed);
      DeclareVar(in.name(), 0);
    }
    for (const auto& out : g.output()) outputs_.insert(out.name());
    int fused = 0;
    for (const auto& node : onnx_import::FuseHardSwish(g, opset_, &fused)) ConvertNode(node, 0);
    for (const auto& out : g.output()) ExposeConstantOutput(out.name());
    col = 0;
    for (const auto& out : g.output()) {
      cpp::OpDesc fetch("fetch");
      fetch.SetInput("X", {out.name()});
      fetch.SetOutput("Out", {"fetch"});
      fetch.SetAttr("col", static_cast<int32_t>(col++));
      Root().ops.push_back(fetch);
    }
    for (const char* name : {"feed", "fetch"}) {
      cpp::VarDesc v;
      v.name = name;
      v.type = name[0] == 'f' && name[1] == 'e' ? cpp::VarKind::FEED_MINIBATCH : cpp::VarKind::FETCH_LIST;
      v.persistable = true;
      onnx_import::DeclareVarDesc(&Root(), &state_.var_index.front(), v, true);
    }
    cpp::ProgramDesc prog;
    for (auto& block : state_.blocks) prog.blocks.push_back(std::move(block));
    for (const auto& name : scope_.LocalVarNames()) {
      Tensor* dst = weights->Var(name);
      dst->ShareDataWith(*scope_.FindVar(name));
      dst->set_persistable(true);
    }
    *program = std::move(prog);
  }

 private:
  void Check(const onnx::ModelProto& model) {
    try {
      onnx::checker::CheckerContext ctx;
      ctx.set_ir_version(static_cast<int>(model.ir_version()));
      std::unordered_map<std::string, int> opsets;
      for (const auto& o : model.opset_import()) opsets[o.domain()] = static_cast<int>(o.version());
      ctx.set_opset_imports(opsets);
      ctx.set_model_dir(base_dir_);
      onnx::checker::LexicalScopeContext lex;
      onnx::checker::check_graph(model.graph(), ctx, lex);
    } catch (const std::exception& e) {
      std::string what = e.what();
      ThrowError("ONNX model '", label_, "' fails ONNX's checker: ", what.substr(0, 600));
    }
  }

  // The checker runs on the model as written, before ONNX's version
  // converter (the converter trusts node schemas: a Loop without its body
  // crashed it); then the converter and shape inference (ranks, dims and
  // element types for the converters, including Reshapes to run-time
  // shapes).
  void RunLibonnx(onnx::ModelProto* model) {
    Check(*model);
    NormalizeOpset(model, label_);
    onnx_import::InferShapesAndReshapeRanks(model);
  }

  // RunLibonnx in a forked child that sends back the resulting model or the
  // Error's message through a pipe; a child killed by a signal is an Error
  // naming it. The parent reads while the child writes (no pipe deadlock).
  onnx::ModelProto IsolatedLibonnx(const onnx::ModelProto& model) {
    // One import forks at a time, and the lazily built singletons the child
    // uses (ONNX's schema registry, protobuf descriptors) exist before the
    // fork, so the child never waits on a lock another thread held.
    static std::mutex fork_mutex;
    std::lock_guard<std::mutex> lock(fork_mutex);
    static const bool warmed = [] {
      onnx::OpSchemaRegistry::Schema("Conv", kOnnxMaxOpset);
      return onnx::ModelProto::descriptor() != nullptr;
    }();
    (void)warmed;
    int fds[2];
    if (pipe(fds) != 0) {
      onnx::ModelProto copy = model;
      RunLibonnx(&copy);  // no pipe: in process, as before
      return copy;
    }
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid < 0) {
      close(fds[0]);
      close(fds[1]);
      onnx::ModelProto copy = model;
      RunLibonnx(&copy);
      return copy;
    }
    if (pid == 0) {
      close(fds[0]);
      std::string out;
      try {
        onnx::ModelProto copy = model;
        RunLibonnx(&copy);
        out = "M" + copy.SerializeAsString();
      } catch (const std::exception& e) {
        out = std::string("E") + e.what();
      }
      size_t done = 0;
      while (done < out.size()) {
        const ssize_t n = write(fds[1], out.data() + done, out.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += static_cast<size_t>(n);
      }
      _exit(done == out.size() ? 0 : 3);
    }
    close(fds[1]);
    std::string in;
    char buf[1 << 16];
    bool stalled = false;
    for (;;) {
      // A child silent for 10 minutes is stopped (libonnx stuck).
      struct pollfd pfd = {fds[0], POLLIN, 0};
      const int ready = poll(&pfd, 1, 600 * 1000);
      if (ready < 0 && errno == EINTR) continue;
      if (ready == 0) {
        stalled = true;
        kill(pid, SIGKILL);
        break;
      }
      const ssize_t n = read(fds[0], buf, sizeof(buf));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      in.append(buf, static_cast<size_t>(n));
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    LITE_ENFORCE(!stalled, "ONNX model '", label_, "': ONNX's checker, version converter or "
                 "shape inference made no progress for 10 minutes and was stopped");
    if (WIFSIGNALED(status)) {
      ThrowError("ONNX model '", label_, "': ONNX's checker, version converter or shape inference "
                 "crashed on it (signal ", WTERMSIG(status), ", ", strsignal(WTERMSIG(status)),
                 "): the model is malformed in a way the importer's own checks do not name");
    }
    LITE_ENFORCE(WIFEXITED(status) && WEXITSTATUS(status) == 0 && !in.empty(), "ONNX model '",
                 label_, "': ONNX's checker, version converter or shape inference failed on it "
                 "(exit status ", WIFEXITED(status) ? WEXITSTATUS(status) : -1, ")");
    if (in[0] == 'E') throw Error(in.substr(1));
    onnx::ModelProto result;
    LITE_ENFORCE(in[0] == 'M' && result.ParseFromArray(in.data() + 1, static_cast<int>(in.size() - 1)),
                 "ONNX model '", label_, "': the shape-inferred model could not be read back");
    return result;
  }

  void CheckExternalDataFiles(const onnx::GraphProto& g, int depth = 0) {
    LITE_ENFORCE(depth < 64, "ONNX model '", label_, "': subgraphs nested more than 64 deep");
    for (const auto& init : g.initializer()) {
      onnx_import::CheckExternalData(init, base_dir_, init.name());
    }
    for (const auto& node : g.node()) {
      for (const auto& attr : node.attribute()) {
        if (attr.has_g()) CheckExternalDataFiles(attr.g(), depth + 1);
        if (!attr.has_t()) continue;
        const std::string what =
            (node.output_size() ? node.output(0) : node.name()) + " " + attr.name();
        onnx_import::CheckExternalData(attr.t(), base_dir_, what);
      }
    }
  }

  // A graph output that import made a weight (a Constant, a folded value)
  // is renamed and copied to the output by an assign op: fetched variables
  // must be produced by an op.
  void ExposeConstantOutput(const std::string& name) {
    Tensor* t = scope_.FindVar(name);
    if (!t) return;
    const std::string renamed = name + ".onnx_value";
    AddConstant(renamed, *t);
    scope_.EraseLocal(name);
    for (auto& op : Root().ops) {
      for (auto& slot : op.mutable_inputs()) {
        for (auto& arg : slot.second) {
          if (arg == name) arg = renamed;
        }
      }
    }
    auto at = state_.var_index.front().find(name);
    if (at != state_.var_index.front().end()) Root().vars[at->second].persistable = false;
    cpp::OpDesc assign("assign");
    assign.SetInput("X", {renamed});
    assign.SetOutput("Out", {name});
    Root().ops.push_back(assign);
  }

  // Graph inputs and outputs must be tensors of a type the runtime has.
  void CheckTensorType(const onnx::ValueInfoProto& vi, const char* what) {
    const auto& type = vi.type();
    if (type.value_case() == onnx::TypeProto::VALUE_NOT_SET) return;
    LITE_ENFORCE(type.has_tensor_type(), "ONNX model '", label_, "': graph ", what, " '", vi.name(),
                 "' is a sequence, map or optional, which is not supported (only tensors)");
    const DataType dt = onnx_import::DataTypeFromOnnx(type.tensor_type().elem_type());
    LITE_ENFORCE(dt != DataType::kUnknown && dt != DataType::kFloat16, "ONNX model '", label_,
                 "': graph ", what, " '", vi.name(), "' has element type ",
                 onnx::TensorProto::DataType_Name(
                     static_cast<onnx::TensorProto::DataType>(type.tensor_type().elem_type())),
                 ", which is not supported");
  }

  void AddConstant(const std::string& name, const Tensor& t) {
    Tensor* w = scope_.Var(name);
    w->CopyFrom(t);
    w->set_persistable(true);
    cpp::VarDesc v;
    v.name = name;
    v.dtype = t.dtype();
    v.dims = t.dims();
    v.persistable = true;
    onnx_import::DeclareVarDesc(&Root(), &state_.var_index.front(), v, true);
  }

  void AddValueInfos(const onnx::GraphProto& g) {
    for (const auto& vi : g.input()) state_.values[vi.name()] = InfoFromType(vi.type());
    for (const auto& vi : g.value_info()) state_.values[vi.name()] = InfoFromType(vi.type());
    for (const auto& vi : g.output()) state_.values[vi.name()] = InfoFromType(vi.type());
  }

  // A Loop body or If branch into `block` (its inputs already written
  // there by the converter): its initializers become weights, its nodes
  // ops of the block.
  void ConvertSubgraph(const onnx::GraphProto& g, int32_t block) {
    AddValueInfos(g);
    for (const auto& init : g.initializer()) {
      Tensor t;
      onnx_import::TensorFromProto(init, base_dir_, init.name(), &t);
      AddConstant(init.name(), t);
    }
    for (const auto& node : g.node()) ConvertNode(node, block);
  }

  void DeclareVar(const std::string& name, int32_t block) {
    auto& index = state_.var_index.at(block);
    if (name.empty() || index.count(name)) return;
    cpp::VarDesc v;
    v.name = name;
    auto it = state_.values.find(name);
    if (it != state_.values.end()) {
      if (it->second.dtype != DataType::kUnknown) v.dtype = it->second.dtype;
      v.dims = it->second.dims;
    }
    onnx_import::DeclareVarDesc(&state_.blocks.at(block), &index, v, false);
  }

  // Before anything else: a model using operators the importer lacks is
  // refused naming the first such node and listing every such operator.
  void CheckOperatorsClaimed(const onnx::GraphProto& g) {
    const onnx::NodeProto* first = nullptr;
    std::set<std::string> missing;
    FindUnclaimed(g, 0, &first, &missing);
    if (!first) return;
    std::string list;
    for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
    ConvertContext c(*first, &state_, 0);
    c.Fail("operator is not supported by the ONNX importer (unsupported in this model: " + list +
           "; docs/onnx-import.md lists the " + std::to_string(ConverterTable().size()) + " supported operators)");
  }

  // The nodes of `g` and of its subgraphs (Loop bodies, If branches) whose
  // operator has no converter.
  void FindUnclaimed(const onnx::GraphProto& g, int depth, const onnx::NodeProto** first,
                     std::set<std::string>* missing) {
    LITE_ENFORCE(depth < 64, "ONNX model '", label_, "': subgraphs nested more than 64 deep");
    const auto& table = ConverterTable();
    for (const auto& node : g.node()) {
      for (const auto& attr : node.attribute()) {
        if (attr.has_g()) FindUnclaimed(attr.g(), depth + 1, first, missing);
        for (const auto& sub : attr.graphs()) FindUnclaimed(sub, depth + 1, first, missing);
      }
      const bool default_domain = node.domain().empty() || node.domain() == "ai.onnx";
      if (default_domain && table.count(node.op_type())) continue;
      if (!*first) *first = &node;
      missing->insert(default_domain ? node.op_type() : node.domain() + "." + node.op_type());
    }
  }

  void ConvertNode(const onnx::NodeProto& node, int32_t block) {
    ConvertContext c(node, &state_, block);
    if (!node.domain().empty() && node.domain() != "ai.onnx") {
      c.Fail("operator domain '" + node.domain() + "' is not supported (only the default ONNX domain is)");
    }
    const auto& table = ConverterTable();
    auto it = table.find(node.op_type());
    if (it == table.end()) {
      c.Fail("operator is not supported by the ONNX importer (docs/onnx-import.md lists the " +
             std::to_string(ConverterTable().size()) + " supported operators)");
    }
    try {
      it->second(c);
    } catch (const lite_api::Error& e) {
      std::string what = e.what();
      if (what.find("ONNX model '") == 0) throw;
      c.Fail(what);
    }
    for (const auto& out : node.output()) {
      if (scope_.FindVar(out)) continue;
      DeclareVar(out, block);
    }
  }

  cpp::BlockDesc& Root() { return state_.blocks.front(); }

  std::string label_;
  std::string base_dir_;
  int opset_{0};
  Scope scope_;
  onnx_import::ImportState state_;
  std::set<std::string> outputs_;
};

onnx::ModelProto ParseModel(const char* data, size_t size, const std::string& label) {
  onnx::ModelProto model;
  LITE_ENFORCE(size <= static_cast<size_t>(INT32_MAX), "ONNX model '", label, "' is ", size,
               " bytes; protobuf limits a model to 2 GiB (store the weights as external data)");
  LITE_ENFORCE(model.ParseFromArray(data, static_cast<int>(size)), "ONNX model '", label,
               "' is not a valid ONNX ModelProto (protobuf parsing failed)");
  LITE_ENFORCE(model.has_graph(), "ONNX model '", label, "' has no graph");
  return model;
}

}  // namespace

bool IsOnnxModelFile(const std::string& path) {
  const std::string ext = ".onnx";
  if (path.size() < ext.size()) return false;
  std::string tail = path.substr(path.size() - ext.size());
  std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char ch) {
    return static_cast<char>(std::tolower(ch));
  });
  return tail == ext;
}

bool LooksLikeOnnxModel(const char* data, size_t size) {
  return size > 1 && static_cast<unsigned char>(data[0]) == 0x08;
}

bool FileLooksLikeOnnxModel(const std::string& path) {
  // Only a regular file is sniffed: opening a FIFO would block, and a device
  // or directory is refused by the loader with a message of its own.
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  std::ifstream f(path, std::ios::binary);
  char head[2] = {0, 0};
  f.read(head, 2);
  return f.gcount() == 2 && LooksLikeOnnxModel(head, 2);
}

void ImportOnnxModel(const std::string& model_file, cpp::ProgramDesc* program, Scope* weights) {
  auto file = ReadWholeFile(model_file, "ONNX model file");
  ImportOnnxModelFromBuffer(std::string(file->data(), file->size()), model_file,
                            DirOf(model_file), program, weights);
}

void ImportOnnxModelFromBuffer(const std::string& bytes, const std::string& label,
                               const std::string& external_data_dir, cpp::ProgramDesc* program,
                               Scope* weights) {
  LITE_ENFORCE(program != nullptr && weights != nullptr,
               "ImportOnnxModel: program and weights must not be null");
  Importer importer(label, external_data_dir);
  importer.Run(ParseModel(bytes.data(), bytes.size(), label), program, weights);
}

std::vector<std::string> ClaimedOnnxOperators() {
  std::vector<std::string> names;
  for (const auto& kv : ConverterTable()) names.push_back(kv.first);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace lite
}  // namespace paddle
