# Front door. On a fresh Debian machine, `make run` and `make test` do all set-up.
BUILD      ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
JOBS       ?= $(shell nproc)
CMAKE_GEN  := -G Ninja

.PHONY: all deps build build-asan build-fuzz run test test-release test-asan test-fuzz fuzz python-test bench bench-load format format-check clean

all: build

deps:
	@bash scripts/install-deps.sh

$(BUILD)/build.ninja: CMakeLists.txt | deps
	cmake -S . -B $(BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release

build: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

$(ASAN_BUILD)/build.ninja: CMakeLists.txt | deps
	cmake -S . -B $(ASAN_BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Debug \
	  -DCARCASSONNE_SANITIZE=ON -DCARCASSONNE_BUILD_BENCHMARKS=OFF -DCARCASSONNE_BROWSER_TESTS=OFF

build-asan: deps $(ASAN_BUILD)/build.ninja
	cmake --build $(ASAN_BUILD) -j $(JOBS) --target carcassonne_tests carcassonne

# libFuzzer targets (fuzz/): clang with ASan and UBSan, nothing else built.
FUZZ_TARGETS := fuzz_record fuzz_notation fuzz_protocol
$(FUZZ_BUILD)/build.ninja: CMakeLists.txt | deps
	CXX=clang++ cmake -S . -B $(FUZZ_BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Debug \
	  -DCARCASSONNE_FUZZ=ON -DCARCASSONNE_BUILD_TESTS=OFF -DCARCASSONNE_BUILD_BENCHMARKS=OFF \
	  -DCARCASSONNE_PYTHON=OFF

build-fuzz: deps $(FUZZ_BUILD)/build.ninja
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target $(FUZZ_TARGETS)

# Each target on its seed corpus and FUZZ_RUNS more inputs: what `make test` runs. (libFuzzer adds
# the inputs it finds to the first directory it is given: a scratch one, never fuzz/corpus.)
# fuzz_protocol keeps one game service across its inputs, so LeakSanitizer checks for leaks when
# the process ends, not after every input that allocates more than it frees (a scan of the whole
# heap each time: 45 s for the 20,000 inputs, 20 s without).
FUZZ_RUNS ?= 20000
test-fuzz: build-fuzz
	@for t in $(FUZZ_TARGETS); do \
	  echo "== $$t: $(FUZZ_RUNS) inputs"; \
	  rm -rf $(FUZZ_BUILD)/smoke/$$t; mkdir -p $(FUZZ_BUILD)/smoke/$$t; \
	  leaks=1; [ $$t = fuzz_protocol ] && leaks=0; \
	  ./$(FUZZ_BUILD)/$$t -runs=$(FUZZ_RUNS) -seed=1 -max_len=8192 -rss_limit_mb=4096 -detect_leaks=$$leaks \
	    $(FUZZ_BUILD)/smoke/$$t fuzz/corpus/$${t#fuzz_} > $(FUZZ_BUILD)/$$t.log 2>&1 \
	    || { cat $(FUZZ_BUILD)/$$t.log; exit 1; }; \
	  tail -n 2 $(FUZZ_BUILD)/$$t.log; \
	done

# Long runs: each target for FUZZ_SECONDS, its corpus growing in $(FUZZ_BUILD)/corpus (the seeds in
# fuzz/corpus stay as they are); crashes are written to $(FUZZ_BUILD)/crashes.
FUZZ_SECONDS ?= 600
fuzz: build-fuzz
	@mkdir -p $(FUZZ_BUILD)/crashes
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$t; \
	  echo "== $$t: $(FUZZ_SECONDS) s"; \
	  ./$(FUZZ_BUILD)/$$t -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -rss_limit_mb=4096 \
	    -artifact_prefix=$(FUZZ_BUILD)/crashes/$$t- -print_final_stats=1 \
	    $(FUZZ_BUILD)/corpus/$$t fuzz/corpus/$${t#fuzz_} > $(FUZZ_BUILD)/$$t.log 2>&1 \
	    || { tail -n 40 $(FUZZ_BUILD)/$$t.log; exit 1; }; \
	  grep -E "^(stat::number_of_executed_units|Done)" $(FUZZ_BUILD)/$$t.log; \
	done

# The main program on its embedded default: the game server with the web app on
# http://127.0.0.1:8080 (games stored in ~/.local/share/carcassonne/games.sqlite).
PORT ?= 8080
run: build
	./$(BUILD)/carcassonne serve --port $(PORT)

test: format-check test-release python-test test-asan test-fuzz

test-release: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -E python_tests

# The Python module's tests (unittest; the examples run inside them), with Debian's python3, which
# sees Debian's numpy.
python-test: build
	PYTHONPATH=$(BUILD)/python /usr/bin/python3 -m unittest discover -s tests/python -v

# Sanitizer build (ASan + UBSan) of the whole suite; fuzzing runs fewer games here (see tests).
test-asan: build-asan
	cd $(ASAN_BUILD) && CARCASSONNE_FUZZ_SCALE=0.1 ctest --output-on-failure -j $(JOBS)

bench: build
	./$(BUILD)/carcassonne bench
	./$(BUILD)/carcassonne_benchmarks

# Load benchmark: a server on a free port, 1,000 concurrent games and 2,000 WebSocket clients,
# first with each player taking a second to act, then as fast as they can (throughput). Then the
# abuse benchmark: each abuse pattern against a fresh server while ten players play.
bench-load: build
	bash scripts/load-bench.sh ./$(BUILD) --games 1000 --think-ms 1000 --seconds 30
	bash scripts/load-bench.sh ./$(BUILD) --games 1000 --seconds 30
	bash scripts/abuse-bench.sh ./$(BUILD)

format:
	clang-format -i $$(git ls-files '*.h' '*.cpp')

format-check: deps
	clang-format --dry-run --Werror $$(git ls-files '*.h' '*.cpp')

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)
