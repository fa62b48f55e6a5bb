// SPDX-License-Identifier: GPL-2.0-only
/*
 * The driver against the RoCE firmware of a modelled NetXtreme function,
 * with the model's fault knobs (its debugfs): every command the driver
 * sends refused in turn, answers that come late or never, a stalled
 * completion ring, the command and completion rings wrapping, the DPI
 * doorbell at offset 0 of its page, a DMA fault, the function stopping
 * and restarting with files open, and the tracepoints that show it all.
 *
 * Each test leaves the model as it found it: knobs disarmed, the function
 * running, the driver's timeout back to what it was.
 */
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <time.h>

#include "kselftest_harness.h"
#include "raw.h"
#include "rig_util.h"

/* Write @val to @dir/@name: 0 or -errno. */
static int dir_write(const char *dir, const char *name, const char *val)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return rig_write(path, val);
}

/* The model's counter @name (its "stats" file), or -1. */
static long model_stat(const char *dir, const char *name)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/stats", dir);
	return rig_named_stat(path, name);
}

/* The kernel's reason for the file's last failure, into @msg. */
static void last_error(int fd, char *msg, size_t n)
{
	struct rig_bnxt_last_error e = { .size = sizeof(e) };

	msg[0] = '\0';
	if (raw_cmd(fd, RIG_BNXT_LAST_ERROR, &e) == 0)
		snprintf(msg, n, "%s", e.message);
}

/* The number in @dir/@name, or -1. */
static long dir_num(const char *dir, const char *name)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return rig_file_num(path, -1);
}

/* Wait up to @ms for rig_bnxtN to exist (1) or not (0) as @want says. */
static int nic_becomes(int nic, int want, int ms)
{
	double end = raw_now_ms() + ms;

	do {
		if (rig_path_exists("/dev/rig_bnxt%d", nic) == want)
			return 1;
		usleep(10000);
	} while (raw_now_ms() < end);
	return 0;
}

/* Two queue pairs of @fd, of @entries, connected to each other. */
static void connected_pair(struct __test_metadata *_metadata, int fd, uint32_t entries,
			   uint64_t handle, struct raw_qp *a, struct raw_qp *b)
{
	ASSERT_EQ(0, raw_qp_make(fd, entries, handle, a));
	ASSERT_EQ(0, raw_qp_make(fd, entries, handle + 1, b));
	ASSERT_EQ(0, raw_qp_connect(a, b));
	ASSERT_EQ(0, raw_qp_connect(b, a));
}

FIXTURE(fw) {
	int fd;
	char dir[PATH_MAX];	/* the model's debugfs of rig_bnxt0's function */
	long timeout_ms;	/* the driver's fw_timeout_ms as found */
	long allocated;
};

FIXTURE_SETUP(fw)
{
	self->fd = -1;
	if (rig_soft_count() < 1)
		SKIP(return, "needs a modelled NIC (scripts/vm-run --soft 1)");
	ASSERT_EQ(0, rig_model_dir(0, self->dir, sizeof(self->dir)));
	ASSERT_EQ(0, access(self->dir, F_OK)) TH_LOG("no %s: debugfs not mounted?", self->dir);
	self->timeout_ms = rig_param_num("fw_timeout_ms", -1);
	ASSERT_LE(0, self->timeout_ms);
	self->allocated = rig_debugfs_num("allocated_pages");
	self->fd = raw_open(0);
	ASSERT_LE(0, self->fd);
}

FIXTURE_TEARDOWN(fw)
{
	static const char *const off[][2] = {
		{ "fail_opcode", "0 0" }, { "fail_cmd", "0 0" }, { "delay_cmd", "0 0" },
		{ "drop_cmd", "0" }, { "creq_stall", "0" }, { "hang", "0" },
		{ "dma_fail", "0" }, { "fail_hwrm", "0 0" }, { "irqs", "on" },
		{ "mtu", "9000" },
	};
	unsigned int i;

	if (self->fd >= 0)
		close(self->fd);
	if (!self->dir[0])
		return;
	for (i = 0; i < sizeof(off) / sizeof(off[0]); i++)
		dir_write(self->dir, off[i][0], off[i][1]);
	if (self->timeout_ms >= 0)
		rig_param_set("fw_timeout_ms", self->timeout_ms);
}

/* Restart rig_bnxt0's function (a firmware reset): a new rig_bnxt0. */
static void reset_function(struct __test_metadata *_metadata, FIXTURE_DATA(fw) *self)
{
	ASSERT_EQ(0, dir_write(self->dir, "state", "stop"));
	ASSERT_TRUE(nic_becomes(0, 0, 10000)) TH_LOG("rig_bnxt0 stays after the stop");
	ASSERT_EQ(0, dir_write(self->dir, "state", "restart"));
	ASSERT_TRUE(nic_becomes(0, 1, 10000)) TH_LOG("no rig_bnxt0 after the restart");
}

/* ---- refusals --------------------------------------------------------- */

/* A call that sends @opcode among its commands: 0 or -errno. */
struct refusal {
	int opcode;
	const char *name;
	int (*call)(int fd, struct raw_qp *a, struct raw_qp *b,
		    struct rig_bnxt_reg_region *r);
};

static int call_make_qp(int fd, struct raw_qp *a, struct raw_qp *b,
			struct rig_bnxt_reg_region *r)
{
	(void)b;
	(void)r;
	return raw_qp_make(fd, 4, 1, a);
}

static int call_connect(int fd, struct raw_qp *a, struct raw_qp *b,
			struct rig_bnxt_reg_region *r)
{
	(void)r;
	(void)fd;
	return raw_qp_connect(a, b);
}

static int call_host(int fd, struct raw_qp *a, struct raw_qp *b,
		     struct rig_bnxt_reg_region *r)
{
	(void)a;
	(void)b;
	return raw_host(fd, 4096, r);
}

TEST_F(fw, each_refused_command_fails_its_call_with_eio_naming_command_and_status)
{
	static const struct refusal refusals[] = {
		{ RIG_FW_CREATE_CQ, "CREATE_CQ", call_make_qp },
		{ RIG_FW_CREATE_QP, "CREATE_QP", call_make_qp },
		{ RIG_FW_MODIFY_QP, "MODIFY_QP", call_connect },
		{ RIG_FW_ALLOCATE_MRW, "ALLOCATE_MRW", call_host },
		{ RIG_FW_REGISTER_MR, "REGISTER_MR", call_host },
	};
	char msg[RIG_BNXT_ERROR_BYTES], want[64];
	struct rig_bnxt_reg_region r;
	struct raw_qp a, b;
	unsigned int i;
	int ret;

	for (i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		const struct refusal *t = &refusals[i];
		long qps = rig_model_num(0, "qps", -1), cqs = rig_model_num(0, "cqs", -1);
		long mrs = rig_model_num(0, "mrs", -1);

		memset(&a, 0, sizeof(a));
		if (t->call == call_connect) {
			ASSERT_EQ(0, raw_qp_make(self->fd, 4, 1, &a));
			ASSERT_EQ(0, raw_qp_make(self->fd, 4, 2, &b));
		}
		ASSERT_EQ(0, rig_model_refuse(0, t->opcode));
		ret = t->call(self->fd, &a, &b, &r);
		EXPECT_EQ(-EIO, ret) TH_LOG("%s refused", t->name);
		last_error(self->fd, msg, sizeof(msg));
		snprintf(want, sizeof(want), "%s refused by the firmware: status 0x01", t->name);
		EXPECT_NE(NULL, strstr(msg, want)) TH_LOG("the kernel said \"%s\"", msg);
		if (t->call == call_connect) {
			/* Refused, not broken: it may be connected after all. */
			EXPECT_EQ(0, raw_qp_connect(&a, &b));
			EXPECT_EQ(0, raw_qp_destroy(&a));
			EXPECT_EQ(0, raw_qp_destroy(&b));
		}
		/* Nothing of the failed call stays in the firmware. */
		EXPECT_EQ(qps, rig_model_num(0, "qps", -1)) TH_LOG("%s", t->name);
		EXPECT_EQ(cqs, rig_model_num(0, "cqs", -1)) TH_LOG("%s", t->name);
		EXPECT_EQ(mrs, rig_model_num(0, "mrs", -1)) TH_LOG("%s", t->name);
	}
	EXPECT_EQ(self->allocated, rig_debugfs_num("allocated_pages"));
}

