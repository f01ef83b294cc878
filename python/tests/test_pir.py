"""Paddle 3 PIR exports (inference.json) from Python: the text-line
orientation classifier against its numpy reference, and the tiny if/else
program, as in tests/models/pir_models_test.cc."""
import os

import numpy as np
import pytest

from paddlelite.lite import CxxConfig, create_paddle_predictor


def _folder(models_dir, name):
    folder = os.path.join(models_dir, name)
    if not os.path.isdir(folder):
        pytest.fail(f"'{name}' not found at '{folder}'", pytrace=False)
    return folder


def test_pir_textline_classifier_matches_the_reference(models_dir):
    folder = _folder(models_dir, "pir_lcnet_textline_ori")
    config = CxxConfig()
    config.set_model_dir(folder)
    predictor = create_paddle_predictor(config)
    x = np.fromfile(os.path.join(folder, "reference", "input_lines8_80x160.bin"), np.float32)
    ref = np.fromfile(os.path.join(folder, "reference", "numpy_output_lines8.bin"), np.float32)
    predictor.get_input(0).from_numpy(x.reshape(8, 3, 80, 160))
    predictor.run()
    out = predictor.get_output(0).numpy()
    assert out.shape == (8, 2)
    assert np.abs(out.reshape(-1) - ref).max() < 1e-5
    assert list(out.argmax(axis=1)) == [0, 1, 0, 1, 0, 1, 0, 1]


@pytest.mark.parametrize("x,factors", [(1, (1, 2)), (0, (3, 4))])
def test_pir_ifelse(models_dir, x, factors):
    config = CxxConfig()
    config.set_model_file(os.path.join(_folder(models_dir, "pir_tiny"), "ifelse", "model.json"))
    predictor = create_paddle_predictor(config)
    predictor.get_input(0).from_numpy(np.array(x, np.int64))
    predictor.get_input(1).from_numpy(np.array(5, np.int64))
    predictor.run()
    assert predictor.get_output(0).numpy() == 5 * factors[0]
    assert predictor.get_output(1).numpy() == 5 * factors[1]
