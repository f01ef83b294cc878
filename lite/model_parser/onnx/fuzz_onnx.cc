// Structure-aware libFuzzer target for the ONNX importer (issue 27: an hour
// of hand-made hostile models found 7 crashes the byte-level fuzzers never
// reached). Inputs are serialized ModelProtos; the custom mutator parses
// one, applies 1-4 mutations of its structure (attribute values and lists,
// dims, element types, opsets, IR version, external-data fields, graph
// wiring, operator types, node order) with edge values (0, -1, INT32/INT64
// extremes, 2^32 + 13, -2^40), and serializes it again; an input that does
// not parse is replaced by one of the built-in seed models (so the fuzzer
// needs no corpus, and the libonnx-testdata node tests seed it too).
// The target imports the model with external data beneath a folder of its
// own: every outcome must be success or a lite_api::Error, and no weight may
// hold the bytes of the file planted outside that folder.
#include <sys/stat.h>
#include <unistd.h>

#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

#include "lite/api/paddle_error.h"
#include "lite/core/scope.h"
#include "lite/model_parser/onnx/onnx_importer.h"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace {

using paddle::lite::cpp::ProgramDesc;
using paddle::lite::Scope;

// The bytes planted outside the model folder (and behind a symlink in it).
constexpr char kSecret[] = "SECRET-OUTSIDE-THE-MODEL-FOLDER!";

struct Env {
  std::string folder;
  Env() {
    char tmpl[] = "/tmp/fuzz_onnx.XXXXXX";
    const char* root = mkdtemp(tmpl);
    if (!root) std::abort();
    folder = std::string(root) + "/model";
    mkdir(folder.c_str(), 0755);
    mkdir((folder + "/sub").c_str(), 0755);
    std::ofstream(std::string(root) + "/secret.bin", std::ios::binary) << kSecret << kSecret;
    std::vector<float> w(64);
    for (size_t i = 0; i < w.size(); ++i) w[i] = 0.25f * static_cast<float>(i);
    std::ofstream(folder + "/w.bin", std::ios::binary)
        .write(reinterpret_cast<const char*>(w.data()), static_cast<std::streamsize>(w.size() * 4));
    std::ofstream(folder + "/sub/v.bin", std::ios::binary)
        .write(reinterpret_cast<const char*>(w.data()), 32);
    if (symlink((std::string(root) + "/secret.bin").c_str(), (folder + "/link.bin").c_str()) != 0) {
      std::abort();
    }
    mkfifo((folder + "/pipe.bin").c_str(), 0644);
  }
};

const Env& TheEnv() {
  static const Env env;
  return env;
}

// ---- seed models ---------------------------------------------------------

onnx::ValueInfoProto* Value(google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>* list,
                            const std::string& name, int elem, const std::vector<int64_t>& dims) {
  auto* vi = list->Add();
  vi->set_name(name);
  auto* tt = vi->mutable_type()->mutable_tensor_type();
  tt->set_elem_type(elem);
  for (int64_t d : dims) tt->mutable_shape()->add_dim()->set_dim_value(d);
  return vi;
}

onnx::NodeProto* Node(onnx::GraphProto* g, const std::string& type,
                      const std::vector<std::string>& in, const std::vector<std::string>& out) {
  auto* n = g->add_node();
  n->set_op_type(type);
  n->set_name(type + std::to_string(g->node_size()));
  for (const auto& i : in) n->add_input(i);
  for (const auto& o : out) n->add_output(o);
  return n;
}

void Ints(onnx::NodeProto* n, const std::string& name, const std::vector<int64_t>& v) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INTS);
  for (int64_t x : v) a->add_ints(x);
}

void Int(onnx::NodeProto* n, const std::string& name, int64_t v) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(v);
}

