"""Build-time code (numpy). Nothing here is imported by the solvers at run time."""
