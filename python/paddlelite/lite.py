"""Paddle Lite's Python API: configs, predictors, tensors and the opt tool.

    from paddlelite.lite import *
    config = CxxConfig()
    config.set_model_dir("shufflenet_v2_imagenet")
    predictor = create_paddle_predictor(config)
    predictor.get_input(0).from_numpy(image)    # float32 NCHW array
    predictor.run()                             # releases the GIL
    probs = predictor.get_output(0).numpy()

Errors the library reports (bad path, corrupt model, unsupported op, wrong
input shape) raise ``paddlelite.lite.Error`` (a RuntimeError) with the
library's message; a numpy dtype a tensor cannot hold raises TypeError.

``python3 -m paddlelite.lite --version`` prints the versions.
"""
import sys

from paddlelite._lite import (  # noqa: F401
    CLPrecisionType,
    CLTuneMode,
    ConfigBase,
    CxxConfig,
    CxxPredictor,
    DataLayoutType,
    Error,
    LightPredictor,
    LiteModelType,
    MobileConfig,
    PaddlePredictor,
    Place,
    PowerMode,
    PrecisionType,
    QuantType,
    TargetType,
    Tensor,
    __version__,
    create_paddle_predictor,
)
from paddlelite.opt import Opt, paddle_lite_opt  # noqa: F401

__all__ = [
    "CLPrecisionType", "CLTuneMode", "ConfigBase", "CxxConfig", "CxxPredictor", "DataLayoutType",
    "Error", "LightPredictor", "LiteModelType", "QuantType", "MobileConfig", "PaddlePredictor",
    "Place", "PowerMode", "PrecisionType", "TargetType", "Tensor", "create_paddle_predictor",
    "Opt", "paddle_lite_opt", "version_info",
]


def version_info():
    """The versions of this package, the library it was built against, the opt tool and numpy."""
    import numpy
    from paddlelite import _build_info
    return {
        "paddlelite": __version__,
        "library": _build_info.LIBRARY_VERSION,
        "library_dir": _build_info.LIBRARY_DIR,
        "opt": _build_info.OPT_PATH,
        "numpy": numpy.__version__,
        "python": sys.version.split()[0],
    }


def _main(argv):
    if argv in (["--version"], ["-V"]):
        for key, value in version_info().items():
            print(f"{key}: {value}")
        return 0
    print("usage: python3 -m paddlelite.lite --version", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