onnx::TensorProto* Floats(onnx::GraphProto* g, const std::string& name,
                          const std::vector<int64_t>& dims, bool external) {
  auto* t = g->add_initializer();
  t->set_name(name);
  t->set_data_type(onnx::TensorProto::FLOAT);
  int64_t n = 1;
  for (int64_t d : dims) {
    t->add_dims(d);
    n *= d;
  }
  if (external) {
    t->set_data_location(onnx::TensorProto::EXTERNAL);
    auto* kv = t->add_external_data();
    kv->set_key("location");
    kv->set_value("w.bin");
  } else {
    for (int64_t i = 0; i < n; ++i) t->add_float_data(0.5f * static_cast<float>(i % 7));
  }
  return t;
}

onnx::TensorProto* Int64s(onnx::GraphProto* g, const std::string& name,
                          const std::vector<int64_t>& v) {
  auto* t = g->add_initializer();
  t->set_name(name);
  t->set_data_type(onnx::TensorProto::INT64);
  t->add_dims(static_cast<int64_t>(v.size()));
  for (int64_t x : v) t->add_int64_data(x);
  return t;
}

onnx::ModelProto Seed(unsigned which) {
  onnx::ModelProto m;
  m.set_ir_version(7);
  auto* o = m.add_opset_import();
  o->set_domain("");
  o->set_version(which % 2 ? 13 : 11);
  auto* g = m.mutable_graph();
  g->set_name("seed");
  const int f = onnx::TensorProto::FLOAT;
  switch (which % 6) {
    case 0: {  // conv + relu + max pool, external weight
      Value(g->mutable_input(), "x", f, {1, 2, 6, 6});
      Floats(g, "w", {4, 2, 3, 3}, false);
      Floats(g, "b", {4}, true);
      auto* c = Node(g, "Conv", {"x", "w", "b"}, {"c"});
      Ints(c, "kernel_shape", {3, 3});
      Ints(c, "strides", {1, 1});
      Ints(c, "pads", {1, 1, 1, 1});
      Node(g, "Relu", {"c"}, {"r"});
      auto* p = Node(g, "MaxPool", {"r"}, {"y"});
      Ints(p, "kernel_shape", {2, 2});
      Ints(p, "strides", {2, 2});
      Value(g->mutable_output(), "y", f, {1, 4, 3, 3});
      break;
    }
    case 1: {  // gather with run-time indices, softmax
      Value(g->mutable_input(), "idx", onnx::TensorProto::INT64, {3});
      Floats(g, "data", {5, 4}, true);
      Int(Node(g, "Gather", {"data", "idx"}, {"gt"}), "axis", 0);
      Int(Node(g, "Softmax", {"gt"}, {"y"}), "axis", -1);
      Value(g->mutable_output(), "y", f, {3, 4});
      break;
    }
    case 2: {  // squeeze / unsqueeze / reduce / transpose
      Value(g->mutable_input(), "x", f, {2, 1, 3});
      Int64s(g, "sq", {1});
      Int64s(g, "un", {0, -1});
      Node(g, "Squeeze", {"x", "sq"}, {"s"});
      Node(g, "Unsqueeze", {"s", "un"}, {"u"});
      Ints(Node(g, "ReduceMean", {"u"}, {"m"}), "axes", {1});
      Ints(Node(g, "Transpose", {"m"}, {"y"}), "perm", {2, 1, 0});
      Value(g->mutable_output(), "y", f, {});
      break;
    }
    case 3: {  // average pool, concat, reshape, div
      Value(g->mutable_input(), "x", f, {1, 3, 4, 4});
      auto* p = Node(g, "AveragePool", {"x"}, {"p"});
      Ints(p, "kernel_shape", {2, 2});
      Ints(p, "strides", {2, 2});
      Int(Node(g, "Concat", {"p", "p"}, {"c"}), "axis", 1);
      Int64s(g, "shape", {1, -1});
      Node(g, "Reshape", {"c", "shape"}, {"r"});
      Floats(g, "d", {1}, false);
      Node(g, "Div", {"r", "d"}, {"y"});
      Value(g->mutable_output(), "y", f, {});
      break;
    }
    case 4: {  // Constant with a tensor (external), matmul, add
      Value(g->mutable_input(), "x", f, {2, 4});
      auto* c = Node(g, "Constant", {}, {"k"});
      auto* a = c->add_attribute();
      a->set_name("value");
      a->set_type(onnx::AttributeProto::TENSOR);
      auto* t = a->mutable_t();
      t->set_data_type(f);
      t->add_dims(4);
      t->add_dims(3);
      t->set_data_location(onnx::TensorProto::EXTERNAL);
      auto* kv = t->add_external_data();
      kv->set_key("location");
      kv->set_value("sub/v.bin");
      auto* off = t->add_external_data();
      off->set_key("offset");
      off->set_value("0");
      Node(g, "MatMul", {"x", "k"}, {"mm"});
      Floats(g, "bias", {3}, false);
      Node(g, "Add", {"mm", "bias"}, {"y"});
      Value(g->mutable_output(), "y", f, {2, 3});
      break;
    }
    default: {  // conv transpose + split + slice
      Value(g->mutable_input(), "x", f, {1, 2, 3, 3});
      Floats(g, "w", {2, 2, 2, 2}, false);
      auto* c = Node(g, "ConvTranspose", {"x", "w"}, {"c"});
      Ints(c, "strides", {2, 2});
      Int(Node(g, "Split", {"c"}, {"s0", "s1"}), "axis", 1);
      Int64s(g, "st", {0});
      Int64s(g, "en", {2});
      Node(g, "Slice", {"s0", "st", "en"}, {"y"});
      Value(g->mutable_output(), "y", f, {});
      Value(g->mutable_output(), "s1", f, {});
      break;
    }
  }
  return m;
}

