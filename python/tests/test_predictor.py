"""CxxPredictor / LightPredictor on real models, against the references."""
import os

import numpy as np
import pytest
from paddlelite.lite import (CxxConfig, Error, LightPredictor, CxxPredictor, MobileConfig, Place,
                             PrecisionType, TargetType, create_paddle_predictor)


def run(predictor, x):
    predictor.get_input(0).from_numpy(x)
    predictor.run()
    return predictor.get_output(0).numpy()


def test_shufflenet_matches_reference(shufflenet, cat_input, cat_expected):
    assert isinstance(shufflenet, CxxPredictor)
    assert shufflenet.get_input_names() == ["image"]
    assert shufflenet.get_output_names() == ["save_infer_model/scale_0"]
    y = run(shufflenet, cat_input)
    assert y.dtype == np.float32 and y.shape == (1, 1000)
    np.testing.assert_allclose(y, cat_expected, atol=1e-4)
    assert int(y.argmax()) == 285


def test_tensor_shape_name_and_precision(shufflenet, cat_input):
    t = shufflenet.get_input_by_name("image")
    t.from_numpy(cat_input)
    assert t.shape() == [1, 3, 224, 224] and t.name() == "image"
    assert t.precision() == PrecisionType.FP32 and t.target() == TargetType.Host
    shufflenet.run()
    out = shufflenet.get_output_by_name("save_infer_model/scale_0")
    assert out.shape() == [1, 1000]


def test_non_contiguous_input_gives_the_same_result(shufflenet, cat_input, cat_expected):
    nhwc = np.ascontiguousarray(cat_input.transpose(0, 2, 3, 1))
    view = nhwc.transpose(0, 3, 1, 2)  # NCHW view, not C-contiguous
    assert not view.flags.c_contiguous
    np.testing.assert_allclose(run(shufflenet, view), cat_expected, atol=1e-4)


def test_numpy_view_is_zero_copy_and_read_only(shufflenet, cat_input):
    run(shufflenet, cat_input)
    out = shufflenet.get_output(0)
    a, b = out.numpy(copy=False), out.numpy(copy=False)
    assert np.shares_memory(a, b) and not a.flags.writeable
    copy = out.numpy()
    assert not np.shares_memory(a, copy) and copy.flags.writeable
    np.testing.assert_array_equal(a, copy)
    with pytest.raises(ValueError):
        a[0, 0] = 1


def test_get_tensor_of_an_unknown_name_is_an_error_naming_it(shufflenet, cat_input):
    # Found by the Python API fuzzer: the handle of an unknown name held a null
    # tensor and its first use (repr) crashed.
    with pytest.raises(Error, match=r"get_tensor: 'no_such_var' is not a variable of the model"):
        shufflenet.get_tensor("no_such_var")
    run(shufflenet, cat_input)
    assert shufflenet.get_tensor("save_infer_model/scale_0").shape() == [1, 1000]


def test_error_quoting_bytes_that_are_not_utf8_keeps_its_message(shufflenet):
    # Found by the Python API fuzzer: such a message reached Python empty.
    with pytest.raises(Error, match=r"get_output_by_name: 'a\\xffb' is not an output of the model"):
        shufflenet.get_output_by_name(b"a\xffb")


def test_wrong_dtype_is_a_type_error_naming_the_tensor(shufflenet, cat_input):
    with pytest.raises(TypeError, match=r"tensor 'image' cannot hold numpy dtype float16"):
        shufflenet.get_input(0).from_numpy(cat_input.astype(np.float16))


def test_wrong_shape_is_an_error_with_the_library_message(shufflenet):
    shufflenet.get_input(0).from_numpy(np.zeros((1, 3, 5), np.float32))
    with pytest.raises(Error, match=r"op 'conv2d': input 'Input' must be 4-D NCHW, got \[1, 3, 5\]"):
        shufflenet.run()


def test_run_without_input_names_it(shufflenet):
    with pytest.raises(Error, match=r"input 'image' has no data"):
        shufflenet.run()


def test_outputs_are_read_only_and_indices_checked(shufflenet, cat_input):
    run(shufflenet, cat_input)
    with pytest.raises(ValueError, match="is an output"):
        shufflenet.get_output(0).from_numpy(cat_input)
    with pytest.raises(Error, match=r"GetInput\(3\): the model has 1 inputs"):
        shufflenet.get_input(3)
    with pytest.raises(Error, match="'nope' is not an input"):
        shufflenet.get_input_by_name("nope")
    with pytest.raises(Error, match="'nope' is not an output"):
        shufflenet.get_output_by_name("nope")


