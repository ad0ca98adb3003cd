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


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path_factory, monkeypatch):
    """Practice sessions the tests end are kept in a folder of the test run's own, never in
    the user's history (a test that wants another folder sets its own)."""
    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path_factory.getbasetemp() / "data"))
