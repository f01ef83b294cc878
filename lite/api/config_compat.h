// Which of a config's settings cannot take effect on this build, and the
// once-per-process log line that says so by name.
#pragma once
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"

namespace paddle {
namespace lite {

// The setters (by name) called on `config` that have no effect here.
std::vector<std::string> InapplicableSettings(const lite_api::ConfigBase& config);
// Logs a warning naming each of them with the reason, once per process per
// name (called by CreatePaddlePredictor).
void ReportInapplicableSettings(const lite_api::ConfigBase& config);
// Logs once per process that setting `name` does not apply here, with
// `reason` (default: the table's); returns whether it logged now.
bool LogNotApplyingOnce(const std::string& name, const std::string& detail = "",
                        const std::string& reason = "");
// The NNAdapter settings of `config` when no NNAdapter device is used
// (has_devices false: the config names none, nor does the .nb): each one
// set is logged once by name as having no effect, except strict mode, which
// is an Error (every op would run on the CPU).
void ReportNNAdapterSettingsWithoutDevices(const lite_api::ConfigBase& config, bool has_devices);
// The thread count a predictor runs with: max(threads, x86_math_num_threads).
int EffectiveThreads(const lite_api::ConfigBase& config);

}  // namespace lite
}  // namespace paddle
