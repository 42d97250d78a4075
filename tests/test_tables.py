import gzip
import hashlib
import json
import os
from pathlib import Path

import pytest

from solvelab.cube.pruning import NEAR_H, SPECS
from solvelab.tables import (
    FORMAT,
    MANIFEST,
    TableCache,
    TableError,
    TableSource,
    decode,
    default_directory,
    directory_source,
    user_cache,
)

ROOT = Path(__file__).resolve().parent.parent
COMMITTED = json.loads((ROOT / "tables" / MANIFEST).read_text())


def test_manifest_describes_every_pruning_table():
    entries = {entry["name"]: entry for entry in COMMITTED["tables"]}
    assert COMMITTED["format"] == FORMAT
    for spec in (*SPECS, NEAR_H):
        entry = entries[spec.name]
        assert entry["shape"] == list(spec.shape)
        assert entry["dtype"] == "uint8"
    for entry in entries.values():
        assert entry["file"] == entry["name"] + ".table"  # gzip inside


def test_download_stays_under_two_and_a_half_megabytes():
    assert sum(entry["bytes"] for entry in COMMITTED["tables"]) <= 2_500_000


def test_built_tables_match_the_manifest(tmp_path):
    source = directory_source(default_directory(), cache=False)
    for spec in SPECS:
        table = source.load(spec.name)
        assert len(table) == spec.shape[0] * spec.shape[1]
        assert table[0] == 0  # the solved state
    near = source.load(NEAR_H.name)
    assert len(near) == NEAR_H.shape[0]
    assert near[0] & 1  # the solved state, number 0, is in H


def test_tables_built_twice_are_byte_identical(tmp_path):
    # tables/ was built by `make tables`; a second build gives the same bytes.
    pytest.importorskip("numpy", reason="building tables needs numpy (the build extra)")
    from solvelab.build.tables import build

    rebuilt = build(tmp_path, verbose=False)
    assert rebuilt == COMMITTED
    assert (tmp_path / MANIFEST).read_bytes() == (default_directory() / MANIFEST).read_bytes()
    for entry in rebuilt["tables"]:
        data = (tmp_path / entry["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
        assert data == (default_directory() / entry["file"]).read_bytes()


def test_stored_tables_are_what_the_cube_model_gives():
    # Move and symmetry tables are stored so that no program works them out at
    # load time; they must be what the pure-Python cube model computes.
    from array import array

    from solvelab.cube import coords
    from solvelab.cube.symmetry import UD_FB_SYMMETRIES, conjugations, twist_classes

    source = directory_source(default_directory(), cache=False)
    assert source.array("moves-corners").tolist() == coords.corners_moves()
    assert source.array("moves-twist").tolist() == coords.twist_moves()
    assert source.array("moves-slice-sorted").tolist() == coords.slice_sorted_moves()
    assert source.array("coords-comb-of-perm8").tolist() == coords.comb_of_perm8()
    classes = source.array("sym-twist-classes")
    assert list(zip(classes[::2], classes[1::2], strict=True)) == list(twist_classes()[1])
    flips: array = source.array("sym-flip-conjugations")
    kept = len(UD_FB_SYMMETRIES)
    assert [flips[k::kept].tolist() for k in range(kept)] == list(conjugations("flip"))


def test_states_near_h_are_counted_as_published():
    # Kociemba's phase-1 distance table: 1, 4, 50, 592, 7156 and 87236 states
    # at 0 to 5 moves from H.
    pytest.importorskip("numpy", reason="building tables needs numpy (the build extra)")
    from solvelab.build.tables import within

    assert len(within(5)) == 1 + 4 + 50 + 592 + 7156 + 87236


def _entry(name, table: bytes, data: bytes, shape, dtype="uint8", **encoding) -> dict:
    return {
        "name": name,
        "file": f"{name}.gz",
        "shape": list(shape),
        "dtype": dtype,
        "bytes": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
        "encoding": "plain",
        **encoding,
        "table": {"bytes": len(table), "sha256": hashlib.sha256(table).hexdigest()},
    }


def source_with(table: bytes = bytes(range(6)), shape=(2, 3), cache=None) -> TableSource:
    data = gzip.compress(table, mtime=0)
    manifest = {"format": FORMAT, "tables": [_entry("t", table, data, shape)]}
    return TableSource(manifest, lambda file: data, cache)


def test_loader_reads_a_good_table():
    assert source_with().load("t") == bytes(range(6))


def test_loader_rejects_a_truncated_table():
    source = source_with()
    data = source.get_bytes("t.gz")
    source.get_bytes = lambda file: data[:-5]
    with pytest.raises(TableError, match="cut short"):
        source.load("t")


def test_loader_rejects_a_corrupt_table():
    source = source_with()
    damaged = bytearray(source.get_bytes("t.gz"))
    damaged[len(damaged) // 2] ^= 0xFF
    source.get_bytes = lambda file: bytes(damaged)
    with pytest.raises(TableError, match="damaged"):
        source.load("t")


def test_loader_rejects_a_table_of_the_wrong_shape():
    table = bytes(5)
    data = gzip.compress(table, mtime=0)
    entry = _entry("t", table, data, (2, 3))
    entry["table"]["bytes"] = 6
    source = TableSource({"format": FORMAT, "tables": [entry]}, lambda file: data)
    with pytest.raises(TableError, match="not its shape"):
        source.load("t")


def test_loader_rejects_a_manifest_of_another_format():
    with pytest.raises(TableError, match="solvelab tables build"):
        TableSource({"format": 1, "tables": []}, lambda file: b"")


def test_missing_table_file_says_how_to_build_it(tmp_path):
    (tmp_path / MANIFEST).write_text(json.dumps(COMMITTED))
    with pytest.raises(TableError, match="solvelab tables build"):
        directory_source(tmp_path, cache=False).load(SPECS[0].name)
    with pytest.raises(TableError, match="solvelab tables build"):
        directory_source(tmp_path / "nowhere")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "is not JSON"),
        ("[]", "format None"),
        ('{"format": 2}', "does not list its tables"),
        ('{"format": 2, "tables": [{"name": "x"}]}', "does not list its tables"),
    ],
)
def test_a_damaged_manifest_says_so_in_one_line(tmp_path, text, message):
    (tmp_path / MANIFEST).write_text(text)
    with pytest.raises(TableError, match=message):
        directory_source(tmp_path, cache=False)


def test_a_manifest_that_cannot_be_read_says_why(tmp_path):
    (tmp_path / MANIFEST).mkdir()
    with pytest.raises(TableError, match="cannot read"):
        directory_source(tmp_path, cache=False)


def test_encodings_decode_to_the_table():
    # delta: column by column, differences modulo 2**16.
    entry = {"name": "d", "shape": [3, 2], "dtype": "uint16", "encoding": "delta"}
    payload = b"".join(v.to_bytes(2, "little") for v in (5, 1, 65535, 7, 0, 65535))
    table = b"".join(v.to_bytes(2, "little") for v in (5, 7, 6, 7, 5, 6))
    assert decode(entry, payload) == table
    # rows: two stored rows, four table rows, then permutations (as differences).
    entry = {"name": "r", "shape": [3, 3], "dtype": "uint8", "encoding": "rows", "rows": 2}
    assert decode(entry, b"abcxyz" + bytes([1, 0, 0, 0, 1, 0])) == b"xyzabcxyz"
    entry["permutations"] = 2
    orders = [0, 1, 1, 2, 65535, 65535]  # (0, 1, 2) and (2, 1, 0)
    payload = b"abcxyz" + bytes([1, 0, 0, 0, 1, 0]) + bytes([1, 0, 0, 0, 0, 0])
    payload += b"".join(v.to_bytes(2, "little") for v in orders)
    assert decode(entry, payload) == b"zyxabcxyz"
    with pytest.raises(TableError, match="bytes of rows"):
        decode(entry, payload[:-1])


def test_cache_keeps_decoded_tables_and_checks_them(tmp_path):
    cache = TableCache(tmp_path)
    source = source_with(cache=cache)
    assert source.load("t") == bytes(range(6))
    kept = tmp_path / "t.bin"
    assert kept.read_bytes() == bytes(range(6))
    # Read from the cache now: the file is not needed.
    source.get_bytes = lambda file: (_ for _ in ()).throw(OSError("gone"))
    assert source.load("t") == bytes(range(6))
    # A damaged copy in the cache is not used: decoded again, and rewritten.
    kept.write_bytes(b"\0" * 6)
    source = source_with(cache=cache)
    assert source.load("t") == bytes(range(6))
    assert kept.read_bytes() == bytes(range(6))
    # A short one too.
    kept.write_bytes(b"\0")
    assert source_with(cache=cache).load("t") == bytes(range(6))
    assert kept.read_bytes() == bytes(range(6))


