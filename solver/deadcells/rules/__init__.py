"""The combat engine: pure functions over :class:`~solver.deadcells.model.state.Combat`, each step citing the
rulebook (``model.rulebook``) and naming the ruling it follows. The public face is ``rules.engine``."""