def test_missing_model_names_the_path(tmp_path):
    config = CxxConfig()
    config.set_model_dir(str(tmp_path / "absent"))
    with pytest.raises(Error, match="absent"):
        create_paddle_predictor(config)


def test_clone_shares_weights_and_runs_independently(shufflenet, cat_input, cat_expected):
    clone = shufflenet.clone()
    assert isinstance(clone, CxxPredictor)
    np.testing.assert_allclose(run(clone, cat_input), cat_expected, atol=1e-4)
    zeros = run(shufflenet, np.zeros_like(cat_input))
    assert int(zeros.argmax()) != 285 or abs(zeros[0, 285] - cat_expected[0, 285]) > 1e-3
    np.testing.assert_allclose(clone.get_output(0).numpy(), cat_expected, atol=1e-4)
    del shufflenet  # the clone outlives the original
    np.testing.assert_allclose(run(clone, cat_input), cat_expected, atol=1e-4)


def test_list_accessors_and_lod(shufflenet, cat_input):
    t = shufflenet.get_input(0)
    t.resize([1, 3, 224, 224])
    t.set_float_data(cat_input.ravel().tolist())
    np.testing.assert_array_equal(np.array(t.float_data(), np.float32), cat_input.ravel())
    with pytest.raises(ValueError, match="has 150528 elements for its shape but 3 values"):
        t.set_float_data([1.0, 2.0, 3.0])
    t.set_lod([[0, 1]])
    assert t.lod() == [[0, 1]]


def test_save_optimized_model_runs_on_the_light_predictor(shufflenet, tmp_path, cat_input,
                                                         cat_expected):
    out = str(tmp_path / "shufflenet")
    shufflenet.save_optimized_model(out)
    config = MobileConfig()
    config.set_model_from_file(out + ".nb")
    light = create_paddle_predictor(config)
    assert isinstance(light, LightPredictor)
    np.testing.assert_allclose(run(light, cat_input), cat_expected, atol=1e-4)
    assert isinstance(light.clone(), LightPredictor)
    with pytest.raises(Error, match="cannot save"):
        light.save_optimized_model(str(tmp_path / "again"))
    buffered = MobileConfig()
    with open(out + ".nb", "rb") as f:
        buffered.set_model_from_buffer(f.read())
    assert buffered.model_from_memory()
    np.testing.assert_allclose(run(create_paddle_predictor(buffered), cat_input), cat_expected,
                               atol=1e-4)


def test_model_from_buffers(samples_dir):
    det = os.path.join(samples_dir, "ppocrv3_det")
    with open(os.path.join(det, "inference.pdmodel"), "rb") as m, \
            open(os.path.join(det, "inference.pdiparams"), "rb") as p:
        config = CxxConfig()
        config.set_model_buffer(m.read(), p.read())
    config.set_valid_places([Place(TargetType.X86, PrecisionType.FP32)])
    predictor = create_paddle_predictor(config)
    y = run(predictor, np.zeros((1, 3, 64, 96), np.float32))
    assert y.shape == (1, 1, 64, 96) and np.all((y >= 0) & (y <= 1))


def test_nnadapter_builtin_device_matches_the_cpu(shufflenet_dir, cat_input, cat_expected):
    config = CxxConfig()
    assert config.check_nnadapter_device_name("builtin_device")
    assert not config.check_nnadapter_device_name("no_such_device")
    config.set_model_dir(shufflenet_dir)
    config.set_nnadapter_device_names(["builtin_device"])
    config.set_nnadapter_context_properties("")
    assert config.nnadapter_device_names() == ["builtin_device"]
    np.testing.assert_allclose(run(create_paddle_predictor(config), cat_input), cat_expected,
                               atol=1e-4)


def test_unknown_nnadapter_device_is_an_error(shufflenet_dir):
    config = CxxConfig()
    config.set_model_dir(shufflenet_dir)
    config.set_nnadapter_device_names(["no_such_device"])
    with pytest.raises(Error, match="no_such_device"):
        create_paddle_predictor(config)
