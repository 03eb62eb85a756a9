import click
@click.command()
def serve() -> None:
    """Serve."""
