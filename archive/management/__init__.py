"""The shell's manage.py commands: thin, each calls a part."""
