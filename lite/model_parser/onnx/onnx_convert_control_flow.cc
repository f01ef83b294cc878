// ONNX control flow → Paddle blocks.
// Loop(M, cond, v_initial...) with body(iter_num, cond_in, v_in...) ->
//   (cond_out, v_out..., scan_out...) becomes, in the Loop's block:
//     i = 0 (int64 scalar); v_k = v_initial_k; c = cond [&& i < M]
//     while (c) { block B }
//     outputs: final v_k; scan_j = tensor_array_to_tensor(arr_j, stacked on
//     a new axis 0)
//   and block B (a new block whose parent is the Loop's):
//     iter_num = i; cond_in = c; v_in_k = v_k; <the body's nodes>;
//     v_k = v_out_k; arr_j[i] = scan_out_j; ++i; c = cond_out [&& i < M]
//   An absent M means no trip limit, an absent cond means true (ONNX).
//   A loop with scan outputs that runs zero times is an Error at run time
//   (the stacked output has no element to take its shape from).
// If(cond) with then_branch / else_branch (no inputs, N outputs each)
//   becomes two conditional_blocks (Cond = cond, and Cond = not cond, both
//   is_scalar_condition) whose blocks convert a branch and copy its outputs
//   to per-branch variables, and one select_input per output picking the
//   branch that ran (Mask = cast(cond, int32); X = [else, then]), the form
//   Paddle's own exporter gives `if` on a tensor.
#include "lite/model_parser/onnx/onnx_context.h"

