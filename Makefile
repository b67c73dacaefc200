# Two commands: `make run` and `make test`. Both build .venv from pyproject.toml on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install run test bench lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip setuptools wheel
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: install
	$(PY) manage.py serve

test: install
	$(PY) -m pytest

bench: install
	@for b in bench/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

lint: install
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) .pytest_cache

# Learning quality on the project's own corpus, tune and held-out halves side by side
# (bench/learning_eval.py); LOGHUB=<folder of Loghub-2k *.jsonl> adds the Loghub figures.
.PHONY: learning-eval
learning-eval: install
	$(PY) bench/learning_eval.py $(if $(LOGHUB),--loghub $(LOGHUB))
