"""Settings package: base (shared, from the environment), dev, test, production."""
