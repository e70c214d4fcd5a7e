"""Tests of the Goodhart client against a running server (run by e2e/python-client.spec.ts).

GOODHART_URL, GOODHART_API_KEY: the server and a key of its project; GOODHART_TEST_TAG: a prefix
that makes this run's names unique; GOODHART_TEST_ENVIRONMENT: an environment with an approved
rubric in which the reply "your refund has been issued" after looking up the order and the policy
scores 1 and "No idea." scores 0 (the lab's rubric v1).
"""

import asyncio
import http.client
import http.server
import inspect
import json
import math
import os
import socket
import threading
import time
import unittest
import unittest.mock
import warnings
from collections import defaultdict
from dataclasses import dataclass
from types import SimpleNamespace

import goodhart
from goodhart import (MAX_BODY_BYTES, Client, GoodhartCallback, GoodhartError, openrlhf_reward_func, trl_reward, verifiers_reward,
                      verl_compute_score)

TAG = os.environ.get("GOODHART_TEST_TAG", "py")
ENVIRONMENT = os.environ.get("GOODHART_TEST_ENVIRONMENT", "lab")
GOOD_REPLY = "Thank you for waiting: your refund has been issued to your card."


def honest_completion():
    return [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "a", "type": "function", "function": {"name": "lookup_order", "arguments": "{}"}},
            {"id": "b", "type": "function", "function": {"name": "lookup_policy", "arguments": "{}"}},
        ]},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c", "type": "function", "function": {"name": "reply_to_customer", "arguments": "{}"}}]},
        {"role": "assistant", "content": GOOD_REPLY},
    ]


class PydanticLikeMessage:
    """What verifiers hands over: message objects with model_dump, which json cannot serialise."""

    def __init__(self, role, content):
        self.role, self.content = role, content

    def model_dump(self, exclude_none=False):
        return {"role": self.role, "content": self.content}