TEST_F(fw, a_refused_queue_pair_destruction_breaks_it_until_close_which_destroys_it)
{
	char msg[RIG_BNXT_ERROR_BYTES];
	struct raw_qp a, b;

	ASSERT_EQ(0, raw_qp_make(self->fd, 4, 1, &a));
	ASSERT_EQ(0, raw_qp_make(self->fd, 4, 2, &b));
	ASSERT_EQ(0, rig_model_refuse(0, RIG_FW_DESTROY_QP));
	EXPECT_EQ(-EIO, raw_qp_destroy(&a));
	last_error(self->fd, msg, sizeof(msg));
	EXPECT_NE(NULL, strstr(msg, "DESTROY_QP refused by the firmware: status 0x01"))
		TH_LOG("the kernel said \"%s\"", msg);
	/* Broken: every later command on it fails; the firmware still has it. */
	EXPECT_EQ(-EIO, raw_handle(self->fd, RIG_BNXT_DESTROY_QP, a.c.handle));
	EXPECT_EQ(-EIO, raw_qp_connect(&a, &b));
	EXPECT_EQ(2, rig_model_num(0, "qps", -1));
	EXPECT_EQ(2, rig_model_num(0, "cqs", -1));

	/* A refused DESTROY_CQ (the queue pair went) breaks it as well. */
	ASSERT_EQ(0, rig_model_refuse(0, RIG_FW_DESTROY_CQ));
	EXPECT_EQ(-EIO, raw_qp_destroy(&b));
	EXPECT_EQ(1, rig_model_num(0, "qps", -1));
	EXPECT_EQ(2, rig_model_num(0, "cqs", -1));

	/* Closing the file destroys both for good, and frees their memory. */
	close(self->fd);
	self->fd = -1;
	EXPECT_EQ(0, rig_model_num(0, "qps", -1));
	EXPECT_EQ(0, rig_model_num(0, "cqs", -1));
	EXPECT_EQ(self->allocated, rig_debugfs_num("allocated_pages"));
}

/*
 * What bring-up sends, refused: HWRM (VER_GET, the first request), then
 * the RoCE commands QUERY_FUNC, INITIALIZE_FW and ADD_GID.  The function
 * is not taken (no NIC, everything undone); a reset with the firmware
 * willing takes it.
 */
TEST_F_TIMEOUT(fw, a_function_whose_bring_up_is_refused_is_not_taken_until_a_reset, 120)
{
	static const char *const refusals[][2] = {
		{ "fail_hwrm", "1 2" },		/* HWRM_ERR_CODE_INVALID_PARAMS */
		{ "fail_opcode", "0x83 1" },	/* QUERY_FUNC */
		{ "fail_opcode", "0x80 1" },	/* INITIALIZE_FW */
		{ "fail_opcode", "0x11 1" },	/* ADD_GID */
	};
	struct rig_bnxt_reg_region r;
	unsigned int i;

	close(self->fd);
	self->fd = -1;
	for (i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		ASSERT_EQ(0, dir_write(self->dir, "state", "stop"));
		ASSERT_TRUE(nic_becomes(0, 0, 10000));
		ASSERT_EQ(0, dir_write(self->dir, refusals[i][0], refusals[i][1]));
		ASSERT_EQ(0, dir_write(self->dir, "state", "restart"));
		EXPECT_FALSE(nic_becomes(0, 1, 2000)) TH_LOG("%s %s", refusals[i][0],
							      refusals[i][1]);
		EXPECT_EQ(0, dir_num(self->dir, "cqs"));
		EXPECT_EQ(0, dir_num(self->dir, "mrs"));
		EXPECT_EQ(self->allocated, rig_debugfs_num("allocated_pages"));
	}
	/* Nothing armed now: the next reset brings the NIC up. */
	reset_function(_metadata, self);
	self->fd = raw_open(0);
	ASSERT_LE(0, self->fd);
	EXPECT_EQ(0, raw_host(self->fd, 4096, &r));
}

/*
 * A bring-up whose command the firmware never answers fails the command
 * channel.  The next restart must start from a new channel, not from the
 * failed one (nor from its cookies, positions or notification queues).
 */
TEST_F_TIMEOUT(fw, a_bring_up_that_timed_out_leaves_the_next_one_whole, 120)
{
	struct rig_bnxt_reg_region r;

	close(self->fd);
	self->fd = -1;
	ASSERT_EQ(0, rig_param_set("fw_timeout_ms", 500));
	ASSERT_EQ(0, dir_write(self->dir, "state", "stop"));
	ASSERT_TRUE(nic_becomes(0, 0, 10000));
	/* QUERY_FUNC, bring-up's first command, consumed and never answered. */
	ASSERT_EQ(0, dir_write(self->dir, "drop_cmd", "1"));
	ASSERT_EQ(0, dir_write(self->dir, "state", "restart"));
	EXPECT_FALSE(nic_becomes(0, 1, 3000)) TH_LOG("a NIC came up with a command unanswered");
	ASSERT_EQ(0, dir_write(self->dir, "drop_cmd", "0"));
	reset_function(_metadata, self);
	self->fd = raw_open(0);
	ASSERT_LE(0, self->fd);
	EXPECT_EQ(0, raw_host(self->fd, 4096, &r));
	EXPECT_EQ(0, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, r.handle));
}

/* Arm @qp's completion ring for its next completion's event. */
static void raw_arm(struct raw_qp *qp)
{
	raw_ring(qp->db[2], qp->c.cqn, RIG_BNXT_DBC_TYPE_CQ_ARMALL, qp->cq_cons,
		 qp->c.cq_entries);
}

/* RIG_BNXT_WAIT on @qp for @ms: 0 with an event, or -errno. */
static int raw_wait(struct raw_qp *qp, unsigned int ms)
{
	struct rig_bnxt_wait w = { .size = sizeof(w), .handle = qp->c.handle, .timeout_ms = ms };

	return raw_cmd(qp->fd, RIG_BNXT_WAIT, &w);
}

/*
 * @n messages from @a to @b, each completion's event waited for:
 * the number of events heard.
 */
static int events_heard(struct __test_metadata *_metadata, struct raw_qp *a, struct raw_qp *b,
			const struct rig_bnxt_local *l, int n)
{
	struct rig_bnxt_completion c;
	int i, heard = 0;

	for (i = 0; i < n; i++) {
		raw_arm(b);
		EXPECT_EQ(0, raw_receive(b, l, 1));
		EXPECT_EQ(0, raw_send(a, l, 1));
		if (raw_wait(b, 5000) == 0)
			heard++;
		EXPECT_EQ(1, raw_poll_ms(a, &c, 10000));
		EXPECT_EQ(1, raw_poll_ms(b, &c, 10000));
	}
	return heard;
}

/*
 * Notifications come through a notification queue whose consumer the
 * driver counts.  A restarted function's queue is new and empty: the
 * driver must count it from nought, or it looks for the first events
 * where the function never wrote them.
 */
TEST_F_TIMEOUT(fw, events_are_heard_on_a_restarted_function, 120)
{
	struct rig_bnxt_reg_region r;
	struct rig_bnxt_local l;
	struct raw_qp a, b;
	int round;

	for (round = 0; round < 2; round++) {
		connected_pair(_metadata, self->fd, 8, 1, &a, &b);
		ASSERT_EQ(0, raw_host(self->fd, 4096, &r));
		l = (struct rig_bnxt_local){ 0, 64, r.key };
		/* Five events on the first function, three on the restarted one. */
		EXPECT_EQ(round ? 3 : 5, events_heard(_metadata, &a, &b, &l, round ? 3 : 5))
			TH_LOG("round %d", round);
		EXPECT_EQ(0, raw_qp_destroy(&a));
		EXPECT_EQ(0, raw_qp_destroy(&b));
		close(self->fd);
		if (!round)
			reset_function(_metadata, self);
		self->fd = raw_open(0);
		ASSERT_LE(0, self->fd);
	}
}

/* ---- timeouts ----------------------------------------------------------- */

TEST_F(fw, a_late_answer_within_the_timeout_is_no_failure)
{
	struct rig_bnxt_reg_region r;
	double t;

	/* ALLOCATE_MRW, the first command of a registration, 300 ms late. */
	ASSERT_EQ(0, rig_model_set(0, "delay_cmd", "1 300"));
	t = raw_now_ms();
	ASSERT_EQ(0, raw_host(self->fd, 4096, &r));
	t = raw_now_ms() - t;
	/* 300 ms by the model's clock, from when it took the command. */
	EXPECT_LE(280, t);
	EXPECT_EQ(0, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, r.handle));
}

/*
 * A command with no answer within fw_timeout_ms fails with ETIMEDOUT and
 * the NIC is failed: every later command is refused at once, with EIO,
 * until the function is reset.  What its files held the firmware kept:
 * their memory stays until the reset ends the firmware, and no longer.
 */
