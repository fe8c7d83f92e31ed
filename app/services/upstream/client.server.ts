/**
 * The one place that talks HTTP to the upstream GPS API (kentcdodds.com transistor.server.ts
 * style): base URL, Bearer token, per-attempt timeout, error mapping (SPEC §8), response
 * validation, and retries with capped exponential backoff + full jitter for idempotent reads
 * only. A circuit breaker (issue 8) belongs in `request` too, so every call passes through it.
 */
import type { z } from "zod";
import { isUpstreamFault, UpstreamError, messageFromBody } from "./errors";
import { breakerFor, familyBreakerFor, type Breaker, type BreakerOptions } from "./resilience";
import { upstreamTimeLeft } from "./deadline.server";
import { noteUpstreamUse } from "./usage.server";

export type UpstreamOptions = {
  baseUrl: string;
  token?: string | null;
  /** Per attempt. */
  timeoutMs?: number;
  /** Extra attempts for idempotent reads (never for mutations). */
  retries?: number;
  /** Backoff base and cap (ms); the delay before retry n is random in [0, min(cap, base * 2^n)]. */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  fetch?: typeof fetch;
  /** Circuit breaker and concurrency bound, shared by all clients of one base URL. */
  breaker?: Partial<BreakerOptions>;
  /**
   * A person is waiting on this client's calls (a sign-in): each may probe an open circuit
   * breaker, so signing in works as soon as the service is back, not up to `openMs` later.
   */
  eager?: boolean;
};

export type RequestOptions<S extends z.ZodTypeAny> = {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
  schema: S;
  /** Safe to repeat: GETs and read-only POSTs. Mutations must leave this false. */
  idempotent?: boolean;
  /** Statuses treated as success besides 2xx handling (e.g. a 200 that the caller inspects). */
  expectStatus?: number[];
};

export type UpstreamResponse<T> = { status: number; data: T };

/** A file (an image) from the upstream host; read whole, so the timeout covers the body too. */
export type BinaryRequest = { path: string; accept?: string };
export type BinaryResponse = { status: number; contentType: string; body: ArrayBuffer };

export type Upstream = {
  readonly options: Readonly<
    Required<Omit<UpstreamOptions, "token" | "fetch" | "breaker" | "eager">>
  > & {
    token: string | null;
  };
  /** A client for the same upstream acting with another bearer token. */
  withToken(token: string | null): Upstream;
  /** The same client for calls a person is waiting on (a sign-in): see UpstreamOptions.eager. */
  eager(): Upstream;
  request<S extends z.ZodTypeAny>(opts: RequestOptions<S>): Promise<UpstreamResponse<z.output<S>>>;
  /**
   * A GET of a file, through the same breaker, concurrency bound and timeout, in one attempt:
   * a picture is not worth a page waiting for retries. A non-2xx answer is an UpstreamError.
   */
  binary(opts: BinaryRequest): Promise<BinaryResponse>;
};

const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