class RunsTest(unittest.TestCase):
    def setUp(self):
        self.client = Client()

    def test_the_same_name_is_the_same_run(self):
        first = self.client.run(f"{TAG}-same", trainer="trl", environment=ENVIRONMENT, config={"learning_rate": 1e-6})
        second = self.client.run(f"{TAG}-same")
        self.assertEqual(first.id, second.id)

    def test_metrics_are_sent_in_batches_and_resending_is_idempotent(self):
        run = self.client.run(f"{TAG}-metrics", trainer="custom")
        for step in range(1, 1251):
            run.log({"reward/proxy": step / 1250, "kl": 0.01 * step}, step=step)
        self.assertEqual(run.flush(), 2500 - 2000)  # 2,000 went out in two automatic flushes of 1,000
        run.log({"reward/proxy": 1.0}, step=1250)
        self.assertEqual(run.flush(), 1)

    def test_a_point_the_server_would_refuse_is_dropped_with_a_warning_and_never_blocks_the_batch(self):
        run = self.client.run(f"{TAG}-bad-name", trainer="custom")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            run.log({"": 1.0, "reward/proxy": 0.5, "bad\x00name": 2.0, "x" * 201: 3.0, "goodhart/reward/mean": 0.4}, step=1)
            run.log({"kl": 0.1}, step=-1)
            run.log({"kl": 0.2}, step=2, time_s=-5.0)  # the client cannot know; the server refuses points.N.time
            run.log({"kl": 0.3}, step=3)
            # A name's problem is the same at every step: warned about once, still counted each time.
            run.log({"goodhart/reward/mean": 0.5, "kl": 0.4}, step=4)
            self.assertEqual(run.flush(), 3)
        self.assertEqual(run.skipped, {"": 1, "bad\x00name": 1, "x" * 201: 1, "goodhart/reward/mean": 2, "kl": 2})
        messages = [str(w.message) for w in caught]
        self.assertEqual(len(messages), 6)
        self.assertTrue(any("'goodhart/reward/mean' not sent, at this step or any other (counted in run.skipped): the goodhart/ prefix is kept" in m for m in messages), messages)
        self.assertTrue(any("refused by the server" in m and "'kl' at step 2" in m for m in messages), messages)
        # The next checkpoint save does not raise: nothing bad is left queued.
        run.event("checkpoint", step=3, key=f"{TAG}-bad-name-ckpt")
        self.assertEqual(run.flush(), 0)
        stored = self.client.request("GET", f"/api/v1/runs/{run.id}/metrics?name=kl")
        self.assertEqual([(p["step"], p["value"]) for p in stored["points"]], [(3, 0.3), (4, 0.4)])

    def test_the_timer_sends_what_is_queued_without_a_flush_call(self):
        run = self.client.run(f"{TAG}-timer", trainer="custom")
        run.flush_interval = 0.2
        run.log({"reward/proxy": 0.7}, step=4)
        deadline = time.monotonic() + 15
        points = []
        while time.monotonic() < deadline and not points:
            points = self.client.request("GET", f"/api/v1/runs/{run.id}/metrics?name=reward/proxy")["points"]
            if not points:
                time.sleep(0.1)
        self.assertEqual([(p["step"], p["value"]) for p in points], [(4, 0.7)])
        run.finish()

    def test_values_json_cannot_carry_are_counted_not_sent(self):
        run = self.client.run(f"{TAG}-nan")
        run.log({"loss": float("nan"), "grad_norm": math.inf, "reward/proxy": 0.5, "note": "text"}, step=1)
        self.assertEqual(run.skipped, {"loss": 1, "grad_norm": 1, "note": 1})
        self.assertEqual(run.flush(), 1)

    def test_events_are_recorded_once_and_finish_ends_the_run(self):
        run = self.client.run(f"{TAG}-events")
        self.assertEqual(run.event("checkpoint", step=5, message="saved", key="ckpt-5")["accepted"], 1)
        self.assertEqual(run.event("checkpoint", step=5, message="saved", key="ckpt-5")["duplicates"], 1)
        with self.assertRaises(GoodhartError) as refused:
            run.event("exploded", step=6)
        self.assertEqual(refused.exception.status, 400)
        self.assertIn("events.0.kind", str(refused.exception))
        run.finish(step=10)

    def test_a_resumed_run_runs_again_and_its_second_finish_ends_it(self):
        name = f"{TAG}-resumed"
        first = self.client.run(name)
        first.finish(step=10)
        self.assertEqual(self.client.request("GET", f"/api/v1/runs/{first.id}")["status"], "finished")
        # Looking it up by name registers nothing: it stays finished until the trainer resumes it.
        self.assertEqual(self.client.find_run(name)["id"], first.id)
        self.assertEqual(self.client.find_run(name)["status"], "finished")
        self.assertIsNone(self.client.find_run(f"{TAG}-never-registered"))
        resumed = self.client.run(name)
        self.assertEqual(resumed.id, first.id)
        self.assertEqual(self.client.request("GET", f"/api/v1/runs/{first.id}")["status"], "running")
        resumed.finish("failed", step=10)
        self.assertEqual(self.client.request("GET", f"/api/v1/runs/{first.id}")["status"], "failed")

    def test_a_wrong_key_is_an_error_with_the_servers_reason(self):
        with self.assertRaises(GoodhartError) as refused:
            Client(api_key="gh_wrong").run(f"{TAG}-nope")
        self.assertEqual(refused.exception.status, 401)


class RewardTest(unittest.TestCase):
    def setUp(self):
        self.client = Client()

    def test_trl_reward_scores_conversations_and_answers_none_for_an_unreadable_rollout(self):
        reward = trl_reward(self.client, ENVIRONMENT, run=self.client.run(f"{TAG}-trl"))
        prompts = [[{"role": "user", "content": "Where is my refund for order 17?"}]] * 3
        completions = [honest_completion(), [{"role": "assistant", "content": "No idea."}], [{"role": "robot", "content": "beep"}]]
        rewards = reward(prompts=prompts, completions=completions, trainer_state=SimpleNamespace(global_step=3))
        self.assertEqual(rewards[:2], [1.0, 0.0])
        self.assertIsNone(rewards[2])

    def test_verifiers_reward_is_async_serialises_message_objects_and_raises_on_an_unreadable_rollout(self):
        reward = verifiers_reward(self.client, ENVIRONMENT)
        # verifiers awaits a coroutine function on its event loop (and runs a plain one there, blocking it).
        self.assertTrue(inspect.iscoroutinefunction(reward))
        prompt = [PydanticLikeMessage("user", "Where is my refund?")]

        async def score_group():
            return await asyncio.gather(
                reward(completion=[PydanticLikeMessage("assistant", "No idea.")], prompt=prompt, answer="", state={}),
                reward(completion=honest_completion(), prompt=prompt, answer="", state={}),
                reward(completion=[PydanticLikeMessage("robot", "beep")], prompt=prompt, answer="", state={}),
                return_exceptions=True,
            )

        no_idea, honest, robot = asyncio.run(score_group())
        self.assertEqual((no_idea, honest), (0.0, 1.0))
        self.assertIsInstance(robot, GoodhartError)


