// nnadapter_subgraph_pass: finds the ops the selected NNAdapter devices can
// run and replaces each maximal, cycle-free cluster of them by a `subgraph`
// op that owns a block with the cluster's ops.
//
// Support is asked of the devices: each candidate op (one with a converter)
// is converted alone into a small NNAdapter model and
// NNAdapterModel_getSupportedOperations must answer true for every
// operation it became. No device names are listed anywhere in lite/.
#include <glog/logging.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "file_access/file_access.h"
#include "lite/core/program.h"
#include "lite/core/registry.h"
#include "lite/graph/passes/passes.h"
#include "lite/nnadapter/converter.h"
#include "lite/nnadapter/device_context.h"
#include "lite/nnadapter/partition_config.h"
#include "lite/nnadapter/partition_report.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {
using nnadapter_bridge::Converter;
using nnadapter_bridge::kPlacedDeviceAttr;

using ShapeHints = std::map<std::string, std::pair<DDim, DataType>>;

// The dims and element type of every variable of one CPU run of `program`
// on zeros of the `feeds` dims; empty when the run fails.
ShapeHints RunForShapes(const cpp::ProgramDesc& program, const PassContext& ctx,
                        const std::map<std::string, DDim>& feeds) {
  ShapeHints hints;
  try {
    auto parent = std::shared_ptr<const Scope>(ctx.weights, [](const Scope*) {});
    Scope scope(parent);
    RuntimeProgram rp(program, &scope, {Place(TargetType::kX86), Place(TargetType::kHost)});
    for (auto& [name, dims] : feeds) {
      Tensor* t = scope.Var(name);
      t->Resize(dims);
      DataType type = t->dtype() == DataType::kUnknown ? DataType::kFloat32 : t->dtype();
      std::memset(t->mutable_data(type), 0, t->memory_size());
    }
    rp.Run(1);
    for (const auto& name : scope.LocalVarNames()) {
      const Tensor* t = scope.FindLocalVar(name);
      hints[name] = {t->dims(), t->dtype()};
    }
  } catch (const Error& e) {
    VLOG(3) << "nnadapter: shapes not learnt (" << e.what() << ")";
    hints.clear();
  }
  return hints;
}

// Extents chosen for an input's unknown non-batch extents when no shape is
// given: two runs, and an extent that differs between them is unknown (-1).
constexpr int64_t kProbeExtents[2] = {64, 96};

// Dims of every variable (those of control-flow blocks too: they share the
// scope), learnt by running the CPU program on zeros: devices that compile
// static shapes (most NPUs) can only answer for concrete shapes, and a
// VarDesc's dims may be stale (Paddle Lite's opt saved shared activations'
// dims once for all their uses). Input shapes come from
// set_nnadapter_dynamic_shape_info (first shape), else from the feed's
// VarDesc with an unknown batch taken as 1; other unknown extents are
// probed with kProbeExtents, and the dims that follow them are -1. Empty
// when a run fails (then VarDesc dims, with -1, are used).
ShapeHints LearnShapes(SSAGraph* graph, const PassContext& ctx) {
  cpp::ProgramDesc program = *ctx.program;  // every block: loops run too
  graph->ToBlock(&program.blocks[0]);
  const auto& info = ctx.options->nnadapter.dynamic_shape_info;
  std::map<std::string, DDim> feeds[2];
  bool probed = false;
  for (const auto& name : graph->feeds()) {
    auto it = info.find(name);
    if (it != info.end() && !it->second.empty()) {
      feeds[0][name] = feeds[1][name] = it->second[0];
      continue;
    }
    const cpp::VarDesc* v = program.blocks[0].FindVar(name);
    if (!v) return {};
    for (int k = 0; k < 2; ++k) {
      DDim d = v->dims;
      for (size_t i = 0; i < d.size(); ++i) {
        if (d[i] >= 0) continue;
        if (i > 0) probed = true;
        d[i] = i == 0 ? 1 : kProbeExtents[k];
      }
      feeds[k][name] = d;
    }
  }
  ShapeHints hints = RunForShapes(program, ctx, feeds[0]);
  if (!probed || hints.empty()) return hints;
  const ShapeHints other = RunForShapes(program, ctx, feeds[1]);
  ShapeHints merged;
  for (const auto& [name, h] : hints) {
    auto o = other.find(name);
    if (o == other.end() || o->second.first.size() != h.first.size()) continue;
    DDim d = h.first;
    for (size_t i = 0; i < d.size(); ++i) {
      if (d[i] != o->second.first[i]) d[i] = -1;
    }
    merged[name] = {d, h.second};
  }
  return merged;
}

