"""bench/results/README.md indexes every result file (bench/results_index.py), so a file
that a merge or a hand edit left out of the history is still found."""

from bench.results_index import END, HISTORY, RESULTS, START


def test_every_result_file_has_a_row_in_the_index():
    text = HISTORY.read_text()
    index = text.split(START, 1)[1].split(END, 1)[0]
    missing = [p.name for p in RESULTS.glob("*.json") if f"[{p.name}]({p.name})" not in index]
    assert missing == [], f"run python -m bench.results_index; not indexed: {missing}"