namespace paddle {
namespace lite {
namespace onnx_import {
namespace {

void Assign(ConvertContext& c, const std::string& from, const std::string& to) {
  auto* op = c.AddOp("assign");
  op->SetInput("X", {from});
  op->SetOutput("Out", {to});
}

std::string FillScalar(ConvertContext& c, const char* suffix, DataType type, double value) {
  const std::string name = c.Temp(suffix);
  auto* op = c.AddOp("fill_constant");
  op->SetOutput("Out", {name});
  op->SetAttr("dtype", PaddleDtypeCode(type));
  op->SetAttr("shape", std::vector<int64_t>{});
  op->SetAttr("value", value);
  return name;
}

// cond' = cond && (i < M) when M is given (else cond), into `out`.
void LoopCondition(ConvertContext& c, const std::string& cond, const std::string& i,
                   const std::string& trip_count, const std::string& out) {
  if (trip_count.empty()) {
    Assign(c, cond, out);
    return;
  }
  const std::string below = c.Temp("below_trip_count");
  auto* lt = c.AddOp("less_than");
  lt->SetInput("X", {i});
  lt->SetInput("Y", {trip_count});
  lt->SetOutput("Out", {below});
  auto* both = c.AddOp("logical_and");
  both->SetInput("X", {cond});
  both->SetInput("Y", {below});
  both->SetOutput("Out", {out});
}

}  // namespace

void ConvertLoop(ConvertContext& c) {
  const onnx::GraphProto& body = c.AttrGraph("body");
  const int carried = c.NumInputs() - 2;
  c.Check(carried >= 0, "needs inputs M and cond (each may be empty)");
  c.Check(body.input_size() == carried + 2, "body has ", body.input_size(),
          " inputs; expected ", carried + 2, " (iteration number, condition and the ", carried,
          " loop-carried values)");
  c.Check(body.output_size() >= carried + 1, "body has ", body.output_size(),
          " outputs; expected at least ", carried + 1, " (condition and the loop-carried values)");
  const int scans = body.output_size() - 1 - carried;
  c.Check(c.NumOutputs() <= carried + scans, "has ", c.NumOutputs(), " outputs; the body gives ",
          carried, " loop-carried values and ", scans, " scan outputs");
  for (int k = 0; k < carried; ++k) {
    c.Check(c.HasInput(k + 2), "loop-carried input ", k + 2, " is empty");
  }
  // The loop's state, in the Loop's block.
  const std::string trip_count = c.HasInput(0) ? c.Input(0) : "";
  const std::string i = FillScalar(c, "iteration", DataType::kInt64, 0);
  const std::string first_cond =
      c.HasInput(1) ? c.Input(1) : FillScalar(c, "true", DataType::kBool, 1);
  const std::string cond = c.Temp("condition");
  LoopCondition(c, first_cond, i, trip_count, cond);
  std::vector<std::string> state, arrays;
  for (int k = 0; k < carried; ++k) {
    state.push_back(c.Temp("carried"));
    Assign(c, c.Input(k + 2), state.back());
  }
  for (int j = 0; j < scans; ++j) arrays.push_back(c.Temp("scan_array"));
  const int32_t sub = c.NewBlock();
  auto* loop = c.AddOp("while");
  std::vector<std::string> xs{i, cond};
  if (!trip_count.empty()) xs.push_back(trip_count);
  xs.insert(xs.end(), state.begin(), state.end());
  loop->SetInput("X", xs);
  loop->SetInput("Condition", {cond});
  std::vector<std::string> outs{i, cond};
  outs.insert(outs.end(), state.begin(), state.end());
  outs.insert(outs.end(), arrays.begin(), arrays.end());
  loop->SetOutput("Out", outs);
  loop->SetAttribute("sub_block", cpp::Attribute{cpp::AttrType::BLOCK, sub});
  loop->SetAttr("is_test", true);
  // The body's block.
  ConvertContext b = c.InBlock(sub);
  Assign(b, i, body.input(0).name());
  Assign(b, cond, body.input(1).name());
  for (int k = 0; k < carried; ++k) Assign(b, state[k], body.input(k + 2).name());
  c.ConvertGraph(body, sub);
  for (int k = 0; k < carried; ++k) Assign(b, body.output(k + 1).name(), state[k]);
  for (int j = 0; j < scans; ++j) {
    auto* w = b.AddOp("write_to_array");
    w->SetInput("X", {body.output(1 + carried + j).name()});
    w->SetInput("I", {i});
    w->SetOutput("Out", {arrays[j]});
  }
  auto* inc = b.AddOp("increment");
  inc->SetInput("X", {i});
  inc->SetOutput("Out", {i});
  inc->SetAttr("step", 1.0f);
  LoopCondition(b, body.output(0).name(), i, trip_count, cond);
  // The Loop's outputs.
  for (int k = 0; k < c.NumOutputs(); ++k) {
    if (!c.HasOutput(k)) continue;
    if (k < carried) {
      Assign(c, state[k], c.Output(k));
      continue;
    }
    auto* join = c.AddOp("tensor_array_to_tensor");
    join->SetInput("X", {arrays[k - carried]});
    join->SetOutput("Out", {c.Output(k)});
    join->SetOutput("OutIndex", {c.Temp("scan_index")});
    join->SetAttr("axis", 0);
    join->SetAttr("use_stack", true);
  }
  for (const auto& name : arrays) {
    cpp::VarDesc v;
    v.name = name;
    v.type = cpp::VarKind::LOD_TENSOR_ARRAY;
    c.DeclareVar(v);  // replaces the plain variable Temp() declared
  }
}

void ConvertIf(ConvertContext& c) {
  const onnx::GraphProto* branches[2] = {&c.AttrGraph("else_branch"), &c.AttrGraph("then_branch")};
  for (const auto* g : branches) {
    c.Check(g->input_size() == 0, "branch '", g->name(), "' has inputs; If branches take none");
    c.Check(g->output_size() == c.NumOutputs(), "branch '", g->name(), "' has ",
            g->output_size(), " outputs; the If node has ", c.NumOutputs());
  }
  const std::string cond = c.Input(0);
  const std::string not_cond = c.Temp("not_condition");
  auto* negate = c.AddOp("logical_not");
  negate->SetInput("X", {cond});
  negate->SetOutput("Out", {not_cond});
  std::vector<std::string> outs[2];  // [else, then]
  for (int which = 0; which < 2; ++which) {
    for (int k = 0; k < c.NumOutputs(); ++k) {
      outs[which].push_back(c.Temp(which ? "then_output" : "else_output"));
    }
    const int32_t sub = c.NewBlock();
    auto* run = c.AddOp("conditional_block");
    run->SetInput("Cond", {which ? cond : not_cond});
    run->SetInput("Input", {});
    run->SetOutput("Out", outs[which]);
    run->SetAttr("is_scalar_condition", true);
    run->SetAttribute("sub_block", cpp::Attribute{cpp::AttrType::BLOCK, sub});
    c.ConvertGraph(*branches[which], sub);
    ConvertContext b = c.InBlock(sub);
    for (int k = 0; k < c.NumOutputs(); ++k) {
      Assign(b, branches[which]->output(k).name(), outs[which][k]);
    }
  }
  const std::string mask = c.Temp("branch");
  auto* cast = c.AddOp("cast");
  cast->SetInput("X", {cond});
  cast->SetOutput("Out", {mask});
  cast->SetAttr("in_dtype", PaddleDtypeCode(DataType::kBool));
  cast->SetAttr("out_dtype", PaddleDtypeCode(DataType::kInt32));
  for (int k = 0; k < c.NumOutputs(); ++k) {
    if (!c.HasOutput(k)) continue;
    auto* select = c.AddOp("select_input");
    select->SetInput("X", {outs[0][k], outs[1][k]});
    select->SetInput("Mask", {mask});
    select->SetOutput("Out", {c.Output(k)});
  }
}

}  // namespace onnx_import
}  // namespace lite
}  // namespace paddle