// ---- mutations -----------------------------------------------------------

constexpr int64_t kEdges[] = {0, -1, 1, 2, 3, -2, 7, INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN,
                              (int64_t{1} << 32) + 13, -(int64_t{1} << 40), 1 << 20, 65537};
const char* const kAttrNames[] = {"strides", "pads", "kernel_shape", "dilations", "group", "axis",
                                  "axes", "perm", "keepdims", "to", "output_padding",
                                  "output_shape", "ceil_mode", "split", "count_include_pad",
                                  "transA", "transB", "alpha", "beta", "epsilon", "auto_pad",
                                  "mode", "select_last_index", "noop_with_empty_axes", "value"};
const char* const kOps[] = {"Conv", "MaxPool", "AveragePool", "Gather", "Softmax", "Squeeze",
                            "Unsqueeze", "ReduceMean", "ReduceSum", "Transpose", "Concat",
                            "Reshape", "Div", "Mul", "Add", "MatMul", "Gemm", "Slice", "Split",
                            "ConvTranspose", "Resize", "Pad", "Relu", "Sigmoid", "Where",
                            "Flatten", "Expand", "Tile", "Cast", "Constant", "ConstantOfShape",
                            "Shape", "GlobalAveragePool", "BatchNormalization", "ArgMax", "TopK",
                            "Clip", "LogSoftmax", "Range", "Loop", "If", "Einsum"};
const char* const kLocations[] = {"w.bin", "sub/v.bin", "../secret.bin", "link.bin", "pipe.bin",
                                  "/etc/passwd", "/proc/self/environ", "sub/../w.bin",
                                  "sub/../../secret.bin", "", "missing.bin", "sub"};
const char* const kNumbers[] = {"0", "4", "8", "-1", "abc", "99999999999999999999", "", "1e3",
                                "256", "18446744073709551615", " 4"};

int64_t Pick(std::mt19937& rng) {
  if (rng() % 3 == 0) return static_cast<int64_t>(rng() % 9) - 2;
  return kEdges[rng() % (sizeof(kEdges) / sizeof(kEdges[0]))];
}

template <typename T, size_t N>
const T& Any(std::mt19937& rng, const T (&a)[N]) {
  return a[rng() % N];
}

std::vector<std::string> ValueNames(const onnx::GraphProto& g) {
  std::vector<std::string> names;
  for (const auto& vi : g.input()) names.push_back(vi.name());
  for (const auto& t : g.initializer()) names.push_back(t.name());
  for (const auto& n : g.node()) {
    for (const auto& o : n.output()) names.push_back(o);
  }
  names.push_back("");
  names.push_back("undefined_value");
  return names;
}