// One context per device of a multi-device list, to tell which device the
// runtime will give each operation (the first, in the user's order, that
// supports it).
using DeviceContexts =
    std::vector<std::pair<std::string, std::unique_ptr<nnadapter_bridge::DeviceContext>>>;

// The device of lowest estimated time among those running every operation
// of `model` alone (the cost-aware placement of the runtime); "" if none.
std::string CheapestDevice(NNAdapterModel* model, const DeviceContexts& per_device) {
  std::string best;
  double best_ms = 0;
  for (const auto& [name, ctx] : per_device) {
    double device_ms = 0, host_ms = 0;
    if (NNAdapterModel_estimateTime(model, ctx->context(), &device_ms, &host_ms) ==
            NNADAPTER_NO_ERROR &&
        (best.empty() || device_ms < best_ms)) {
      best = name;
      best_ms = device_ms;
    }
  }
  return best;
}

// The devices running the operations of `model` (n of them), as the runtime
// places them: "dev" when one device runs them all, "dev1+dev2" when split
// (greedy: the first device supporting each; cost-aware: the cheapest
// device running them all, else as greedy).
std::string PlacedDevice(NNAdapterModel* model, size_t n, const DeviceContexts& per_device,
                         bool cost_aware) {
  if (cost_aware) {
    std::string cheapest = CheapestDevice(model, per_device);
    if (!cheapest.empty()) return cheapest;
  }
  std::vector<std::string> of_op(n);
  std::unique_ptr<bool[]> flags(new bool[n > 0 ? n : 1]());
  for (const auto& [name, ctx] : per_device) {
    if (NNAdapterModel_getSupportedOperations(model, ctx->context(), flags.get()) !=
        NNADAPTER_NO_ERROR) {
      continue;
    }
    for (size_t i = 0; i < n; ++i) {
      if (flags[i] && of_op[i].empty()) of_op[i] = name;
    }
  }
  std::string devices;
  std::set<std::string> seen;
  for (const auto& d : of_op) {
    if (!d.empty() && seen.insert(d).second) devices += (devices.empty() ? "" : "+") + d;
  }
  return devices;
}

// NNADAPTER_PARTITION=cost among the context properties: an op the devices
// support stays on the CPU when its estimated time there is lower
// (NNAdapterModel_estimateTime; docs/offload-debugging.md).
bool CostAware(const NNAdapterOptions& opts) {
  std::stringstream ss(opts.context_properties);
  for (std::string item; std::getline(ss, item, ';');) {
    item.erase(std::remove_if(item.begin(), item.end(), ::isspace), item.end());
    if (item == "NNADAPTER_PARTITION=cost") return true;
  }
  return false;
}

// "kept on CPU: estimated X ms offloaded vs Y ms here" when the devices are
// estimated slower than the CPU for `model`, else "".
std::string CostVerdict(NNAdapterModel* model, NNAdapterContext* context) {
  double device_ms = 0, host_ms = 0;
  if (NNAdapterModel_estimateTime(model, context, &device_ms, &host_ms) != NNADAPTER_NO_ERROR ||
      device_ms <= host_ms) {
    return "";
  }
  char text[128];
  std::snprintf(text, sizeof(text), "kept on CPU: estimated %.4g ms offloaded vs %.4g ms here",
                device_ms, host_ms);
  return text;
}

