"""Paddle Lite inference for Python (paddle-lite-nna): ``from paddlelite.lite import *``."""
from paddlelite._lite import __version__  # noqa: F401
