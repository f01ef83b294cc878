// Nothing silently ignored: every public setter of CxxConfig and
// MobileConfig (read from lite/api/paddle_api.h), of the C config
// (lite/api/c/pd_config.h) and of the Python config (python/src/config.cc)
// either changes behaviour -- setter_behaviour.inc names the test that
// shows how, and that test must exist -- or is in the one table of
// inapplicable settings (lite/api/inapplicable_settings.inc), and then
// setting it makes CreatePaddlePredictor log one line naming it, once per
// process. A setter in neither place fails. The lists are parsed from the
// sources, so a new setter cannot be forgotten.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "lite/api/config_compat.h"
#include "lite/api/paddle_api.h"
#include "lite/core/log_capture_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

namespace fs = std::filesystem;

std::string Read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string Src(const std::string& rel) { return std::string(PROJECT_SOURCE_DIR) + "/" + rel; }

struct Behaviour {
  std::string surface, setter, test;
};
const std::vector<Behaviour>& Behaviours() {
  static const std::vector<Behaviour> table = {
#define BEHAVIOUR(surface, setter, test) {#surface, #setter, test},
#include "tests/models/setter_behaviour.inc"
#undef BEHAVIOUR
  };
  return table;
}

// One row of inapplicable_settings.inc, with its call made runnable on the
// configs it concerns.
struct Inapplicable {
  std::string config, setter;
  std::function<void(lite_api::CxxConfig&)> on_cxx;
  std::function<void(lite_api::MobileConfig&)> on_mobile;
};
template <class Base, class F>
Inapplicable Row(const char* config, const char* setter, F f) {
  Inapplicable r{config, setter, nullptr, nullptr};
  if (std::is_base_of_v<Base, lite_api::CxxConfig>) r.on_cxx = f;
  if (std::is_base_of_v<Base, lite_api::MobileConfig>) r.on_mobile = f;
  return r;
}
const std::vector<Inapplicable>& InapplicableRows() {
  static const std::vector<Inapplicable> table = {
#define INAPPLICABLE(config, setter, call, reason)                                   \
  Row<lite_api::config>(#config, #setter, [](auto& c) {                              \
    (void)c;                                                                         \
    if constexpr (std::is_base_of_v<lite_api::config, std::decay_t<decltype(c)>>) { \
      call;                                                                          \
    }                                                                                \
  }),
#include "lite/api/inapplicable_settings.inc"
#undef INAPPLICABLE
  };
  return table;
}

// (class, setter) of paddle_api.h's config classes; ConfigBase's setters
// belong to both configs.
std::set<std::pair<std::string, std::string>> CppSetters() {
  std::set<std::pair<std::string, std::string>> out;
  std::istringstream in(Read(Src("lite/api/paddle_api.h")));
  const std::regex cls(R"(^(class|struct) (\w+))");
  const std::regex setter(R"(^\s+(?:virtual\s+)?void\s+((?:set_|add_|enable_|Set)\w+)\()");
  std::string line, current;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_search(line, m, cls)) current = m[2];
    if (!std::regex_search(line, m, setter)) continue;
    if (current == "ConfigBase") {
      out.insert({"CxxConfig", m[1]});
      out.insert({"MobileConfig", m[1]});
    } else if (current == "CxxConfig" || current == "MobileConfig") {
      out.insert({current, m[1]});
    }
  }
  return out;
}

std::set<std::string> Matches(const std::string& text, const std::string& pattern) {
  std::set<std::string> out;
  const std::regex re(pattern);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator();
       ++it) {
    out.insert((*it)[1]);
  }
  return out;
}

// PD_ConfigSetNNAdapterDeviceNames -> set_nnadapter_device_names.
std::string SnakeCase(const std::string& c_name) {
  std::string camel = c_name.substr(std::string("PD_Config").size());
  for (size_t at; (at = camel.find("NNAdapter")) != std::string::npos;) {
    camel.replace(at, 9, "Nnadapter");
  }
  std::string out;
  for (char ch : camel) {
    if (std::isupper(static_cast<unsigned char>(ch))) {
      if (!out.empty()) out += '_';
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    } else {
      out += ch;
    }
  }
  return out;
}