// Dims and types of a block's variables for the Converter: learnt shapes
// first, else the VarDesc's.
Converter::VarInfoFn VarInfoOf(const ShapeHints& hints, const cpp::BlockDesc& block) {
  return [&hints, &block](const std::string& name, DDim* dims, DataType* type) {
    auto h = hints.find(name);
    if (h != hints.end()) {
      *dims = h->second.first;
      *type = h->second.second;
      return true;
    }
    const cpp::VarDesc* v = block.FindVar(name);
    if (!v) return false;
    *dims = v->dims;
    *type = v->dtype;
    return true;
  };
}

bool OpSupported(const cpp::OpDesc& op, const cpp::BlockDesc& block, const ShapeHints& hints,
                 const Scope* weights, NNAdapterContext* context, std::string* why,
                 const DeviceContexts& per_device, std::string* device, bool cost_aware) {
  if (!nnadapter_bridge::FindConverter(op.Type())) {
    *why = "no converter";
    return false;
  }
  NNAdapterModel* model = nullptr;
  if (NNAdapterModel_create(&model) != NNADAPTER_NO_ERROR) {
    *why = NNAdapter_getLastErrorMessage();
    return false;
  }
  std::unique_ptr<NNAdapterModel, void (*)(NNAdapterModel*)> guard(model, NNAdapterModel_destroy);
  Converter conv(model, weights, VarInfoOf(hints, block));
  try {
    conv.Convert(op);
  } catch (const Error& e) {
    *why = std::string("converter declined: ") + e.what();
    return false;
  }
  size_t n = conv.operation_count();
  std::unique_ptr<bool[]> flags(new bool[n > 0 ? n : 1]());
  if (NNAdapterModel_getSupportedOperations(model, context, flags.get()) != NNADAPTER_NO_ERROR) {
    *why = NNAdapter_getLastErrorMessage();
    return false;
  }
  for (size_t i = 0; i < n; ++i) {
    if (!flags[i]) {
      const char* name = NNAdapterOperationTypeName(conv.operations()[i].type);
      *why = std::string("device declined: operation ") + std::to_string(i) + " of " +
             std::to_string(n) + " (" + (name ? name : "?") +
             ") is supported by no selected device";
      // The drivers' reasons (an operator-info rule with its file:line).
      const char* reason = "";
      if (NNAdapterModel_getUnsupportedReason(model, static_cast<uint32_t>(i), &reason) ==
              NNADAPTER_NO_ERROR &&
          reason && *reason) {
        *why += std::string(": ") + reason;
      }
      return false;
    }
  }
  if (n > 0 && cost_aware) {
    *why = CostVerdict(model, context);
    if (!why->empty()) return false;
  }
  if (n > 0 && !per_device.empty()) *device = PlacedDevice(model, n, per_device, cost_aware);
  return n > 0;
}

// Union-find over statement nodes.
struct Clusters {
  std::map<Node*, Node*> parent;  // only supported statements are keys
  Node* Find(Node* n) {
    while (parent[n] != n) n = parent[n] = parent[parent[n]];
    return n;
  }
};

// True if a path leads from cluster `a` to cluster `b` through a statement
// outside both (merging them would then create a cycle).
bool PathOutside(Clusters& cl, Node* a, Node* b, const std::vector<Node*>& stmts) {
  std::set<Node*> seen;
  std::vector<Node*> stack;
  for (Node* s : stmts) {
    if (!cl.parent.count(s) || cl.Find(s) != a) continue;
    for (Node* arg : s->outlinks) {
      for (Node* next : arg->outlinks) {
        Node* r = cl.parent.count(next) ? cl.Find(next) : nullptr;
        if (r != a && r != b && seen.insert(next).second) stack.push_back(next);
      }
    }
  }
  while (!stack.empty()) {
    Node* s = stack.back();
    stack.pop_back();
    for (Node* arg : s->outlinks) {
      for (Node* next : arg->outlinks) {
        Node* r = cl.parent.count(next) ? cl.Find(next) : nullptr;
        if (r == b) return true;
        if (r != a && seen.insert(next).second) stack.push_back(next);
      }
    }
  }
  return false;
}

