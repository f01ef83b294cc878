"""Paddle Lite 2.13's ``paddlelite.lite`` names (its lite/api/python/pybind/pybind.cc),
and the calls its published demos (lite/demo/python/mobilenetv1_full_api.py and
mobilenetv1_light_api.py) make, exactly as they make them, with --backend=x86 and
--backend=nnadapter --nnadapter_device_names=builtin_device."""
import os

import numpy as np
import pytest
from paddlelite import lite
from paddlelite.lite import *  # noqa: F401,F403  (as the demos import)

# Every name Paddle Lite 2.13 binds (classes, module functions, methods), by owner.
PADDLE_LITE_213 = {
    "module": ["CxxConfig", "MobileConfig", "PowerMode", "Place", "CLTuneMode",
               "CLPrecisionType", "Tensor", "CxxPredictor", "LightPredictor", "TargetType",
               "PrecisionType", "DataLayoutType", "Opt", "create_paddle_predictor"],
    "CxxConfig": ["set_model_dir", "model_dir", "set_model_file", "model_file",
                  "set_param_file", "param_file", "set_valid_places", "set_model_buffer",
                  "set_passes_internal", "is_model_from_memory", "add_discarded_pass",
                  "set_threads", "threads", "set_power_mode", "power_mode",
                  "set_opencl_binary_path_name", "set_opencl_tune", "set_opencl_precision",
                  "set_metal_use_mps", "set_metal_use_memory_reuse", "set_metal_lib_path",
                  "set_nnadapter_device_names", "set_nnadapter_context_properties",
                  "set_nnadapter_model_cache_dir", "set_nnadapter_subgraph_partition_config_path",
                  "set_nnadapter_mixed_precision_quantization_config_path",
                  "nnadapter_device_names", "nnadapter_context_properties",
                  "nnadapter_model_cache_dir", "nnadapter_subgraph_partition_config_path",
                  "nnadapter_mixed_precision_quantization_config_path"],
    "MobileConfig": ["set_model_from_file", "set_model_from_buffer", "set_model_dir", "model_dir",
                     "set_model_buffer", "is_model_from_memory", "set_threads", "threads",
                     "set_power_mode", "power_mode", "set_opencl_binary_path_name",
                     "set_opencl_tune", "set_opencl_precision", "set_metal_use_mps",
                     "set_metal_use_memory_reuse", "set_metal_lib_path",
                     "set_nnadapter_device_names", "set_nnadapter_context_properties",
                     "set_nnadapter_model_cache_dir", "set_nnadapter_dynamic_shape_info",
                     "set_nnadapter_model_cache_buffers"],
    "Tensor": ["resize", "numpy", "shape", "target", "precision", "lod", "set_lod", "from_numpy",
               "set_int8_data", "int8_data", "set_uint8_data", "uint8_data", "set_int32_data",
               "int32_data", "set_float_data", "float_data"],
    "CxxPredictor": ["get_input", "get_output", "get_output_names", "get_input_names",
                     "get_input_by_name", "get_output_by_name", "run", "get_version",
                     "save_optimized_pb_model", "save_optimized_model"],
    "LightPredictor": ["get_input", "get_output", "get_input_names", "get_output_names",
                       "get_input_by_name", "get_output_by_name", "run", "get_version"],
    "Opt": ["set_model_dir", "set_modelset_dir", "set_model_file", "set_param_file",
            "set_valid_places", "enable_fp16", "set_optimize_out", "set_model_type",
            "set_quant_model", "set_quant_type", "set_sparse_model", "set_sparse_threshold",
            "record_model_info", "set_passes_internal", "run", "run_optimize", "version",
            "help", "executablebin_help", "print_supported_ops", "display_kernels_info",
            "print_all_ops", "check_if_model_supported", "print_all_ops_in_md_dormat",
            "visualize_optimized_nb_model"],
    "Place": ["is_valid"],
}


