/**
 * Process-wide protection of the upstream, shared by every client of one base URL:
 * a circuit breaker that opens after repeated failures (callers then serve their cache at once
 * instead of waiting for timeouts), and a bound on concurrent calls so a slow upstream never
 * piles up open requests.
 */
import { singleton } from "~/services/singleton.server";

export type BreakerOptions = {
  failureThreshold: number;
  openMs: number;
  maxConcurrent: number;
  maxQueued: number;
};

export const DEFAULT_BREAKER: BreakerOptions = {
  failureThreshold: 5,
  openMs: 15_000,
  maxConcurrent: 24,
  maxQueued: 200,
};

export type BreakerState = "closed" | "open" | "half-open";

export class Breaker {
  private failures = 0;
  private openUntil = 0;
  private probing = false;
  private active = 0;
  private readonly queue: Array<() => void> = [];
  constructor(
    readonly options: BreakerOptions = DEFAULT_BREAKER,
    private readonly now: () => number = Date.now,
  ) {}

  state(): BreakerState {
    if (this.openUntil === 0) return "closed";
    return this.now() < this.openUntil ? "open" : "half-open";
  }

  /**
   * Whether a call may go out now; in half-open state exactly one probe is let through. A call a
   * person is waiting on (`eager`: a sign-in) may probe an open breaker too, so signing in works as
   * soon as the service is back instead of up to `openMs` later.
   */
  allow(eager = false): boolean {
    const s = this.state();
    if (s === "closed") return true;
    if ((s === "open" && !eager) || this.probing) return false;
    this.probing = true;
    return true;
  }

  /** A probe let through that never went out (another breaker refused the call). */
  cancelProbe() {
    this.probing = false;
  }

  success() {
    this.failures = 0;
    this.openUntil = 0;
    this.probing = false;
  }

  failure() {
    this.probing = false;
    this.failures++;
    if (this.failures >= this.options.failureThreshold || this.openUntil !== 0)
      this.openUntil = this.now() + this.options.openMs;
  }

  inFlight() {
    return this.active;
  }

  /** Waits for a free slot; false when too many calls are already waiting. */
  async acquire(signal?: AbortSignal): Promise<boolean> {
    if (this.active < this.options.maxConcurrent) {
      this.active++;
      return true;
    }
    if (this.queue.length >= this.options.maxQueued) return false;
    return new Promise<boolean>((resolve) => {
      const grant = () => {
        signal?.removeEventListener("abort", cancel);
        this.active++;
        resolve(true);
      };
      const cancel = () => {
        const i = this.queue.indexOf(grant);
        if (i >= 0) this.queue.splice(i, 1);
        resolve(false);
      };
      signal?.addEventListener("abort", cancel, { once: true });
      this.queue.push(grant);
    });
  }

  release() {
    this.active--;
    this.queue.shift()?.();
  }
}

// One breaker per upstream for the whole process, even when this module is loaded twice (the dev
// server's rebuilds, or a test beside the production build).
const breakers = singleton("upstreamBreakers", () => new Map<string, Breaker>());

export function breakerFor(baseUrl: string, options?: Partial<BreakerOptions>): Breaker {
  let b = breakers.get(baseUrl);
  if (!b) breakers.set(baseUrl, (b = new Breaker({ ...DEFAULT_BREAKER, ...options })));
  return b;
}

/**
 * The breaker of one endpoint family (the path's first segment: "concrete", "auth"): an endpoint
 * that answers 5xx opens its own family only, so a broken report endpoint does not refuse sign-in.
 * The host's breaker (`breakerFor(baseUrl)`) counts what says the host itself is gone: timeouts and
 * refused connections.
 */
export function familyBreakerFor(
  baseUrl: string,
  path: string,
  options?: Partial<BreakerOptions>,
): Breaker {
  const family = /^\/*([^/?]*)/.exec(path)?.[1] ?? "";
  return breakerFor(`${baseUrl} /${family}`, options);
}

/** For tests: forget every breaker. */
export function resetBreakers() {
  breakers.clear();
}
