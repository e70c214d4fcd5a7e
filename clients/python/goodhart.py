"""Goodhart client for trainers: log a run's metrics and events, score rollouts, and hook TRL.

Standard library only (Python 3.9+). Copy this one file next to your training script, or put
clients/python on PYTHONPATH.

    from goodhart import Client, GoodhartCallback, trl_reward

    client = Client("http://localhost:3000", api_key="gh_...")   # or GOODHART_URL / GOODHART_API_KEY
    run = client.run("grpo-refunds-7", trainer="trl", environment="refunds")
    run.log({"reward/proxy": 0.41, "kl": 0.02}, step=10)
    run.event("checkpoint", step=10, message="saved checkpoint-10")
    run.finish()

    trainer = GRPOTrainer(..., reward_funcs=[trl_reward(client, "refunds", run=run)],
                          callbacks=[GoodhartCallback(client, run=run)])
"""

from __future__ import annotations

import asyncio
import atexit
import copy
import functools
import http.client
import json
import math
import os
import re
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
import warnings
from typing import Any, Awaitable, Callable, Dict, List, Mapping, Optional, Sequence

__all__ = ["Client", "Run", "GoodhartError", "GoodhartCallback", "trl_reward", "verifiers_reward", "verl_compute_score",
           "openrlhf_reward_func", "to_plain"]

MAX_POINTS_PER_REQUEST = 10_000
MAX_ROLLOUTS_PER_REQUEST = 8192
# The server's body limit (lib/http/body-limits.ts): it answers a bigger body 413 and closes the
# connection while the body is still being sent, which urllib can only report as a broken pipe.
MAX_BODY_BYTES = 32 * 1024 * 1024
MAX_STEP = 2_147_483_647
MAX_NAME_CHARS = 200
# The server's own per-step metrics (goodhart/reward/mean, ...); it refuses points a trainer sends under it.
SERVER_METRIC_PREFIX = "goodhart/"
# What the server refuses in a name: a NUL, a lone surrogate (PostgreSQL and UTF-8 cannot hold either).
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
_RETRY_STATUSES = {429, 502, 503, 504}


class GoodhartError(Exception):
    """A request Goodhart refused or could not answer, with the server's code, message and details."""

    def __init__(self, status: int, code: str, message: str, details: Optional[list] = None):
        super().__init__(f"HTTP {status} {code}: {message}" + (f" {json.dumps(details)}" if details else ""))
        self.status = status
        self.code = code
        self.message = message
        self.details = details or []


