"""The combat's position forms: ``lueur-dc-combat/1`` as JSON and as TOML (the same fields), read with every
problem located by its field path, and written back."""
