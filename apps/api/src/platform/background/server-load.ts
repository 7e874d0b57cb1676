import { performance } from 'node:perf_hooks';

/** What `performance.eventLoopUtilization()` answers: time spent running code and waiting, in ms. */
export interface LoopSample {
  active: number;
  idle: number;
}

/**
 * Whether this process has been busy: the share of the last `windowMs` its event loop spent running
 * code rather than waiting for work (its event-loop utilization) over `busyShare`. Background work
 * that can wait asks it before each step and goes on one step at a time while it says yes, so that
 * an hourly backlog gives the cores back to the requests being answered (bench/README.md "Platform
 * scale": a pass over 50,000 connections at full speed took a quarter of a 2-core machine and put
 * the users list's p95 half as high again). Read on demand: a window that has not ended keeps the
 * last answer.
 */
export function createLoadGauge({
  sample = () => performance.eventLoopUtilization(),
  now = () => performance.now(),
  windowMs = 1000,
  busyShare = 0.5,
}: {
  sample?: () => LoopSample;
  now?: () => number;
  windowMs?: number;
  busyShare?: number;
} = {}): () => boolean {
  let last = sample();
  let lastAt = now();
  let busy = false;
  return () => {
    if (now() - lastAt < windowMs) return busy;
    const current = sample();
    const active = current.active - last.active;
    const total = active + (current.idle - last.idle);
    busy = total > 0 && active / total > busyShare;
    last = current;
    lastAt = now();
    return busy;
  };
}

/** This process's gauge, shared by the schedulers that yield to requests. */
export const serverBusy = createLoadGauge();