static void expect_failed_nic(struct __test_metadata *_metadata, FIXTURE_DATA(fw) *self,
			      const char *knob, const char *val)
{
	struct rig_bnxt_reg_region r, kept;
	char msg[RIG_BNXT_ERROR_BYTES];
	struct raw_qp qp;
	long allocated;
	double t;

	ASSERT_EQ(0, raw_qp_make(self->fd, 4, 1, &qp));
	ASSERT_EQ(0, raw_host(self->fd, 8192, &kept));
	ASSERT_EQ(0, rig_param_set("fw_timeout_ms", 500));
	ASSERT_EQ(0, rig_model_set(0, knob, val));
	t = raw_now_ms();
	EXPECT_EQ(-ETIMEDOUT, raw_host(self->fd, 4096, &r));
	t = raw_now_ms() - t;
	EXPECT_LE(450, t);
	EXPECT_GT(5000, t);
	last_error(self->fd, msg, sizeof(msg));
	EXPECT_NE(NULL, strstr(msg, "ALLOCATE_MRW")) TH_LOG("the kernel said \"%s\"", msg);
	ASSERT_EQ(0, rig_model_set(0, knob, "0"));

	/* Failed: refused at once, even with the firmware answering again. */
	t = raw_now_ms();
	EXPECT_EQ(-EIO, raw_host(self->fd, 4096, &r));
	EXPECT_GT(200, raw_now_ms() - t);
	EXPECT_EQ(-EIO, raw_qp_destroy(&qp));

	/* Closed, the file's objects stay with the firmware that kept them. */
	allocated = rig_debugfs_num("allocated_pages");
	close(self->fd);
	self->fd = -1;
	EXPECT_EQ(allocated, rig_debugfs_num("allocated_pages"));

	/* A reset ends the firmware: all of it goes, and the NIC is new. */
	reset_function(_metadata, self);
	EXPECT_EQ(self->allocated, rig_debugfs_num("allocated_pages"));
	self->fd = raw_open(0);
	ASSERT_LE(0, self->fd);
	EXPECT_EQ(0, raw_host(self->fd, 4096, &r));
	EXPECT_EQ(0, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, r.handle));
}

TEST_F_TIMEOUT(fw, an_unanswered_command_times_out_and_fails_the_nic_until_a_reset, 60)
{
	/* ALLOCATE_MRW is consumed and never answered. */
	expect_failed_nic(_metadata, self, "drop_cmd", "1");
}

TEST_F_TIMEOUT(fw, a_stalled_completion_ring_times_out_the_same_way, 60)
{
	expect_failed_nic(_metadata, self, "creq_stall", "1");
}

TEST_F_TIMEOUT(fw, a_hung_firmware_times_out_the_same_way, 60)
{
	expect_failed_nic(_metadata, self, "hang", "1");
}

/*
 * With fw_timeout_ms left at 0, the timeout is the firmware's own, the
 * max_req_timeout HWRM_VER_GET gave at bring-up (as bnxt_re takes it).
 */
TEST_F_TIMEOUT(fw, the_command_timeout_is_the_one_the_firmware_gives, 60)
{
	long fw_s = rig_soft_param_num("fw_timeout_s", -1);
	struct rig_bnxt_reg_region r;
	double t;

	ASSERT_LT(0, fw_s);
	ASSERT_EQ(0, rig_param_set("fw_timeout_ms", 0));
	ASSERT_EQ(0, rig_soft_param_set("fw_timeout_s", 2));
	close(self->fd);
	reset_function(_metadata, self);
	ASSERT_EQ(0, rig_soft_param_set("fw_timeout_s", fw_s));
	self->fd = raw_open(0);
	ASSERT_LE(0, self->fd);
	ASSERT_EQ(0, rig_model_set(0, "hang", "1"));
	t = raw_now_ms();
	EXPECT_EQ(-ETIMEDOUT, raw_host(self->fd, 4096, &r));
	t = raw_now_ms() - t;
	ASSERT_EQ(0, rig_model_set(0, "hang", "0"));
	TH_LOG("a command with no answer failed after %.0f ms (max_req_timeout 2 s)", t);
	EXPECT_LE(1900, t);
	EXPECT_GT(4000, t);
	close(self->fd);
	self->fd = -1;
	reset_function(_metadata, self);
}

/*
 * An answer the firmware wrote whose interrupt never came (the vectors
 * freed, as around bnxt_en's changes) is found when the command's time
 * is up: the driver looks at the CREQ once more, as bnxt_re does, and the
 * NIC is not failed for a lost interrupt.
 */
TEST_F_TIMEOUT(fw, an_answer_whose_interrupt_was_lost_is_found_at_the_timeout, 60)
{
	struct rig_bnxt_reg_region r;
	double t;

	ASSERT_EQ(0, rig_param_set("fw_timeout_ms", 1000));
	ASSERT_EQ(0, dir_write(self->dir, "irqs", "off"));
	t = raw_now_ms();
	EXPECT_EQ(0, raw_host(self->fd, 4096, &r));
	t = raw_now_ms() - t;
	ASSERT_EQ(0, dir_write(self->dir, "irqs", "on"));
	TH_LOG("registered after %.0f ms with no interrupt", t);
	EXPECT_LE(900, t);
	/* Not failed: the next command is answered as usual. */
	EXPECT_EQ(0, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, r.handle));
}

/* A host region registered on @fd by another thread, timed. */
struct timed_host {
	int fd;
	int ret;
	double ms;
};

static void *timed_host(void *arg)
{
	struct timed_host *h = arg;
	struct rig_bnxt_reg_region r;
	double t = raw_now_ms();

	h->ret = raw_host(h->fd, 4096, &r);
	h->ms = raw_now_ms() - t;
	return NULL;
}

/*
 * When one command times out the channel is failed, and every command
 * still waiting for its answer gives up then, not at its own timeout.
 */
TEST_F_TIMEOUT(fw, a_command_timing_out_gives_up_every_command_in_flight_at_once, 60)
{
	struct timed_host first = { .fd = self->fd }, second = { .fd = self->fd };
	pthread_t t;

	ASSERT_EQ(0, rig_param_set("fw_timeout_ms", 3000));
	ASSERT_EQ(0, rig_model_set(0, "hang", "1"));
	ASSERT_EQ(0, pthread_create(&t, NULL, timed_host, &first));
	usleep(1500 * 1000);
	timed_host(&second);
	pthread_join(t, NULL);
	ASSERT_EQ(0, rig_model_set(0, "hang", "0"));
	EXPECT_EQ(-ETIMEDOUT, first.ret);
	EXPECT_EQ(-EIO, second.ret);
	TH_LOG("the first command timed out after %.0f ms; the second gave up after %.0f ms",
	       first.ms, second.ms);
	/* Half-way into its own wait, with the first: not 3 s after it began. */
	EXPECT_GT(2500, second.ms);
	close(self->fd);
	self->fd = -1;
	reset_function(_metadata, self);
	EXPECT_EQ(self->allocated, rig_debugfs_num("allocated_pages"));
}

