"""Build the one compiled extension, ``grundy.rules._sum`` (the C storage of
``grundy.Sum``); everything else is declared in pyproject.toml."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("grundy.rules._sum", ["src/grundy/rules/_sum.c", "src/grundy/rules/_lazy.c"])])