class Client:
    """Talks to one Goodhart server with one project API key."""

    # 8 retries wait 0.5, 1, 2, 4 and then 8 s: about 40 s, longer than a restart of the server (16-24 s
    # for `npm start` on a 2-core machine), which would otherwise stop a training run. Scoring waits
    # longer (reward_timeout): a batch whose rubric asks LLM judges can take minutes.
    def __init__(self, url: Optional[str] = None, api_key: Optional[str] = None, timeout: float = 60.0, retries: int = 8,
                 reward_timeout: float = 600.0):
        self.url = (url or os.environ.get("GOODHART_URL") or "http://localhost:3000").rstrip("/")
        if not re.match(r"^https?://", self.url, re.IGNORECASE):
            raise ValueError(f"the Goodhart URL must start with http:// or https://, not {self.url!r} (GOODHART_URL or url=)")
        self.api_key = api_key or os.environ.get("GOODHART_API_KEY")
        if not self.api_key:
            raise ValueError("an API key is needed: pass api_key= or set GOODHART_API_KEY (goodhart api-key create)")
        self.timeout = timeout
        self.reward_timeout = reward_timeout
        self.retries = retries

    def request(self, method: str, path: str, body: Any = None, headers: Optional[Mapping[str, str]] = None) -> Any:
        """Sends JSON and returns the JSON answer; retries busy answers (429, 503, ...) and lost connections."""
        return self._request_bytes(method, path, None if body is None else _encode(body), headers)

    def score(self, path: str, body: Any, headers: Optional[Mapping[str, str]] = None) -> Any:
        """POST to a reward endpoint: waits up to reward_timeout, and an answer that does not come in
        time is not asked for again (see _request_bytes)."""
        return self._request_bytes("POST", path, _encode(body), headers, scoring=True)

    def _request_bytes(self, method: str, path: str, data: Optional[bytes], headers: Optional[Mapping[str, str]] = None,
                       scoring: bool = False) -> Any:
        """`scoring`: the server scores the body (LLM judges may take minutes), so a read that times out
        means it is still at work: sending it again would pay the judges twice and time out again."""
        if data is not None and len(data) > MAX_BODY_BYTES:
            raise GoodhartError(413, "payload_too_large", f"{method} {path}: the body is {_mib(len(data))}, over the server's "
                                f"{_mib(MAX_BODY_BYTES)} limit; nothing was sent (send it in smaller batches)")
        all_headers = {"authorization": f"Bearer {self.api_key}", "accept": "application/json", **(headers or {})}
        if data is not None:
            all_headers["content-type"] = "application/json"
        # Connecting waits `timeout` either way: a host that does not answer is retried, not waited on for minutes.
        timeout = self.reward_timeout if scoring else self.timeout
        open_url = _scoring_opener(timeout).open if scoring else urllib.request.urlopen
        for attempt in range(self.retries + 1):
            request = urllib.request.Request(self.url + path, data=data, method=method, headers=all_headers)
            try:
                with open_url(request, timeout=self.timeout) as response:
                    text = response.read().decode("utf-8", "replace")
                    status = response.status
                return _json_answer(status, text, f"{self.url}{path}")
            except urllib.error.HTTPError as error:
                if error.code in _RETRY_STATUSES and attempt < self.retries:
                    time.sleep(_retry_delay(error.headers.get("retry-after"), attempt))
                    continue
                raise _to_goodhart_error(error) from None
            # OSError holds URLError, a refused or reset connection and socket.timeout (not a
            # TimeoutError before Python 3.10); an answer cut short is IncompleteRead, and one that is
            # no HTTP BadStatusLine. Not every HTTPException: a bad URL (InvalidURL) is not retried.
            # A timeout while connecting or sending is a URLError; a bare socket.timeout is the wait
            # for the answer, after the server had the whole request.
            except (OSError, http.client.IncompleteRead, http.client.BadStatusLine) as error:
                if scoring and isinstance(error, socket.timeout):
                    raise GoodhartError(0, "timeout", f"{method} {self.url}{path}: no answer within {timeout:g} s; the server "
                                        "may still be scoring it, so it was not sent again (that would score it twice): raise "
                                        "Client(reward_timeout=...)") from None
                if attempt < self.retries:
                    time.sleep(_retry_delay(None, attempt))
                    continue
                raise GoodhartError(0, "unreachable", f"{self.url}{path}: {error}") from None
        raise AssertionError("unreachable")

    def run(self, name: str, trainer: Optional[str] = None, environment: Optional[str] = None,
            rubric_version_id: Optional[str] = None, config: Optional[Mapping[str, Any]] = None,
            flush_every: int = 1000, flush_interval: Optional[float] = 5.0) -> "Run":
        """The run with this name in the key's project, made on first use (the same name is the same run).
        Metrics are sent every `flush_every` points and every `flush_interval` seconds (None: only then)."""
        body: Dict[str, Any] = {"name": name}
        for field, value in (("trainer", trainer), ("environment", environment), ("rubricVersionId", rubric_version_id), ("config", config)):
            if value is not None:
                body[field] = value
        answer = self.request("POST", "/api/v1/runs", body)
        return Run(self, answer["id"], answer["name"], flush_every=flush_every, flush_interval=flush_interval)

    def find_run(self, name: str) -> Optional[Dict[str, Any]]:
        """The run registered under this name as the server keeps it (id, status, finishedAt, ...), or None.
        Unlike run(), it registers nothing: a finished run stays finished."""
        runs = self.request("GET", "/api/v1/runs?" + urllib.parse.urlencode({"name": name}))["runs"]
        return runs[0] if runs else None

    def reward(self, rollouts: Sequence[Mapping[str, Any]], environment: Optional[str] = None, rubric_version_id: Optional[str] = None,
               run: Optional[str] = None, step: Optional[int] = None) -> Dict[str, Any]:
        """POST /api/v1/reward. Rewards are floats, or None for a rollout that could not be scored (see "errors").
        A batch over the server's body or rollout limit is sent in several requests (all scored by the
        rubric version that scored the first) and answered as one, indices in the batch's order; then
        each rollout without a "sampleId" gets one (this call's id and its index), so copies in
        different parts stay separate samples, as they are within one request."""
        body: Dict[str, Any] = {}
        if environment is not None:
            body["environment"] = environment
        if rubric_version_id is not None:
            body["rubricVersionId"] = rubric_version_id
        if run is not None:
            body["run"] = run
        if step is not None:
            body["step"] = int(step)
        rollouts = list(rollouts)
        data = _encode({**body, "rollouts": rollouts})
        if len(rollouts) <= MAX_ROLLOUTS_PER_REQUEST and len(data) <= MAX_BODY_BYTES:
            return self._request_bytes("POST", "/api/v1/reward", data, scoring=True)
        batch = uuid.uuid4().hex
        rollouts = [rollout if "sampleId" in rollout else {**rollout, "sampleId": f"{batch}:{index}"} for index, rollout in enumerate(rollouts)]
        answer: Optional[Dict[str, Any]] = None
        for start, part in _reward_parts(rollouts, len(_encode({**body, "rubricVersionId": "x" * 40, "rollouts": []}))):
            pinned = body if answer is None else {**{k: v for k, v in body.items() if k != "environment"}, "rubricVersionId": answer["rubricVersionId"]}
            part_answer = self.score("/api/v1/reward", {**pinned, "rollouts": part})
            answer = part_answer if answer is None else _merge_reward_answers(answer, part_answer, start)
        assert answer is not None, "rollouts is empty"
        return answer