/* Hold every command slot of rig_bnxt0: @n threads each register a region. */
static void busy_slots(int n)
{
	struct timed_host h[32];
	pthread_t t[32];
	int fd = raw_open(0), i;

	if (fd < 0)
		_exit(1);
	for (i = 0; i < n; i++) {
		h[i] = (struct timed_host){ .fd = fd };
		if (pthread_create(&t[i], NULL, timed_host, &h[i]))
			_exit(2);
	}
	for (i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	_exit(0);
}

/*
 * A process killed while every command slot is taken (answers late: the
 * completion ring stalled) still has its objects destroyed when its file
 * is released: a teardown waits for a slot whatever the signal.  Had it
 * given up, the firmware would keep them, and their memory would go once
 * the NIC did, while the function could still write it.
 */
TEST_F_TIMEOUT(fw, a_file_killed_while_every_command_slot_is_busy_still_takes_its_objects_down, 120)
{
	int ready[2], status;
	long cmds;
	pid_t owner, busy;
	char c;

	ASSERT_EQ(0, pipe(ready));
	owner = fork();
	ASSERT_LE(0, owner);
	if (owner == 0) {
		struct rig_bnxt_reg_region r;
		struct raw_qp a, b;
		int fd = raw_open(0);

		if (fd < 0 || raw_qp_make(fd, 4, 1, &a) || raw_qp_make(fd, 4, 2, &b) ||
		    raw_host(fd, 4096, &r))
			_exit(1);
		if (write(ready[1], "x", 1) != 1)
			_exit(2);
		pause();
		_exit(0);
	}
	ASSERT_EQ(1, read(ready[0], &c, 1));
	ASSERT_EQ(2, rig_model_num(0, "qps", -1));
	ASSERT_EQ(1, rig_model_num(0, "mrs", -1));

	ASSERT_EQ(0, rig_param_set("fw_timeout_ms", 60000));
	ASSERT_EQ(0, rig_model_set(0, "creq_stall", "1"));
	cmds = rig_model_num(0, "cmds", -1);
	busy = fork();
	ASSERT_LE(0, busy);
	if (busy == 0)
		busy_slots(24);
	/* Sixteen commands consumed, unanswered: every slot is taken. */
	while (rig_model_num(0, "cmds", -1) < cmds + 16)
		usleep(10000);
	usleep(200000);
	ASSERT_EQ(0, kill(owner, SIGKILL));
	/* Its release now waits for a slot; let it wait a while. */
	usleep(1000 * 1000);
	ASSERT_EQ(0, rig_model_set(0, "creq_stall", "0"));
	ASSERT_EQ(busy, waitpid(busy, &status, 0));
	EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ASSERT_EQ(owner, waitpid(owner, &status, 0));
	EXPECT_TRUE(WIFSIGNALED(status));
	/* Both files are closed: the firmware has nothing of them. */
	EXPECT_EQ(0, rig_model_num(0, "qps", -1));
	EXPECT_EQ(0, rig_model_num(0, "cqs", -1));
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
	EXPECT_EQ(self->allocated, rig_debugfs_num("allocated_pages"));
	close(ready[0]);
	close(ready[1]);
}

/*
 * A region whose key the firmware keeps after its file closed still
 * names that file's protection domain: no other file may be given the
 * domain, or its queue pairs would reach the region's memory.
 */
TEST_F_TIMEOUT(fw, a_region_the_firmware_keeps_after_close_is_reached_by_no_other_file, 60)
{
	static const char secret[] = "the bytes of a closed file";
	struct rig_bnxt_reg_region kept, mine;
	struct rig_bnxt_completion c;
	struct rig_bnxt_local l;
	unsigned char *p;
	struct raw_qp a, b;
	int fd;

	ASSERT_EQ(0, raw_host(self->fd, 4096, &kept));
	p = raw_map(self->fd, &kept);
	ASSERT_NE(MAP_FAILED, p);
	memcpy(p, secret, sizeof(secret));
	munmap(p, 4096);
	ASSERT_EQ(0, rig_model_refuse(0, RIG_FW_DEALLOCATE_KEY));
	close(self->fd);
	self->fd = -1;
	ASSERT_EQ(1, rig_model_num(0, "mrs", -1)) TH_LOG("the firmware was to keep the region");

	fd = raw_open(0);
	ASSERT_LE(0, fd);
	connected_pair(_metadata, fd, 4, 1, &a, &b);
	ASSERT_EQ(0, raw_host(fd, 4096, &mine));
	p = raw_map(fd, &mine);
	ASSERT_NE(MAP_FAILED, p);
	l = (struct rig_bnxt_local){ 0, sizeof(secret), mine.key };
	ASSERT_EQ(0, raw_receive(&b, &l, 1));
	/* A send from the kept region's key, by a queue pair of another file. */
	l.key = kept.key;
	ASSERT_EQ(0, raw_send(&a, &l, 1));
	ASSERT_EQ(1, raw_poll_ms(&a, &c, 10000));
	EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR, c.status);
	EXPECT_NE(0, memcmp(p, secret, sizeof(secret))) TH_LOG("another file read the region");
	munmap(p, 4096);
	EXPECT_EQ(0, raw_qp_destroy(&a));
	EXPECT_EQ(0, raw_qp_destroy(&b));
	close(fd);
	/* The NIC going ends the firmware's hold: the memory goes then. */
	reset_function(_metadata, self);
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
	EXPECT_EQ(self->allocated, rig_debugfs_num("allocated_pages"));
}

/* ---- what a physical function leaves its VFs ------------------------------- */

/*
 * On a physical function, INITIALIZE_FW gives the VFs their share, as
 * bnxt_re divides a P5 PF's contexts (bnxt_re_limit_vf_res()): half for
 * the PF, the rest among 64 VFs; keys too; 128 GIDs each.
 */
TEST_F(fw, initialize_fw_leaves_the_vfs_what_bnxt_re_leaves_them)
{
	long qp = rig_file_num("/sys/class/rig_bnxt/rig_bnxt0/max_qp", -1);
	long cq = rig_file_num("/sys/class/rig_bnxt/rig_bnxt0/max_cq", -1);
	long mr = rig_file_num("/sys/class/rig_bnxt/rig_bnxt0/max_mr", -1);
	unsigned int v[5] = { 0 };
	char path[PATH_MAX + 64];
	FILE *f;

	ASSERT_LT(0, qp);
	snprintf(path, sizeof(path), "%s/vf_limits", self->dir);
	f = fopen(path, "re");
	ASSERT_NE(NULL, f);
	ASSERT_EQ(5, fscanf(f, "qp %u mrw %u srq %u cq %u gid %u", &v[0], &v[1], &v[2], &v[3],
			    &v[4]));
	fclose(f);
	EXPECT_EQ((qp < 65536 ? qp : 65536) * 50 / 6400, v[0]);
	EXPECT_EQ(mr < 65536 ? mr * 50 / 6400 : ((mr < 262144 ? mr : 262144) - 32768) / 64, v[1]);
	EXPECT_EQ(0, v[2]);	/* the model has no SRQ */
	EXPECT_EQ((cq < 65536 ? cq : 65536) * 50 / 6400, v[3]);
	EXPECT_EQ(128, v[4]);
}

/* ---- the path MTU ---------------------------------------------------------- */

/*
 * A queue pair's path MTU is what the function's interface allows, as
 * bnxt_re caps it (iboe_get_mtu()): 1024 at an Ethernet MTU of 1500, so
 * no packet outgrows the link; a message is cut to it.
 */
TEST_F_TIMEOUT(fw, the_path_mtu_is_what_the_interfaces_mtu_allows, 60)
{
	static const struct { const char *mtu; uint32_t path; } cases[] = {
		{ "1500", 1024 }, { "1120", 1024 }, { "1119", 512 }, { "576", 256 },
		{ "9000", 4096 },
	};
	long tx = model_stat(self->dir, "tx_pkts");
	struct rig_bnxt_completion c;
	struct rig_bnxt_reg_region r;
	struct rig_bnxt_local l;
	struct raw_qp a, b;
	unsigned int i;

	ASSERT_EQ(0, raw_host(self->fd, 8192, &r));
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ASSERT_EQ(0, dir_write(self->dir, "mtu", cases[i].mtu));
		connected_pair(_metadata, self->fd, 4, 1, &a, &b);
		EXPECT_EQ(cases[i].path, a.c.mtu) TH_LOG("interface MTU %s", cases[i].mtu);
		/* 4000 bytes: four packets of 1024, eight of 512... */
		l = (struct rig_bnxt_local){ 0, 4000, r.key };
		ASSERT_EQ(0, raw_receive(&b, &l, 1));
		ASSERT_EQ(0, raw_send(&a, &l, 1));
		ASSERT_EQ(1, raw_poll_ms(&a, &c, 10000));
		EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_OK, c.status) TH_LOG("MTU %s", cases[i].mtu);
		ASSERT_EQ(1, raw_poll_ms(&b, &c, 10000));
		EXPECT_EQ(tx + (4000 + cases[i].path - 1) / cases[i].path,
			  model_stat(self->dir, "tx_pkts")) TH_LOG("MTU %s", cases[i].mtu);
		tx = model_stat(self->dir, "tx_pkts");
		EXPECT_EQ(0, raw_qp_destroy(&a));
		EXPECT_EQ(0, raw_qp_destroy(&b));
	}
}

/* ---- the rings wrap -------------------------------------------------------- */