// Logs the summary, writes the JSON report when asked, and enforces strict
// mode.
void FinishReport(const nnadapter_bridge::PartitionReport& report, const NNAdapterOptions& opts) {
  LOG(INFO) << "nnadapter partition: " << report.Summary();
  if (!opts.partition_report_path.empty()) {
    const std::string json = report.Json();
    std::string error;
    LITE_ENFORCE(file_access::WriteFileAtomically(opts.partition_report_path, json.data(),
                                                  json.size(), "NNAdapter partition report",
                                                  &error),
                 error);
  }
  LITE_ENFORCE(!opts.strict || report.cpu_ops() == 0, "NNAdapter strict mode: ", report.cpu_ops(),
               " op(s) would stay on the CPU:\n", report.CpuOpLines());
}

}  // namespace

namespace {

// What partitioning every block shares: the devices, the partition
// config's rules and their hit counts, the learnt shapes and the report.
struct PartitionRun {
  const PassContext* ctx;
  nnadapter_bridge::DeviceContext* devices;
  const DeviceContexts* per_device;  // one per device of a multi-device list
  std::vector<nnadapter_bridge::PartitionRule> rules;
  std::vector<int> rule_hits;
  ShapeHints hints;
  nnadapter_bridge::PartitionReport report;
};

// What crosses a cluster's border: the variables it reads from outside
// (`data_inputs`: those that are not weights) and those it writes that are
// read outside it or observed, with their argument nodes, and the
// arguments only the cluster touches.
struct ClusterBoundary {
  std::set<std::string> inputs, data_inputs, outputs;
  std::set<Node*> input_args, output_args, internal;
};

ClusterBoundary BoundaryOf(const std::vector<Node*>& cluster) {
  ClusterBoundary bd;
  std::set<Node*> in_cluster(cluster.begin(), cluster.end());
  for (Node* s : cluster) {
    for (Node* arg : s->inlinks) {
      Node* p = arg->Producer();
      if (!p || !in_cluster.count(p)) {
        bd.inputs.insert(arg->var_name);
        if (!arg->is_weight) bd.data_inputs.insert(arg->var_name);
        bd.input_args.insert(arg);
      }
    }
    for (Node* arg : s->outlinks) {
      bool used_outside = arg->Observed();
      for (Node* c : arg->outlinks) used_outside |= !in_cluster.count(c);
      if (used_outside) {
        bd.outputs.insert(arg->var_name);
        bd.output_args.insert(arg);
      } else {
        bd.internal.insert(arg);
      }
    }
  }
  return bd;
}

// Cost-aware, per cluster: "kept on CPU: its subgraph of N ops estimated X
// ms offloaded vs Y ms here" when the cluster, converted as one model whose
// inputs and outputs are its boundary (each transferred once; tensors
// between its ops stay on the device), is estimated slower on the devices
// than on the CPU; "" when it pays or cannot be estimated.
std::string ClusterVerdict(const std::vector<Node*>& cluster, const ClusterBoundary& bd,
                           const cpp::BlockDesc& visible, const PartitionRun& run) {
  NNAdapterModel* model = nullptr;
  if (NNAdapterModel_create(&model) != NNADAPTER_NO_ERROR) return "";
  std::unique_ptr<NNAdapterModel, void (*)(NNAdapterModel*)> guard(model, NNAdapterModel_destroy);
  Converter conv(model, run.ctx->weights, VarInfoOf(run.hints, visible));
  std::vector<NNAdapterOperand*> ins, outs;
  try {
    for (Node* s : cluster) conv.Convert(s->op);
    for (const auto& name : bd.data_inputs) ins.push_back(conv.Input(name));
    for (const auto& name : bd.outputs) outs.push_back(conv.Input(name));
  } catch (const Error& e) {
    VLOG(4) << "nnadapter: cluster not estimated: " << e.what();
    return "";
  }
  double device_ms = 0, host_ms = 0;
  if (NNAdapterModel_identifyInputsAndOutputs(model, static_cast<uint32_t>(ins.size()),
                                              ins.data(), static_cast<uint32_t>(outs.size()),
                                              outs.data()) != NNADAPTER_NO_ERROR ||
      NNAdapterModel_estimateTime(model, run.devices->context(), &device_ms, &host_ms) !=
          NNADAPTER_NO_ERROR ||
      device_ms <= host_ms) {
    return "";
  }
  char text[160];
  std::snprintf(text, sizeof(text),
                "kept on CPU: its subgraph of %zu op%s estimated %.4g ms offloaded vs %.4g ms here",
                cluster.size(), cluster.size() == 1 ? "" : "s", device_ms, host_ms);
  return text;
}

// The variables block `b` can see: its own, then its parents'.
cpp::BlockDesc VisibleVars(const cpp::ProgramDesc& program, int32_t b) {
  cpp::BlockDesc visible;
  std::set<std::string> seen;
  for (int32_t at = b, depth = 0; at >= 0 && at < static_cast<int32_t>(program.blocks.size()) &&
                                  depth < 64;
       ++depth) {
    for (const auto& v : program.blocks[at].vars) {
      if (seen.insert(v.name).second) visible.vars.push_back(v);
    }
    if (at == 0) break;
    at = program.blocks[at].parent_idx;
  }
  return visible;
}

// Partitions the graph of block `b`: each maximal, cycle-free cluster of
// supported ops becomes a `subgraph` op of that block whose own block (a
// child of `b`) holds the cluster's ops. Appends to run->report.
int PartitionBlock(SSAGraph* graph, int32_t b, PartitionRun* run) {
  const PassContext& ctx = *run->ctx;
  const NNAdapterOptions& opts = ctx.options->nnadapter;
  cpp::ProgramDesc* program = ctx.program;
  const cpp::BlockDesc visible = VisibleVars(*program, b);
  std::vector<Node*> order = graph->StmtTopologicalOrder();
  Clusters cl;
  std::map<Node*, std::string> cpu_reason;
  std::map<Node*, std::string> device_of;
  for (Node* s : order) {
    std::string forced;
    for (size_t i = 0; i < run->rules.size(); ++i) {
      if (nnadapter_bridge::RuleMatches(run->rules[i], s->op)) {
        run->rule_hits[i]++;
        if (forced.empty()) {
          forced = "forced by " + opts.partition_config_source + ":" +
                   std::to_string(run->rules[i].line);
        }
      }
    }
    if (!forced.empty()) {
      VLOG(4) << "nnadapter: " << s->op.Type() << " " << forced;
      cpu_reason[s] = forced;
      continue;
    }
    std::string why;
    std::string device = opts.device_names.front();
    if (OpSupported(s->op, visible, run->hints, ctx.weights, run->devices->context(), &why,
                    *run->per_device, &device, CostAware(opts))) {
      cl.parent[s] = s;
      device_of[s] = device;
    } else {
      VLOG(4) << "nnadapter: " << nnadapter_bridge::OpConfigLine(s->op) << " stays on CPU: " << why;
      cpu_reason[s] = why;
    }
  }
  // Merge along edges between supported ops, in topological order, unless
  // another path joins the two clusters.
  for (Node* s : order) {
    if (!cl.parent.count(s)) continue;
    for (Node* arg : s->outlinks) {
      for (Node* next : arg->outlinks) {
        if (!cl.parent.count(next)) continue;
        Node* a = cl.Find(s);
        Node* c = cl.Find(next);
        if (a == c || PathOutside(cl, a, c, order)) continue;
        // Keep the earlier node as the root (determinism).
        if (a->id < c->id) cl.parent[c] = a; else cl.parent[a] = c;
      }
    }
  }
  std::map<Node*, std::vector<Node*>> members;
  for (Node* s : order) {
    if (cl.parent.count(s)) members[cl.Find(s)].push_back(s);
  }
  std::vector<std::vector<Node*>> clusters;
  for (Node* s : order) {  // clusters in the order of their first op
    auto it = members.find(s);
    if (it == members.end()) continue;
    if (static_cast<int>(it->second.size()) >= opts.min_subgraph_size) {
      clusters.push_back(it->second);
    } else {
      for (Node* m : it->second) {
        cpu_reason[m] = "below the minimum subgraph size (a cluster of " +
                        std::to_string(it->second.size()) + " ops, minimum " +
                        std::to_string(opts.min_subgraph_size) + ")";
      }
    }
  }
  if (CostAware(opts)) {
    // A cluster whose offload does not pay as a whole stays on the CPU.
    std::vector<std::vector<Node*>> paying;
    for (auto& cluster : clusters) {
      const std::string why = ClusterVerdict(cluster, BoundaryOf(cluster), visible, *run);
      if (why.empty()) {
        paying.push_back(cluster);
        continue;
      }
      for (Node* m : cluster) cpu_reason[m] = why;
    }
    clusters.swap(paying);
  }
  nnadapter_bridge::PartitionReport& report = run->report;
  const int first_subgraph = static_cast<int>(report.subgraphs.size());
  std::map<Node*, int> op_index, subgraph_of;
  for (size_t i = 0; i < clusters.size(); ++i) {
    for (Node* m : clusters[i]) subgraph_of[m] = first_subgraph + static_cast<int>(i);
  }
  for (Node* s : order) {
    nnadapter_bridge::OpPlacement p;
    p.type = s->op.Type();
    p.config_line = nnadapter_bridge::OpConfigLine(s->op);
    p.block = b;
    auto sg = subgraph_of.find(s);
    p.subgraph = sg == subgraph_of.end() ? -1 : sg->second;
    if (p.subgraph < 0) p.reason = cpu_reason.count(s) ? cpu_reason[s] : "not placed";
    if (p.subgraph >= 0) p.device = device_of[s];
    op_index[s] = static_cast<int>(report.ops.size());
    report.ops.push_back(p);
  }

  if (VLOG_IS_ON(5)) {
    std::map<const Node*, int> color;
    for (size_t i = 0; i < clusters.size(); ++i) {
      for (Node* s : clusters[i]) color[s] = static_cast<int>(i);
    }
    std::ostringstream os;
    if (b > 0) os << "block " << b << " (run by a control-flow op):\n";
    os << "subgraph clusters: " << clusters.size() << "\n" << graph->Dot(color)
       << "subgraph operators:\n";
    for (const auto& f : graph->feeds()) os << "feed:feed:" << f << "\n";
    for (Node* s : order) os << nnadapter_bridge::OpConfigLine(s->op) << "\n";
    for (const auto& f : graph->fetches()) os << "fetch:" << f << ":fetch\n";
    VLOG(5) << os.str();
  }

  for (const auto& cluster : clusters) {
    const ClusterBoundary bd = BoundaryOf(cluster);
    const auto& inputs = bd.inputs;
    const auto& data_inputs = bd.data_inputs;
    const auto& outputs = bd.outputs;
    const auto& input_args = bd.input_args;
    const auto& output_args = bd.output_args;
    const auto& internal = bd.internal;
    cpp::BlockDesc sub;
    sub.idx = static_cast<int32_t>(program->blocks.size());
    sub.parent_idx = b;
    std::set<std::string> names;
    for (Node* s : cluster) {
      sub.ops.push_back(s->op);
      // Which device of a multi-device list runs it, kept in the .nb for
      // MobileConfig's partition report (the runtime places by itself).
      if (run->per_device->size() > 1 && !device_of[s].empty()) {
        sub.ops.back().SetAttr(kPlacedDeviceAttr, device_of[s]);
      }
      for (auto& n : s->op.InputArgumentNames()) names.insert(n);
      for (auto& n : s->op.OutputArgumentNames()) names.insert(n);
    }
    for (const auto& n : names) {
      if (const cpp::VarDesc* v = visible.FindVar(n)) {
        sub.vars.push_back(*v);
        // The element type the CPU run learnt: the device's converters read
        // it from here at run time, and a recorded one may be stale (Paddle
        // Lite's opt gave activations sharing a name one VarDesc).
        auto h = run->hints.find(n);
        if (!v->persistable && h != run->hints.end() && h->second.second != DataType::kUnknown) {
          sub.vars.back().dtype = h->second.second;
        }
      } else {
        cpp::VarDesc var;
        var.name = n;
        var.persistable = ctx.weights && ctx.weights->FindVar(n);
        sub.vars.push_back(var);
      }
    }
    program->blocks.push_back(sub);

    cpp::OpDesc op("subgraph");
    op.SetInput("Inputs", std::vector<std::string>(inputs.begin(), inputs.end()));
    op.SetOutput("Outputs", std::vector<std::string>(outputs.begin(), outputs.end()));
    cpp::Attribute block_attr;
    block_attr.type = cpp::AttrType::BLOCK;
    block_attr.value = sub.idx;
    op.SetAttribute("sub_block", block_attr);
    op.SetAttr("input_data_names", std::vector<std::string>(data_inputs.begin(), data_inputs.end()));
    op.SetAttr("output_data_names", std::vector<std::string>(outputs.begin(), outputs.end()));
    Node* stmt = graph->NewStmt(op);
    for (Node* arg : input_args) SSAGraph::Link(arg, stmt);
    for (Node* arg : output_args) {
      SSAGraph::Unlink(arg->Producer(), arg);
      SSAGraph::Link(stmt, arg);
    }
    nnadapter_bridge::SubgraphPlacement placement;
    for (Node* s : cluster) placement.ops.push_back(op_index[s]);
    placement.inputs.assign(data_inputs.begin(), data_inputs.end());
    placement.outputs.assign(outputs.begin(), outputs.end());
    report.subgraphs.push_back(placement);
    std::set<Node*> dead(cluster.begin(), cluster.end());
    dead.insert(internal.begin(), internal.end());
    graph->RemoveNodes(dead);
  }
  return static_cast<int>(clusters.size());
}

}  // namespace

