"""dev.py's set-up of Pyodide (the offline referee's runtime): downloaded once, checked against the pinned
integrity, only the named files unpacked; a failed download says so and the set-up goes on, unless
TK_REQUIRE_PYODIDE=1 (CI). A fake tarball on a file:// URL: no network."""

import gzip
import importlib.util
import io
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("tk_dev", ROOT / "dev.py")
dev = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(dev)

FILES = ("pyodide.js", "pyodide.asm.wasm")


@pytest.fixture
def tarball(tmp_path):
    path = tmp_path / "pyodide-9.9.9.tgz"
    with tarfile.open(path, "w:gz") as tar:
        for name, data in (
            ("package/pyodide.js", b"// the loader"),
            ("package/pyodide.asm.wasm", b"\0asm-fake"),
            ("package/console.html", b"<p>not wanted</p>"),
        ):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


def fetch(tarball, into, integrity=None, url=None):
    return dev.vendor_pyodide(
        url=url or tarball.as_uri(),
        integrity=integrity or dev.integrity_of(tarball),
        version="9.9.9",
        into=into,
        files=FILES,
    )


def test_the_pinned_tarball_is_unpacked_with_only_the_files_the_browser_loads(tarball, tmp_path, monkeypatch):
    monkeypatch.delenv("TK_REQUIRE_PYODIDE", raising=False)
    into = tmp_path / "vendor"
    assert fetch(tarball, into) is True
    dest = into / "9.9.9"
    assert sorted(p.name for p in dest.iterdir() if not p.name.startswith(".")) == sorted(
        [*FILES, "pyodide.asm.wasm.gz"]
    )
    assert (dest / "pyodide.js").read_bytes() == b"// the loader"
    # the WebAssembly gzipped here, for whitenoise to serve (collectstatic skips compressing it)
    assert gzip.decompress((dest / "pyodide.asm.wasm.gz").read_bytes()) == b"\0asm-fake"
    assert sorted(p.name for p in into.iterdir()) == ["9.9.9"]  # no download left behind
    # a second set-up downloads nothing: the stamp says these files are the pinned ones
    assert fetch(tarball, into, url=(tmp_path / "gone.tgz").as_uri(), integrity=dev.integrity_of(tarball))


def test_a_tarball_that_is_not_the_pinned_one_is_refused_and_nothing_is_unpacked(
    tarball, tmp_path, capsys, monkeypatch
):
    monkeypatch.delenv("TK_REQUIRE_PYODIDE", raising=False)
    into = tmp_path / "vendor"
    assert fetch(tarball, into, integrity="sha512-" + "A" * 86 + "==") is False
    out = capsys.readouterr().out
    assert "is not the pinned Pyodide 9.9.9" in out and "falls back to paper mode" in out
    assert list(into.iterdir()) == []


def test_a_failed_download_says_what_the_site_does_without_it(tarball, tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("TK_REQUIRE_PYODIDE", raising=False)
    into = tmp_path / "vendor"
    assert fetch(tarball, into, url=(tmp_path / "missing.tgz").as_uri()) is False
    out = capsys.readouterr().out
    assert "the download of" in out and "The site works without it" in out and "dev.py setup" in out


def test_under_ci_a_failed_download_stops_the_set_up(tarball, tmp_path, monkeypatch):
    monkeypatch.setenv("TK_REQUIRE_PYODIDE", "1")
    with pytest.raises(SystemExit, match="TK_REQUIRE_PYODIDE=1"):
        fetch(tarball, tmp_path / "vendor", url=(tmp_path / "missing.tgz").as_uri())


def test_the_pinned_integrity_is_the_registrys_sha512():
    assert dev.PYODIDE_INTEGRITY.startswith("sha512-") and len(dev.PYODIDE_INTEGRITY) == 7 + 88
    assert dev.PYODIDE_URL.endswith(f"/pyodide-{dev.PYODIDE_VERSION}.tgz")
