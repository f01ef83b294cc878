// Runs the ONNX backend node tests (libonnx-testdata) of every operator the
// ONNX importer claims: each test's model.onnx is loaded with CxxConfig
// (the importer, the passes, the CPU kernels) and every test_data_set_* is
// compared with the expected outputs (ONNX's backend tolerances, rtol 1e-3,
// atol 1e-7). A test belongs to the claimed operators when every node of its
// graph and of its subgraphs (Loop bodies, If branches) is a claimed
// operator. --containing=Loop,If keeps the tests using one of the operators
// named (with --list, also naming those skipped for unclaimed operators).
// Outcomes:
//   pass     every output matches
//   declined the importer refuses the model with an error naming the node,
//            the operator and what is unsupported (an attribute value, a
//            data type)
//   FAIL     wrong values, wrong shape, or any other error
// Exit code 0 only when nothing FAILs and every claimed operator has at least
// one passing test (with --filter/--containing: nothing FAILs and at least
// --min_pass tests pass). --list prints each test's outcome.
#include <dirent.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

#include "lite/api/paddle_api.h"
#include "lite/model_parser/onnx/onnx_importer.h"

using paddle::lite_api::PrecisionType;

namespace {

std::vector<std::string> ListDir(const std::string& dir, const std::string& prefix) {
  std::vector<std::string> names;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      std::string n = e->d_name;
      if (n.rfind(prefix, 0) == 0) names.push_back(n);
    }
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

template <typename Proto>
bool ReadProto(const std::string& path, Proto* p) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string s = ss.str();
  return p->ParseFromArray(s.data(), static_cast<int>(s.size()));
}

// Raw little-endian bytes of a TensorProto (raw_data or the typed fields).
bool TensorBytes(const onnx::TensorProto& t, std::string* bytes, size_t* elem) {
  int64_t n = 1;
  for (auto d : t.dims()) n *= d;
  switch (t.data_type()) {
    case onnx::TensorProto::FLOAT: case onnx::TensorProto::INT32: *elem = 4; break;
    case onnx::TensorProto::DOUBLE: case onnx::TensorProto::INT64: *elem = 8; break;
    case onnx::TensorProto::INT8: case onnx::TensorProto::UINT8: case onnx::TensorProto::BOOL: *elem = 1; break;
    case onnx::TensorProto::INT16: *elem = 2; break;
    default: return false;
  }
  if (t.has_raw_data()) {
    *bytes = t.raw_data();
    return bytes->size() == static_cast<size_t>(n) * *elem;
  }
  const int have = t.data_type() == onnx::TensorProto::FLOAT ? t.float_data_size()
                   : t.data_type() == onnx::TensorProto::DOUBLE ? t.double_data_size()
                   : t.data_type() == onnx::TensorProto::INT64 ? t.int64_data_size()
                                                               : t.int32_data_size();
  if (have != n) return false;
  bytes->assign(static_cast<size_t>(n) * *elem, '\0');
  char* p = &(*bytes)[0];
  for (int64_t i = 0; i < n; ++i) {
    switch (t.data_type()) {
      case onnx::TensorProto::FLOAT: { float v = t.float_data(i); std::memcpy(p + i * 4, &v, 4); break; }
      case onnx::TensorProto::DOUBLE: { double v = t.double_data(i); std::memcpy(p + i * 8, &v, 8); break; }
      case onnx::TensorProto::INT64: { int64_t v = t.int64_data(i); std::memcpy(p + i * 8, &v, 8); break; }
      case onnx::TensorProto::INT32: { int32_t v = t.int32_data(i); std::memcpy(p + i * 4, &v, 4); break; }
      case onnx::TensorProto::INT16: { int16_t v = static_cast<int16_t>(t.int32_data(i)); std::memcpy(p + i * 2, &v, 2); break; }
      default: p[i] = static_cast<char>(t.int32_data(i)); break;
    }
  }
  return true;
}