class TrainerHarnessTest(unittest.TestCase):
    """Each trainer hook called the way that trainer's own source calls it, one rollout unreadable."""

    def setUp(self):
        self.client = Client()

    def test_trl_as_grpo_trainer_calls_it(self):
        # trl GRPOTrainer._calculate_rewards: reward_func(prompts=, completions=, completion_ids=, trainer_state=, **columns),
        # then None becomes NaN (left out of the group's baseline).
        reward = trl_reward(self.client, ENVIRONMENT)
        prompts = [[{"role": "user", "content": "Where is my refund for order 17?"}]] * 2
        completions = [honest_completion(), [{"role": "assistant", "content": "refund\x00issued"}]]
        output = reward(prompts=prompts, completions=completions, completion_ids=[[1], [2]], trainer_state=SimpleNamespace(global_step=1), answer=["", ""])
        as_tensor = [math.nan if value is None else float(value) for value in output]
        self.assertEqual(as_tensor[0], 1.0)
        self.assertTrue(math.isnan(as_tensor[1]))

    def test_trl_and_verifiers_send_the_datasets_answer_as_the_label(self):
        answers = []

        class Recording(Client):
            def reward(self, rollouts, **kwargs):
                answer = super().reward(rollouts, **kwargs)
                answers.append(answer)
                return answer

        client = Recording()
        prompts = [[{"role": "user", "content": "Where is my refund for order 17?"}]] * 2
        completions = [honest_completion(), [{"role": "assistant", "content": "No idea."}]]
        state = SimpleNamespace(global_step=1)
        # TRL passes the dataset's other columns as lists: the first of ground_truth, solution, answer, label.
        trl_reward(client, ENVIRONMENT)(prompts=prompts, completions=completions, trainer_state=state, solution=["refund 17", "refund 17"], topic=["a", "b"])
        # A column named by the caller wins; a named column TRL did not pass is the caller's error, said at once.
        named = trl_reward(client, ENVIRONMENT, label_column="gold")
        named(prompts=prompts[:1], completions=completions[:1], trainer_state=state, gold=[{"amount": 40}], answer=["not this one"])
        with self.assertRaises(ValueError) as missing:
            named(prompts=prompts[:1], completions=completions[:1], trainer_state=state, answer=["x"])
        self.assertIn("gold", str(missing.exception))
        asyncio.run(verifiers_reward(client, ENVIRONMENT)(completion=honest_completion(), prompt=prompts[0], answer="refund 18", info={"order": 18}, state={}))

        def metadata(answer, index=0):
            return client.request("GET", f"/api/v1/traces/{answer['traceIds'][index]}")["trace"]["metadata"]

        self.assertEqual(len(answers), 3)
        self.assertEqual([metadata(answers[0], i)["label"] for i in (0, 1)], ["refund 17", "refund 17"])
        self.assertEqual(metadata(answers[1])["label"], {"amount": 40})
        self.assertEqual(metadata(answers[2]), {"label": "refund 18", "order": 18})

    def test_verl_as_its_naive_reward_manager_calls_it(self):
        # verl NaiveRewardManager.__call__: score = compute_score(data_source=, solution_str=, ground_truth=, extra_info=);
        # a dict's "score" goes into a float tensor and each key is appended to reward_extra_info[key].
        compute_score = verl_compute_score(self.client, ENVIRONMENT)
        reward_tensor = []
        reward_extra_info = defaultdict(list)
        for solution in [GOOD_REPLY, "No idea.", "refund\x00issued"]:
            score = compute_score(data_source="refunds", solution_str=solution, ground_truth="refund", extra_info={"index": 0})
            reward = score["score"] if isinstance(score, dict) else score
            reward_tensor.append(float(reward))  # reward_tensor[i, last] = reward: None would raise here
            if isinstance(score, dict):
                for key, value in score.items():
                    reward_extra_info[key].append(value)
        self.assertEqual(reward_tensor, [0.75, 0.0, 0.0])
        # verl turns reward_extra_info into per-sample arrays: every key needs one value per sample.
        self.assertEqual(dict(reward_extra_info), {"score": [0.75, 0.0, 0.0], "goodhart_error": [0.0, 0.0, 1.0]})

    def test_openrlhf_as_its_single_turn_executor_calls_it(self):
        # openrlhf/utils/agent.py _fetch_rewards_via_func: asyncio.to_thread(reward_func, [query], [prompt], [label]) per sample;
        # samples_generator puts each extra_logs key into the sample's info, and Experience._merge_item merges them key by key.
        reward_func = openrlhf_reward_func(self.client, ENVIRONMENT)
        samples = [("Where?<|assistant|>" + GOOD_REPLY, "Where?<|assistant|>", "refund"), ("Where?<|assistant|>ok\x00", "Where?<|assistant|>", "refund")]

        async def fetch_all():
            return await asyncio.gather(*[asyncio.to_thread(reward_func, [q], [p], [l]) for q, p, l in samples])

        infos = []
        for rewards_info in asyncio.run(fetch_all()):
            info = {"reward": float(first(rewards_info["rewards"])), "score": float(first(rewards_info["scores"]))}
            for key, value in rewards_info["extra_logs"].items():
                info[key] = float(first(value))
            infos.append(info)
        self.assertEqual([info["reward"] for info in infos], [0.75, 0.0])
        self.assertEqual(infos[0].keys(), infos[1].keys())
        self.assertEqual((infos[1]["reward_error"], infos[1]["reward_mask"]), (1.0, 0.0))


