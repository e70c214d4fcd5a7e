"""Tests of the Goodhart client against a running server (run by e2e/python-client.spec.ts).

GOODHART_URL, GOODHART_API_KEY: the server and a key of its project; GOODHART_TEST_TAG: a prefix
that makes this run's names unique; GOODHART_TEST_ENVIRONMENT: an environment with an approved
rubric in which the reply "your refund has been issued" after looking up the order and the policy
scores 1 and "No idea." scores 0 (the lab's rubric v1).
"""

import math
import os
import unittest
from dataclasses import dataclass
from types import SimpleNamespace

from goodhart import Client, GoodhartCallback, GoodhartError, trl_reward, verifiers_reward

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

    def test_verifiers_reward_serialises_message_objects_and_raises_on_an_unreadable_rollout(self):
        reward = verifiers_reward(self.client, ENVIRONMENT)
        prompt = [PydanticLikeMessage("user", "Where is my refund?")]
        self.assertEqual(reward(completion=[PydanticLikeMessage("assistant", "No idea.")], prompt=prompt, answer=""), 0.0)
        with self.assertRaises(GoodhartError):
            reward(completion=[PydanticLikeMessage("robot", "beep")], prompt=prompt)


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
        # Another rank sends nothing.
        other_rank = GoodhartCallback(client, run_name=f"{TAG}-callback-rank1")
        other_rank.on_log(args, SimpleNamespace(global_step=1, is_world_process_zero=False), None, logs={"loss": 1.0})
        self.assertIsNone(other_rank.run)


if __name__ == "__main__":
    unittest.main()
