"""The ``lueur`` command line: a thin click layer over the :mod:`solver` library."""