void Feed(paddle::lite_api::Tensor* in, const onnx::TensorProto& t, const std::string& bytes) {
  std::vector<int64_t> shape(t.dims().begin(), t.dims().end());
  in->Resize(shape);
  const char* d = bytes.data();
  switch (t.data_type()) {
    case onnx::TensorProto::FLOAT: in->CopyFromCpu(reinterpret_cast<const float*>(d)); break;
    case onnx::TensorProto::DOUBLE: in->CopyFromCpu(reinterpret_cast<const double*>(d)); break;
    case onnx::TensorProto::INT64: in->CopyFromCpu(reinterpret_cast<const int64_t*>(d)); break;
    case onnx::TensorProto::INT32: in->CopyFromCpu(reinterpret_cast<const int32_t*>(d)); break;
    case onnx::TensorProto::INT16: in->CopyFromCpu(reinterpret_cast<const int16_t*>(d)); break;
    case onnx::TensorProto::INT8: in->CopyFromCpu(reinterpret_cast<const int8_t*>(d)); break;
    case onnx::TensorProto::UINT8: in->CopyFromCpu(reinterpret_cast<const uint8_t*>(d)); break;
    case onnx::TensorProto::BOOL: in->CopyFromCpu(reinterpret_cast<const bool*>(d)); break;
    default: break;
  }
}

template <typename T>
std::vector<double> AsDoubles(const char* p, size_t n) {
  std::vector<double> v(n);
  for (size_t i = 0; i < n; ++i) {
    T x;
    std::memcpy(&x, p + i * sizeof(T), sizeof(T));
    v[i] = static_cast<double>(x);
  }
  return v;
}

std::vector<double> Values(int onnx_type, const char* p, size_t n) {
  switch (onnx_type) {
    case onnx::TensorProto::FLOAT: return AsDoubles<float>(p, n);
    case onnx::TensorProto::DOUBLE: return AsDoubles<double>(p, n);
    case onnx::TensorProto::INT64: return AsDoubles<int64_t>(p, n);
    case onnx::TensorProto::INT32: return AsDoubles<int32_t>(p, n);
    case onnx::TensorProto::INT16: return AsDoubles<int16_t>(p, n);
    case onnx::TensorProto::INT8: return AsDoubles<int8_t>(p, n);
    case onnx::TensorProto::UINT8: return AsDoubles<uint8_t>(p, n);
    default: return AsDoubles<bool>(p, n);
  }
}

PrecisionType PrecisionOf(int onnx_type) {
  switch (onnx_type) {
    case onnx::TensorProto::FLOAT: return PrecisionType::kFloat;
    case onnx::TensorProto::DOUBLE: return PrecisionType::kFP64;
    case onnx::TensorProto::INT64: return PrecisionType::kInt64;
    case onnx::TensorProto::INT32: return PrecisionType::kInt32;
    case onnx::TensorProto::INT16: return PrecisionType::kInt16;
    case onnx::TensorProto::INT8: return PrecisionType::kInt8;
    case onnx::TensorProto::UINT8: return PrecisionType::kUInt8;
    default: return PrecisionType::kBool;
  }
}