class Run:
    """A training run: metrics are buffered and sent in batches (every `flush_every` points, and every
    `flush_interval` seconds from a background thread); events are sent at once."""

    def __init__(self, client: Client, run_id: str, name: str, flush_every: int = 1000, flush_interval: Optional[float] = 5.0):
        self.client = client
        self.id = run_id
        self.name = name
        # The run's page (charts, detections, hack risk): print it where the trainer logs its own links.
        self.url = f"{client.url}/runs/{urllib.parse.quote(run_id, safe='')}"
        self.flush_every = min(flush_every, MAX_POINTS_PER_REQUEST)
        self.flush_interval = flush_interval
        # Points left out, by metric name: values that are not finite numbers, names or steps the server would refuse.
        self.skipped: Dict[str, int] = {}
        # A name's problem is the same at every step: it is warned about once, not once a step.
        self._warned_names: set = set()
        self._points: List[Dict[str, Any]] = []
        self._lock = threading.Lock()
        self._send_lock = threading.Lock()
        self._stopped = threading.Event()
        self._timer: Optional[threading.Thread] = None
        atexit.register(self._flush_at_exit)

    def log(self, metrics: Mapping[str, Any], step: int, time_s: Optional[float] = None) -> None:
        """Queues one value per metric name at a step. A point the server would refuse is dropped here
        and counted in `skipped`, so one bad point never holds back the others: a value that is not a
        finite number (JSON has no NaN) quietly; an empty, too long or unstorable name, or a step that
        is not a whole number >= 0, with a warning."""
        when = time.time() if time_s is None else time_s
        step_number = _as_step(step)
        queued = []
        for name, value in metrics.items():
            number = _as_number(value)
            name_problem = _name_problem(name)
            problem = name_problem or (None if step_number is not None else f"step {step!r} is not a whole number in [0, {MAX_STEP}]")
            if name_problem and str(name) not in self._warned_names:
                self._warned_names.add(str(name))
                warnings.warn(f"goodhart: metric {name!r} not sent, at this step or any other (counted in run.skipped): {name_problem}", stacklevel=2)
            elif problem and not name_problem:
                warnings.warn(f"goodhart: metric {name!r} at step {step!r} not sent: {problem}", stacklevel=2)
            if problem or number is None:
                self._count_skipped(str(name))
                continue
            queued.append({"step": step_number, "name": str(name).strip(), "value": number, "time": when})
        with self._lock:
            self._points.extend(queued)
            full = len(self._points) >= self.flush_every
        self._start_timer()
        if full:
            # Logging is a side channel: an unreachable server keeps the points queued, and training goes on.
            self._flush_or_warn("flush failed, points kept for the next one")

    def flush(self) -> int:
        """Sends the queued points; returns how many the server stored. Points the server refuses by
        index (points.N...) are dropped with a warning and the rest of the batch is sent again."""
        sent = 0
        with self._send_lock:
            while True:
                with self._lock:
                    batch = self._points[:MAX_POINTS_PER_REQUEST]
                if not batch:
                    return sent
                sent += self._send(batch)
                with self._lock:
                    del self._points[: len(batch)]

    def _send(self, batch: List[Dict[str, Any]]) -> int:
        try:
            return self.client.request("POST", f"/api/v1/runs/{self.id}/metrics", {"points": batch})["accepted"]
        except GoodhartError as error:
            refused = {int(match.group(1)) for detail in error.details if isinstance(detail, dict)
                       for match in [re.match(r"points\.(\d+)", str(detail.get("path", "")))] if match}
            if error.status != 400 or not refused:
                raise
            reasons = {int(match.group(1)): str(detail.get("message", "")) for detail in error.details if isinstance(detail, dict)
                       for match in [re.match(r"points\.(\d+)", str(detail.get("path", "")))] if match}
            for index in sorted(refused):
                point = batch[index]
                warnings.warn(f"goodhart: metric {point['name']!r} at step {point['step']} refused by the server: {reasons.get(index) or error.message}", stacklevel=3)
                self._count_skipped(point["name"])
            rest = [point for index, point in enumerate(batch) if index not in refused]
            return self._send(rest) if rest else 0

    def _count_skipped(self, name: str) -> None:
        with self._lock:
            self.skipped[name] = self.skipped.get(name, 0) + 1

    def _start_timer(self) -> None:
        if not self.flush_interval or self._timer is not None or self._stopped.is_set():
            return
        self._timer = threading.Thread(target=self._flush_periodically, name=f"goodhart-flush-{self.name}", daemon=True)
        self._timer.start()

    def _flush_periodically(self) -> None:
        while not self._stopped.wait(self.flush_interval):
            self._flush_or_warn("background flush failed, points kept for the next one")

    def _flush_at_exit(self) -> None:
        """Points still queued when the program ends (no finish() or close()) are sent once, without
        waiting out retries, or counted in a warning: never lost without a word."""
        with self._lock:
            queued = len(self._points)
        if not queued:
            return
        self._stopped.set()
        self.client = copy.copy(self.client)
        self.client.retries = 0
        self._flush_or_warn(f"{queued} points of run {self.name!r} were still queued at exit (call run.finish()) and could not be sent")
        with self._lock:
            self._points.clear()  # said once: the program is ending

    def _flush_or_warn(self, what: str) -> None:
        # Any failure, not only a GoodhartError: the background thread must outlive an answer it cannot read.
        try:
            self.flush()
        except Exception as error:  # noqa: BLE001 - kept queued; the next flush tries again
            warnings.warn(f"goodhart: {what}: {error}")

    def close(self) -> None:
        """Stops the background flush and sends what is queued."""
        self._stopped.set()
        if self._timer is not None:
            self._timer.join()
        self.flush()

    def event(self, kind: str, step: Optional[int] = None, message: Optional[str] = None,
              data: Optional[Mapping[str, Any]] = None, key: Optional[str] = None) -> Dict[str, Any]:
        """kind: checkpoint | rubric_changed | note | finished | failed. Re-sending an event (or its key) adds nothing."""
        event: Dict[str, Any] = {"kind": kind}
        for field, value in (("step", step), ("message", message), ("data", data), ("key", key)):
            if value is not None:
                event[field] = value
        return self.client.request("POST", f"/api/v1/runs/{self.id}/events", event)

    def finish(self, status: str = "finished", step: Optional[int] = None) -> None:
        """Sends what is queued, stops the background flush and marks the run finished (or failed).
        Each call is its own event (the client's retries resend it under the same key), so a run resumed
        with client.run(same name) after it ended is ended again by its next finish()."""
        self.close()
        self.event(status, step=step, key=f"{status}:{uuid.uuid4()}")

    def __enter__(self) -> "Run":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.finish("finished")
            return
        # The trainer's own error is the one to see: failing to report it to Goodhart only warns.
        try:
            self.finish("failed")
        except Exception as error:  # noqa: BLE001
            warnings.warn(f"goodhart: could not mark run {self.name!r} failed: {error}")


