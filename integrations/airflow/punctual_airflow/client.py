"""A small client for Punctual's Livy-compatible batch API, on the standard library's ``urllib``.

Batches are the gateway's JSON objects as plain dicts (Livy's fields plus Punctual's: ``admission``,
``reservationId``, ``executors``, ``predictedFinish``...), so they pass unchanged through XCom and trigger events.
"""

from __future__ import annotations

import json
import socket
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Callable, Dict, List, Mapping, NamedTuple, Optional

from .errors import (PunctualAuthError, PunctualError, PunctualNotFound, PunctualRequestError,
                     PunctualUnavailable)

#: Livy's batch states after which nothing changes (``error`` is Livy's; the gateway uses ``dead``).
FINAL_STATES = frozenset({"success", "dead", "killed", "error"})
#: States in which the batch has not yet been admitted or launched.
PENDING_STATES = frozenset({"not_started", "starting"})

_RETRIED_STATUSES = frozenset({500, 502, 503, 504})


def is_final(batch: Mapping[str, Any]) -> bool:
    return batch.get("state") in FINAL_STATES


def is_rejected(batch: Mapping[str, Any]) -> bool:
    return (batch.get("admission") or {}).get("verdict") == "rejected"


class Submitted(NamedTuple):
    """The batch a ``POST /batches`` returned, and whether the gateway replayed it for a key it already knew."""
    batch: Dict[str, Any]
    replayed: bool


class PunctualClient:
    """Talks to one gateway as one team (``Authorization: Bearer <token>``).

    Requests that are safe to repeat (GET, DELETE, and POST with an idempotency key) are retried when the gateway
    cannot be reached or answers 5xx, ``retries`` times with a doubling wait; a POST without a key is sent once.
    """

    def __init__(self, url: str, token: str, *, timeout: float = 30.0, headers: Optional[Mapping[str, str]] = None,
                 verify: bool = True, ca_file: Optional[str] = None, retries: int = 3, retry_wait: float = 2.0,
                 sleep: Callable[[float], None] = time.sleep):
        if not url or not urllib.parse.urlsplit(url).scheme or not urllib.parse.urlsplit(url).netloc:
            raise ValueError(f"the gateway URL must look like http://host:8998, got {url!r}")
        if not token or not token.strip():
            raise ValueError("no team token: put your team's token (from its Punctual configuration) in the "
                             "connection's password, or pass token=")
        if retries < 0 or retry_wait < 0 or timeout <= 0:
            raise ValueError(f"retries and retry_wait must be >= 0 and timeout > 0, got {retries}, {retry_wait}, "
                             f"{timeout}")
        self.url = url.rstrip("/")
        self._token = token.strip()
        self._timeout = timeout
        self._headers = dict(headers or {})
        self._retries = retries
        self._retry_wait = retry_wait
        self._sleep = sleep
        self._ssl = None
        if self.url.startswith("https:"):
            self._ssl = ssl.create_default_context(cafile=ca_file)
            if not verify:
                self._ssl.check_hostname = False
                self._ssl.verify_mode = ssl.CERT_NONE

    def submit(self, body: Mapping[str, Any], idempotency_key: Optional[str] = None) -> Submitted:
        """``POST /batches``: a new batch (201), or the one this key already created (200, replayed)."""
        headers = {"Idempotency-Key": idempotency_key} if idempotency_key else {}
        status, response_headers, batch = self._request("POST", "/batches", body, headers,
                                                        retry=idempotency_key is not None)
        replayed = status == 200 or response_headers.get("Idempotent-Replayed", "").lower() == "true"
        return Submitted(batch, replayed)

    def dry_run(self, body: Mapping[str, Any]) -> Dict[str, Any]:
        """``POST /batches?dryRun=true``: sizing, admission verdict and planned reservation, nothing launched."""
        return self._request("POST", "/batches?dryRun=true", body, retry=True)[2]

    def batch(self, batch_id: int) -> Dict[str, Any]:
        return self._request("GET", f"/batches/{int(batch_id)}")[2]

    def state(self, batch_id: int) -> str:
        return self._request("GET", f"/batches/{int(batch_id)}/state")[2]["state"]

    def log(self, batch_id: int, start: int = 0, size: int = 200) -> List[str]:
        return self._request("GET", f"/batches/{int(batch_id)}/log?from={int(start)}&size={int(size)}")[2]["log"]

    def batches(self) -> List[Dict[str, Any]]:
        return self._request("GET", "/batches?size=100000")[2]["sessions"]

    def delete(self, batch_id: int) -> None:
        """Kills the batch's application and releases its reservation; the batch stays, ``killed``."""
        self._request("DELETE", f"/batches/{int(batch_id)}")

    def health(self) -> Dict[str, Any]:
        return self._request("GET", "/healthz")[2]

    def _request(self, method: str, path: str, body: Optional[Mapping[str, Any]] = None,
                 headers: Optional[Mapping[str, str]] = None, retry: Optional[bool] = None):
        retry = method in ("GET", "DELETE") if retry is None else retry
        attempts = 1 + (self._retries if retry else 0)
        wait = self._retry_wait
        for attempt in range(1, attempts + 1):
            try:
                return self._send(method, path, body, headers or {})
            except PunctualUnavailable:
                if attempt == attempts:
                    raise
                self._sleep(wait)
                wait *= 2
        raise AssertionError("unreachable")

    def _send(self, method: str, path: str, body: Optional[Mapping[str, Any]], headers: Mapping[str, str]):
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.url + path, data=data, method=method)
        for name, value in {**self._headers, **headers}.items():
            request.add_header(name, value)
        request.add_header("Authorization", f"Bearer {self._token}")
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        what = f"{method} {self.url}{path}"
        try:
            with urllib.request.urlopen(request, timeout=self._timeout, context=self._ssl) as response:
                return response.status, dict(response.headers.items()), _json(response.read(), what)
        except urllib.error.HTTPError as e:
            raise _error(what, e.code, e.read()) from None
        except (urllib.error.URLError, ConnectionError, socket.timeout, TimeoutError) as e:
            cause = getattr(e, "reason", e)
            raise PunctualUnavailable(f"{what}: the gateway could not be reached ({cause}); check that it runs "
                                      f"and that the connection's host and port are right") from e


def _json(raw: bytes, what: str) -> Any:
    try:
        return json.loads(raw.decode("utf-8")) if raw else {}
    except ValueError:
        raise PunctualError(f"{what}: the answer is not JSON (is this a Punctual or Livy gateway?): "
                            f"{raw[:200]!r}") from None


def _error(what: str, status: int, raw: bytes) -> PunctualError:
    try:
        message = json.loads(raw.decode("utf-8")).get("msg") or raw.decode("utf-8", "replace")
    except (ValueError, AttributeError):
        message = raw[:300].decode("utf-8", "replace")
    text = f"{what} -> {status}: {message}"
    if status == 401:
        return PunctualAuthError(f"{text}. The gateway did not accept the team token: use your team's token from "
                                 f"its Punctual configuration (the Airflow connection's password)")
    if status == 400:
        return PunctualRequestError(text)
    if status == 404:
        return PunctualNotFound(text)
    if status in _RETRIED_STATUSES:
        return PunctualUnavailable(text)
    return PunctualError(text)
