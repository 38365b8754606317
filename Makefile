# Two commands on a fresh machine: `make run` and `make test` (README.md).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test lint bench screenshots clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.dev-installed: pyproject.toml $(VENV)/.installed
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/python main.py $(ARGS)

# Two workers, each test file whole on one of them (its module fixtures set up once): 7 min
# on this 2-core machine instead of about 15 (issues 35 and 34).
test: $(VENV)/.dev-installed
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest -n 2 --dist loadfile $(ARGS)

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/python -m tests.module_sizes
	$(BIN)/python -m tests.game_names

bench: $(VENV)/.dev-installed
	$(BIN)/python -m tests.bench $(ARGS)

screenshots: $(VENV)/.dev-installed
	for shots in screenshots screenshots_betting screenshots_line_editor screenshots_till screenshots_shift screenshots_results screenshots_payouts screenshots_lock screenshots_reports screenshots_draws; do \
	  xvfb-run -a -s "-screen 0 1280x800x24" env QT_QPA_PLATFORM=xcb $(BIN)/python -m tests.$$shots docs || exit 1; \
	done
	$(BIN)/python -m tests.screenshots_journal docs/journal_page.png
	xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb $(BIN)/python -m tests.screenshots_fit docs
	xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb $(BIN)/python -m tests.screenshots_chain docs
	xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb $(BIN)/python -m tests.screenshots_spread docs
	xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb $(BIN)/python -m tests.screenshots_exchange docs
	xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb $(BIN)/python -m tests.screenshots_previews docs
	xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb $(BIN)/python -m tests.screenshots_skks docs
	xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb $(BIN)/python -m tests.screenshots_restricted docs
	xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb $(BIN)/python -m tests.screenshots_roulette docs
	BETSHOP_SHOTS=docs xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb $(BIN)/pytest -q tests/gui/test_referral_day.py
	$(BIN)/python -m tests.unit.printing.test_paper_pictures docs
	$(BIN)/python -m tests.unit.printing.test_shift_paper_pictures docs

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