# The dataset columns that hold a task's expected answer, in the order the TRL hook looks for them.
LABEL_COLUMNS = ("ground_truth", "solution", "answer", "label")


def trl_reward(client: Client, environment: Optional[str] = None, rubric_version_id: Optional[str] = None,
               run: Optional[Run] = None, label_column: Optional[str] = None) -> Callable[..., List[Optional[float]]]:
    """A reward function for TRL's GRPOTrainer(reward_funcs=[...]): scores the batch through Goodhart.
    A rollout Goodhart cannot score gets None, which TRL leaves out of the reward (it is not a 0).
    TRL passes the dataset's other columns as keyword lists; the expected answer is sent as each
    rollout's label from `label_column`, or else the first of LABEL_COLUMNS the dataset has."""

    def goodhart_reward(prompts: Sequence[Any], completions: Sequence[Any], **kwargs: Any) -> List[Optional[float]]:
        # Each rollout its own sample id: on several GPUs each process sends its slice of a step, and a
        # completion two processes both drew is two samples, not a resend; a retry sends the same ids.
        call = _sample_id()
        labels = _label_column(kwargs, label_column, len(completions))
        rollouts = [{**_rollout(prompt, completion, labels[index] if labels else None), "sampleId": f"{call}:{index}"}
                    for index, (prompt, completion) in enumerate(zip(prompts, completions))]
        # TRL generates a batch while global_step counts the optimizer steps already taken, and logs the
        # batch's own metrics (its "reward") after the step it trains, at global_step + 1, where
        # GoodhartCallback logs them too: the rollouts go under that step, so the pair lines up.
        state = kwargs.get("trainer_state")
        step = int(state.global_step) + 1 if state is not None else None
        answer = client.reward(rollouts, environment=environment, rubric_version_id=rubric_version_id,
                               run=run.id if run else None, step=step)
        return list(answer["rewards"])

    goodhart_reward.__name__ = f"goodhart_{environment or 'rubric'}"
    return goodhart_reward