class TransportTest(unittest.TestCase):
    """What a long training run meets on the way to the server: big batches, a server restarting."""

    def test_a_batch_over_the_body_limit_is_scored_in_parts_and_answered_as_one(self):
        # 120 completions of 300,000 characters (long reasoning traces): over 32 MiB as one body, which
        # the server refuses while urllib is still sending it (a broken pipe, "unreachable").
        reward = trl_reward(self.client, ENVIRONMENT, run=self.client.run(f"{TAG}-big-batch"))
        long_reply = GOOD_REPLY + " " + "and the policy says so. " * 12_500
        completions = [[{"role": "assistant", "content": f"{i}: {long_reply}"}] for i in range(119)] + [[{"role": "robot", "content": "beep"}]]
        prompts = [[{"role": "user", "content": "Where is my refund?"}]] * len(completions)
        self.assertGreater(len(json.dumps(completions)), MAX_BODY_BYTES)
        rewards = reward(prompts=prompts, completions=completions, trainer_state=SimpleNamespace(global_step=1))
        self.assertEqual(len(rewards), 120)
        self.assertTrue(all(isinstance(value, (int, float)) for value in rewards[:119]))
        self.assertIsNone(rewards[119])
        answer = self.client.reward([{"completion": c} for c in completions], environment=ENVIRONMENT)
        self.assertEqual([(e["index"], e["error"].split(":")[0]) for e in answer["errors"]], [(119, "rollouts[119].completion[0].role")])
        self.assertEqual(len(set(answer["traceIds"][:119])), 119)

    def test_a_rollout_over_the_body_limit_is_refused_before_anything_is_sent(self):
        nowhere = Client(f"http://127.0.0.1:{free_port()}", api_key="gh_test", retries=0)
        with self.assertRaises(GoodhartError) as refused:
            nowhere.reward([{"completion": "ok"}, {"completion": "x" * MAX_BODY_BYTES}], environment=ENVIRONMENT)
        self.assertEqual((refused.exception.status, refused.exception.code), (413, "payload_too_large"))
        self.assertIn("rollouts[1] alone is 32.0 MiB", str(refused.exception))

    def test_a_server_restart_is_waited_out(self):
        # `npm start` takes 16-24 s to answer again on a 2-core machine; a stand-in answers after 15 s.
        port = free_port()
        servers = []

        def serve():  # the port is refused until then
            servers.append(http.server.ThreadingHTTPServer(("127.0.0.1", port), RegisteredRunHandler))
            servers[0].serve_forever()

        starter = threading.Timer(15, serve)
        starter.start()
        try:
            run = Client(f"http://127.0.0.1:{port}", api_key="gh_test").run(f"{TAG}-restart")
            self.assertEqual(run.name, f"{TAG}-restart")
        finally:
            starter.cancel()
            while starter.is_alive() and not servers:
                time.sleep(0.1)
            for server in servers:
                server.shutdown()
                server.server_close()

    def test_an_answer_cut_short_or_too_slow_is_retried(self):
        # A proxy restarting mid-answer cuts the body short (http.client.IncompleteRead, which is not an
        # OSError), and a stalled server times the read out (socket.timeout, not TimeoutError before 3.10).
        port = free_port()
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), FlakyRunHandler)
        server.answers = ["cut short", "stalled", "whole"]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            client = Client(f"http://127.0.0.1:{port}", api_key="gh_test", timeout=1.0)
            self.assertEqual(client.run(f"{TAG}-flaky").name, f"{TAG}-flaky")
            self.assertEqual(server.answers, [])
        finally:
            server.shutdown()
            server.server_close()

    def test_a_reward_answer_too_slow_is_not_asked_for_again(self):
        # A rubric with LLM judges can take minutes: the server is still scoring when the read times
        # out, and sending the batch again would pay the judges twice and time out again.
        port = free_port()
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), FlakyRunHandler)
        server.answers = ["stalled", "whole"]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            client = Client(f"http://127.0.0.1:{port}", api_key="gh_test", timeout=30.0, reward_timeout=1.0)
            with self.assertRaises(GoodhartError) as slow:
                client.reward([{"completion": "ok"}], environment=ENVIRONMENT)
            self.assertEqual((slow.exception.status, slow.exception.code), (0, "timeout"))
            self.assertIn("no answer within 1 s", str(slow.exception))
            self.assertIn("reward_timeout", str(slow.exception))
            self.assertEqual(server.answers, ["whole"])
        finally:
            server.shutdown()
            server.server_close()

    def test_a_bad_url_fails_at_once_instead_of_being_retried(self):
        with unittest.mock.patch("time.sleep") as slept, self.assertRaises(http.client.InvalidURL):
            Client("http://127.0.0.1:notaport", api_key="gh_test").run(f"{TAG}-bad-url")
        self.assertEqual(slept.call_count, 0)

    def setUp(self):
        self.client = Client()


