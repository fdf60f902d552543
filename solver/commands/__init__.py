"""What each command computes, once for every front end (the command line and the engine protocol).

A command takes a position and its options and returns an
:class:`~solver.base.answers.Answer`: the exit code and the JSON document
(``lueur <command> --json`` prints it; the protocol sends it as ``result``),
with the value behind it for the command line's text form. The front ends
only read their input, choose their defaults and print.
"""