export function createUpstream(opts: UpstreamOptions): Upstream {
  const options = {
    baseUrl: opts.baseUrl.replace(/\/+$/, ""),
    token: opts.token ?? null,
    timeoutMs: opts.timeoutMs ?? 4000,
    retries: opts.retries ?? 2,
    backoffBaseMs: opts.backoffBaseMs ?? 100,
    backoffCapMs: opts.backoffCapMs ?? 2000,
  };
  const doFetch = opts.fetch ?? fetch;

  /**
   * Every attempt passes the host's breaker and its endpoint family's, and takes a concurrency
   * slot of the host for its whole duration. A timeout or a refused connection counts against the
   * host; a 5xx or an answer of the wrong shape against the family only.
   */
  async function guarded<T>(call: string, path: string, attempt: () => Promise<T>): Promise<T> {
    const eager = opts.eager ?? false;
    noteUpstreamUse();
    const host = breakerFor(options.baseUrl, opts.breaker);
    const family = familyBreakerFor(options.baseUrl, path, opts.breaker);
    // A breaker that is not closed lets a call through only as its one probe. A probe this call
    // took and that tells the breaker nothing (never sent, or the host was gone) is handed back;
    // never another call's.
    const probes = new Set<Breaker>();
    const pass = (b: Breaker) => {
      if (!b.allow(eager)) return false;
      if (b.state() !== "closed") probes.add(b);
      return true;
    };
    const handBack = (...bs: Breaker[]) => bs.forEach((b) => probes.has(b) && b.cancelProbe());
    const unavailable = (message: string) => {
      handBack(family, host);
      return new UpstreamError(message, 503, "unreachable", null, call);
    };
    if (!pass(family) || !pass(host))
      throw unavailable("The tracking service is unavailable right now");
    if (!(await host.acquire(AbortSignal.timeout(callTimeout()))))
      throw unavailable("The tracking service is busy right now");
    try {
      const out = await attempt();
      host.success();
      family.success();
      return out;
    } catch (e) {
      const kind = (e as { kind?: unknown }).kind;
      if (!isUpstreamFault(e)) {
        host.success();
        family.success();
      } else if (kind === "timeout" || kind === "unreachable") {
        host.failure();
        handBack(family);
      } else {
        // The host answered: only this family is broken.
        host.success();
        family.failure();
      }
      throw e;
    } finally {
      host.release();
    }
  }

  /** The per-call timeout, shortened to what is left of the page's upstream budget. */
  function callTimeout(): number {
    const left = upstreamTimeLeft();
    return Math.max(1, Math.min(options.timeoutMs, left ?? Infinity));
  }

  /** One HTTP exchange, its body read by `read`; network failures and timeouts mapped. */
  async function send<B>(
    url: URL,
    init: { method: string; headers: Record<string, string>; body?: string },
    call: string,
    read: (res: Response) => Promise<B>,
  ): Promise<{ res: Response; body: B }> {
    if (options.token) init.headers.authorization = `Bearer ${options.token}`;
    if ((upstreamTimeLeft() ?? 1) <= 0)
      throw new UpstreamError("The page's upstream time is spent", 504, "timeout", null, call);
    try {
      // One signal covers both the headers and the body, so a stalled body also times out.
      const signal = AbortSignal.timeout(callTimeout());
      const res = await doFetch(url, { ...init, signal });
      return { res, body: await read(res) };
    } catch (e) {
      const name = (e as { name?: string })?.name;
      if (name === "TimeoutError" || name === "AbortError") {
        throw new UpstreamError(
          `The upstream did not answer within ${callTimeout()} ms`,
          504,
          "timeout",
          null,
          call,
        );
      }
      throw new UpstreamError("The upstream cannot be reached", 503, "unreachable", null, call);
    }
  }

  async function attempt<S extends z.ZodTypeAny>(
    r: RequestOptions<S>,
    call: string,
  ): Promise<UpstreamResponse<z.output<S>>> {
    const url = new URL(options.baseUrl + r.path);
    for (const [k, v] of Object.entries(r.query ?? {}))
      if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: "application/json" };
    if (r.body !== undefined) headers["content-type"] = "application/json";
    const { res, body: text } = await send(
      url,
      {
        method: r.method,
        headers,
        body: r.body === undefined ? undefined : JSON.stringify(r.body),
      },
      call,
      (x) => x.text(),
    );
    let body: unknown = text;
    if (text && (res.headers.get("content-type") ?? "").includes("json")) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (!res.ok && !r.expectStatus?.includes(res.status)) {
      throw new UpstreamError(
        messageFromBody(text ? body : null),
        res.status,
        "http",
        text ? body : null,
        call,
      );
    }
    const parsed = r.schema.safeParse(body === "" ? undefined : body);
    if (!parsed.success) {
      const where = parsed.error.issues[0];
      const detail = where
        ? `${where.path.join(".") || "(root)"}: ${where.message}`
        : "unexpected shape";
      throw new UpstreamError(
        `Unexpected response from ${call} (${detail})`,
        502,
        "invalid_response",
        body,
        call,
      );
    }
    return { status: res.status, data: parsed.data };
  }

  async function request<S extends z.ZodTypeAny>(
    r: RequestOptions<S>,
  ): Promise<UpstreamResponse<z.output<S>>> {
    const call = `${r.method} ${r.path}`;
    const tries = r.idempotent ? options.retries + 1 : 1;
    for (let n = 0; ; n++) {
      try {
        return await guarded(call, r.path, () => attempt(r, call));
      } catch (e) {
        const retriable =
          e instanceof UpstreamError &&
          (e.kind === "timeout" ||
            e.kind === "unreachable" ||
            (e.kind === "http" && RETRY_STATUSES.has(e.status)));
        const open =
          breakerFor(options.baseUrl).state() === "open" ||
          familyBreakerFor(options.baseUrl, r.path).state() === "open";
        if (!retriable || n + 1 >= tries || open) throw e;
        const cap = Math.min(options.backoffCapMs, options.backoffBaseMs * 2 ** n);
        // No retry the page's budget cannot cover (its backoff and one short attempt).
        if ((upstreamTimeLeft() ?? Infinity) < cap + 250) throw e;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * cap));
      }
    }
  }

  async function binary(r: BinaryRequest): Promise<BinaryResponse> {
    const call = `GET ${r.path}`;
    return guarded(call, r.path, async () => {
      const { res, body } = await send(
        new URL(options.baseUrl + r.path),
        { method: "GET", headers: { accept: r.accept ?? "*/*" } },
        call,
        (x) => x.arrayBuffer(),
      );
      if (!res.ok)
        throw new UpstreamError(`${call} answered ${res.status}`, res.status, "http", null, call);
      return { status: res.status, contentType: res.headers.get("content-type") ?? "", body };
    });
  }

  return {
    options,
    withToken: (token) => createUpstream({ ...opts, token }),
    eager: () => createUpstream({ ...opts, eager: true }),
    request,
    binary,
  };
}