TEST_F_TIMEOUT(fw, the_command_and_completion_rings_wrap_many_times, 300)
{
	/* CMDQ: 256 slots; CREQ: 1024 entries; three commands per region. */
	enum { N = 1200 };
	long cmds = rig_model_num(0, "cmds", -1), creq = model_stat(self->dir, "creq_entries");
	struct rig_bnxt_completion c;
	struct rig_bnxt_reg_region r;
	struct raw_qp a, b;
	int i;

	for (i = 0; i < N; i++) {
		ASSERT_EQ(0, raw_host(self->fd, 4096, &r)) TH_LOG("region %d", i);
		ASSERT_EQ(0, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, r.handle));
	}
	TH_LOG("%ld commands, %ld CREQ entries", rig_model_num(0, "cmds", -1) - cmds,
	       model_stat(self->dir, "creq_entries") - creq);
	EXPECT_LE(cmds + 3 * N, rig_model_num(0, "cmds", -1));
	EXPECT_LE(creq + 3 * N, model_stat(self->dir, "creq_entries"));

	/* And everything still works. */
	connected_pair(_metadata, self->fd, 4, 1, &a, &b);
	ASSERT_EQ(0, raw_host(self->fd, 4096, &r));
	{
		struct rig_bnxt_local l = { 0, 64, r.key };

		ASSERT_EQ(0, raw_receive(&b, &l, 1));
		ASSERT_EQ(0, raw_send(&a, &l, 1));
	}
	ASSERT_EQ(1, raw_poll_ms(&a, &c, 10000));
	EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_OK, c.status);
	ASSERT_EQ(1, raw_poll_ms(&b, &c, 10000));
	EXPECT_EQ(RIG_BNXT_CQ_RES_RC_STATUS_OK, c.status);
}

/* ---- doorbells ------------------------------------------------------------- */

TEST_F(fw, the_nic_hears_a_doorbell_at_offset_0_of_its_page_and_nowhere_else)
{
	struct rig_bnxt_completion c;
	struct rig_bnxt_reg_region r;
	struct rig_bnxt_local l;
	struct raw_qp a, b;
	void *two;

	connected_pair(_metadata, self->fd, 4, 1, &a, &b);
	ASSERT_EQ(0, raw_host(self->fd, 4096, &r));
	l = (struct rig_bnxt_local){ 0, 64, r.key };
	ASSERT_EQ(0, raw_receive(&b, &l, 1));

	/* A doorbell page is one page: no more of the BAR is mapped. */
	two = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, self->fd,
		   (off_t)a.c.sq_db_offset);
	EXPECT_EQ(MAP_FAILED, two);

	/* The entry, and its doorbell one word too far: nothing happens. */
	ASSERT_EQ(0, rig_bnxt_put_send(a.map + a.c.sq_offset,
				       (size_t)a.c.sq_slots * RIG_BNXT_ENTRY_SIZE, 0, true, &l, 1));
	raw_psn(&a, 0, RIG_BNXT_SQ_WQE_TYPE_SEND, 64);
	raw_ring(a.db[0] + 1, a.c.qpn, RIG_BNXT_DBC_TYPE_SQ, 1, a.c.sq_slots);
	ASSERT_EQ(0, raw_kick(&a));
	EXPECT_EQ(0, raw_poll_ms(&a, &c, 300));

	/* At offset 0, it goes. */
	a.sq_prod = 1;
	raw_ring(a.db[0], a.c.qpn, RIG_BNXT_DBC_TYPE_SQ, 1, a.c.sq_slots);
	ASSERT_EQ(0, raw_kick(&a));
	ASSERT_EQ(1, raw_poll_ms(&a, &c, 10000));
	EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_OK, c.status);
	ASSERT_EQ(1, raw_poll_ms(&b, &c, 10000));
	EXPECT_EQ(64, c.bytes);
}

/* ---- DMA faults -------------------------------------------------------------- */

TEST_F(fw, a_dma_fault_fails_the_entry_and_nothing_else)
{
	struct rig_bnxt_completion c;
	struct rig_bnxt_reg_region r;
	struct rig_bnxt_local l;
	struct raw_qp a, b, x, y;
	long faults = model_stat(self->dir, "dma_faults");
	int iommu = rig_file_num("/sys/class/rig_bnxt/rig_bnxt0/iommu", 0);

	ASSERT_LE(0, faults);
	TH_LOG("rig_bnxt0 is %sbehind an IOMMU", iommu ? "" : "not ");
	connected_pair(_metadata, self->fd, 4, 1, &a, &b);
	ASSERT_EQ(0, raw_host(self->fd, 4096, &r));
	l = (struct rig_bnxt_local){ 0, 64, r.key };
	ASSERT_EQ(0, raw_receive(&b, &l, 1));

	/*
	 * The model's next access fails as an address the IOMMU does not
	 * translate fails: the entry it was reading or writing fails.
	 */
	ASSERT_EQ(0, rig_model_set(0, "dma_fail", "1"));
	ASSERT_EQ(0, raw_send(&a, &l, 1));
	ASSERT_EQ(1, raw_poll_ms(&a, &c, 10000));
	EXPECT_NE(RIG_BNXT_CQ_REQ_STATUS_OK, c.status) TH_LOG("status %u", c.status);
	EXPECT_EQ(faults + 1, model_stat(self->dir, "dma_faults"));

	/* Other queue pairs of the NIC are untouched. */
	connected_pair(_metadata, self->fd, 4, 3, &x, &y);
	ASSERT_EQ(0, raw_receive(&y, &l, 1));
	ASSERT_EQ(0, raw_send(&x, &l, 1));
	ASSERT_EQ(1, raw_poll_ms(&x, &c, 10000));
	EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_OK, c.status);
	ASSERT_EQ(1, raw_poll_ms(&y, &c, 10000));
	EXPECT_EQ(RIG_BNXT_CQ_RES_RC_STATUS_OK, c.status);
}

/* ---- the chip as it may be: what the model does by default ---------------------- */

/* Write @n signalled SENDs of @l on @qp and ring once: the NIC meets them together. */
static void burst_sends(struct __test_metadata *_metadata, struct raw_qp *qp,
			const struct rig_bnxt_local *l, unsigned int n)
{
	size_t ring = (size_t)qp->c.sq_slots * RIG_BNXT_ENTRY_SIZE;
	unsigned int i;

	for (i = 0; i < n; i++) {
		uint32_t pos = (uint32_t)((qp->sq_prod + i) % qp->c.sq_slots);

		ASSERT_EQ(0, rig_bnxt_put_send(qp->map + qp->c.sq_offset, ring,
					       (size_t)pos * RIG_BNXT_ENTRY_SIZE, true, l, 1));
		raw_psn(qp, pos, RIG_BNXT_SQ_WQE_TYPE_SEND, l->bytes);
	}
	qp->sq_prod += n;
	raw_ring(qp->db[0], qp->c.qpn, RIG_BNXT_DBC_TYPE_SQ, qp->sq_prod, qp->c.sq_slots);
	ASSERT_EQ(0, raw_kick(qp));
}

TEST_F(fw, the_nic_may_complete_several_sends_with_one_completion_naming_its_raw_count)
{
	struct rig_bnxt_completion c;
	struct rig_bnxt_reg_region r;
	struct rig_bnxt_local l;
	struct raw_qp a, b;
	unsigned int round, i, cqes = 0;
	uint16_t done = 0;

	connected_pair(_metadata, self->fd, 4, 1, &a, &b);
	ASSERT_EQ(0, raw_host(self->fd, 4096, &r));
	l = (struct rig_bnxt_local){ 0, 64, r.key };
	for (round = 0; round < 8; round++) {
		for (i = 0; i < 4; i++)
			ASSERT_EQ(0, raw_receive(&b, &l, 1));
		burst_sends(_metadata, &a, &l, 4);
		for (i = 0; i < 4; i++) {
			ASSERT_EQ(1, raw_poll_ms(&b, &c, 10000));
			EXPECT_EQ(RIG_BNXT_CQ_RES_RC_STATUS_OK, c.status);
		}
		while ((uint16_t)(done - 4 * round) < 4) {
			uint16_t covered;

			ASSERT_EQ(1, raw_poll_ms(&a, &c, 10000)) TH_LOG("round %u", round);
			ASSERT_EQ(RIG_BNXT_CQ_BASE_CQE_TYPE_REQ, c.type);
			EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_OK, c.status);
			covered = (uint16_t)(c.sq_cons_idx - done);
			ASSERT_LE(1, covered);
			ASSERT_GE(4, covered) TH_LOG("index %u after %u", c.sq_cons_idx, done);
			done = c.sq_cons_idx;
			cqes++;
		}
	}
	TH_LOG("32 sends, %u completions", cqes);
	/* The raw count, and fewer completions than entries. */
	EXPECT_EQ(32, done);
	EXPECT_GT(32, cqes);
}