// Compares output `i` with the expected tensor; "" when it matches.
std::string Check(const paddle::lite_api::Tensor& out, const onnx::TensorProto& want) {
  std::string bytes;
  size_t elem = 0;
  if (!TensorBytes(want, &bytes, &elem)) return "expected output type unsupported by the runner";
  std::vector<int64_t> shape(want.dims().begin(), want.dims().end());
  std::vector<int64_t> got_shape = out.shape();
  int64_t n = 1;
  for (auto d : shape) n *= d;
  int64_t m = 1;
  for (auto d : got_shape) m *= d;
  // A 0-d expected output may come back as [1].
  if (n != m || (got_shape != shape && !(shape.empty() && got_shape == std::vector<int64_t>{1}))) {
    std::ostringstream os;
    os << "shape [";
    for (auto d : got_shape) os << d << ",";
    os << "] expected [";
    for (auto d : shape) os << d << ",";
    os << "]";
    return os.str();
  }
  if (out.precision() != PrecisionOf(want.data_type())) {
    return "output type " + std::to_string(static_cast<int>(out.precision())) + " expected " +
           std::to_string(static_cast<int>(PrecisionOf(want.data_type())));
  }
  std::vector<char> got(static_cast<size_t>(n) * elem);
  switch (want.data_type()) {
    case onnx::TensorProto::FLOAT: out.CopyToCpu(reinterpret_cast<float*>(got.data())); break;
    case onnx::TensorProto::DOUBLE: out.CopyToCpu(reinterpret_cast<double*>(got.data())); break;
    case onnx::TensorProto::INT64: out.CopyToCpu(reinterpret_cast<int64_t*>(got.data())); break;
    case onnx::TensorProto::INT32: out.CopyToCpu(reinterpret_cast<int32_t*>(got.data())); break;
    case onnx::TensorProto::INT16: out.CopyToCpu(reinterpret_cast<int16_t*>(got.data())); break;
    case onnx::TensorProto::INT8: out.CopyToCpu(reinterpret_cast<int8_t*>(got.data())); break;
    case onnx::TensorProto::UINT8: out.CopyToCpu(reinterpret_cast<uint8_t*>(got.data())); break;
    default: out.CopyToCpu(reinterpret_cast<bool*>(got.data())); break;
  }
  auto g = Values(want.data_type(), got.data(), static_cast<size_t>(n));
  auto w = Values(want.data_type(), bytes.data(), static_cast<size_t>(n));
  for (size_t i = 0; i < g.size(); ++i) {
    const bool both_nan = std::isnan(g[i]) && std::isnan(w[i]);
    if (both_nan || g[i] == w[i]) continue;
    if (!(std::fabs(g[i] - w[i]) <= 1e-7 + 1e-3 * std::fabs(w[i]))) {
      std::ostringstream os;
      os << "value " << i << ": got " << g[i] << " expected " << w[i];
      return os.str();
    }
  }
  return "";
}

enum class Outcome { kPass, kDeclined, kFail };

// A refusal that names what is unsupported: the importer's errors (node,
// operator, opset, and "not supported") or a kernel's error naming the op
// and the element type it lacks.
bool Declined(const std::string& why) {
  const bool importer = why.find("ONNX model '") != std::string::npos &&
                        why.find("not supported") != std::string::npos;
  const bool kernel_type = why.find("op '") != std::string::npos &&
                           (why.find("unsupported element type") != std::string::npos ||
                            why.find("not a supported type code") != std::string::npos);
  return importer || kernel_type;
}

// The name in "... input 1 (axes, 'NAME') is computed at run time ...".
std::string RunTimeParameter(const std::string& why) {
  const auto at = why.find("') is computed at run time");
  if (at == std::string::npos) return "";
  const auto open = why.rfind(", '", at);
  return open == std::string::npos ? "" : why.substr(open + 3, at - open - 3);
}

// Node tests feed parameters (axes, pads, split sizes) as graph inputs that
// exported models hold as constants; the runner turns such an input into
// an initializer with the test's value when every data set gives the same
// one (ONNX Runtime computes the same thing either way).
bool FreezeInput(const std::string& dir, const std::vector<std::string>& sets,
                 const std::string& name, onnx::ModelProto* model, std::set<int>* frozen) {
  auto* g = model->mutable_graph();
  std::set<std::string> initialized;
  for (const auto& i : g->initializer()) initialized.insert(i.name());
  int feed_index = 0, pos = -1, graph_pos = -1;
  for (int i = 0; i < g->input_size(); ++i) {
    if (initialized.count(g->input(i).name())) continue;
    if (g->input(i).name() == name) {
      pos = feed_index;
      graph_pos = i;
    }
    ++feed_index;
  }
  // Indices in test_data_set_* follow the original feed order.
  int original = pos;
  for (int f : *frozen) {
    if (f <= original) ++original;
  }
  if (pos < 0) return false;
  onnx::TensorProto first;
  for (size_t k = 0; k < sets.size(); ++k) {
    onnx::TensorProto t;
    if (!ReadProto(dir + "/" + sets[k] + "/input_" + std::to_string(original) + ".pb", &t)) return false;
    if (k == 0) first = t;
    else if (t.SerializeAsString() != first.SerializeAsString()) return false;
  }
  first.set_name(name);
  *g->add_initializer() = first;
  g->mutable_input()->DeleteSubrange(graph_pos, 1);
  frozen->insert(original);
  return true;
}

