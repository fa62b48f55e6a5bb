# SPDX-License-Identifier: BSD-2-Clause
#
# rig: make builds the module and the library; make check runs every test.
# Targets that need Debian packages run scripts/deps first, so a fresh
# Debian 12 machine needs nothing else (root installs what is missing).
#
#   make            kernel/rig_bnxt.ko, lib/librig.a, lib/librig.so,
#                   lib/fabric/librig-fi.so (the libfabric provider)
#   make module     the kernel modules, and kernel/bnxt_en/en.h checked against
#                   the installed bnxt_en.ko (scripts/bnxt-en-layout)
#   make check      unit tests, KUnit (UML), kselftests in QEMU; summary line
#   make unit       library unit tests (no kernel)
#   make kunit      KUnit suites under UML
#   make selftests  kselftests in the guest, without and with an IOMMU
#   make selftests-debug  the kselftests on the debug kernel (KASAN, lockdep,
#                   kmemleak, UBSAN, fault injection), built once with clang-19
#   make canaries   the debug stage shown not blind: for each detector a
#                   deliberate bug (heap and stack memcpy overruns, use after
#                   free, lock order, leak, shift, sleep in atomic, hung task)
#                   built with rig's modules and fired in a debug guest; its
#                   report must appear and fail the run (about 12 minutes)
#   make soak       the concurrency fuzzer (selftests/rig_bnxt/race.c) for
#                   RIG_SOAK_SECONDS (default 1800) on Debian's kernel, then
#                   as long on the debug kernel; make check runs it 20 s a
#                   guest (60 s on the debug kernel); then trinity on the
#                   device files, RIG_SOAK_TRINITY_SYSCALLS calls (100000)
#                   on the debug kernel (make check: 3000)
#   make fuzz       libFuzzer (clang-19, ASan, UBSan) on every parser of a
#                   peer's bytes (selftests/fuzz: perftest's exchange, the
#                   model's RoCE v2 decoder and RC machines), RIG_FUZZ_SECONDS
#                   (default 600) each; fails on any crash (scripts/fuzz)
#   make fuzz-merge add to selftests/fuzz/corpus/ what the last run found
#   make lint       checkpatch --strict and warnings-as-errors builds
#   make bench      encoder rates against rdma-core's; rig over the model against
#                   Soft-RoCE and memcpy in one guest, registration in a second,
#                   rig to rig against rxe to rxe between two wired guests
#                   (about 11 minutes)
#   make demo       a guest with two modelled NICs and "GPU memory", and a tour
#   make install    librig, headers, rig.pc, man pages (PREFIX, DESTDIR)
#   make uninstall  remove what make install put in place
#   make dkms-check build, install and load the module through DKMS
#   make mutants    mutation testing (scripts/mutants.list): each mutant built
#                   in a scratch copy and run against the tests that must
#                   catch it; fails on a survivor (about 17 minutes)
#   make deps       install the Debian packages rig uses
#   make fabtests FABTESTS_SRC=DIR
#                   libfabric's fabtests (DIR: its source, tag v1.17.0) built
#                   into build/fabtests and run over the provider in a guest
#                   with two modelled NICs: the unit set, then the functional
#                   set (FABTESTS_ARGS: scripts/fabtests' options instead)

TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
KVER = $(shell $(TOP)/scripts/kver)
KDIR = /lib/modules/$(KVER)/build
KSRC = $(shell $(TOP)/scripts/kernel-source)
PREFIX ?= /usr/local
comma := ,

CC ?= gcc
CFLAGS ?= -O2 -g
RIG_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -fPIC \
	-fvisibility=hidden -I$(TOP)/lib/include -I$(TOP)/uapi
TEST_CFLAGS := -std=gnu11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -Werror \
	-I$(TOP)/lib/include -I$(TOP)/uapi