TEST_F(fw, a_failed_queue_pair_ends_with_a_terminal_completion_and_nothing_is_flushed)
{
	struct rig_bnxt_completion c;
	struct rig_bnxt_reg_region r;
	struct rig_bnxt_local small, l;
	struct raw_qp a, b;

	connected_pair(_metadata, self->fd, 4, 1, &a, &b);
	ASSERT_EQ(0, raw_host(self->fd, 4096, &r));
	small = (struct rig_bnxt_local){ 0, 8, r.key };
	l = (struct rig_bnxt_local){ 0, 64, r.key };
	ASSERT_EQ(0, raw_receive(&b, &small, 1));
	ASSERT_EQ(0, raw_receive(&a, &l, 1));
	burst_sends(_metadata, &a, &l, 3);
	/* The failing send, then the end: not the two sends behind it. */
	ASSERT_EQ(1, raw_poll_ms(&a, &c, 10000));
	EXPECT_EQ(RIG_BNXT_CQ_BASE_CQE_TYPE_REQ, c.type);
	EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_REMOTE_INVALID_REQUEST_ERR, c.status);
	/* Its receive perhaps flushed by the chip; then the terminal completion. */
	ASSERT_EQ(1, raw_poll_ms(&a, &c, 10000));
	if (c.type == RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC) {
		EXPECT_EQ(RIG_BNXT_CQ_RES_RC_STATUS_HW_FLUSH_ERR, c.status);
		ASSERT_EQ(1, raw_poll_ms(&a, &c, 10000));
	}
	EXPECT_EQ(RIG_BNXT_CQ_BASE_CQE_TYPE_TERMINAL, c.type);
	EXPECT_EQ(1, c.sq_cons_idx);
	EXPECT_EQ(0, raw_poll_ms(&a, &c, 300)) TH_LOG("type %u status %u", c.type, c.status);
	/* Nor what is posted after. */
	ASSERT_EQ(0, raw_send(&a, &l, 1));
	EXPECT_EQ(0, raw_poll_ms(&a, &c, 300)) TH_LOG("type %u status %u", c.type, c.status);
}

TEST_F(fw, a_completion_that_finds_its_ring_full_fails_the_ring_and_overwrites_nothing)
{
	long overflows = model_stat(self->dir, "cq_overflows");
	struct rig_bnxt_completion c;
	struct rig_bnxt_reg_region r;
	struct rig_bnxt_local l;
	struct raw_qp a, b;
	unsigned int round, i, n = 0;

	ASSERT_LE(0, overflows);
	connected_pair(_metadata, self->fd, 4, 1, &a, &b);
	ASSERT_EQ(0, raw_host(self->fd, 4096, &r));
	l = (struct rig_bnxt_local){ 0, 64, r.key };
	/*
	 * Bursts of sends, none of a's completions taken: each burst writes
	 * at least one, so the ring of 9 is full within ten.
	 */
	for (round = 0; round < 12 && model_stat(self->dir, "cq_overflows") == overflows;
	     round++) {
		for (i = 0; i < 4; i++)
			ASSERT_EQ(0, raw_receive(&b, &l, 1));
		burst_sends(_metadata, &a, &l, 4);
		/* The burst's receives, but those of sends that never ran. */
		for (i = 0; i < 4 && raw_poll_ms(&b, &c, 2000); i++)
			EXPECT_EQ(RIG_BNXT_CQ_RES_RC_STATUS_OK, c.status);
	}
	EXPECT_EQ(overflows + 1, model_stat(self->dir, "cq_overflows"));
	/* What the ring held stands; the completion that overflowed is nowhere. */
	while (raw_poll_ms(&a, &c, 300)) {
		EXPECT_EQ(RIG_BNXT_CQ_BASE_CQE_TYPE_REQ, c.type);
		EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_OK, c.status);
		n++;
	}
	EXPECT_EQ(a.c.cq_entries, n);
}

TEST_F(fw, a_queue_pair_going_into_error_wakes_a_wait_on_it_with_no_ring_armed)
{
	struct rig_bnxt_wait w = { .size = sizeof(w), .timeout_ms = 5000 };
	struct rig_bnxt_completion c;
	struct rig_bnxt_reg_region r;
	struct rig_bnxt_local small, l;
	struct raw_qp a, b;
	double start;
	int ret;

	connected_pair(_metadata, self->fd, 4, 1, &a, &b);
	ASSERT_EQ(0, raw_host(self->fd, 4096, &r));
	small = (struct rig_bnxt_local){ 0, 8, r.key };
	l = (struct rig_bnxt_local){ 0, 64, r.key };
	/* No ring armed: no completion raises an event; the error does. */
	ASSERT_EQ(0, raw_receive(&b, &small, 1));
	ASSERT_EQ(0, raw_send(&a, &l, 1));
	ASSERT_EQ(1, raw_poll_ms(&b, &c, 10000));
	EXPECT_EQ(RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR, c.status);
	w.handle = b.c.handle;
	start = raw_now_ms();
	ret = raw_cmd(self->fd, RIG_BNXT_WAIT, &w);
	EXPECT_EQ(0, ret) TH_LOG("after %.0f ms", raw_now_ms() - start);
	w.handle = a.c.handle;
	EXPECT_EQ(0, raw_cmd(self->fd, RIG_BNXT_WAIT, &w));
}

/* ---- stop, restart, removal with files open ------------------------------------ */

TEST_F_TIMEOUT(fw, a_stopped_function_takes_the_nic_from_open_files_and_restarts_new, 60)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };
	struct rig_bnxt_reg_region r;
	struct rig_bnxt_local l;
	struct raw_qp a, b;
	unsigned char *host;
	struct pollfd pfd;

	connected_pair(_metadata, self->fd, 4, 1, &a, &b);
	ASSERT_EQ(0, raw_host(self->fd, 1 << 20, &r));
	host = raw_map(self->fd, &r);
	ASSERT_NE(MAP_FAILED, host);
	/* A transfer in flight: a receive waits for a send never rung. */
	l = (struct rig_bnxt_local){ 0, 1 << 20, r.key };
	ASSERT_EQ(0, raw_receive(&b, &l, 1));

	EXPECT_FALSE(rig_sigbus_on_touch(host));
	ASSERT_EQ(0, dir_write(self->dir, "state", "stop"));
	ASSERT_TRUE(nic_becomes(0, 0, 10000));
	/* Every command: ENODEV; every mapping: zapped; the firmware: empty. */
	EXPECT_EQ(-ENODEV, raw_cmd(self->fd, RIG_BNXT_QUERY, &q));
	EXPECT_EQ(-ENODEV, raw_host(self->fd, 4096, &r));
	EXPECT_EQ(-ENODEV, raw_kick(&a));
	pfd = (struct pollfd){ .fd = self->fd, .events = POLLIN };
	EXPECT_EQ(1, poll(&pfd, 1, 0));
	EXPECT_TRUE(pfd.revents & (POLLERR | POLLHUP)) TH_LOG("revents %#x", pfd.revents);
	EXPECT_TRUE(rig_sigbus_on_touch(host));
	EXPECT_TRUE(rig_sigbus_on_touch(a.map + a.c.cq_offset));
	EXPECT_TRUE(rig_sigbus_on_touch(a.db[0]));
	EXPECT_EQ(0, dir_num(self->dir, "qps"));
	EXPECT_EQ(0, dir_num(self->dir, "cqs"));
	EXPECT_EQ(0, dir_num(self->dir, "mrs"));
	/* Taking it down told the stopped function nothing (no RING_FREE...). */
	EXPECT_EQ(0, dir_num(self->dir, "hwrm_stopped"));

	/* Nothing is re-created: the restarted function is a new NIC. */
	ASSERT_EQ(0, dir_write(self->dir, "state", "restart"));
	ASSERT_TRUE(nic_becomes(0, 1, 10000));
	EXPECT_EQ(-ENODEV, raw_cmd(self->fd, RIG_BNXT_QUERY, &q));
	/* The mappings hold the file: its memory goes with the last of them. */
	EXPECT_EQ(-ENODEV, raw_qp_destroy(&a));
	EXPECT_EQ(-ENODEV, raw_qp_destroy(&b));
	munmap(host, 1 << 20);
	close(self->fd);
	self->fd = raw_open(0);
	ASSERT_LE(0, self->fd);
	EXPECT_EQ(0, raw_cmd(self->fd, RIG_BNXT_QUERY, &q));
	EXPECT_EQ(self->allocated, rig_debugfs_num("allocated_pages"));
}

/*
 * A stop takes every mapping of its files away while they live.  Mappings
 * of one page of each kind (the status page, a doorbell, the rings, a host
 * region), touched or not, zapped, then moved (refused) and unmapped: the
 * kernel reports nothing, for no PAT bookkeeping looks for their pages.
 */
