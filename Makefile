# HDRColor developer commands. Quick start: `make demo`, `make test`.
SWIFT ?= swift
PYTHON ?= python3
# System libraries the package links, as Debian packages and the pkg-config modules that prove they are installed.
# The codec libraries (libpng, libjpeg-turbo, libavif, libheif, libde265, dav1d) are needed by ImageFiles and the
# tool only; FFmpeg's libraries (libavformat, libavcodec, libavutil, libswscale 5.1) by VideoFiles and the tool only;
# the Vulkan headers, shaderc (with glslang and SPIRV-Tools) and SPIRV-Cross by GPUConversion only.
APT_PACKAGES := liblcms2-dev zlib1g-dev pkg-config libpng-dev libjpeg62-turbo-dev libavif-dev libheif-dev \
	libde265-dev libdav1d-dev libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libvulkan-dev \
	libshaderc-dev libspirv-cross-c-shared-dev
PKG_CONFIG_MODULES := lcms2 zlib libpng libjpeg libavif libheif libde265 dav1d libavformat libavcodec libavutil \
	libswscale vulkan shaderc spirv-cross-c-shared
# ICC profiles used by the ICC tests when present (tests skip with a message otherwise).
APT_TEST_PROFILES := icc-profiles-free colord-data
# Tools the tests compare against when present (the exiftool and ffprobe cross-checks and the report's browser tests
# skip with a note otherwise).
APT_TEST_TOOLS := libimage-exiftool-perl ffmpeg chromium
# A Vulkan driver for the GPUConversion tests: Mesa's lavapipe, on the CPU (the tests that need a device skip with a
# note otherwise).
APT_TEST_VULKAN := mesa-vulkan-drivers
# The arm64 kernel check (make test-arm64): the cross libc and libgcc for clang's aarch64 target, and qemu-aarch64.
APT_ARM64 := gcc-aarch64-linux-gnu qemu-user

.PHONY: all build release demo cluster-demo test-ray test consumer deps test-profiles test-tools test-vulkan bench bench-build bench-deps \
	fixtures accuracy check-exhaustive docs clean fuzz fuzz-build test-asan test-asan-ci test-tsan format lint conformance-corpus \
	test-arm64 arm64-deps

all: build

## Install the system libraries the package links (APT_PACKAGES), with apt-get when running as root.
deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $(PKG_CONFIG_MODULES); then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing $(APT_PACKAGES) with apt-get"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES); \
	else \
		echo "error: pkg-config does not find all of: $(PKG_CONFIG_MODULES). Install them with:"; \
		echo "    sudo apt-get install -y $(APT_PACKAGES)"; \
		exit 1; \
	fi

