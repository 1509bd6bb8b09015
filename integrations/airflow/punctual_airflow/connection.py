"""A client from an Airflow connection's fields (host, port, schema, password, extra), read without Airflow."""

from __future__ import annotations

import urllib.parse
from typing import Any, Mapping, Optional

from .client import PunctualClient

DEFAULT_PORT = 8998


def client_from_connection(conn: Any, *, endpoint_prefix: Optional[str] = None,
                           extra_headers: Optional[Mapping[str, str]] = None,
                           extra_options: Optional[Mapping[str, Any]] = None) -> PunctualClient:
    """The gateway is ``host`` (with or without ``http(s)://``), ``port`` (8998 when absent, like Livy) and
    ``schema`` (the URL scheme, as Airflow's HTTP and Livy connections use it); the team token is the password, or
    ``token`` in the extra. Extra (and the operator's ``extra_options``, which win) may set ``timeout`` (seconds),
    ``verify`` (false, or a CA bundle path), ``endpoint_prefix``, ``headers``, ``retries`` and ``retry_wait``.
    """
    conn_id = getattr(conn, "conn_id", None) or "the connection"
    extra = dict(_extra(conn))
    options = {**extra, **dict(extra_options or {})}
    host = (getattr(conn, "host", None) or "").strip()
    if not host:
        raise ValueError(f"{conn_id} has no host: set it to the Punctual gateway, e.g. punctual.example.com "
                         f"(port {DEFAULT_PORT})")
    if "://" not in host:
        host = f"{getattr(conn, 'schema', None) or 'http'}://{host}"
    parts = urllib.parse.urlsplit(host)
    netloc = parts.netloc
    if parts.port is None:
        netloc = f"{netloc}:{getattr(conn, 'port', None) or DEFAULT_PORT}"
    prefix = (endpoint_prefix or options.get("endpoint_prefix") or parts.path or "").strip("/")
    url = f"{parts.scheme}://{netloc}" + (f"/{prefix}" if prefix else "")
    token = getattr(conn, "password", None) or extra.get("token")
    if not token:
        raise ValueError(f"{conn_id} has no team token: put your team's token (from its Punctual configuration) in "
                         f"the connection's password")
    verify = options.get("verify", True)
    return PunctualClient(url, token,
                          timeout=float(options.get("timeout", 30)),
                          retries=int(options.get("retries", 3)),
                          retry_wait=float(options.get("retry_wait", 2.0)),
                          headers={**dict(options.get("headers") or {}), **dict(extra_headers or {})},
                          verify=verify is not False and str(verify).lower() != "false",
                          ca_file=verify if isinstance(verify, str) and verify.lower() not in ("true", "false")
                          else None)


def _extra(conn: Any) -> Mapping[str, Any]:
    extra = getattr(conn, "extra_dejson", None)
    return extra if isinstance(extra, Mapping) else {}