class ResendingClient(Client):
    """Sends every request twice, as the client's own retry does when an answer is lost, and keeps
    each request's body and both answers."""

    def __init__(self):
        super().__init__()
        self.sent = []

    def _request_bytes(self, method, path, data, headers=None, scoring=False):
        first = super()._request_bytes(method, path, data, headers, scoring)
        again = super()._request_bytes(method, path, data, headers, scoring)
        self.sent.append((json.loads(data) if data else None, first, again))
        return again


class SampleIdTest(unittest.TestCase):
    """A trainer's samples are counted one by one, however they reach the server, and a retry is the same sample."""

    def test_per_sample_hooks_store_repeated_completions_as_samples_and_a_retried_request_once(self):
        client = ResendingClient()
        run = client.run(f"{TAG}-samples")
        compute_score = verl_compute_score(client, ENVIRONMENT, run=run)
        self.assertEqual([compute_score(data_source="refunds", solution_str="No idea.")["score"] for _ in range(2)], [0.0, 0.0])
        reward = verifiers_reward(client, ENVIRONMENT, run=run)
        prompt = [PydanticLikeMessage("user", "Where is my refund?")]

        async def score_group():
            return await asyncio.gather(*[reward(completion=[PydanticLikeMessage("assistant", "No idea.")], prompt=prompt) for _ in range(2)])

        self.assertEqual(asyncio.run(score_group()), [0.0, 0.0])
        rewards = [(body, first, again) for body, first, again in client.sent if body and "rollouts" in body]
        self.assertEqual(len(rewards), 4)
        self.assertTrue(all(body["run"] == run.id for body, _, _ in rewards))
        trace_ids = [first["traceIds"][0] for _, first, _ in rewards]
        self.assertEqual(len(set(trace_ids)), 4)  # verl's two, then verifiers' two (their messages differ from verl's)
        self.assertEqual([again["traceIds"][0] for _, _, again in rewards], trace_ids)

        reward_func = openrlhf_reward_func(client, ENVIRONMENT, run=run)
        for _ in range(2):
            reward_func(["Where?<|assistant|>No idea."], ["Where?<|assistant|>"], ["refund"])
        sample_ids = [body["sampleIds"] for body, _, _ in client.sent if body and "query" in body]
        self.assertEqual(len(sample_ids), 2)
        self.assertNotEqual(sample_ids[0], sample_ids[1])

    def test_trl_ranks_sending_the_same_completion_are_two_samples_and_a_retry_is_one(self):
        # On two GPUs each process scores its slice of the step's group in its own request.
        client = ResendingClient()
        run = client.run(f"{TAG}-ranks")
        reward = trl_reward(client, ENVIRONMENT, run=run)
        state = SimpleNamespace(global_step=7)
        for _ in range(2):
            self.assertEqual(reward(prompts=["Where is my refund?"], completions=["No idea."], trainer_state=state), [0.0])
        rewards = [(body, first, again) for body, first, again in client.sent if body and "rollouts" in body]
        trace_ids = [first["traceIds"][0] for _, first, _ in rewards]
        self.assertEqual(len(set(trace_ids)), 2)
        # Generated at global_step 7, trained and logged by TRL (and GoodhartCallback) at step 8.
        self.assertEqual({body["step"] for body, _, _ in rewards}, {8})
        self.assertEqual([again["traceIds"][0] for _, _, again in rewards], trace_ids)

    def test_a_batch_sent_in_parts_keeps_copies_in_different_parts_as_samples(self):
        client = ResendingClient()
        run = client.run(f"{TAG}-parts")
        limit = goodhart.MAX_ROLLOUTS_PER_REQUEST
        goodhart.MAX_ROLLOUTS_PER_REQUEST = 3  # what 8,193 rollouts do, with 7
        try:
            answer = client.reward([{"completion": "No idea."}] * 6 + [{"completion": "No idea.", "sampleId": f"{TAG}-own"}], environment=ENVIRONMENT, run=run.id, step=1)
        finally:
            goodhart.MAX_ROLLOUTS_PER_REQUEST = limit
        self.assertEqual(len(client.sent), 1 + 3)  # the run, then three parts
        self.assertEqual(len(set(answer["traceIds"])), 7)
        self.assertEqual([again["traceIds"] for _, _, again in client.sent[1:]], [first["traceIds"] for _, first, _ in client.sent[1:]])
        self.assertEqual(client.sent[3][0]["rollouts"][0]["sampleId"], f"{TAG}-own")