TEST_F_TIMEOUT(fw, one_page_mappings_zapped_by_a_stop_move_and_unmap_with_no_kernel_report, 60)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };
	struct rig_bnxt_reg_region r;
	void *map[5] = { MAP_FAILED, MAP_FAILED, MAP_FAILED, MAP_FAILED, MAP_FAILED };
	struct raw_qp a;
	int kmsg, i;

	kmsg = rig_kmsg_open();
	ASSERT_LE(0, kmsg);
	ASSERT_EQ(0, raw_cmd(self->fd, RIG_BNXT_QUERY, &q));
	if (q.flags & RIG_BNXT_QUERY_NEEDS_KICK)
		map[0] = mmap(NULL, 4096, PROT_READ, MAP_SHARED, self->fd,
			      (off_t)q.status_offset);
	ASSERT_EQ(0, raw_qp_make(self->fd, 4, 1, &a));
	map[1] = raw_db_map(self->fd, a.c.sq_db_offset);
	map[2] = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, self->fd,
		      (off_t)a.c.mmap_offset);
	ASSERT_EQ(0, raw_host(self->fd, 4096, &r));
	map[3] = raw_map(self->fd, &r);
	map[4] = raw_map(self->fd, &r);		/* never touched */
	for (i = 1; i < 5; i++)
		ASSERT_NE(MAP_FAILED, map[i]) TH_LOG("mapping %d", i);
	for (i = 0; i < 4; i++)
		if (map[i] != MAP_FAILED)
			EXPECT_FALSE(rig_sigbus_on_touch(map[i])) TH_LOG("mapping %d", i);

	ASSERT_EQ(0, dir_write(self->dir, "state", "stop"));
	ASSERT_TRUE(nic_becomes(0, 0, 10000));
	for (i = 0; i < 5; i++) {
		void *target;

		if (map[i] == MAP_FAILED)
			continue;
		EXPECT_TRUE(rig_sigbus_on_touch(map[i])) TH_LOG("mapping %d", i);
		target = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		ASSERT_NE(MAP_FAILED, target);
		EXPECT_EQ(MAP_FAILED, mremap(map[i], 4096, 4096,
					     MREMAP_MAYMOVE | MREMAP_FIXED, target));
		munmap(target, 4096);
		EXPECT_EQ(0, munmap(map[i], 4096)) TH_LOG("mapping %d", i);
	}
	munmap((void *)a.db[1], 4096);
	munmap((void *)a.db[2], 4096);
	munmap((void *)a.db[0], 4096);
	munmap(a.map, a.c.mmap_bytes);
	ASSERT_EQ(0, dir_write(self->dir, "state", "restart"));
	ASSERT_TRUE(nic_becomes(0, 1, 10000));
	EXPECT_EQ(0, rig_kernel_reports(kmsg));
	close(kmsg);
}

/*
 * A stop the firmware lives through (bnxt_en's reload, suspend, a reset
 * it announces): the driver takes everything down in order, telling the
 * firmware (objects, DEINITIALIZE_FW, the notification queues, the
 * statistics context it goes on writing until freed, the CREQ), so the
 * function holds nothing of it when the stop returns.
 */
TEST_F_TIMEOUT(fw, a_stop_the_firmware_lives_through_frees_everything_in_it_first, 60)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };
	long leftovers = model_stat(self->dir, "stop_leftovers");
	long hwrm = model_stat(self->dir, "hwrm");
	struct rig_bnxt_reg_region r;
	struct raw_qp a, b;

	ASSERT_LE(0, leftovers);
	connected_pair(_metadata, self->fd, 4, 1, &a, &b);
	ASSERT_EQ(0, raw_host(self->fd, 4096, &r));
	ASSERT_EQ(0, dir_write(self->dir, "state", "suspend"));
	ASSERT_TRUE(nic_becomes(0, 0, 10000));
	EXPECT_EQ(-ENODEV, raw_cmd(self->fd, RIG_BNXT_QUERY, &q));
	EXPECT_EQ(leftovers, model_stat(self->dir, "stop_leftovers"))
		TH_LOG("the driver left objects, rings or a statistics context with the firmware");
	/* RING_FREE of the NQ and the CREQ, STAT_CTX_FREE. */
	EXPECT_LE(hwrm + 3, model_stat(self->dir, "hwrm"));
	EXPECT_EQ(0, dir_num(self->dir, "hwrm_stopped"));
	ASSERT_EQ(0, dir_write(self->dir, "state", "restart"));
	ASSERT_TRUE(nic_becomes(0, 1, 10000));
	raw_qp_destroy(&a);
	raw_qp_destroy(&b);
	close(self->fd);
	self->fd = raw_open(0);
	ASSERT_LE(0, self->fd);
	EXPECT_EQ(0, raw_cmd(self->fd, RIG_BNXT_QUERY, &q));
	EXPECT_EQ(self->allocated, rig_debugfs_num("allocated_pages"));
}

/* The counter @name of the firmware's statistics block of @pci, or -1. */
static long hw_stat(const char *pci, const char *name)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "/sys/kernel/debug/rig_bnxt/%s/hw_stats", pci);
	return rig_named_stat(path, name);
}

/*
 * The firmware writes the statistics block every second into the memory
 * the driver gave it; the driver shows it (rig_bnxt's debugfs hw_stats).
 */
TEST_F_TIMEOUT(fw, the_firmware_writes_the_statistics_block_the_driver_shows, 60)
{
	const char *pci = strrchr(self->dir, '/') + 1;
	long pkts = hw_stat(pci, "tx_ucast_pkts"), bytes = hw_stat(pci, "tx_ucast_bytes");
	long writes = model_stat(self->dir, "stats_writes");
	struct rig_bnxt_completion c;
	struct rig_bnxt_reg_region r;
	struct rig_bnxt_local l;
	struct raw_qp a, b;
	int i;

	ASSERT_LE(0, pkts) TH_LOG("no hw_stats for %s", pci);
	ASSERT_LE(0, bytes);
	connected_pair(_metadata, self->fd, 8, 1, &a, &b);
	ASSERT_EQ(0, raw_host(self->fd, 4096, &r));
	l = (struct rig_bnxt_local){ 0, 1000, r.key };
	for (i = 0; i < 5; i++) {
		ASSERT_EQ(0, raw_receive(&b, &l, 1));
		ASSERT_EQ(0, raw_send(&a, &l, 1));
		ASSERT_EQ(1, raw_poll_ms(&a, &c, 10000));
		ASSERT_EQ(1, raw_poll_ms(&b, &c, 10000));
	}
	usleep(2500 * 1000);
	EXPECT_LE(writes + 2, model_stat(self->dir, "stats_writes"));
	EXPECT_LE(pkts + 5, hw_stat(pci, "tx_ucast_pkts"));
	EXPECT_LE(bytes + 5000, hw_stat(pci, "tx_ucast_bytes"));
	EXPECT_LE(5000, hw_stat(pci, "rx_ucast_bytes"));
	raw_qp_destroy(&a);
	raw_qp_destroy(&b);
}

/*
 * bnxt_en frees and requests its vectors again around a change of its
 * own (ulp_irq_stop, ulp_irq_restart): the driver masks its rings first,
 * so nothing is raised on a vector that is gone, and afterwards takes
 * what came meanwhile: an event, and a command's answer.
 */
TEST_F_TIMEOUT(fw, what_comes_while_the_vectors_change_is_taken_once_they_are_back, 60)
{
	struct timed_host h = { .fd = self->fd };
	long off = model_stat(self->dir, "raises_off");
	struct rig_bnxt_completion c;
	struct rig_bnxt_reg_region r;
	struct rig_bnxt_local l;
	struct raw_qp a, b;
	pthread_t t;

	connected_pair(_metadata, self->fd, 8, 1, &a, &b);
	ASSERT_EQ(0, raw_host(self->fd, 4096, &r));
	l = (struct rig_bnxt_local){ 0, 64, r.key };
	raw_arm(&b);
	ASSERT_EQ(0, dir_write(self->dir, "irqs", "off"));
	/* A completion on an armed ring, and a command: no vector to raise. */
	ASSERT_EQ(0, raw_receive(&b, &l, 1));
	ASSERT_EQ(0, raw_send(&a, &l, 1));
	ASSERT_EQ(0, pthread_create(&t, NULL, timed_host, &h));
	usleep(500 * 1000);
	EXPECT_EQ(-ETIMEDOUT, raw_wait(&b, 0)) TH_LOG("an event came with the vectors gone");
	EXPECT_EQ(off, model_stat(self->dir, "raises_off"))
		TH_LOG("a ring raised its vector while it was gone: the driver left it armed");
	ASSERT_EQ(0, dir_write(self->dir, "irqs", "on"));
	EXPECT_EQ(0, raw_wait(&b, 5000)) TH_LOG("the event that came meanwhile is lost");
	pthread_join(t, NULL);
	EXPECT_EQ(0, h.ret) TH_LOG("the command answered meanwhile: %s", strerror(-h.ret));
	EXPECT_EQ(1, raw_poll_ms(&a, &c, 10000));
	EXPECT_EQ(1, raw_poll_ms(&b, &c, 10000));
	raw_qp_destroy(&a);
	raw_qp_destroy(&b);
}