def verifiers_reward(client: Client, environment: Optional[str] = None, rubric_version_id: Optional[str] = None,
                     run: Optional[Run] = None) -> Callable[..., Awaitable[float]]:
    """An async reward function for a verifiers Rubric(funcs=[...]): verifiers awaits it on its event
    loop, so the HTTP call runs in a worker thread and other rollouts are scored meanwhile. verifiers
    has no "unscored" value, so a rollout Goodhart cannot score raises, and verifiers' own error
    handling decides (it logs the reason and counts 0). Each call is one sample (its own sampleId):
    a group's copies of a completion are each stored, and a retry of the call's request is not."""

    async def goodhart_reward(completion: Any, prompt: Any = None, answer: Any = None, info: Any = None, **kwargs: Any) -> float:
        # verifiers hands a reward function the dataset's answer and info: the rollout's label and metadata.
        rollout = {**_rollout(prompt, completion, answer), "sampleId": _sample_id()}
        if isinstance(info, Mapping) and info:
            rollout["metadata"] = to_plain(dict(info))
        answer = await asyncio.to_thread(client.reward, [rollout], environment=environment, rubric_version_id=rubric_version_id,
                                         run=run.id if run else None)
        reward = answer["rewards"][0]
        if reward is None:
            raise GoodhartError(200, "unscored", f"Goodhart could not score this rollout: {_first_error(answer)}")
        return float(reward)

    goodhart_reward.__name__ = f"goodhart_{environment or 'rubric'}"
    return goodhart_reward


def verl_compute_score(client: Client, environment: Optional[str] = None, rubric_version_id: Optional[str] = None,
                       run: Optional[Run] = None) -> Callable[..., Dict[str, float]]:
    """verl's custom_reward_function: compute_score(data_source, solution_str, ground_truth, extra_info).
    verl's reward managers put the score in a tensor (None cannot go there) and collect a returned
    dict's keys per sample into reward_extra_info, which must have the same keys for every sample. So
    it always answers {"score", "goodhart_error"}: an unscorable rollout scores 0.0 with
    goodhart_error 1.0 (its reason printed), never None and never an exception that stops the step.
    A request Goodhart refuses as a whole (an environment with no approved rubric, a bad key) still
    raises GoodhartError: that is a setup to fix, not a rollout to score 0. Each call is one sample
    (its own sampleId), so repeated completions count and the client's retries store nothing twice."""

    def compute_score(data_source: Any = None, solution_str: Any = None, ground_truth: Any = None,
                      extra_info: Any = None, **kwargs: Any) -> Dict[str, float]:
        rollout: Dict[str, Any] = {"completion": to_plain(solution_str) if solution_str is not None else "", "sampleId": _sample_id()}
        if ground_truth is not None:
            rollout["label"] = to_plain(ground_truth)
        if data_source is not None:
            rollout["metadata"] = {"data_source": str(data_source)}
        answer = client.reward([rollout], environment=environment or (str(data_source) if rubric_version_id is None else None),
                               rubric_version_id=rubric_version_id, run=run.id if run else None)
        reward = answer["rewards"][0]
        if reward is None:
            print(f"goodhart: rollout not scored: {_first_error(answer)}")
            return {"score": 0.0, "goodhart_error": 1.0}
        return {"score": float(reward), "goodhart_error": 0.0}

    return compute_score


