"""The front door of every command, for every front end (the command line and the engine protocol).

A command takes a position and its options and returns an
:class:`~solver.base.answers.Answer`: the exit code and the JSON document
(``lueur <command> --json`` prints it; the protocol sends it as ``result``),
with the value behind it for the command line's text form. The front ends
only read their input, choose their defaults and print.

Each game's commands are its own (``solver/<game>/commands``), reached through
the registry (:mod:`solver.games`); the commands that belong to no game live
here: :mod:`solver.commands.games`, the list of games.
"""
