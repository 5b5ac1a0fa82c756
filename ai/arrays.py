"""The numpy arrays ai passes around, named by what each cell holds (issue 22).

numpy 2.0's stubs give ``np.ndarray`` no default type parameters, so a bare one fails strict mypy
(``disallow_any_generics``) on the lowest numpy pyproject.toml allows; and the dtype is what a
reader needs beside the shape a docstring gives. The integer arrays ai passes are int64: card masks
(bit ``c`` for card ``c``), cards, seats, points and strengths alike; values, chances, weights and
the mean of make flags are float64; a flag per world (made, decided, a bella left silent) is bool.
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
from numpy.typing import NDArray

IntArray: TypeAlias = NDArray[np.int64]
FloatArray: TypeAlias = NDArray[np.float64]
BoolArray: TypeAlias = NDArray[np.bool_]
