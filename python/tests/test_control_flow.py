"""Multi-block programs from Python: EfficientGCN-B0 (11 `while` loops of 3
iterations each) and the loop limit, as in tests/models/effgcn_test.cc."""
import os

import numpy as np
import pytest

from paddlelite.lite import CxxConfig, Error, create_paddle_predictor


def _config(models_dir):
    folder = os.path.join(models_dir, "effgcn_b0_tipc")
    if not os.path.isdir(folder):
        pytest.fail(f"EfficientGCN not found at '{folder}'", pytrace=False)
    config = CxxConfig()
    config.set_model_file(os.path.join(folder, "model.pdmodel"))
    config.set_param_file(os.path.join(folder, "model.pdiparams"))
    return config


def test_loop_limit_stops_a_loop_and_names_it(models_dir):
    config = _config(models_dir)
    assert config.max_loop_iterations() == 0
    config.set_max_loop_iterations(2)
    assert config.max_loop_iterations() == 2
    predictor = create_paddle_predictor(config)
    x = predictor.get_input(0)
    x.from_numpy(np.zeros((16, 3, 6, 288, 25, 2), np.float32))
    with pytest.raises(Error, match=r"after 2 iterations"):
        predictor.run()


def test_negative_loop_limit_is_refused(models_dir):
    config = _config(models_dir)
    config.set_max_loop_iterations(-1)
    with pytest.raises(Error, match=r"set_max_loop_iterations\(-1\)"):
        create_paddle_predictor(config)
