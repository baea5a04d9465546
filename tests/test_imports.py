"""The import graph keeps the architecture (docs/architecture.md): the archive's parts import downward
only (shell, demo, history, stats, table, people, common) and the referee imports no Django and no
archive. The contracts are import-linter's, in pyproject.toml; .ci/run runs the same check."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_contracts_are_kept():
    lint = Path(sys.executable).parent / "lint-imports"
    if not lint.exists():
        found = shutil.which("lint-imports")
        if found is None:
            pytest.skip("import-linter is not installed (pip install -e .[dev])")
        lint = Path(found)
    result = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout
