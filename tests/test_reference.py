"""Facelet strings checked against RubikTwoPhase, Kociemba's own implementation.

RubikTwoPhase (GPL) is installed by the test extra only, as an independent
reference; solvelab never imports it.
"""

import random

import pytest

from solvelab.cube import Cube

reference = pytest.importorskip("twophase.cubie", reason="the test extra installs RubikTwoPhase")

FACES = "URFDLB"


def reference_facelets(moves: list[tuple[str, int]]) -> str:
    cube = reference.CubieCube()
    for face, turns in moves:
        for _ in range(turns):
            cube.multiply(reference.basicMoveCube[FACES.index(face)])
    return cube.to_facelet_cube().to_string()


def test_facelets_agree_with_kociemba_for_random_algorithms():
    rng = random.Random(2026)
    for _ in range(500):
        moves = [(rng.choice(FACES), rng.randint(1, 3)) for _ in range(rng.randint(0, 40))]
        alg = " ".join(face + {1: "", 2: "2", 3: "'"}[t] for face, t in moves)
        assert Cube().apply(alg).to_facelets() == reference_facelets(moves), alg


def test_cubies_agree_with_kociemba():
    rng = random.Random(7)
    for _ in range(100):
        moves = [(rng.choice(FACES), rng.randint(1, 3)) for _ in range(30)]
        alg = " ".join(face + {1: "", 2: "2", 3: "'"}[t] for face, t in moves)
        ours = Cube().apply(alg).cubies
        theirs = reference.CubieCube()
        for face, turns in moves:
            for _ in range(turns):
                theirs.multiply(reference.basicMoveCube[FACES.index(face)])
        assert list(ours.cp) == [int(c) for c in theirs.cp]
        assert list(ours.co) == theirs.co
        assert list(ours.ep) == [int(e) for e in theirs.ep]
        assert list(ours.eo) == theirs.eo