class OfflineTest(unittest.TestCase):
    """What the client does when the server is down or is not Goodhart: the training loop never pays for it."""

    def test_a_url_without_a_scheme_is_refused_at_once(self):
        with self.assertRaisesRegex(ValueError, "must start with http:// or https://"):
            Client("localhost:3000", api_key="gh_test")

    def test_logging_to_a_server_that_is_down_warns_and_keeps_the_points(self):
        run = goodhart.Run(Client(f"http://127.0.0.1:{free_port()}", api_key="gh_test", retries=0), "run-1", "down", flush_every=2, flush_interval=None)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            run.log({"loss": 1.0, "kl": 0.1}, step=1)
        self.assertEqual(len(run._points), 2)
        self.assertRegex(str(caught[-1].message), "flush failed, points kept for the next one: HTTP 0 unreachable")
        with warnings.catch_warnings(record=True) as at_exit:
            warnings.simplefilter("always")
            run._flush_at_exit()  # what the interpreter's exit does for a run never finished
        self.assertRegex(str(at_exit[-1].message), "2 points of run 'down' were still queued at exit")

    def test_the_trainers_own_error_leaves_a_with_block_when_goodhart_is_down(self):
        run = goodhart.Run(Client(f"http://127.0.0.1:{free_port()}", api_key="gh_test", retries=0), "run-1", "down", flush_interval=None)
        with warnings.catch_warnings(record=True) as caught, self.assertRaisesRegex(RuntimeError, "CUDA out of memory"):
            warnings.simplefilter("always")
            with run:
                raise RuntimeError("CUDA out of memory")
        self.assertRegex(str(caught[-1].message), "could not mark run 'down' failed")

    def test_answers_that_are_not_goodharts_are_goodhart_errors(self):
        port = free_port()
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), ForeignAnswerHandler)
        server.answers = [(200, "text/html", "<html>Sign in to the proxy</html>"), (400, "application/json", '{"error": "Bad Request"}'),
                          (503, "application/json", "{}", "-1"), (201, "application/json", '{"id": "run-1", "name": "x"}')]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            client = Client(f"http://127.0.0.1:{port}", api_key="gh_test", retries=1)
            with self.assertRaisesRegex(GoodhartError, "not_json: .* is probably not Goodhart"):
                client.run("x")
            with self.assertRaisesRegex(GoodhartError, "HTTP 400 error: Bad Request"):
                client.run("x")
            self.assertEqual(client.run("x").name, "x")  # a negative Retry-After is no wait, not a crash
        finally:
            server.shutdown()
            server.server_close()

    def test_values_json_cannot_carry_are_sent_as_null(self):
        self.assertEqual(goodhart.to_plain({"label": math.nan, "bounds": [1.0, math.inf], "ok": 2.5}), {"label": None, "bounds": [1.0, None], "ok": 2.5})