def test_every_paddle_lite_213_name_exists():
    missing = []
    for owner, names in PADDLE_LITE_213.items():
        scope = lite if owner == "module" else getattr(lite, owner)
        missing += [f"{owner}.{n}" for n in names if not hasattr(scope, n)]
    assert not missing, missing
    assert sum(len(v) for v in PADDLE_LITE_213.values()) > 74


def _demo_full(shufflenet_dir, tmp_path, cat_input, backend):
    """mobilenetv1_full_api.py's RunModel with --model_dir=<shufflenet> --backend=<backend>."""
    config = CxxConfig()
    config.set_model_dir(shufflenet_dir)
    platform_place = Place(TargetType.X86, PrecisionType.FP32)
    if backend == "X86":
        places = [Place(TargetType.X86, PrecisionType.FP32)]
    else:
        places = [Place(TargetType.NNAdapter, PrecisionType.FP32), platform_place,
                  Place(TargetType.Host, PrecisionType.FP32)]
        config.set_nnadapter_device_names("builtin_device".split(","))
        config.set_nnadapter_context_properties("")
        config.set_nnadapter_model_cache_dir("")
        config.set_nnadapter_subgraph_partition_config_path("")
        config.set_nnadapter_mixed_precision_quantization_config_path("")
    config.set_valid_places(places)
    predictor = create_paddle_predictor(config)
    optimized = str(tmp_path / ("opt_" + backend.lower()))
    predictor.save_optimized_model(optimized)
    input_tensor = predictor.get_input(0)
    input_tensor.from_numpy(cat_input)
    predictor.run()
    output_tensor = predictor.get_output(0)
    return output_tensor.numpy(), optimized + ".nb"


def _demo_light(nb, cat_input):
    """mobilenetv1_light_api.py's RunModel with --model_dir=<nb>."""
    config = MobileConfig()
    config.set_model_from_file(nb)
    predictor = create_paddle_predictor(config)
    input_tensor = predictor.get_input(0)
    input_tensor.from_numpy(cat_input)
    predictor.run()
    output_tensor = predictor.get_output(0)
    return output_tensor.numpy()


@pytest.mark.parametrize("backend", ["X86", "NNADAPTER"])
def test_paddle_lite_demo_calls(shufflenet_dir, tmp_path, cat_input, cat_expected, backend):
    full, nb = _demo_full(shufflenet_dir, tmp_path, cat_input, backend)
    np.testing.assert_allclose(full, cat_expected, atol=1e-4)
    assert os.path.isfile(nb)
    np.testing.assert_allclose(_demo_light(nb, cat_input), full, atol=1e-5)


def test_settings_of_absent_backends_are_accepted_and_named(shufflenet_dir, cat_input,
                                                            cat_expected):
    for config in (CxxConfig(), MobileConfig()):
        config.set_opencl_binary_path_name("./", "lite_opencl_kernel.bin")
        config.set_opencl_tune(CLTuneMode.CL_TUNE_NORMAL, "./", "lite_opencl_tuned.bin", 4)
        config.set_opencl_precision(CLPrecisionType.CL_PRECISION_AUTO)
        config.set_metal_lib_path("lite.metallib")
        config.set_metal_use_mps(True)
        config.set_metal_use_memory_reuse(True)
        assert config.inapplicable_settings() == [
            "set_opencl_binary_path_name", "set_opencl_tune", "set_opencl_precision",
            "set_metal_lib_path", "set_metal_use_mps", "set_metal_use_memory_reuse"]
    config = CxxConfig()
    config.set_model_dir(shufflenet_dir)
    config.set_passes_internal(["lite_conv_bn_fuse_pass"])
    config.set_sparse_model(True)
    config.set_sparse_threshold(0.5)
    assert config.inapplicable_settings() == ["set_passes_internal", "set_sparse_model",
                                              "set_sparse_threshold"]
    p = create_paddle_predictor(config)  # still runs, on x86
    p.get_input(0).from_numpy(cat_input)
    p.run()
    np.testing.assert_allclose(p.get_output(0).numpy(), cat_expected, atol=1e-4)


