"""mstracker: the tableside companion for micro-scale Lego space wargames."""

__version__ = "0.1.0"
