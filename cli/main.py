"""Placeholder entry point (the commands are being written)."""

import click


@click.group()
def cli() -> None:
    """Lueur: rules engine and solver for The Night Cage."""


def main() -> None:
    cli()
