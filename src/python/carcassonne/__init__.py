"""Carcassonne, the Big Box rules, for AI research (docs/PYTHON.md).

A thin projection of the C++ engine: ``Game`` fixes the rules, ``State`` is one game stepped by
integer action ids or their notation, ``Batch`` steps many games together with the GIL released,
and ``CarcassonneEnv`` is an AEC-style multi-agent environment. No rule lives in Python.
"""
from ._carcassonne import (BOTS, DEFAULT_WINDOW, EXPANSIONS, INFO_FIELDS, PHASES,
                           SUPPLY_COLUMNS, TERMINAL_PLAYER, TILE_NAMES, Batch, CarcassonneError, Game, State,
                           board_plane_names)
from .env import CarcassonneEnv

__all__ = ["BOTS", "DEFAULT_WINDOW", "EXPANSIONS", "INFO_FIELDS", "PHASES", "SUPPLY_COLUMNS",
           "TERMINAL_PLAYER", "TILE_NAMES", "Batch", "CarcassonneError", "CarcassonneEnv", "Game", "State",
           "board_plane_names"]
