# Front door. On a fresh Debian machine, `make run` and `make test` do all set-up.
BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= $(shell nproc)
CMAKE_GEN  := -G Ninja

.PHONY: all deps build build-asan run test test-release test-asan python-test bench bench-load format format-check clean

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

# The main program on its embedded default: the game server with the web app on
# http://127.0.0.1:8080 (games stored in ~/.local/share/carcassonne/games.sqlite).
PORT ?= 8080
run: build
	./$(BUILD)/carcassonne serve --port $(PORT)

test: format-check test-release python-test test-asan

test-release: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -E python_tests

# The Python module's tests (unittest; the examples run inside them), with Debian's python3, which
# sees Debian's numpy.
python-test: build
	PYTHONPATH=$(BUILD)/python /usr/bin/python3 -m unittest discover -s tests/python -v

# Sanitizer build (ASan + UBSan) of the whole suite; fuzzing runs fewer games here (see tests).
test-asan: build-asan
	cd $(ASAN_BUILD) && CARCASSONNE_FUZZ_SCALE=0.2 ctest --output-on-failure -j $(JOBS)

bench: build
	./$(BUILD)/carcassonne bench
	./$(BUILD)/carcassonne_benchmarks

# Load benchmark: a server on a free port, 200 concurrent games, 400 WebSocket clients.
bench-load: build
	bash scripts/load-bench.sh ./$(BUILD)

format:
	clang-format -i $$(git ls-files '*.h' '*.cpp')

format-check: deps
	clang-format --dry-run --Werror $$(git ls-files '*.h' '*.cpp')

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
