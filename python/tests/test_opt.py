"""Opt (the opt tool as a class) and the paddle_lite_opt command."""
import os
import shutil
import subprocess

import numpy as np
import pytest
from paddlelite.lite import Error, MobileConfig, Opt, create_paddle_predictor


def test_opt_writes_a_nb_that_runs(shufflenet_dir, tmp_path, cat_input, cat_expected):
    opt = Opt()
    opt.set_model_dir(shufflenet_dir)
    opt.set_valid_places("x86")
    opt.set_model_type("naive_buffer")
    opt.set_optimize_out(str(tmp_path / "m"))
    opt.run()
    config = MobileConfig()
    config.set_model_from_file(str(tmp_path / "m.nb"))
    p = create_paddle_predictor(config)
    p.get_input(0).from_numpy(cat_input)
    p.run()
    np.testing.assert_allclose(p.get_output(0).numpy(), cat_expected, atol=1e-4)


def test_quant_model_stores_int8_weights(shufflenet_dir, tmp_path, cat_input, cat_expected):
    sizes = {}
    for quant in (None, "QUANT_INT8"):
        opt = Opt()
        opt.set_model_dir(shufflenet_dir)
        opt.set_valid_places("x86")
        if quant:
            opt.set_quant_model(True)
            opt.set_quant_type(quant)
        opt.set_optimize_out(str(tmp_path / (quant or "fp32")))
        opt.run()
        sizes[quant] = os.path.getsize(tmp_path / ((quant or "fp32") + ".nb"))
    assert sizes["QUANT_INT8"] < 0.3 * sizes[None]
    config = MobileConfig()
    config.set_model_from_file(str(tmp_path / "QUANT_INT8.nb"))
    p = create_paddle_predictor(config)
    p.get_input(0).from_numpy(cat_input)
    p.run()
    probs = p.get_output(0).numpy().ravel()
    # Weight-only int8 moves probabilities by ~0.01 (the C++ test's report).
    np.testing.assert_allclose(probs, np.asarray(cat_expected).ravel(), atol=0.02)
    assert int(np.argmax(probs)) in (285, 281)  # Egyptian cat / tabby, 0.464 vs 0.456 in fp32


def test_run_optimize_with_nnadapter_device(samples_dir, tmp_path):
    det = os.path.join(samples_dir, "ppocrv3_det")
    Opt().run_optimize("", os.path.join(det, "inference.pdmodel"),
                       os.path.join(det, "inference.pdiparams"), "naive_buffer",
                       "builtin_device,x86", str(tmp_path / "det"))
    assert os.path.getsize(tmp_path / "det.nb") > 100000


def test_opt_failure_is_an_error_with_opts_message(tmp_path):
    opt = Opt()
    opt.set_model_dir(str(tmp_path / "absent"))
    opt.set_optimize_out(str(tmp_path / "m"))
    with pytest.raises(Error, match="absent"):
        opt.run()
    with pytest.raises(TypeError):
        opt.set_valid_places(["x86"])


def test_print_model_ops_reports_support(shufflenet_dir, capsys):
    opt = Opt()
    opt.set_model_dir(shufflenet_dir)
    assert opt.print_model_ops() is True
    assert "conv2d" in capsys.readouterr().out


def test_console_command_is_opt_with_the_same_flags(shufflenet_dir, tmp_path):
    exe = shutil.which("paddle_lite_opt")
    assert exe, "paddle_lite_opt is not on PATH"
    help_text = subprocess.run([exe, "--help"], capture_output=True, text=True)
    for flag in ["model_dir", "model_file", "param_file", "optimize_out_type", "optimize_out",
                 "valid_targets", "print_supported_ops", "print_all_ops", "print_model_ops",
                 "nnadapter_device_names", "nnadapter_context_properties",
                 "nnadapter_subgraph_partition_config_path", "nnadapter_model_cache_dir"]:
        assert f"-{flag} (" in help_text.stdout + help_text.stderr, flag
    ok = subprocess.run([exe, f"--model_dir={shufflenet_dir}", "--valid_targets=x86",
                         f"--optimize_out={tmp_path / 'cli'}"], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    assert os.path.isfile(tmp_path / "cli.nb")
    bad = subprocess.run([exe, "--no_such_flag=1"], capture_output=True, text=True)
    assert bad.returncode != 0 and "no_such_flag" in bad.stderr
