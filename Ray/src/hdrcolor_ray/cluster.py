"""Joining or starting the Ray cluster the jobs run on."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager

import ray

DEFAULT_OBJECT_STORE_BYTES = 100 * 1024 * 1024


@contextmanager
def ray_session(address: str | None = None, num_cpus: int | None = None) -> Iterator[None]:
    """Connects to the cluster at `address` (`ray.init(address=...)`), else starts a local one.

    A local cluster gets `num_cpus` CPUs (default: the machine's), no dashboard and a small object store (only
    JSON text travels through it; `HDRCOLOR_RAY_OBJECT_STORE_BYTES` changes it). When Ray is already initialised in
    this process (a test, a notebook), that session is used and left running.
    """
    if ray.is_initialized():
        yield
        return
    common = {"logging_level": logging.WARNING, "log_to_driver": False, "configure_logging": True}
    if address:
        ray.init(address=address, **common)
    else:
        store = int(os.environ.get("HDRCOLOR_RAY_OBJECT_STORE_BYTES", DEFAULT_OBJECT_STORE_BYTES))
        ray.init(num_cpus=num_cpus, include_dashboard=False, object_store_memory=store, **common)
    try:
        yield
    finally:
        ray.shutdown()


def cluster_cpus() -> int:
    """The CPUs of the connected cluster (at least 1)."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def node_id() -> str:
    """A short name of the node the calling task runs on (for reports)."""
    return ray.get_runtime_context().get_node_id()[:12]