LIB_SRCS := $(wildcard lib/*.c)
LIB_OBJS := $(LIB_SRCS:.c=.o)
LIB_HDRS := $(wildcard lib/*.h lib/include/rig/*.h uapi/*.h)
UNIT_TESTS := $(patsubst %.c,%,$(wildcard lib/tests/*_test.c))
FABRIC_SRCS := $(wildcard lib/fabric/*.c)
FABRIC_OBJS := $(FABRIC_SRCS:.c=.o)

all: module lib fabric

deps:
	@$(TOP)/scripts/deps

# The modules, then the proof that kernel/bnxt_en/en.h declares bnxt_en's
# structures as the installed bnxt_en.ko lays them out: a difference, or a
# check that cannot run, fails the build (scripts/bnxt-en-layout).
module: module-build
	$(TOP)/scripts/bnxt-en-layout -k $(KVER)

# The modules alone.  RIG_KSRC: the model (rig_soft.ko) reads Broadcom's
# headers in place.
module-build: deps
	$(MAKE) -C $(KDIR) M=$(TOP) RIG_KSRC=$(KSRC) modules

lib: lib/librig.a lib/librig.so

lib/%.o: lib/%.c $(LIB_HDRS)
	$(CC) $(CFLAGS) $(RIG_CFLAGS) -c -o $@ $<

lib/librig.a: $(LIB_OBJS)
	$(AR) rcs $@ $^

lib/librig.so: $(LIB_OBJS) lib/librig.map
	$(CC) $(CFLAGS) -shared -Wl,-soname,librig.so.0 \
		-Wl,--version-script=lib/librig.map -o $@ $(LIB_OBJS)

# The libfabric provider: librig linked in, fi_prov_ini() its one export.
# Against Debian's libfabric-dev public headers only.
fabric: lib/fabric/librig-fi.so

lib/fabric/%.o: lib/fabric/%.c lib/fabric/rig_fi.h $(LIB_HDRS) | deps
	$(CC) $(CFLAGS) $(RIG_CFLAGS) -c -o $@ $<

lib/fabric/librig-fi.so: $(FABRIC_OBJS) lib/librig.a lib/fabric/rig-fi.map
	$(CC) $(CFLAGS) -shared -Wl,--version-script=lib/fabric/rig-fi.map -Wl,-z,defs \
		-o $@ $(FABRIC_OBJS) lib/librig.a -lfabric -lpthread

# kselftest_harness.h is read in place from the extracted linux-source.
$(UNIT_TESTS): %: %.c lib/librig.a $(LIB_HDRS) | deps
	$(CC) $(TEST_CFLAGS) -isystem $(KSRC)/tools/testing/selftests -o $@ $< \
		lib/librig.a -lpthread

# The bnxt conformance test reads Broadcom's own roce_hsi.h in place.
lib/tests/bnxt_hsi_conformance_test: TEST_CFLAGS += \
	-I$(KSRC)/drivers/infiniband/hw/bnxt_re \
	-I$(KSRC)/drivers/net/ethernet/broadcom/bnxt

# The mlx5 conformance test's oracle: the kernel's own mlx5 constants and
# functions, read in place from its tree (scripts/mlx5-oracle).
build/mlx5_oracle.h: scripts/mlx5-oracle | deps
	$(TOP)/scripts/mlx5-oracle $(KSRC) $@

lib/tests/mlx5_conformance_test: build/mlx5_oracle.h
lib/tests/mlx5_conformance_test: TEST_CFLAGS += -I$(TOP)/build

unit: $(UNIT_TESTS) tools
	@status=0; for t in $(UNIT_TESTS); do \
		echo "# unit: $$t"; ./$$t || status=1; \
	done; \
	echo "# unit: lib/tools/rig"; \
	$(MAKE) -s --no-print-directory -C lib/tools/rig check || status=1; \
	echo "# unit: scripts/tally-test"; \
	$(TOP)/scripts/tally-test || status=1; \
	echo "# unit: scripts/hw-report-test"; \
	$(TOP)/scripts/hw-report-test || status=1; \
	echo "# unit: scripts/vm-run-test"; \
	$(TOP)/scripts/vm-run-test || status=1; \
	echo "# unit: scripts/mutants-test"; \
	$(TOP)/scripts/mutants-test || status=1; \
	echo "# unit: scripts/bench/stats-test"; \
	$(TOP)/scripts/bench/stats-test || status=1; \
	exit $$status

kunit: deps
	$(TOP)/scripts/kunit

# fabric_tools runs lib/examples/mpi_check under Open MPI: built where mpicc is.
# examples runs lib/examples' programs and rig devices.
selftests-build: module lib fabric examples tools
	$(MAKE) -C selftests/rig_bnxt
	if command -v mpicc >/dev/null; then $(MAKE) -C lib/examples mpi; fi

# The guest runs: two modelled NetXtreme functions (rig_soft.ko beneath
# rig_bnxt.ko) and an ivshmem device standing in for GPU memory, once
# without an IOMMU and once behind one (an emulated Intel IOMMU, which the
# driver finds as it would for a real NIC).
# The threaded stress carries a million messages in make check (about 45 s
# per guest run under TCG); set RIG_STRESS_MESSAGES for a shorter run.
export RIG_STRESS_MESSAGES ?= 1000000

# Each guest's timeout allows for the debug guest that runs beside it in
# make check (scripts/check): alone, the plain guest takes ten minutes.
VM_PLAIN := --soft 2 --soft-pcie --ivshmem 16 --timeout 1800
VM_IOMMU := --iommu --soft 2 --soft-pcie --ivshmem 16 --timeout 1200
# Behind the IOMMU every program but perftest_peers: perftest's exchange
# and rxe's wire do not change with it, the wire and the provider are
# run there, and it would add six minutes.
IOMMU_TESTS := devices regions args abi fuzz qp firmware hardening race module pcie fabric \
	       fabric_tools examples wire link lockdown
# Every streaming DMA mapping bounced (no IOMMU): memory the NIC could not
# reach itself is refused.
VM_SWIOTLB := --soft 1
# The debug kernel behind the IOMMU: every program, fault injection too,
# but perftest_peers (it needs rdma_rxe, which the debug kernel does not
# build), fabric_tools (Open MPI and fi_pingpong over the provider that
# the fabric program already drives under KASAN: minutes more for little)
# and examples (that kernel has no dma-buf, its IOMMU takes no gpu_read:
# qp drives what is left).
VM_DEBUG := --debug-kernel --iommu --soft 2 --soft-pcie --ivshmem 16 --mem 3G --timeout 3600
DEBUG_TESTS := devices regions args abi fuzz qp firmware hardening faults race trinity module pcie \
	       fabric wire link lockdown
# KASAN and lockdep make the guest several times slower: a shorter stress.
export RIG_DEBUG_STRESS_MESSAGES ?= 100000
# The concurrency fuzzer (race.c) runs RIG_RACE_SECONDS (its default: 20)
# in each guest of make check; on the debug kernel, longer: it is there
# that KASAN and lockdep see what the races do.
export RIG_DEBUG_RACE_SECONDS ?= 60
# make soak: the fuzzer alone, this long on each kernel; then trinity on
# the debug kernel for this many calls.
RIG_SOAK_SECONDS ?= 1800
RIG_SOAK_TRINITY_SYSCALLS ?= 100000

selftests: selftests-build
	$(TOP)/scripts/vm-run $(VM_PLAIN) -- $(TOP)/selftests/rig_bnxt/run_tests
	$(TOP)/scripts/vm-run $(VM_IOMMU) -- $(TOP)/selftests/rig_bnxt/run_tests

# The selftests on the debug kernel (built first, once: about 15 minutes).
selftests-debug: selftests-build
	$(TOP)/scripts/debug-kernel module
	RIG_STRESS_MESSAGES=$(RIG_DEBUG_STRESS_MESSAGES) RIG_RACE_SECONDS=$(RIG_DEBUG_RACE_SECONDS) \
		RIG_WIRE_NETEM=0 \
		$(TOP)/scripts/vm-run $(VM_DEBUG) -- \
		$(TOP)/selftests/rig_bnxt/run_tests $(DEBUG_TESTS)

# The concurrency fuzzer for a long while: RIG_SOAK_SECONDS on Debian's
# kernel, then on the debug kernel (each guest's timeout follows it).
# RIG_RACE_SEED, _WORKERS, _THREADS and _ROUNDS pass through.
# RIG_PROGRAM_TIMEOUT: for a runner that bounds each program.
soak: selftests-build
	RIG_RACE_SECONDS=$(RIG_SOAK_SECONDS) RIG_PROGRAM_TIMEOUT=$$(($(RIG_SOAK_SECONDS) + 600)) \
		$(TOP)/scripts/vm-run $(VM_PLAIN) --timeout $$(($(RIG_SOAK_SECONDS) + 900)) -- \
		$(TOP)/selftests/rig_bnxt/run_tests race
	$(TOP)/scripts/debug-kernel module
	RIG_RACE_SECONDS=$(RIG_SOAK_SECONDS) RIG_PROGRAM_TIMEOUT=$$(($(RIG_SOAK_SECONDS) + 1500)) \
		$(TOP)/scripts/vm-run $(VM_DEBUG) --timeout $$(($(RIG_SOAK_SECONDS) + 1800)) -- \
		$(TOP)/selftests/rig_bnxt/run_tests race
	RIG_TRINITY_SYSCALLS=$(RIG_SOAK_TRINITY_SYSCALLS) RIG_PROGRAM_TIMEOUT=36000 \
		$(TOP)/scripts/vm-run $(VM_DEBUG) --timeout 36600 -- \
		$(TOP)/selftests/rig_bnxt/run_tests trinity

# Each detector's canary (selftests/canary) in the debug stage's guest:
# its report must show and vm-run must fail the run (scripts/canaries).
# CANARIES=name,name runs a subset.
canaries: deps
	@VM_DEBUG="$(VM_DEBUG)" $(TOP)/scripts/canaries $(subst $(comma), ,$(CANARIES))

check: deps
	@VM_PLAIN="$(VM_PLAIN)" VM_IOMMU="$(VM_IOMMU)" VM_SWIOTLB="$(VM_SWIOTLB)" \
		VM_DEBUG="$(VM_DEBUG)" DEBUG_TESTS="$(DEBUG_TESTS)" \
		IOMMU_TESTS="$(IOMMU_TESTS)" $(TOP)/scripts/check

# Mutation testing: each mutant of scripts/mutants.list (a check deleted, a
# comparison flipped, a barrier dropped, an unpin skipped) applied to a
# scratch copy of the tree, built, and run against the tests that should
# catch it; fails on a survivor.  Not part of make check (about 20 minutes).
# MUTANTS=name,name (or patterns: MUTANTS='lib-*') runs a subset.
mutants: deps
	@VM_PLAIN="$(VM_PLAIN)" VM_IOMMU="$(VM_IOMMU)" $(TOP)/scripts/mutants $(if $(MUTANTS),'$(MUTANTS)')

examples: lib
	$(MAKE) -C lib/examples

tools: lib
	$(MAKE) -C lib/tools/rig

# make bench: rates measured side by side in one run, printed as ratios:
# the mlx5 encoder against rdma-core's helpers, then (scripts/bench/run)
# rig over the model against Soft-RoCE and memcpy in one guest,
# registration against Soft-RoCE in a second, behind an IOMMU, and RoCE v2
# rig to rig against rxe to rxe between two guests wired to each other.
scripts/bench/mlx5_bench: scripts/bench/mlx5_bench.c lib/librig.a $(LIB_HDRS) | deps
	$(CC) $(TEST_CFLAGS) -o $@ $< lib/librig.a

bench: scripts/bench/mlx5_bench
	./scripts/bench/mlx5_bench
	$(TOP)/scripts/bench/run

# Each target for RIG_FUZZ_SECONDS, one after the other; make check's
# short run is scripts/fuzz alone (20 s each).
RIG_FUZZ_SECONDS ?= 600

fuzz: deps
	RIG_FUZZ_SECONDS=$(RIG_FUZZ_SECONDS) $(TOP)/scripts/fuzz

fuzz-merge: deps
	$(TOP)/scripts/fuzz --merge

# libfabric's own suite over the provider (scripts/fabtests): not in make
# check, since Debian does not package fabtests.
FABTESTS_ARGS ?= -t unit -t functional -T 45
fabtests: module lib fabric
	FABTESTS_SRC="$(FABTESTS_SRC)" $(TOP)/scripts/fabtests $(FABTESTS_ARGS)

lint: deps lib
	$(TOP)/scripts/lint

# Section 3 pages from the headers' kernel-doc comments (scripts/man).
man: build/man/.stamp

build/man/.stamp: $(wildcard lib/include/rig/*.h) lib/librig.so scripts/man lib/VERSION | deps
	$(TOP)/scripts/man build/man lib/librig.so
	@touch $@

# LIBDIR, INCLUDEDIR, BINDIR, MANDIR, PKGCONFIGDIR given here reach it too.
install: lib man
	DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" $(TOP)/scripts/install install

uninstall:
	DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" $(TOP)/scripts/install uninstall

dkms-check: deps
	$(TOP)/scripts/dkms-check

# The main job: a guest with two modelled NICs and "GPU memory", and a tour.
demo: all examples tools
	@$(TOP)/scripts/vm-run --soft 2 --ivshmem 16 -- $(TOP)/scripts/demo-tour

clean:
	-$(MAKE) -C $(KDIR) M=$(TOP) clean 2>/dev/null
	$(MAKE) -C selftests/rig_bnxt clean
	$(MAKE) -C lib/examples clean
	$(MAKE) -C lib/tools/rig clean
	$(MAKE) -C scripts/bench clean
	$(MAKE) -C selftests/fuzz clean
	rm -f lib/*.o lib/librig.a lib/librig.so $(UNIT_TESTS) scripts/bench/mlx5_bench
	rm -f lib/fabric/*.o lib/fabric/librig-fi.so
	rm -rf build/man build/mlx5_oracle.h

.PHONY: all deps module module-build lib fabric unit kunit selftests-build selftests selftests-debug soak canaries check bench \
	examples tools lint demo clean \
	man install uninstall dkms-check mutants fuzz fuzz-merge fabtests