void MutateAttribute(onnx::NodeProto* n, std::mt19937& rng) {
  if (n->attribute_size() == 0 || rng() % 4 == 0) {
    auto* a = n->add_attribute();
    a->set_name(Any(rng, kAttrNames));
    switch (rng() % 4) {
      case 0: a->set_type(onnx::AttributeProto::INT); a->set_i(Pick(rng)); break;
      case 1: a->set_type(onnx::AttributeProto::FLOAT); a->set_f(static_cast<float>(Pick(rng))); break;
      case 2: a->set_type(onnx::AttributeProto::STRING); a->set_s(rng() % 2 ? "SAME_UPPER" : "nearest"); break;
      default:
        a->set_type(onnx::AttributeProto::INTS);
        for (unsigned i = 0, k = rng() % 6; i < k; ++i) a->add_ints(Pick(rng));
    }
    return;
  }
  auto* a = n->mutable_attribute(static_cast<int>(rng() % n->attribute_size()));
  switch (rng() % 6) {
    case 0: a->set_i(Pick(rng)); break;
    case 1:
      if (a->ints_size()) a->set_ints(static_cast<int>(rng() % a->ints_size()), Pick(rng));
      break;
    case 2: a->add_ints(a->ints_size() ? a->ints(0) : Pick(rng)); break;  // duplicates
    case 3: if (a->ints_size()) a->mutable_ints()->RemoveLast(); break;
    case 4: a->set_type(static_cast<onnx::AttributeProto::AttributeType>(rng() % 15)); break;
    default: a->set_f(static_cast<float>(Pick(rng)) * 0.5f); break;
  }
}

void MutateTensor(onnx::TensorProto* t, std::mt19937& rng) {
  switch (rng() % 7) {
    case 0:
      if (t->dims_size()) t->set_dims(static_cast<int>(rng() % t->dims_size()), Pick(rng));
      break;
    case 1: t->set_data_type(static_cast<int>(rng() % 17)); break;
    case 2: t->set_raw_data(std::string(rng() % 64, '\x3f')); break;
    case 3: {
      t->set_data_location(onnx::TensorProto::EXTERNAL);
      t->clear_external_data();
      auto* kv = t->add_external_data();
      kv->set_key("location");
      if (rng() % 8 == 0) {
        kv->set_value(std::string("w.bin\0../secret.bin", 19));  // an embedded NUL
      } else {
        kv->set_value(Any(rng, kLocations));
      }
      break;
    }
    case 4: {
      auto* kv = t->add_external_data();
      kv->set_key(rng() % 2 ? "offset" : "length");
      kv->set_value(Any(rng, kNumbers));
      break;
    }
    case 5: t->add_dims(Pick(rng)); break;
    default: t->clear_float_data(); break;
  }
}