def test_cache_of_another_manifest_is_another_folder(tmp_path):
    first = user_cache(b'{"format": 2, "tables": []}', tmp_path)
    second = user_cache(b'{"format": 2, "tables": [], "other": 1}', tmp_path)
    assert first.folder != second.folder
    assert first.folder.parent == second.folder.parent == tmp_path
    for n in range(4):  # old versions are cleared away, the newest few kept
        folder = user_cache(f'{{"n": {n}}}'.encode(), tmp_path).folder
        (folder / "x.bin").write_bytes(b"x")
        os.utime(folder, (n, n))  # in the order they were made, whatever the clock
    assert len(list(tmp_path.glob("tables-*"))) <= 3


def test_directory_source_caches_and_rebuilds_after_damage(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLVELAB_CACHE", str(tmp_path / "cache"))
    name = "phase2-corners-sliceperm"
    source = directory_source(default_directory())
    table = source.load(name)
    [folder] = (tmp_path / "cache").glob("tables-*")
    kept = folder / f"{name}.bin"
    assert kept.read_bytes() == table
    damaged = bytearray(table)
    damaged[1000] ^= 1
    kept.write_bytes(bytes(damaged))
    assert directory_source(default_directory()).load(name) == table  # decoded again
    assert kept.read_bytes() == table


def test_a_new_manifest_gets_a_new_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLVELAB_CACHE", str(tmp_path / "cache"))
    tables = tmp_path / "tables"
    tables.mkdir()
    name = "coords-comb-of-perm8"
    entry = next(entry for entry in COMMITTED["tables"] if entry["name"] == name)
    (tables / entry["file"]).write_bytes((default_directory() / entry["file"]).read_bytes())
    (tables / MANIFEST).write_text(json.dumps({"format": FORMAT, "tables": [entry]}))
    directory_source(tables).load(name)
    (tables / MANIFEST).write_text(json.dumps({"format": FORMAT, "tables": [entry], "n": 2}))
    directory_source(tables).load(name)
    assert len(list((tmp_path / "cache").glob(f"tables-*/{name}.bin"))) == 2


def test_tables_the_worker_decoded_are_read_as_they_are(tmp_path):
    # The browser's worker writes decoded tables beside its copy of the manifest.
    table = bytes(range(6))
    entry = _entry("t", table, gzip.compress(table, mtime=0), (2, 3))
    (tmp_path / MANIFEST).write_text(
        json.dumps({"format": FORMAT, "tables": [entry], "verified_by": "worker"})
    )
    (tmp_path / "t.bin").write_bytes(table)
    assert directory_source(tmp_path).load("t") == table
    (tmp_path / "t.bin").write_bytes(table[:-1])
    with pytest.raises(TableError, match="5 bytes, not 6"):
        directory_source(tmp_path).load("t")
    (tmp_path / "t.bin").write_bytes(bytes(6))  # outside Pyodide, checked all the same
    with pytest.raises(TableError, match="SHA-256"):
        directory_source(tmp_path).load("t")


def test_a_table_is_read_in_rows_one_by_one_where_only_sizes_are_checked(tmp_path):
    # The browser's way (sizes only): the rows read from the file one by one,
    # never the whole table; checked by SHA-256: read whole, then cut.
    table = bytes(range(6))
    entry = _entry("t", table, gzip.compress(table, mtime=0), (2, 3))
    manifest = {"format": FORMAT, "tables": [entry]}
    (tmp_path / "t.bin").write_bytes(table)
    for check_sha256 in (False, True):
        cache = TableCache(tmp_path, check_sha256=check_sha256, writable=False)
        assert TableSource(manifest, None, cache).rows("t", 3) == [
            bytes([0, 1, 2]),
            bytes([3, 4, 5]),
        ]
    (tmp_path / "t.bin").write_bytes(table[:-1])
    cache = TableCache(tmp_path, check_sha256=False, writable=False)
    with pytest.raises(TableError, match="5 bytes, not 6"):
        TableSource(manifest, None, cache).rows("t", 3)


def test_the_build_reproduces_the_committed_manifest():
    # CI builds the tables on a fresh clone: the checksums must be the ones committed.
    import subprocess

    done = subprocess.run(
        ["git", "show", f"HEAD:tables/{MANIFEST}"], cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode != 0:
        pytest.skip("not a git checkout with a committed manifest")
    assert json.loads(done.stdout) == COMMITTED
