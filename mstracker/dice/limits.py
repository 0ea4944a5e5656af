"""Limits that keep any input from hanging the app or exhausting memory."""

from __future__ import annotations

MAX_TEXT_LENGTH = 200
"""Characters in one expression."""
MAX_DEPTH = 20
"""Nesting of brackets and min()/max() calls."""
MAX_DICE_PER_TERM = 100
"""N in one NdX term."""
MAX_DICE_TOTAL = 1000
"""Dice rolled by the whole expression."""
MAX_SIDES = 1000
"""Sides of one die (the smallest is 1)."""
MAX_SUPPORT = 100_000
"""Distinct results any part of the expression may have."""
MAX_WORK = 2_000_000
"""Estimated elementary steps to work out the exact distribution."""
