"""The package is the installed one, with its version command and opt."""
import os
import subprocess
import sys

import paddlelite
from paddlelite import lite

from conftest import REPO


def test_imported_from_the_installed_package_not_the_checkout():
    path = os.path.realpath(paddlelite.__file__)
    assert not path.startswith(os.path.join(REPO, "python")), path
    assert "site-packages" in path or "dist-packages" in path, path


def test_version_command_prints_package_library_and_numpy_versions():
    out = subprocess.run([sys.executable, "-m", "paddlelite.lite", "--version"], check=True,
                         capture_output=True, text=True)
    assert f"paddlelite: {lite.__version__}" in out.stdout
    assert "library: 0.1.0" in out.stdout
    assert "numpy: " in out.stdout
    assert out.stderr == ""


def test_version_info_points_at_the_installed_library_and_opt():
    info = lite.version_info()
    assert os.path.isfile(os.path.join(info["library_dir"], "libpaddle_full_api_shared.so"))
    assert os.access(info["opt"], os.X_OK)


def test_star_import_exposes_paddle_lite_names():
    names = {}
    exec("from paddlelite.lite import *", names)
    for name in ["CxxConfig", "MobileConfig", "Place", "TargetType", "PrecisionType",
                 "DataLayoutType", "Tensor", "CxxPredictor", "LightPredictor",
                 "create_paddle_predictor", "Opt"]:
        assert name in names, name


def test_place_enums_and_equality():
    p = lite.Place(lite.TargetType.X86, lite.PrecisionType.FP32)
    assert p.layout == lite.DataLayoutType.NCHW and p.device == 0 and p.is_valid()
    assert p == lite.Place(lite.TargetType.X86)
    assert p != lite.Place(lite.TargetType.X86, lite.PrecisionType.INT8)
    assert not lite.Place(lite.TargetType.Unk).is_valid()
    assert int(lite.TargetType.NNAdapter) == 18