## Real-world ICC profiles for the ICC tests (best effort: tests skip visibly without them).
test-profiles:
	@if ls /usr/share/color/icc/colord/*.icc /usr/share/color/icc/sRGB.icc /usr/share/color/icc/Gray.icc >/dev/null 2>&1; \
	then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		{ DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_TEST_PROFILES) >/dev/null 2>&1 \
		|| { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_TEST_PROFILES) >/dev/null 2>&1; }; } \
		|| echo "note: could not install $(APT_TEST_PROFILES); ICC tests that need them will skip"; \
	fi

## exiftool for the ColorTags cross-check, ffmpeg/ffprobe for the VideoFiles cross-checks and headless chromium for
## the report's pages (best effort: those tests skip visibly without them). Never Python.
test-tools:
	@if command -v exiftool >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1 \
		&& command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		{ DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_TEST_TOOLS) >/dev/null 2>&1 \
		|| { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_TEST_TOOLS) >/dev/null 2>&1; }; } \
		|| echo "note: could not install $(APT_TEST_TOOLS); the exiftool and ffprobe cross-checks and the report's browser tests will skip"; \
	fi

## Mesa's lavapipe, a Vulkan driver on the CPU, for the GPUConversion tests (best effort: those that need a Vulkan
## device skip visibly without one).
test-vulkan:
	@if ls /usr/share/vulkan/icd.d/*.json /etc/vulkan/icd.d/*.json >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		{ DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_TEST_VULKAN) >/dev/null 2>&1 \
		|| { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_TEST_VULKAN) >/dev/null 2>&1; }; } \
		|| echo "note: could not install $(APT_TEST_VULKAN); the GPUConversion tests that need a Vulkan device will skip"; \
	else echo "note: no Vulkan driver (sudo apt-get install -y $(APT_TEST_VULKAN)); the GPUConversion tests that need one will skip"; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

## Run the built-in example.
demo: deps
	$(SWIFT) run -c release hdrcolor demo

## A movie converted in segments and a tree of test images validated on a local Ray cluster (hdrcolor-ray, Ray/): the
## release build of hdrcolor, the package installed with pip (Ray from PyPI), a 720p 10-bit PQ movie made with ffmpeg
## converted to HLG in 4 segments. Writes cluster-demo/.
cluster-demo: deps test-tools
	$(SWIFT) build -c release --product hdrcolor
	$(PYTHON) -m pip install -q ./Ray
	mkdir -p cluster-demo
	ffmpeg -nostdin -v error -y -f lavfi -i testsrc2=size=1280x720:rate=24 -frames:v 192 -c:v libx265 \
		-pix_fmt yuv420p10le -x265-params "log-level=error:keyint=48:min-keyint=48:no-open-gop=1:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:hdr10=1:max-cll=1000,400:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1)" \
		-color_primaries bt2020 -color_trc smpte2084 -colorspace bt2020nc cluster-demo/pq.mp4
	HDRCOLOR=$(CURDIR)/.build/release/hdrcolor hdrcolor-ray convert cluster-demo/pq.mp4 cluster-demo/hlg.mp4 \
		--to bt2100-hlg --segments 4 --overwrite
	HDRCOLOR=$(CURDIR)/.build/release/hdrcolor hdrcolor-ray validate Tests/Fixtures/color-tags --format text \
		> cluster-demo/validate.txt || [ $$? -le 2 ]
	@echo "validated Tests/Fixtures/color-tags (files made to fail checks): $$(tail -1 cluster-demo/validate.txt)"
	@echo "report: cluster-demo/validate.txt"

## The Ray package (Ray/): installed with pip (Ray, pytest and ruff from PyPI), then its lint, unit tests and cluster
## tests (Ray/run-tests: two Ray nodes on this machine, in a loopback-only network namespace as root) against the
## debug build of hdrcolor.
test-ray: deps test-tools
	$(SWIFT) build --product hdrcolor
	$(PYTHON) -m pip install -q "./Ray[test]"
	HDRCOLOR=$(CURDIR)/.build/debug/hdrcolor Ray/run-tests

## Run the whole test suite: the contract spellings from an external package, then every test target.
test: deps test-profiles test-tools test-vulkan consumer
	$(SWIFT) test --disable-xctest

## Build and run Tests/ExternalConsumer, a separate package that uses the public API by path, as a dependent would;
## then Tests/ReadmeConsumer, whose manifest is README's dependency snippet verbatim, copied beside a link named
## HDRColor to this checkout (the layout the snippet's path assumes).
consumer: deps
	$(SWIFT) build --package-path Tests/ExternalConsumer --scratch-path .build-consumer
	.build-consumer/debug/ExternalConsumer
	rm -rf .build-readme-consumer/MyApp && mkdir -p .build-readme-consumer
	cp -R Tests/ReadmeConsumer .build-readme-consumer/MyApp && ln -sfn $(CURDIR) .build-readme-consumer/HDRColor
	$(SWIFT) build --package-path .build-readme-consumer/MyApp --scratch-path .build-readme-consumer/.build
	.build-readme-consumer/.build/debug/MyApp

## The arm64 build of the pixel kernels (NEON, its half conversions), checked on this x86-64 machine: the toolchain's
## clang cross-compiles CPixelKernels with Tests/KernelDriver/driver.c (every op and row kernel on fixed inputs, one
## hash per case) for aarch64, qemu-aarch64 runs it, and its lines must equal the x86-64 build's, whose instruction sets
## (baseline, AVX2, AVX-512 where the CPU has them) the driver first compares with each other. Correctness only:
## emulated timings mean nothing.
CLANG ?= clang
KERNEL_DRIVER := Tests/KernelDriver/driver.c $(wildcard Sources/CPixelKernels/*.c)
KERNEL_FLAGS := -O2 -Wall -Werror -ISources/CPixelKernels/include
test-arm64: arm64-deps
	@mkdir -p .build-arm64
	$(CLANG) $(KERNEL_FLAGS) -o .build-arm64/driver-x86_64 $(KERNEL_DRIVER) -lm
	$(CLANG) --target=aarch64-linux-gnu -fuse-ld=lld -static $(KERNEL_FLAGS) -o .build-arm64/driver-arm64 \
		$(KERNEL_DRIVER) -lm
	.build-arm64/driver-x86_64 > .build-arm64/x86_64.txt
	qemu-aarch64 .build-arm64/driver-arm64 > .build-arm64/arm64.txt
	diff -u .build-arm64/x86_64.txt .build-arm64/arm64.txt
	@echo "arm64 (NEON under qemu-aarch64): $$(wc -l < .build-arm64/arm64.txt) case hashes equal to x86-64's"

arm64-deps:
	@if command -v qemu-aarch64 >/dev/null 2>&1 && [ -d /usr/aarch64-linux-gnu/lib ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing $(APT_ARM64) with apt-get"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_ARM64); \
	else \
		echo "error: the arm64 check needs qemu-aarch64 and the aarch64 cross libc. Install them with:"; \
		echo "    sudo apt-get install -y $(APT_ARM64)"; \
		exit 1; \
	fi

## Source formatting with swift-format (the toolchain's `swift format`), configured by .swift-format. `make format`
## rewrites the files; `make lint` (run by CI) fails on any file that `make format` would change.
FORMAT_PATHS := Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Benchmarks Fuzz
format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMAT_PATHS)

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMAT_PATHS)

## Fuzz every target for FUZZ_TIME seconds each (libFuzzer + AddressSanitizer when the toolchain has them, else a
## deterministic mutation driver); FUZZ_TARGETS narrows the set. Work folders in .build-fuzz/; see Docs/Reliability.md.
FUZZ_TIME ?= 60
FUZZ_TARGETS ?= png jpeg isobmff movie streams hdr10plus rpu composer icc cicp inspect converter items videofile reports
fuzz: deps
	SWIFT=$(SWIFT) Fuzz/run $(FUZZ_TIME) $(FUZZ_TARGETS)

## The test suite under AddressSanitizer (and LeakSanitizer), in its own scratch folder. ASAN_FILTER narrows it.
## allocator_may_return_null: the allocation-failure tests ask for 2^60 bytes and expect a typed error, not an abort.
## Tests/LeakSanitizer.supp lists the toolchain-library leaks (Foundation, XCTest) that are not the package's.
ASAN_OPTIONS_TEST ?= allocator_may_return_null=1:detect_leaks=1
LSAN_OPTIONS_TEST ?= suppressions=$(CURDIR)/Tests/LeakSanitizer.supp:print_suppressions=0
ASAN_FILTER ?=
ASAN_SKIP ?=
test-asan: deps test-profiles
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=$(ASAN_OPTIONS_TEST) LSAN_OPTIONS=$(LSAN_OPTIONS_TEST) \
		$(SWIFT) test --skip-build --disable-xctest --sanitize=address --scratch-path .build-asan \
		$(if $(ASAN_FILTER),--filter '$(ASAN_FILTER)') $(if $(ASAN_SKIP),--skip '$(ASAN_SKIP)')

## The CI's ASan step: the reader, ICC, pixel-buffer, converter and HEIF/AVIF item-decoder suites only (see
## Docs/Reliability.md for its time), without the local conformance corpus sweep (15 minutes under ASan).
test-asan-ci:
	$(MAKE) test-asan ASAN_FILTER='ColorTagsTests|ICCTests|PixelBuffersTests|PixelConversionTests|SignalCodingTests|ItemDecoderTests|VideoFilesTests|MediaConversionTests|HTMLReportTests' \
		ASAN_SKIP='conformanceCorpus'

## The test suite under ThreadSanitizer (not in CI: slow; run after concurrency changes). allocator_may_return_null as
## for ASan: the allocation-failure tests expect a typed error.
test-tsan: deps test-profiles
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=allocator_may_return_null=1 $(SWIFT) test --skip-build --disable-xctest --sanitize=thread \
		--scratch-path .build-tsan \
		$(if $(TSAN_FILTER),--filter '$(TSAN_FILTER)')

## Benchmarks (package-benchmark), side by side with LittleCMS and zimg where they do the same work.
bench: deps bench-deps
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark --no-progress

## The benchmarks compiled (debug, nothing run), so that they keep building as the library's API changes; CI runs it.
bench-build: deps bench-deps
	$(SWIFT) build --package-path Benchmarks

## The fuzz targets compiled plainly (the deterministic mutation driver, nothing run), so that they keep building as the
## library's API changes; CI runs it. `make fuzz` builds them with libFuzzer and runs them.
fuzz-build: deps
	$(SWIFT) build --package-path Fuzz

## zimg (libzimg-dev), the benchmarks' speed anchor for whole-frame conversion; never a dependency of the library.
bench-deps:
	@if pkg-config --exists zimg; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing libzimg-dev with apt-get"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libzimg-dev; \
	else echo "error: zimg not found; install it with: sudo apt-get install -y libzimg-dev"; exit 1; fi

## Rewrite the measured error tables in Docs/Accuracy.md.
accuracy: deps
	HDRCOLOR_WRITE_ACCURACY=1 $(SWIFT) test --filter \
		"TransferFunctionsTests|PixelConversionTests.AccuracyReportTests|writeAccuracySection|writeCubeLUTTable"

## Regenerate the fixtures (needs Python with colour-science and Pillow; the colour-tag generator also uses avifenc,
## heif-enc, ImageMagick, jpgicc and exiftool where installed). Never part of `make test`.
fixtures:
	$(PYTHON) -m pip install -q -r Tests/Fixtures/Generators/requirements.txt
	$(PYTHON) Tests/Fixtures/Generators/generate.py

## Other projects' test files (Tests/Fixtures/conformance/corpus.json: images; movies.json: movies and streams) into
## .build-conformance/corpus and .build-conformance/movies, from snapshots of their repositories under MIRROR_ROOT
## (fetched files are never committed). `make test` checks their facts when the folders exist (or
## HDRCOLOR_CONFORMANCE_DIR and HDRCOLOR_MOVIE_CONFORMANCE_DIR name others; the images also from
## ../shared/conformance/images) and says it skipped them otherwise.
MIRROR_ROOT ?= /work/.mirror
conformance-corpus:
	$(PYTHON) Tests/Fixtures/Generators/assemble_conformance.py --mirror-root $(MIRROR_ROOT) .build-conformance/corpus
	$(PYTHON) Tests/Fixtures/Generators/assemble_conformance.py --mirror-root $(MIRROR_ROOT) \
		--manifest Tests/Fixtures/conformance/movies.json .build-conformance/movies

## Exhaustive checks (release builds, minutes each): binary16 over all 2^32 Float bit patterns, and every curve table
## over every non-negative Float it evaluates (about 8 minutes in all on two cores).
check-exhaustive: deps
	cd Benchmarks && $(SWIFT) run -c release HalfFloatExhaustive
	cd Benchmarks && $(SWIFT) run -c release CurveExhaustive

## DocC documentation of every module, with the guides in Sources/HDRColor/HDRColor.docc, into .build-docs/site.
docs: deps
	mkdir -p .build-docs/symbol-graphs  # kept between runs: a module writes its graph only when it recompiles
	$(SWIFT) build --scratch-path .build-docs --target HDRColor \
		-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/.build-docs/symbol-graphs
	docc convert Sources/HDRColor/HDRColor.docc --additional-symbol-graph-dir .build-docs/symbol-graphs \
		--fallback-display-name HDRColor --fallback-bundle-identifier org.hdrcolor.HDRColor \
		--output-path .build-docs/site $(DOCC_FLAGS)

clean:
	rm -rf .build .build-consumer .build-readme-consumer .build-docs .build-asan .build-tsan .build-fuzz .build-conformance \
		.build-arm64
