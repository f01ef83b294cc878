"""Fixtures: the real models (PADDLE_LITE_MODELS_DIR, else ../shared/models
beside the checkout) and the bundled samples. Missing data fails loudly."""
import os

import numpy as np
import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _existing(path, what):
    if not os.path.isdir(path):
        pytest.fail(f"{what} not found at '{path}' (set PADDLE_LITE_MODELS_DIR)", pytrace=False)
    return path


@pytest.fixture(scope="session")
def models_dir():
    default = os.path.join(os.path.dirname(REPO), "shared", "models")
    return _existing(os.environ.get("PADDLE_LITE_MODELS_DIR") or default, "models folder")


@pytest.fixture(scope="session")
def samples_dir():
    return _existing(os.path.join(REPO, "samples"), "samples folder")


@pytest.fixture(scope="session")
def shufflenet_dir(models_dir):
    return _existing(os.path.join(models_dir, "shufflenet_v2_imagenet"), "ShuffleNetV2")


@pytest.fixture(scope="session")
def cat_input(shufflenet_dir):
    path = os.path.join(shufflenet_dir, "reference_input_egypt_cat_224.bin")
    return np.fromfile(path, np.float32).reshape(1, 3, 224, 224)


@pytest.fixture(scope="session")
def cat_expected(shufflenet_dir):
    path = os.path.join(shufflenet_dir,
                        "reference_numpy_output_egypt_cat.save_infer_model_scale_0.bin")
    return np.fromfile(path, np.float32).reshape(1, 1000)


@pytest.fixture()
def shufflenet(shufflenet_dir):
    from paddlelite.lite import CxxConfig, create_paddle_predictor
    config = CxxConfig()
    config.set_model_dir(shufflenet_dir)
    config.set_threads(1)
    return create_paddle_predictor(config)
