import click
@click.command()
def plot() -> None:
    """Draw a game."""
