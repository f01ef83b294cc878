// The PIR JSON walk's state, shared by pir_importer.cc (documents, blocks,
// the table-driven mapping), pir_structural_ops.cc (data, fetch, constants,
// parameters, combine/split) and pir_control_flow.cc (if, while). Internal
// to lite/model_parser/pir.
#pragma once
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"
#include "lite/model_parser/pir/pir_json.h"

namespace paddle {
namespace lite {
namespace pir_import {

constexpr int kMaxNesting = 64;

class Importer;
using Fixup = void (*)(cpp::OpDesc* op, const std::vector<ValueType>& results);
using Handler = void (Importer::*)(const Json& op);

struct OpRow {
  const char* pir_name;
  const char* paddle_type;  // "" for structural ops
  const char* operands;
  const char* results;
  const char* renames;
  Fixup fixup;
  Handler handler;
};

// Words of a table column ("X ksize:ints" → {"X", "ksize:ints"}).
std::vector<std::string> Words(const std::string& s);

// A constant made by pd_op.full / pd_op.full_int_array: its values (numel of
// them) and dtype, for folding into attributes.
struct Constant {
  std::vector<double> values;
  DataType dtype{DataType::kFloat32};
};

struct Param {
  std::string name;
  ValueType type;
  Where where;
};

// A result of the op being read: its value id and declared type.
struct Result {
  int64_t id;
  ValueType type;
};

class Importer {
 public:
  explicit Importer(std::string label) { where_.file = std::move(label); }

  void Run(const std::string& text);

  // Reads params (sorted by name) into `weights`.
  void LoadParams(const char* data, size_t size, const std::string& label, Scope* weights) const;

  std::vector<cpp::VarDesc> SortedParams() const;

  cpp::ProgramDesc TakeProgram() { return std::move(prog_); }

  // Structural handlers (PIR_STRUCT rows).
  void Data(const Json& op);
  void Fetch(const Json& op);
  void ShadowOutput(const Json& op);
  void Full(const Json& op);
  void FullIntArray(const Json& op);
  void Parameter(const Json& op);
  void Combine(const Json& op);
  void Split(const Json& op);
  void Slice(const Json& op);
  void If(const Json& op);
  void While(const Json& op);
  void Yield(const Json& op);

 private:
  // ---- document structure ----
  void CheckHeader(const Json& doc);

  // Converts the ops of `block_json` into block `block_idx`; returns the
  // operand ids of its terminating cf.yield, if any.
  std::optional<std::vector<int64_t>> ConvertBlock(const Json& block_json, int32_t block_idx, int depth);

  void ConvertOp(const Json& op);

  static const OpRow* FindRow(const std::string& name);

  // ---- values ----
  std::vector<int64_t> OperandIds(const Json& op);

  std::vector<Result> Results(const Json& op);

  // The name(s) a value is bound to; an Error naming the value when it is
  // null or not defined.
  const std::vector<std::string>& NamesOf(int64_t id) const;
  const std::string& NameOf(int64_t id) const;

  // Declares `name` with `type` in block `block` (replacing a declaration).
  void DeclareVar(int32_t block, const std::string& name, const ValueType& type, bool persistable = false);

  // Binds a result to a name (default "%<id>") and declares it here.
  void Bind(const Result& r, const std::string& name = "");

  void ClaimName(const std::string& name, const char* what);

  cpp::OpDesc* Emit(const std::string& type);

  void EmitAssign(const std::string& from, const std::string& to);

  int32_t NewBlock(int32_t parent);

  const Json* Attr(const Json& op, const char* name);
  const Json& RequiredAttr(const Json& op, const char* name);

  // ---- the table-driven mapping ----
  void Generic(const OpRow& row, const Json& op);

  void MapOperand(const std::string& spec, size_t i, int64_t id, cpp::OpDesc* desc);

  void CopyAttributes(const OpRow& row, const Json& op, cpp::OpDesc* desc);

  void PruneUnusedConstants();
  void DeclareFeedFetch();

  Where where_;
  cpp::ProgramDesc prog_;
  int32_t block_{0};
  int depth_{0};
  int64_t next_op_index_{0};
  int feeds_{0};
  int fetches_{0};
  std::unordered_map<int64_t, std::vector<std::string>> names_;
  std::unordered_map<int64_t, ValueType> types_;
  std::unordered_map<int64_t, Constant> consts_;
  std::set<std::string> program_names_;
  std::set<std::string> constant_outputs_;  // outputs of emitted constant ops
  std::vector<Param> params_;
};

}  // namespace pir_import
}  // namespace lite
}  // namespace paddle