Outcome RunTest(const std::string& dir, std::string* why, bool* froze) {
  onnx::ModelProto model;
  ReadProto(dir + "/model.onnx", &model);
  const auto sets = ListDir(dir, "test_data_set_");
  std::set<int> frozen;
  std::shared_ptr<paddle::lite_api::PaddlePredictor> predictor;
  const std::string tmp = "/tmp/onnx_import_conformance_" + std::to_string(getpid()) + ".onnx";
  for (int attempt = 0; attempt < 6 && !predictor; ++attempt) {
    try {
      paddle::lite_api::CxxConfig config;
      if (frozen.empty()) {
        config.set_model_file(dir + "/model.onnx");
      } else {
        std::ofstream(tmp, std::ios::binary) << model.SerializeAsString();
        config.set_model_file(tmp);
      }
      config.set_threads(1);
      predictor = paddle::lite_api::CreatePaddlePredictor(config);
    } catch (const std::exception& e) {
      *why = e.what();
      const std::string param = RunTimeParameter(*why);
      if (!param.empty() && FreezeInput(dir, sets, param, &model, &frozen)) continue;
      std::remove(tmp.c_str());
      return Declined(*why) ? Outcome::kDeclined : Outcome::kFail;
    }
  }
  std::remove(tmp.c_str());
  if (!predictor) return Outcome::kFail;
  why->clear();
  *froze = !frozen.empty();
  if (sets.empty()) {
    *why = "no test_data_set_*";
    return Outcome::kFail;
  }
  try {
    for (const auto& set : sets) {
      const std::string sd = dir + "/" + set;
      int fed = 0;
      for (int i = 0;; ++i) {
        onnx::TensorProto t;
        if (!ReadProto(sd + "/input_" + std::to_string(i) + ".pb", &t)) break;
        if (frozen.count(i)) continue;
        std::string bytes;
        size_t elem = 0;
        if (!TensorBytes(t, &bytes, &elem)) {
          *why = "input type " + std::to_string(t.data_type()) + " unsupported by the runner";
          return Outcome::kFail;
        }
        Feed(predictor->GetInput(fed++).get(), t, bytes);
      }
      predictor->Run();
      for (int i = 0;; ++i) {
        onnx::TensorProto t;
        if (!ReadProto(sd + "/output_" + std::to_string(i) + ".pb", &t)) break;
        auto out = predictor->GetOutput(i);
        std::string err = Check(*out, t);
        if (!err.empty()) {
          *why = set + " output " + std::to_string(i) + ": " + err;
          return Outcome::kFail;
        }
      }
    }
  } catch (const std::exception& e) {
    *why = e.what();
    return Declined(*why) ? Outcome::kDeclined : Outcome::kFail;
  }
  return Outcome::kPass;
}

}  // namespace

// The operators of `g` and of its subgraphs (Loop bodies, If branches);
// `all_claimed` turns false on a node the importer does not claim.
void CollectOps(const onnx::GraphProto& g, const std::set<std::string>& claimed,
                std::set<std::string>* ops, bool* all_claimed) {
  for (const auto& n : g.node()) {
    ops->insert(n.op_type());
    if (!(n.domain().empty() || n.domain() == "ai.onnx") || !claimed.count(n.op_type())) {
      *all_claimed = false;
    }
    for (const auto& a : n.attribute()) {
      if (a.has_g()) CollectOps(a.g(), claimed, ops, all_claimed);
      for (const auto& sub : a.graphs()) CollectOps(sub, claimed, ops, all_claimed);
    }
  }
}

