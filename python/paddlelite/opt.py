"""The opt tool as a class (``Opt``, Paddle Lite's Python names) and the
``paddle_lite_opt`` console command.

Both drive the ``opt`` executable installed with the library this package was
built against, so every flag and message is opt's own:
``paddle_lite_opt --model_dir=... --valid_targets=x86 --optimize_out=m``
is exactly ``opt`` with the same arguments (see ``paddle_lite_opt --help``).
"""
import os
import subprocess
import sys
import warnings

from paddlelite._lite import Error


def _opt_path():
    from paddlelite import _build_info
    path = os.environ.get("PADDLE_LITE_OPT", _build_info.OPT_PATH)
    if not os.access(path, os.X_OK):
        raise Error(f"the opt tool '{path}' is missing or not executable (it is installed with "
                    "the library into <prefix>/bin; set PADDLE_LITE_OPT to another copy)")
    return path


class Opt:
    """Converts a Paddle model into an optimized model (.nb) for MobileConfig.

        opt = Opt()
        opt.set_model_dir("mobilenet_v1")
        opt.set_valid_places("x86")           # or "builtin_device,x86", ...
        opt.set_model_type("naive_buffer")    # or "protobuf"
        opt.set_optimize_out("mobilenet_v1_opt")
        opt.run()                             # writes mobilenet_v1_opt.nb

    Failures raise paddlelite.lite.Error with opt's message.
    """

    def __init__(self):
        self._flags = {}
        self.last_output = ""

    def _set(self, name, value):
        if not isinstance(value, str):
            raise TypeError(f"Opt.set_{name}: expected a str, got {type(value).__name__}")
        self._flags[name] = value

    def set_model_dir(self, model_dir):
        self._set("model_dir", model_dir)

    def set_model_file(self, model_file):
        self._set("model_file", model_file)

    set_modle_file = set_model_file  # Paddle Lite's misspelt alias

    def set_param_file(self, param_file):
        self._set("param_file", param_file)

    def set_model_type(self, model_type):
        self._set("optimize_out_type", model_type)

    def set_valid_places(self, valid_places):
        self._set("valid_targets", valid_places)

    def set_optimize_out(self, optimize_out):
        self._set("optimize_out", optimize_out)

    def set_nnadapter_device_names(self, device_names):
        self._set("nnadapter_device_names", device_names)

    def set_nnadapter_context_properties(self, context_properties):
        self._set("nnadapter_context_properties", context_properties)

    def set_nnadapter_subgraph_partition_config_path(self, path):
        self._set("nnadapter_subgraph_partition_config_path", path)

    def set_nnadapter_model_cache_dir(self, model_cache_dir):
        self._set("nnadapter_model_cache_dir", model_cache_dir)

    def set_quant_model(self, quant_model):
        """Post-training weight quantization (with set_quant_type), as Paddle Lite's."""
        if not isinstance(quant_model, bool):
            raise TypeError(f"Opt.set_quant_model: expected a bool, got {type(quant_model).__name__}")
        self._flags["quant_model"] = "true" if quant_model else "false"

    def set_quant_type(self, quant_type):
        """"QUANT_INT8" or "QUANT_INT16" (the default)."""
        self._set("quant_type", quant_type)

    def set_nnadapter_mixed_precision_quantization_config_path(self, path):
        self._set("nnadapter_mixed_precision_quantization_config_path", path)

    def set_modelset_dir(self, model_set_dir):
        """A folder of model folders, each optimized into <optimize_out>/<name>.nb."""
        self._set("model_set_dir", model_set_dir)

    def _set_bool(self, name, value):
        if not isinstance(value, bool):
            raise TypeError(f"Opt.set_{name}: expected a bool, got {type(value).__name__}")
        self._flags[name] = "true" if value else "false"

    def enable_fp16(self):
        """As opt --enable_fp16: this build has no fp16 kernels, so run() then raises Error
        saying so."""
        self._flags["enable_fp16"] = "true"

    def set_sparse_model(self, sparse_model):
        """As opt --sparse_model: no sparse kernels on this build; opt says so and optimizes
        dense."""
        self._set_bool("sparse_model", sparse_model)

    def set_sparse_threshold(self, sparse_threshold):
        if not isinstance(sparse_threshold, (int, float)) or isinstance(sparse_threshold, bool):
            raise TypeError("Opt.set_sparse_threshold: expected a number, got "
                            f"{type(sparse_threshold).__name__}")
        self._flags["sparse_threshold"] = repr(float(sparse_threshold))

    def record_model_info(self, record_model_info):
        """Also write .tailored_ops_list and .tailored_kernels_list next to the output."""
        self._set_bool("record_tailoring_info", record_model_info)

    def set_passes_internal(self, passes_internal=None):
        """Paddle Lite's internal pass selection. The optimizer's passes are fixed here
        (CxxConfig.add_discarded_pass skips one): a non-empty list is accepted and named
        once as having no effect, as CxxConfig.set_passes_internal is."""
        passes = list(passes_internal or [])
        if passes and not Opt._passes_internal_warned:
            Opt._passes_internal_warned = True
            warnings.warn("Opt.set_passes_internal: has no effect here: the optimizer's passes "
                          "are fixed; the setting is accepted and ignored", stacklevel=2)
        self._passes_internal = passes

    _passes_internal_warned = False

    def _args(self, *extra):
        return [f"--{k}={v}" for k, v in self._flags.items()] + list(extra)

    def _call(self, args, check=True):
        proc = subprocess.run([_opt_path()] + args, capture_output=True, text=True)
        self.last_output = proc.stdout
        sys.stdout.write(proc.stdout)
        if check and proc.returncode != 0:
            raise Error(f"opt {' '.join(args)} failed (exit code {proc.returncode}): "
                        f"{proc.stderr.strip()}")
        sys.stderr.write(proc.stderr)
        return proc.returncode

    def run(self):
        """Optimizes the model set by the setters; raises Error on failure."""
        self._call(self._args())

    def run_optimize(self, model_dir, model_file, param_file, model_type, valid_places,
                     optimize_out):
        """run() with every setting given at once ("" leaves one unset)."""
        values = {"model_dir": model_dir, "model_file": model_file, "param_file": param_file,
                  "optimize_out_type": model_type, "valid_targets": valid_places,
                  "optimize_out": optimize_out}
        for name, value in values.items():
            if value:
                self._set(name, value)
        self.run()

    def help(self):
        self._call(["--help"], check=False)

    def print_supported_ops(self):
        self._call(self._args("--print_supported_ops"))

    def print_all_ops(self):
        self._call(["--print_all_ops"])

    def print_model_ops(self):
        """Prints the model's ops and their support; True when every op is supported."""
        return self._call(self._args("--print_model_ops"), check=False) == 0

    def check_if_model_supported(self, print_ops_info=True):
        """True when the valid places support every op of the model; prints the table when
        print_ops_info."""
        proc = subprocess.run([_opt_path()] + self._args("--print_model_ops"),
                              capture_output=True, text=True)
        self.last_output = proc.stdout
        if print_ops_info:
            sys.stdout.write(proc.stdout)
        return proc.returncode == 0

    def executablebin_help(self):
        """The opt executable's --help (the same text as help())."""
        self.help()

    def display_kernels_info(self):
        """Every op type of this build with its kernels (target/precision)."""
        self._call(["--print_all_ops"])

    def print_all_ops_in_md_dormat(self):  # Paddle Lite's spelling
        self._call(["--print_all_ops_in_md_format"])

    def visualize_optimized_nb_model(self, model_dir, output_path):
        """Writes <output_path>/<nb name>.dot, the graph of the optimized model model_dir
        (a .nb file)."""
        self._call(["--optimized_nb_model_path=" + model_dir,
                    "--visualization_file_output_path=" + output_path])

    def version(self):
        """The version of the library (and opt) this package was built against."""
        from paddlelite import _build_info
        return _build_info.LIBRARY_VERSION


def paddle_lite_opt(argv=None):
    """The ``paddle_lite_opt`` command: runs opt with these arguments, same exit code."""
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        path = _opt_path()
    except Error as e:
        print(f"paddle_lite_opt: {e}", file=sys.stderr)
        return 2
    return subprocess.call([path] + args)


def main():
    sys.exit(paddle_lite_opt())
