"""How the review pages show values other apps hand them."""

from governance.templatetags.review import display, table_of


def test_rows_of_records_become_a_table_without_ids():
    table = table_of(
        [
            {
                "id": "a1",
                "title": "Retry webhooks",
                "retrieval_count": 14,
                "usefulness_score": 0.86,
            },
            {"id": "b2", "title": "Pin the client", "retrieval_count": 3, "usefulness_score": 0.5},
        ]
    )
    assert table["headers"] == ["title", "retrieval_count", "usefulness_score"]
    assert table["rows"][0] == ["Retry webhooks", 14, 0.86]
    assert [display(cell) for cell in table["rows"][0]] == ["Retry webhooks", "14", "86%"]


def test_other_values_are_not_tables():
    assert table_of([]) is None
    assert table_of(["a", "b"]) is None
    assert table_of({"accepted": 2}) is None


def test_an_empty_mapping_reads_as_a_dash():
    assert display({}) == "—"
    assert display({"accepted": 2}) == "Accepted: 2"


def test_chart_gridlines_carry_their_true_values():
    from datetime import date

    from governance.charts import stacked_days

    today = date(2026, 11, 21)
    chart = stacked_days(
        [{"date": "2026-11-21", "lesson_type": "failure", "count": 3}], today=today
    )
    assert [tick["value"] for tick in chart["ticks"]] == [0, 2.5, 5]