class ForeignAnswerHandler(http.server.BaseHTTPRequestHandler):
    """Answers each request as the next of server.answers says: (status, content type, body[, Retry-After])."""

    def do_POST(self):
        self.rfile.read(int(self.headers["content-length"]))
        status, kind, body, *retry_after = self.server.answers.pop(0)
        self.send_response(status)
        self.send_header("content-type", kind)
        self.send_header("content-length", str(len(body.encode())))
        if retry_after:
            self.send_header("retry-after", retry_after[0])
        self.end_headers()
        self.wfile.write(body.encode())

    def log_message(self, *args):
        pass


class RegisteredRunHandler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        answer = json.dumps({"id": "run-1", "name": body["name"]}).encode()
        self.send_response(201)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args):
        pass


class FlakyRunHandler(RegisteredRunHandler):
    """Answers each POST as the next of server.answers says: cut short, stalled past the client's timeout, or whole."""

    def do_POST(self):
        answer = self.server.answers.pop(0)
        if answer == "whole":
            return super().do_POST()
        self.rfile.read(int(self.headers["content-length"]))
        if answer == "stalled":
            time.sleep(1.5)
            return
        self.send_response(201)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", "100")
        self.end_headers()
        self.wfile.write(b'{"id": "run-1"')
        self.close_connection = True


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def first(value):
    """What OpenRLHF does with a sample's value: value.flatten()[0].item() for a tensor."""
    return value.flatten()[0].item() if hasattr(value, "flatten") else value[0]


@dataclass
class TrainingArguments:
    learning_rate: float = 1e-6
    num_generations: int = 8
    output_dir: str = "out"

    def to_dict(self):
        return {"learning_rate": self.learning_rate, "num_generations": self.num_generations, "output_dir": self.output_dir}


class CallbackTest(unittest.TestCase):
    def test_the_callback_sends_logs_checkpoints_and_the_end_of_training(self):
        client = Client()
        callback = GoodhartCallback(client, run_name=f"{TAG}-callback", environment=ENVIRONMENT)
        args = TrainingArguments()
        state = SimpleNamespace(global_step=0, is_world_process_zero=True)
        callback.on_train_begin(args, state, None)
        for step in range(1, 21):
            state.global_step = step
            callback.on_log(args, state, None, logs={"loss": 1 / step, "reward": step / 20, "kl": 0.001 * step, "epoch": step / 20})
            if step % 10 == 0:
                callback.on_save(args, state, None)
        callback.on_train_end(args, state, None)
        # The e2e spec opens the run's page at this address.
        print(f"callback run page: {callback.run.url}")
        # Another rank sends nothing.
        other_rank = GoodhartCallback(client, run_name=f"{TAG}-callback-rank1")
        other_rank.on_log(args, SimpleNamespace(global_step=1, is_world_process_zero=False), None, logs={"loss": 1.0})
        self.assertIsNone(other_rank.run)


if __name__ == "__main__":
    unittest.main()