void MutateOnce(onnx::ModelProto* m, std::mt19937& rng) {
  auto* g = m->mutable_graph();
  const int nodes = g->node_size();
  switch (rng() % 12) {
    case 0: case 1: case 2:
      if (nodes) MutateAttribute(g->mutable_node(static_cast<int>(rng() % nodes)), rng);
      break;
    case 3: {  // a graph input/output's dims or element type
      auto* list = rng() % 2 ? g->mutable_input() : g->mutable_output();
      if (list->empty()) break;
      auto* tt = list->Mutable(static_cast<int>(rng() % list->size()))
                     ->mutable_type()->mutable_tensor_type();
      if (rng() % 3 == 0) {
        tt->set_elem_type(static_cast<int>(rng() % 17));
      } else if (tt->shape().dim_size() && rng() % 4) {
        auto* d = tt->mutable_shape()->mutable_dim(static_cast<int>(rng() % tt->shape().dim_size()));
        if (rng() % 3 == 0) {
          d->set_dim_param("dyn");
        } else {
          d->set_dim_value(Pick(rng));
        }
      } else {
        tt->mutable_shape()->add_dim()->set_dim_value(Pick(rng));
      }
      break;
    }
    case 4:
      if (m->opset_import_size()) {
        m->mutable_opset_import(0)->set_version(rng() % 2 ? Pick(rng) : 7 + rng() % 12);
      }
      break;
    case 5: m->set_ir_version(rng() % 2 ? Pick(rng) : 3 + rng() % 8); break;
    case 6: {  // initializers and Constant tensors
      if (g->initializer_size() && rng() % 3) {
        MutateTensor(g->mutable_initializer(static_cast<int>(rng() % g->initializer_size())), rng);
      } else {
        for (auto& n : *g->mutable_node()) {
          for (auto& a : *n.mutable_attribute()) {
            if (a.has_t()) {
              MutateTensor(a.mutable_t(), rng);
              return;
            }
          }
        }
      }
      break;
    }
    case 7: {  // rewire an input or rename an output
      if (!nodes) break;
      auto* n = g->mutable_node(static_cast<int>(rng() % nodes));
      const auto names = ValueNames(*g);
      const std::string& v = names[rng() % names.size()];
      if (n->input_size() && rng() % 3) {
        n->set_input(static_cast<int>(rng() % n->input_size()), v);
      } else if (n->output_size()) {
        n->set_output(static_cast<int>(rng() % n->output_size()), v);
      }
      break;
    }
    case 8:
      if (nodes) g->mutable_node(static_cast<int>(rng() % nodes))->set_op_type(Any(rng, kOps));
      break;
    case 9:  // duplicate or remove a node
      if (nodes && rng() % 2) {
        *g->add_node() = g->node(static_cast<int>(rng() % nodes));
      } else if (nodes) {
        g->mutable_node()->SwapElements(static_cast<int>(rng() % nodes), nodes - 1);
        g->mutable_node()->RemoveLast();
      }
      break;
    case 10:  // reorder
      if (nodes > 1) {
        g->mutable_node()->SwapElements(static_cast<int>(rng() % nodes),
                                        static_cast<int>(rng() % nodes));
      }
      break;
    default:  // add or drop an input of a node
      if (!nodes) break;
      {
        auto* n = g->mutable_node(static_cast<int>(rng() % nodes));
        if (rng() % 2) {
          const auto names = ValueNames(*g);
          n->add_input(names[rng() % names.size()]);
        } else if (n->input_size()) {
          n->mutable_input()->RemoveLast();
        }
      }
      break;
  }
}

}  // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                                          unsigned int seed) {
  std::mt19937 rng(seed);
  onnx::ModelProto m;
  if (size == 0 || !m.ParseFromArray(data, static_cast<int>(size)) || !m.has_graph() ||
      rng() % 64 == 0) {
    m = Seed(rng());
  }
  // Now and then a byte-level mutation, for the protobuf parser itself.
  if (rng() % 16 == 0 && size > 0) return LLVMFuzzerMutate(data, size, max_size);
  for (unsigned i = 0, k = 1 + rng() % 4; i < k; ++i) MutateOnce(&m, rng);
  const std::string out = m.SerializeAsString();
  if (out.size() > max_size) return size == 0 ? 0 : LLVMFuzzerMutate(data, size, max_size);
  std::memcpy(data, out.data(), out.size());
  return out.size();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Env& env = TheEnv();
  ProgramDesc program;
  Scope weights;
  try {
    paddle::lite::ImportOnnxModelFromBuffer(
        std::string(reinterpret_cast<const char*>(data), size), "fuzz.onnx", env.folder,
        &program, &weights);
  } catch (const paddle::lite_api::Error&) {
    return 0;  // refused with a message: fine
  }
  // Nothing outside the model folder was read into a weight.
  for (const auto& name : weights.LocalVarNames()) {
    const auto* t = weights.FindVar(name);
    if (!t || !t->initialized()) continue;
    const char* p = static_cast<const char*>(t->raw_data());
    const size_t bytes = t->memory_size();
    for (size_t i = 0; i + 16 <= bytes; ++i) {
      if (std::memcmp(p + i, kSecret, 16) == 0) {
        std::fprintf(stderr, "fuzz_onnx: weight '%s' holds bytes of a file outside the model folder\n",
                     name.c_str());
        std::abort();
      }
    }
  }
  return 0;
}
