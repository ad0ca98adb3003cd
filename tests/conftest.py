import json
from pathlib import Path

import pytest

from ktane_congkak.core.rules import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
# The user's copy, beside the main checkout (../shared); absent in other checkouts.
VECTORS = ROOT.parent / "shared" / "spec" / "vectors.jsonl"
# The tests read this copy, which travels with the project; test_vectors.py checks it
# equals the user's wherever that is present (and says it skipped the check elsewhere).
LOCAL_VECTORS = ROOT / "tests" / "data" / "vectors.jsonl"


def load_vectors():
    return [json.loads(line) for line in LOCAL_VECTORS.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="session")
def rules():
    return load_ruleset("module")


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path_factory, monkeypatch):
    """Practice sessions the tests end are kept in a folder of the test run's own, never in
    the user's history (a test that wants another folder sets its own)."""
    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path_factory.getbasetemp() / "data"))
