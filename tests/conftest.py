import json
from pathlib import Path

import pytest

from ktane_congkak.core.rules import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT.parent / "shared" / "spec" / "vectors.jsonl"
# A copy travels with the project, so the tests also run where ../shared is absent.
LOCAL_VECTORS = ROOT / "tests" / "data" / "vectors.jsonl"


def load_vectors():
    path = VECTORS if VECTORS.is_file() else LOCAL_VECTORS
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="session")
def rules():
    return load_ruleset("module")
