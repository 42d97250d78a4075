import hashlib
import json
import lzma
from pathlib import Path

import pytest

from solvelab.cube.pruning import SPECS
from solvelab.tables import MANIFEST, TableError, TableSource, default_directory, directory_source

ROOT = Path(__file__).resolve().parent.parent
COMMITTED = json.loads((ROOT / "tables" / MANIFEST).read_text())


def test_manifest_describes_every_table():
    entries = {entry["name"]: entry for entry in COMMITTED["tables"]}
    assert set(entries) == {spec.name for spec in SPECS}
    for spec in SPECS:
        entry = entries[spec.name]
        assert entry["shape"] == list(spec.shape)
        assert entry["dtype"] == "uint8"


def test_download_stays_under_two_megabytes():
    assert sum(entry["bytes"] for entry in COMMITTED["tables"]) <= 2_000_000


def test_built_tables_match_the_manifest():
    source = directory_source(default_directory())
    for entry in COMMITTED["tables"]:
        table = source.load(entry["name"])
        assert len(table) == entry["shape"][0] * entry["shape"][1]
        assert table[0] == 0  # the solved state


def test_a_fresh_build_gives_the_same_bytes(tmp_path):
    pytest.importorskip("numpy", reason="building tables needs numpy (the build extra)")
    from solvelab.build.tables import build

    rebuilt = build(tmp_path, verbose=False)
    assert rebuilt == COMMITTED
    for entry in rebuilt["tables"]:
        data = (tmp_path / entry["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]


def source_with(data: bytes, name: str = "t", shape=(2, 3)) -> TableSource:
    manifest = {
        "tables": [
            {
                "name": name,
                "file": "t.xz",
                "shape": list(shape),
                "dtype": "uint8",
                "bytes": len(data),
                "sha256": hashlib.sha256(data).hexdigest(),
            }
        ]
    }
    return TableSource(manifest, lambda file: data)


def test_loader_reads_a_good_table():
    data = lzma.compress(bytes(range(6)))
    assert source_with(data).load("t") == bytes(range(6))


def test_loader_rejects_a_truncated_table():
    data = lzma.compress(bytes(range(6)))
    source = source_with(data)
    source.get_bytes = lambda file: data[:-5]
    with pytest.raises(TableError, match="cut short"):
        source.load("t")


def test_loader_rejects_a_corrupt_table():
    data = lzma.compress(bytes(range(6)))
    source = source_with(data)
    damaged = bytearray(data)
    damaged[len(damaged) // 2] ^= 0xFF
    source.get_bytes = lambda file: bytes(damaged)
    with pytest.raises(TableError, match="damaged"):
        source.load("t")


def test_loader_rejects_a_table_of_the_wrong_shape():
    with pytest.raises(TableError, match="elements"):
        source_with(lzma.compress(bytes(5))).load("t")


def test_missing_table_file_says_how_to_build_it(tmp_path):
    (tmp_path / MANIFEST).write_text(json.dumps(COMMITTED))
    with pytest.raises(TableError, match="solvelab tables build"):
        directory_source(tmp_path).load(SPECS[0].name)
    with pytest.raises(TableError, match="solvelab tables build"):
        directory_source(tmp_path / "nowhere")


def test_the_build_reproduces_the_committed_manifest():
    # CI builds the tables on a fresh clone: the checksums must be the ones committed.
    import subprocess

    done = subprocess.run(
        ["git", "show", f"HEAD:tables/{MANIFEST}"], cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode != 0:
        pytest.skip("not a git checkout with a committed manifest")
    assert json.loads(done.stdout) == COMMITTED