def test_discarded_pass_and_is_model_from_memory(shufflenet_dir, cat_input, cat_expected):
    config = CxxConfig()
    config.set_model_dir(shufflenet_dir)
    assert not config.is_model_from_memory()
    config.add_discarded_pass("conv_bn_fuse_pass")
    assert config.get_discarded_passes() == ["conv_bn_fuse_pass"]
    p = create_paddle_predictor(config)
    p.get_input(0).from_numpy(cat_input)
    p.run()
    np.testing.assert_allclose(p.get_output(0).numpy(), cat_expected, atol=1e-4)
    mobile = MobileConfig()
    # Paddle Lite's pre-2.3 split buffers are read: these bytes are not one.
    mobile.set_model_buffer(b"program", b"params")
    with pytest.raises(Error, match="Paddle Lite .nb section 'program' at byte 0"):
        create_paddle_predictor(mobile)


def test_mixed_precision_path_and_save_optimized_pb_model(models_dir, tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text("depthwise_conv2d::\n")
    config = CxxConfig()
    qat = os.path.join(models_dir, "ppocrv3_det_slim_int8")
    config.set_model_file(os.path.join(qat, "inference.pdmodel"))
    config.set_param_file(os.path.join(qat, "inference.pdiparams"))
    config.set_valid_places([Place(TargetType.X86, PrecisionType.INT8),
                             Place(TargetType.X86, PrecisionType.FP32)])
    config.set_nnadapter_mixed_precision_quantization_config_path(str(path))
    assert config.nnadapter_mixed_precision_quantization_config_path() == str(path)
    p = create_paddle_predictor(config)
    p.save_optimized_pb_model(str(tmp_path / "pb"))
    assert os.path.isfile(tmp_path / "pb" / "__model__")
    assert os.path.isfile(tmp_path / "pb" / "__params__")


def test_uint8_data_round_trips(shufflenet):
    t = shufflenet.get_input(0)
    t.resize([2, 3])
    t.set_uint8_data([0, 1, 2, 200, 254, 255])
    assert t.uint8_data() == [0, 1, 2, 200, 254, 255]
    assert t.precision() == PrecisionType.UINT8


def test_opt_names(shufflenet_dir, tmp_path, capsys):
    opt = Opt()
    assert opt.version() == lite.version_info()["library"]
    opt.set_model_dir(shufflenet_dir)
    opt.set_valid_places("x86")
    opt.set_optimize_out(str(tmp_path / "m"))
    opt.record_model_info(True)
    opt.set_sparse_model(True)
    opt.set_sparse_threshold(0.5)
    with pytest.warns(UserWarning, match="set_passes_internal: has no effect here"):
        opt.set_passes_internal(["lite_conv_bn_fuse_pass"])
    opt.run()
    out = capsys.readouterr().out
    assert "--sparse_model: does not apply on this build" in out
    assert os.path.isfile(tmp_path / "m.nb")
    assert "conv2d" in (tmp_path / ".tailored_ops_list").read_text().split()
    assert opt.check_if_model_supported(False)
    opt.visualize_optimized_nb_model(str(tmp_path / "m.nb"), str(tmp_path / "viz"))
    assert os.path.isfile(tmp_path / "viz" / "m.dot")
    opt.print_all_ops_in_md_dormat()
    assert "| op type |" in capsys.readouterr().out
    opt.display_kernels_info()
    assert "conv2d" in capsys.readouterr().out
    opt.executablebin_help()
    fp16 = Opt()
    fp16.set_model_dir(shufflenet_dir)
    fp16.set_optimize_out(str(tmp_path / "fp16"))
    fp16.enable_fp16()
    with pytest.raises(Error, match="--enable_fp16"):
        fp16.run()
    models = tmp_path / "set"
    models.mkdir()
    os.symlink(shufflenet_dir, models / "shufflenet")
    batch = Opt()
    batch.set_modelset_dir(str(models))
    batch.set_valid_places("x86")
    batch.set_optimize_out(str(tmp_path / "out"))
    batch.run()
    assert os.path.isfile(tmp_path / "out" / "shufflenet.nb")