std::vector<std::string> SplitCommas(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    const size_t end = std::min(s.find(',', start), s.size());
    if (end > start) out.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

int main(int argc, char** argv) {
  std::string data_dir = "/usr/share/libonnx-testdata/data/node";
  bool list = false;
  std::string filter;
  std::vector<std::string> containing;  // only tests using one of these operators
  int min_pass = 0;                      // fail when fewer tests pass
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--data_dir=", 0) == 0) data_dir = a.substr(11);
    else if (a == "--list") list = true;
    else if (a.rfind("--filter=", 0) == 0) filter = a.substr(9);
    else if (a.rfind("--containing=", 0) == 0) containing = SplitCommas(a.substr(13));
    else if (a.rfind("--min_pass=", 0) == 0) min_pass = std::atoi(a.substr(11).c_str());
    else {
      std::fprintf(stderr, "usage: onnx_import_conformance [--data_dir=DIR] [--filter=SUBSTR] "
                           "[--containing=OP,OP...] [--min_pass=N] [--list]\n");
      return 2;
    }
  }
  const auto claimed_list = paddle::lite::ClaimedOnnxOperators();
  const std::set<std::string> claimed(claimed_list.begin(), claimed_list.end());
  const auto tests = ListDir(data_dir, "test_");
  if (tests.empty()) {
    std::fprintf(stderr, "no ONNX node tests in '%s' (install the Debian package libonnx-testdata)\n",
                 data_dir.c_str());
    return 1;
  }
  std::map<std::string, std::array<int, 3>> per_op;
  for (const auto& op : claimed) per_op[op] = {0, 0, 0};
  int counts[3] = {0, 0, 0};
  int frozen_passes = 0;
  for (const auto& name : tests) {
    if (!filter.empty() && name.find(filter) == std::string::npos) continue;
    const std::string dir = data_dir + "/" + name;
    onnx::ModelProto model;
    if (!ReadProto(dir + "/model.onnx", &model)) continue;
    std::set<std::string> ops;
    bool all_claimed = true;
    CollectOps(model.graph(), claimed, &ops, &all_claimed);
    if (!containing.empty() &&
        std::none_of(containing.begin(), containing.end(), [&](const std::string& op) {
          return ops.count(op) > 0;
        })) {
      continue;
    }
    if (!all_claimed && !containing.empty() && list) {
      std::string unclaimed;
      for (const auto& op : ops) {
        if (!claimed.count(op)) unclaimed += (unclaimed.empty() ? "" : ", ") + op;
      }
      std::printf("%-8s %s: unclaimed operators %s\n", "skipped", name.c_str(), unclaimed.c_str());
    }
    if (!all_claimed || ops.empty()) continue;
    std::string why;
    bool froze = false;
    Outcome o = RunTest(dir, &why, &froze);
    if (o == Outcome::kPass && froze) {
      ++frozen_passes;
      why = "parameters frozen from the test data";
    }
    counts[static_cast<int>(o)]++;
    for (const auto& op : ops) per_op[op][static_cast<int>(o)]++;
    const char* label = o == Outcome::kPass ? "pass" : o == Outcome::kDeclined ? "declined" : "FAIL";
    if (o == Outcome::kFail || list) {
      std::printf("%-8s %s%s%s\n", label, name.c_str(), why.empty() ? "" : ": ",
                  why.substr(0, 300).c_str());
    }
  }
  std::printf("\nper claimed operator (tests whose nodes are all claimed): pass / declined / FAIL\n");
  int ops_without_pass = 0;
  for (const auto& [op, c] : per_op) {
    std::printf("  %-22s %3d / %3d / %3d%s\n", op.c_str(), c[0], c[1], c[2],
                c[0] == 0 && filter.empty() && containing.empty() ? "   <- no passing node test"
                                                                  : "");
    if (c[0] == 0) ++ops_without_pass;
  }
  std::printf("\nONNX node tests over %zu claimed operators: %d passed (%d with parameter inputs "
              "frozen to constants), %d declined with a clear error, %d FAILED\n", claimed.size(),
              counts[0], frozen_passes, counts[1], counts[2]);
  if (counts[0] < min_pass) {
    std::printf("only %d tests passed, expected at least %d (--min_pass)\n", counts[0], min_pass);
    return 1;
  }
  if (!filter.empty() || !containing.empty()) return counts[2] == 0 ? 0 : 1;
  return counts[2] == 0 && ops_without_pass == 0 ? 0 : 1;
}