def openrlhf_reward_func(client: Client, environment: Optional[str] = None, rubric_version_id: Optional[str] = None,
                         on_error: str = "mask", run: Optional[Run] = None) -> Callable[..., Dict[str, Any]]:
    """OpenRLHF's `--reward.remote_url goodhart_rm.py` hook: reward_func(queries, prompts, labels),
    answered by /api/v1/reward/openrlhf. Every sample's extra_logs have the same keys (OpenRLHF merges
    them key by key across samples). Values are torch tensors when torch is importable, as OpenRLHF's
    own examples return; lists otherwise. Each query is one sample (the body's "sampleIds", which
    OpenRLHF's own client does not send), so repeated queries count and retries store nothing twice."""
    params = [("onError", on_error)] + [(k, v) for k, v in (("environment", environment), ("rubricVersionId", rubric_version_id)) if v]
    path = "/api/v1/reward/openrlhf?" + "&".join(f"{k}={urllib.request.quote(str(v))}" for k, v in params)

    def reward_func(queries: Sequence[str], prompts: Optional[Sequence[str]] = None, labels: Optional[Sequence[Any]] = None, **kwargs: Any) -> Dict[str, Any]:
        headers = {"x-goodhart-run": run.id} if run else None
        request: Dict[str, Any] = {"query": list(queries), "sampleIds": [_sample_id() for _ in queries]}
        # A dataset without prompts or labels passes None: the server then reads each query alone.
        for field, values in (("prompts", prompts), ("labels", labels)):
            if values is not None:
                request[field] = list(values)
        body = client.score(path, request, headers=headers)
        return {"rewards": _tensor(body["rewards"]), "scores": _tensor(body["scores"]),
                "extra_logs": {key: _tensor(values) for key, values in body["extra_logs"].items()}}

    return reward_func


@functools.lru_cache(maxsize=None)
def _patient_connection(connection_class: Any, read_timeout: float) -> Any:
    """A connection that connects within urllib's timeout, then waits `read_timeout` for the body to
    go out and the answer to come back (urllib has one timeout for both)."""
    class Patient(connection_class):  # type: ignore[misc, valid-type]
        def connect(self) -> None:
            super().connect()
            self.sock.settimeout(read_timeout)
    return Patient


@functools.lru_cache(maxsize=None)
def _scoring_opener(read_timeout: float) -> urllib.request.OpenerDirector:
    """urllib whose connections wait `read_timeout` for an answer once connected; made once per timeout."""
    class Handler:
        def do_open(self, http_class: Any, req: Any, **kwargs: Any) -> Any:
            return super().do_open(_patient_connection(http_class, read_timeout), req, **kwargs)  # type: ignore[misc]

    handlers: List[Any] = [type("PatientHTTPHandler", (Handler, urllib.request.HTTPHandler), {})()]
    if hasattr(urllib.request, "HTTPSHandler"):  # Python built without ssl has none
        handlers.append(type("PatientHTTPSHandler", (Handler, urllib.request.HTTPSHandler), {})())
    return urllib.request.build_opener(*handlers)


def _encode(body: Any) -> bytes:
    return json.dumps(to_plain(body), allow_nan=False).encode("utf-8")


