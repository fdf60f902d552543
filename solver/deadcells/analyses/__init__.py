"""The analyses over a combat: ``resolve`` (the whole trace), ``plan`` (the full-information optimum), ``odds``
(exact chances of checks, reveals and reshuffles)."""