// Block 0 (the graph the pass manager gives), then every block a
// control-flow op runs (loop bodies, branches), each partitioned on its own
// (the control-flow ops stay on the CPU; ops inside their blocks may go to
// a device) into one report naming the block of every op.
int NNAdapterSubgraphPass::Apply(SSAGraph* graph, const PassContext& ctx) {
  const NNAdapterOptions& opts = ctx.options->nnadapter;
  if (!opts.enabled()) return 0;
  cpp::ProgramDesc* program = ctx.program;
  nnadapter_bridge::DeviceContext devices(opts);
  DeviceContexts per_device;
  if (opts.device_names.size() > 1) {
    for (const auto& name : opts.device_names) {
      NNAdapterOptions one = opts;
      one.device_names = {name};
      per_device.emplace_back(name, std::make_unique<nnadapter_bridge::DeviceContext>(one));
    }
  }
  PartitionRun run;
  run.ctx = &ctx;
  run.devices = &devices;
  run.per_device = &per_device;
  run.rules = nnadapter_bridge::ParsePartitionConfig(opts.partition_config,
                                                      opts.partition_config_source);
  run.rule_hits.assign(run.rules.size(), 0);
  run.hints = LearnShapes(graph, ctx);
  run.report.devices = opts.device_names;
  run.report.min_subgraph_size = opts.min_subgraph_size;
  const std::vector<int32_t> control_flow_blocks = cpp::ControlFlowBlocks(*program);
  int subgraphs = PartitionBlock(graph, 0, &run);
  for (int32_t b : control_flow_blocks) {
    SSAGraph body;
    body.Build(*program, ctx.weights, b);
    subgraphs += PartitionBlock(&body, b, &run);
    body.ToBlock(&program->blocks[b]);
  }
  for (size_t i = 0; i < run.rules.size(); ++i) {
    if (!IsOpRegistered(run.rules[i].op_type)) {
      LOG(WARNING) << opts.partition_config_source << ":" << run.rules[i].line
                   << ": unknown op type '" << run.rules[i].op_type << "' in '"
                   << run.rules[i].text << "' (no op of that type is registered; a typo?)";
    } else if (!run.rule_hits[i]) {
      LOG(WARNING) << opts.partition_config_source << ":" << run.rules[i].line << ": '"
                   << run.rules[i].text << "' matched no op of the model";
    }
  }
  FinishReport(run.report, opts);
  return subgraphs;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