def _mib(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MiB"


def _reward_parts(rollouts: List[Any], envelope_bytes: int) -> List[tuple]:
    """(index of the first, rollouts) of each request: at most MAX_ROLLOUTS_PER_REQUEST rollouts and
    MAX_BODY_BYTES a request."""
    parts: List[tuple] = []
    start, size = 0, envelope_bytes
    for index, rollout in enumerate(rollouts):
        rollout_bytes = len(_encode(rollout)) + 1  # and its comma
        if envelope_bytes + rollout_bytes > MAX_BODY_BYTES:
            raise GoodhartError(413, "payload_too_large", f"rollouts[{index}] alone is {_mib(rollout_bytes)}, over the server's "
                                f"{_mib(MAX_BODY_BYTES)} body limit; nothing of the batch was sent")
        if index > start and (size + rollout_bytes > MAX_BODY_BYTES or index - start >= MAX_ROLLOUTS_PER_REQUEST):
            parts.append((start, rollouts[start:index]))
            start, size = index, envelope_bytes
        size += rollout_bytes
    parts.append((start, rollouts[start:]))
    return parts


def _merge_reward_answers(answer: Dict[str, Any], part: Dict[str, Any], start: int) -> Dict[str, Any]:
    """The answer to a batch sent in parts: a later part's errors named by their index in the whole batch."""
    def shifted(error: Dict[str, Any]) -> Dict[str, Any]:
        index = error["index"] + start
        text = re.sub(r"^rollouts\[\d+\]", f"rollouts[{index}]", str(error.get("error", "")))
        return {**error, "index": index, "error": text}

    return {**answer,
            "rewards": answer["rewards"] + part["rewards"], "results": answer["results"] + part["results"],
            "errors": answer["errors"] + [shifted(error) for error in part["errors"]],
            "traceIds": answer["traceIds"] + part["traceIds"],
            "jobIds": answer["jobIds"] + [job for job in part.get("jobIds", []) if job not in answer["jobIds"]]}


def _tensor(values: List[float]) -> Any:
    try:
        import torch  # type: ignore
    except ImportError:
        return [float(value) for value in values]
    return torch.tensor(values, dtype=torch.float)


def _first_error(answer: Mapping[str, Any]) -> str:
    return answer["errors"][0]["error"] if answer.get("errors") else "no reason given"


try:  # TRL's trainers take any transformers.TrainerCallback; without transformers, the same methods on a plain class.
    from transformers import TrainerCallback as _CallbackBase  # type: ignore
except ImportError:  # pragma: no cover - depends on the environment
    class _CallbackBase:  # type: ignore[no-redef]
        pass


class GoodhartCallback(_CallbackBase):
    """Sends the trainer's logs (loss, reward, kl, ...) as the run's metrics at each global step, and
    checkpoints and the end of training as events. Only the main process sends."""

    def __init__(self, client: Client, run: Optional[Run] = None, run_name: Optional[str] = None,
                 environment: Optional[str] = None, trainer: str = "trl"):
        if run is None and run_name is None:
            raise ValueError("pass run= or run_name=")
        self.client = client
        self.run = run
        self.run_name = run_name
        self.environment = environment
        self.trainer = trainer

    def _ensure_run(self, args: Any = None) -> Run:
        if self.run is None:
            config = {key: value for key, value in (_args_dict(args) or {}).items() if _as_number(value) is not None or isinstance(value, str)}
            self.run = self.client.run(self.run_name or "run", trainer=self.trainer, environment=self.environment, config=config or None)
        return self.run

    def on_train_begin(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        if _is_main(state):
            self._ensure_run(args)

    def on_log(self, args: Any, state: Any, control: Any, logs: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> None:
        if not _is_main(state) or not logs:
            return
        self._ensure_run(args).log(logs, step=int(getattr(state, "global_step", 0)))

    # A checkpoint or the end of training is the trainer's: Goodhart being unreachable then only warns.
    def on_save(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        if _is_main(state):
            step = int(getattr(state, "global_step", 0))
            try:
                run = self._ensure_run(args)
                run.flush()
                run.event("checkpoint", step=step, message=f"checkpoint-{step}", key=f"checkpoint-{step}")
            except GoodhartError as error:
                warnings.warn(f"goodhart: checkpoint-{step} not recorded: {error}")

    def on_train_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        if _is_main(state):
            try:
                self._ensure_run(args).finish(step=int(getattr(state, "global_step", 0)))
            except GoodhartError as error:
                warnings.warn(f"goodhart: the end of training not recorded: {error}")


def to_plain(value: Any) -> Any:
    """JSON-ready copies of what trainers hand over: pydantic models (verifiers' messages),
    dataclasses, numpy and torch scalars, tuples."""
    if isinstance(value, float) and not math.isfinite(value):
        return None  # JSON has no NaN or infinity: a missing label, say, that a dataframe made NaN
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, Mapping):
        return {str(key): to_plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(item) for item in value]
    if hasattr(value, "model_dump"):
        return to_plain(value.model_dump(exclude_none=True))
    if hasattr(value, "__dataclass_fields__"):
        return to_plain({name: getattr(value, name) for name in value.__dataclass_fields__})
    if hasattr(value, "item") and callable(value.item):
        return to_plain(value.item())
    if hasattr(value, "tolist"):
        return to_plain(value.tolist())
    return str(value)


def _sample_id() -> str:
    """One sample's id: made once per hook call, so the client's retries of its request send the same one."""
    return uuid.uuid4().hex


def _rollout(prompt: Any, completion: Any, label: Any = None) -> Dict[str, Any]:
    rollout: Dict[str, Any] = {"completion": to_plain(completion)}
    if prompt is not None:
        rollout["prompt"] = to_plain(prompt)
    if label is not None and label != "":
        rollout["label"] = to_plain(label)
    return rollout


def _label_column(columns: Mapping[str, Any], name: Optional[str], count: int) -> Optional[List[Any]]:
    """The dataset column holding each completion's expected answer: the named one (an error if TRL
    did not pass it), or else the first of LABEL_COLUMNS present with one value per completion."""
    if name is not None:
        values = columns.get(name)
        if not isinstance(values, (list, tuple)) or len(values) != count:
            raise ValueError(f"label_column={name!r}: TRL passed no such dataset column with one value "
                             f"per completion (columns passed: {sorted(columns)})")
        return list(values)
    for candidate in LABEL_COLUMNS:
        values = columns.get(candidate)
        if isinstance(values, (list, tuple)) and len(values) == count:
            return list(values)
    return None


def _as_number(value: Any) -> Optional[float]:
    if isinstance(value, bool):
        return float(value)
    if hasattr(value, "item") and callable(value.item):
        value = value.item()
    if isinstance(value, (int, float)) and math.isfinite(value):
        return float(value)
    return None


def _as_step(step: Any) -> Optional[int]:
    if hasattr(step, "item") and callable(step.item):
        step = step.item()
    if isinstance(step, bool) or not isinstance(step, (int, float)) or not math.isfinite(step) or step != int(step):
        return None
    return int(step) if 0 <= step <= MAX_STEP else None


def _name_problem(name: Any) -> Optional[str]:
    text = str(name).strip()
    if not text:
        return "the name is empty"
    if len(text.encode("utf-16-le", "surrogatepass")) // 2 > MAX_NAME_CHARS:  # the server counts UTF-16 units
        return f"the name is longer than {MAX_NAME_CHARS} characters"
    if _UNSTORABLE.search(text):
        return "the name holds a NUL character or a lone surrogate"
    if text.startswith(SERVER_METRIC_PREFIX):
        return f"the {SERVER_METRIC_PREFIX} prefix is kept for the metrics the server computes from the run's rollouts"
    return None


def _is_main(state: Any) -> bool:
    return bool(getattr(state, "is_world_process_zero", True))


def _args_dict(args: Any) -> Optional[Dict[str, Any]]:
    if args is None:
        return None
    if hasattr(args, "to_dict"):
        return args.to_dict()
    return dict(vars(args)) if hasattr(args, "__dict__") else None


def _retry_delay(retry_after: Optional[str], attempt: int) -> float:
    if retry_after:
        try:
            return max(0.0, min(float(retry_after), 30.0))
        except ValueError:
            pass
    return min(0.5 * 2 ** attempt, 8.0)


def _to_goodhart_error(error: urllib.error.HTTPError) -> GoodhartError:
    """The server's error, or for an answer that is not Goodhart's (a proxy's page, another API's shape) its status and reason."""
    try:
        body = json.loads(error.read().decode("utf-8", "replace")).get("error")
    except (ValueError, AttributeError, OSError):
        body = None
    if isinstance(body, dict):
        details = body.get("details")
        return GoodhartError(error.code, str(body.get("code", "error")), str(body.get("message", "")), details if isinstance(details, list) else None)
    return GoodhartError(error.code, "error", str(body) if isinstance(body, str) else str(error.reason or ""))


def _json_answer(status: int, text: str, url: str) -> Any:
    """A 2xx answer's JSON; one that is not JSON (a proxy's or a sign-in page) is a GoodhartError naming what came back."""
    if not text:
        return None
    try:
        return json.loads(text)
    except ValueError:
        raise GoodhartError(status, "not_json", f"{url} answered something that is not JSON, so it is probably not Goodhart: {text[:200]!r}") from None
