import hashlib
import json
import lzma
from pathlib import Path

import pytest

from solvelab.cube.pruning import NEAR_H, SPECS
from solvelab.tables import MANIFEST, TableError, TableSource, default_directory, directory_source

ROOT = Path(__file__).resolve().parent.parent
COMMITTED = json.loads((ROOT / "tables" / MANIFEST).read_text())


def test_manifest_describes_every_table():
    entries = {entry["name"]: entry for entry in COMMITTED["tables"]}
    assert set(entries) == {spec.name for spec in (*SPECS, NEAR_H)}
    for spec in (*SPECS, NEAR_H):
        entry = entries[spec.name]
        assert entry["shape"] == list(spec.shape)
        assert entry["dtype"] == "uint8"


def test_download_stays_under_two_megabytes():
    assert sum(entry["bytes"] for entry in COMMITTED["tables"]) <= 2_000_000


def test_built_tables_match_the_manifest():
    source = directory_source(default_directory())
    for spec in SPECS:
        table = source.load(spec.name)
        assert len(table) == spec.shape[0] * spec.shape[1]
        assert table[0] == 0  # the solved state
    near = source.load(NEAR_H.name)
    assert len(near) == NEAR_H.shape[0]
    assert near[0] & 1  # the solved state, number 0, is in H


def test_a_fresh_build_gives_the_same_bytes(tmp_path):
    pytest.importorskip("numpy", reason="building tables needs numpy (the build extra)")
    from solvelab.build.tables import build

    rebuilt = build(tmp_path, verbose=False)
    assert rebuilt == COMMITTED
    for entry in rebuilt["tables"]:
        data = (tmp_path / entry["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]


def test_states_near_h_are_counted_as_published():
    # Kociemba's phase-1 distance table: 1, 4, 50, 592, 7156 and 87236 states
    # at 0 to 5 moves from H.
    pytest.importorskip("numpy", reason="building tables needs numpy (the build extra)")
    from solvelab.build.tables import within

    assert len(within(5)) == 1 + 4 + 50 + 592 + 7156 + 87236


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