// Every test name defined in the sources: "Suite.Name" (gtest), "c:Name",
// "py:name".
std::set<std::string> DefinedTests() {
  std::set<std::string> tests;
  const std::regex gtest(R"(\bTEST(?:_F|_P)?\(\s*(\w+)\s*,\s*(\w+)\s*\))");
  for (const char* dir : {"lite", "tests", "nnadapter", "tools"}) {
    for (const auto& e : fs::recursive_directory_iterator(Src(dir))) {
      if (e.path().extension() != ".cc") continue;
      const std::string text = Read(e.path().string());
      for (auto it = std::sregex_iterator(text.begin(), text.end(), gtest);
           it != std::sregex_iterator(); ++it) {
        tests.insert((*it)[1].str() + "." + (*it)[2].str());
      }
    }
  }
  for (const auto& n : Matches(Read(Src("lite/api/c/c_api_test.c")), R"(static void (Test\w+)\()")) {
    tests.insert("c:" + n);
  }
  for (const auto& e : fs::directory_iterator(Src("python/tests"))) {
    if (e.path().extension() != ".py") continue;
    for (const auto& n : Matches(Read(e.path().string()), R"(def (test_\w+)\()")) {
      tests.insert("py:" + n);
    }
  }
  return tests;
}

// How `setter` of `surface` (a C++ config class) is classified.
struct Found {
  std::vector<std::string> behaviour_tests;
  bool inapplicable{false};
};
Found Classify(const std::string& surface, const std::string& setter) {
  Found f;
  const bool cpp = surface == "CxxConfig" || surface == "MobileConfig";
  for (const auto& b : Behaviours()) {
    if (b.setter == setter && (b.surface == surface || (cpp && b.surface == "ConfigBase"))) {
      f.behaviour_tests.push_back(b.test);
    }
  }
  for (const auto& r : InapplicableRows()) {
    if (r.setter == setter && (r.config == surface || (cpp && r.config == "ConfigBase"))) {
      f.inapplicable = true;
    }
  }
  return f;
}

std::string Where(const Found& f) {
  if (f.behaviour_tests.empty() && !f.inapplicable) return "neither";
  if (!f.behaviour_tests.empty() && f.inapplicable) return "both";
  return "";
}
}  // namespace

TEST(SetterWalk, EveryCppSetterChangesBehaviourOrIsAnInapplicableSetting) {
  const auto setters = CppSetters();
  ASSERT_GT(setters.size(), 60u) << "the parse of paddle_api.h found too few setters";
  const std::set<std::string> tests = DefinedTests();
  int behaviour = 0, inapplicable = 0;
  for (const auto& [cls, setter] : setters) {
    const Found f = Classify(cls, setter);
    EXPECT_EQ(Where(f), "") << cls << "::" << setter << " is in " << Where(f)
                            << " of setter_behaviour.inc and inapplicable_settings.inc";
    for (const auto& t : f.behaviour_tests) {
      EXPECT_TRUE(tests.count(t)) << cls << "::" << setter << ": test '" << t << "' does not exist";
    }
    behaviour += !f.behaviour_tests.empty();
    inapplicable += f.inapplicable;
  }
  std::printf("C++ config setters: %zu (class, setter) pairs: %d change behaviour, %d inapplicable\n",
              setters.size(), behaviour, inapplicable);
  // Every table row names a setter that exists (no stale rows).
  for (const auto& b : Behaviours()) {
    if (b.surface == "C" || b.surface == "Python") continue;
    bool exists = false;
    for (const auto& [cls, setter] : setters) {
      exists |= setter == b.setter && (b.surface == cls || b.surface == "ConfigBase");
    }
    EXPECT_TRUE(exists) << "setter_behaviour.inc: " << b.surface << "::" << b.setter
                        << " is no setter of paddle_api.h";
  }
  for (const auto& r : InapplicableRows()) {
    bool exists = false;
    for (const auto& [cls, setter] : setters) {
      exists |= setter == r.setter && (r.config == cls || r.config == "ConfigBase");
    }
    EXPECT_TRUE(exists) << "inapplicable_settings.inc: " << r.config << "::" << r.setter
                        << " is no setter of paddle_api.h";
  }
}