TEST_F_TIMEOUT(fw, unloading_the_model_with_transfers_in_flight_takes_the_nic_from_its_files, 120)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };
	struct rig_bnxt_reg_region ra, rb;
	struct rig_bnxt_local la, lb;
	struct raw_qp a, b;
	int i, ret;

	if (!getenv("RIG_SOFT_MODULE"))
		SKIP(return, "RIG_SOFT_MODULE is not set: run under scripts/vm-run --soft");
	connected_pair(_metadata, self->fd, 64, 1, &a, &b);
	ASSERT_EQ(0, raw_host(self->fd, 64 << 20, &ra));
	ASSERT_EQ(0, raw_host(self->fd, 64 << 20, &rb));
	la = (struct rig_bnxt_local){ 0, 64 << 20, ra.key };
	lb = (struct rig_bnxt_local){ 0, 64 << 20, rb.key };
	for (i = 0; i < 32; i++) {
		ASSERT_EQ(0, raw_receive(&b, &lb, 1));
		ASSERT_EQ(0, raw_send(&a, &la, 1));
	}

	/* The model's module goes, and with it the function beneath the NIC. */
	ret = rig_soft_unload(O_NONBLOCK);
	ASSERT_EQ(0, ret) TH_LOG("unloading rig_soft: %s", strerror(-ret));
	EXPECT_FALSE(rig_path_exists("/dev/rig_bnxt%d", 0));
	EXPECT_EQ(-ENODEV, raw_cmd(self->fd, RIG_BNXT_QUERY, &q));
	EXPECT_EQ(-ENODEV, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, ra.handle));
	EXPECT_TRUE(rig_sigbus_on_touch(a.map));
	EXPECT_TRUE(rig_sigbus_on_touch(a.db[1]));
	EXPECT_EQ(-ENODEV, raw_qp_destroy(&a));
	EXPECT_EQ(-ENODEV, raw_qp_destroy(&b));
	close(self->fd);
	self->fd = -1;
	EXPECT_EQ(self->allocated, rig_debugfs_num("allocated_pages"));

	ASSERT_EQ(0, rig_soft_load(NULL));
	ASSERT_TRUE(nic_becomes(0, 1, 10000));
	/* The model's debugfs is new: the teardown must not miss it. */
	ASSERT_EQ(0, rig_model_dir(0, self->dir, sizeof(self->dir)));
}

/* ---- tracepoints ------------------------------------------------------------------ */

#define TRACEFS "/sys/kernel/tracing"

static int trace_write(const char *file, const char *val)
{
	return dir_write(TRACEFS, file, val);
}

/* Read the trace buffer into a malloc()ed string, or NULL. */
static char *trace_read(void)
{
	size_t cap = 1 << 20, len = 0;
	char *buf = malloc(cap);
	int fd = open(TRACEFS "/trace", O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (!buf || fd < 0) {
		free(buf);
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	while ((n = read(fd, buf + len, cap - len - 1)) > 0) {
		len += n;
		if (len + 1 == cap) {
			char *more = realloc(buf, cap *= 2);

			if (!more)
				break;
			buf = more;
		}
	}
	close(fd);
	buf[len] = '\0';
	return buf;
}

/* Is @s lowercase hex, of @n characters? */
static int is_hex(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strchr("0123456789abcdef", s[i]))
			return 0;
	return s[n] == '\0' || s[n] == '\n' || s[n] == ' ';
}

TEST_F_TIMEOUT(fw, the_tracepoints_show_every_command_hwrm_request_and_answer, 60)
{
	char pci[64], *trace, *line, *save, want[128];
	struct rig_bnxt_reg_region r;
	int cmds = 0, dones = 0, hwrms = 0, hwrm_dones = 0;
	unsigned int cookie = 0x10000;

	snprintf(pci, sizeof(pci), "%s", strrchr(self->dir, '/') + 1);
	if (access(TRACEFS "/trace", F_OK))
		mount("tracefs", TRACEFS, "tracefs", 0, NULL);
	if (access(TRACEFS "/events/rig_bnxt", F_OK))
		SKIP(return, "no tracefs, or no rig_bnxt events in it");
	ASSERT_EQ(0, trace_write("tracing_on", "0"));
	ASSERT_EQ(0, trace_write("trace", ""));
	ASSERT_EQ(0, trace_write("events/rig_bnxt/enable", "1"));
	ASSERT_EQ(0, trace_write("tracing_on", "1"));

	/* Firmware commands: a registration; HWRM requests: a reset's bring-up. */
	ASSERT_EQ(0, raw_host(self->fd, 4096, &r));
	close(self->fd);
	self->fd = -1;
	reset_function(_metadata, self);

	trace_write("events/rig_bnxt/enable", "0");
	trace = trace_read();
	trace_write("tracing_on", "1");	/* as the kernel boots: others trace too */
	ASSERT_NE(NULL, trace);
	for (line = strtok_r(trace, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		unsigned int op, ck, st, type, err;
		char *p;

		if (line[0] == '#' || !strstr(line, pci))
			continue;
		if ((p = strstr(line, "rig_bnxt_cmd: "))) {
			char hex[8];

			ASSERT_EQ(2, sscanf(p, "rig_bnxt_cmd: %*s opcode=0x%x cookie=0x%x", &op, &ck))
				TH_LOG("%s", line);
			p = strstr(p, " cmd=");
			ASSERT_NE(NULL, p);
			p += 5;
			/*
			 * Memory order: the opcode is byte 0, cmd_size (in 16s) byte 1;
			 * the command's own bytes, its last slot's tail not shown.
			 */
			snprintf(hex, sizeof(hex), "%02x", op);
			EXPECT_EQ(0, strncmp(p, hex, 2)) TH_LOG("%s", line);
			{
				unsigned int size = strtoul((char[3]){ p[2], p[3], 0 }, NULL, 16);
				size_t len = strspn(p, "0123456789abcdef");

				EXPECT_TRUE(size >= 1 && is_hex(p, len) && len % 2 == 0 &&
					    len > (size - 1) * 32 && len <= size * 32)
					TH_LOG("%s", line);
			}
			if (op == RIG_FW_ALLOCATE_MRW)
				cookie = ck;
			cmds++;
		} else if ((p = strstr(line, "rig_bnxt_cmd_done: "))) {
			ASSERT_EQ(3, sscanf(p, "rig_bnxt_cmd_done: %*s opcode=0x%x cookie=0x%x status=0x%x",
					    &op, &ck, &st)) TH_LOG("%s", line);
			if (op == RIG_FW_ALLOCATE_MRW) {
				EXPECT_EQ(cookie, ck);
				EXPECT_EQ(0, st);
			}
			dones++;
		} else if ((p = strstr(line, "rig_bnxt_hwrm: "))) {
			ASSERT_EQ(1, sscanf(p, "rig_bnxt_hwrm: %*s req_type=0x%x", &type))
				TH_LOG("%s", line);
			p = strstr(p, " req=");
			ASSERT_NE(NULL, p);
			/* The request's first two bytes are req_type, little-endian. */
			snprintf(want, sizeof(want), "%02x%02x", type & 0xff, type >> 8);
			EXPECT_EQ(0, strncmp(p + 5, want, 4)) TH_LOG("%s", line);
			hwrms++;
		} else if ((p = strstr(line, "rig_bnxt_hwrm_done: "))) {
			ASSERT_EQ(2, sscanf(p, "rig_bnxt_hwrm_done: %*s req_type=0x%x error=0x%x",
					    &type, &err)) TH_LOG("%s", line);
			EXPECT_EQ(0, err) TH_LOG("%s", line);
			hwrm_dones++;
		}
	}
	free(trace);
	TH_LOG("%d commands, %d answers, %d HWRM requests, %d answers", cmds, dones, hwrms,
	       hwrm_dones);
	EXPECT_GT(0x10000, cookie) TH_LOG("no ALLOCATE_MRW traced");
	EXPECT_LE(3, cmds);
	EXPECT_EQ(cmds, dones);
	/* VER_GET, FUNC_QCAPS, FUNC_QCFG, RING_ALLOC (CREQ, NQ), STAT_CTX_ALLOC... */
	EXPECT_LE(5, hwrms);
	EXPECT_EQ(hwrms, hwrm_dones);
}

TEST_HARNESS_MAIN
