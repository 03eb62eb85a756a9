"""The ``grundy`` command line (a thin layer over the library)."""