TEST(SetterWalk, EveryCAndPythonSetterIsClassified) {
  const std::set<std::string> tests = DefinedTests();
  const auto cpp = CppSetters();
  auto classified_in_cpp = [&cpp](const std::string& name) {
    for (const auto& [cls, setter] : cpp) {
      if (setter == name && Where(Classify(cls, setter)).empty()) return true;
    }
    return false;
  };
  const auto c_setters =
      Matches(Read(Src("lite/api/c/pd_config.h")), R"(\b(PD_Config(?:Set|Add)\w+)\()");
  ASSERT_GT(c_setters.size(), 10u);
  for (const auto& name : c_setters) {
    const std::string snake = SnakeCase(name);
    if (classified_in_cpp(snake) || classified_in_cpp(snake + "s")) continue;
    const Found f = Classify("C", name);
    ASSERT_FALSE(f.behaviour_tests.empty())
        << name << " (C) has no C++ namesake and no row in setter_behaviour.inc";
    for (const auto& t : f.behaviour_tests) EXPECT_TRUE(tests.count(t)) << name << ": " << t;
  }
  const auto py_setters = Matches(Read(Src("python/src/config.cc")),
                                  R"(\.def\(\s*"((?:set_|add_|enable_)\w+)\")");
  ASSERT_GT(py_setters.size(), 10u);
  for (const auto& name : py_setters) {
    if (classified_in_cpp(name)) continue;
    const Found f = Classify("Python", name);
    ASSERT_FALSE(f.behaviour_tests.empty())
        << name << " (Python) has no C++ namesake and no row in setter_behaviour.inc";
    for (const auto& t : f.behaviour_tests) EXPECT_TRUE(tests.count(t)) << name << ": " << t;
  }
  std::printf("C config setters: %zu, Python config setters: %zu, all classified\n",
              c_setters.size(), py_setters.size());
}

// Each inapplicable setting, set on each config it concerns, is reported by
// InapplicableSettings and logged exactly once per process, by name.
TEST(SetterWalk, EveryInapplicableSettingIsLoggedOnceByName) {
  LogCapture log(0);
  int calls = 0;
  for (const auto& r : InapplicableRows()) {
    auto check = [&](lite_api::ConfigBase& c, const char* cls) {
      const auto names = InapplicableSettings(c);
      EXPECT_NE(std::find(names.begin(), names.end(), r.setter), names.end())
          << cls << "::" << r.setter << ": not reported by InapplicableSettings";
      ReportInapplicableSettings(c);
      ReportInapplicableSettings(c);
      ++calls;
    };
    if (r.on_cxx) {
      lite_api::CxxConfig c;
      r.on_cxx(c);
      check(c, "CxxConfig");
    }
    if (r.on_mobile) {
      lite_api::MobileConfig c;
      r.on_mobile(c);
      check(c, "MobileConfig");
    }
  }
  const std::string text = log.text();
  for (const auto& r : InapplicableRows()) {
    size_t count = 0;
    for (size_t at = 0; (at = text.find(r.setter + ": has no effect here: ", at)) != std::string::npos;
         ++at) {
      count += at == 0 || text[at - 1] == '\n';
    }
    EXPECT_EQ(count, 1u) << r.setter << " logged " << count << " times:\n" << text;
  }
  std::printf("inapplicable settings: %zu rows, %d (config, setter) calls, each logged once\n",
              InapplicableRows().size(), calls);
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
