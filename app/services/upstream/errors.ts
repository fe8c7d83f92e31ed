/**
 * The upstream client's error type and the user-facing messages of SPEC §5 and §8. Pure (no
 * server imports), so UI code may use the messages and narrow on `kind`.
 */

export type UpstreamErrorKind =
  /** The upstream answered with a non-2xx status. */
  | "http"
  /** No answer within the timeout. */
  | "timeout"
  /** No connection (refused, reset, DNS). */
  | "unreachable"
  /** A 2xx answer whose body does not match the contract (schemas.ts). */
  | "invalid_response";

export const MESSAGES = {
  generic: "Something went wrong",
  badCredentials: "The username or password is incorrect.",
  signUpFailed: "Problem with sign up. Email may already be in use.",
  noLoginToken: "No login token can be found",
  tokenLoginNoToken: "Something went wrong whilst trying to log in",
  tokenLoginFailed: "Failed to log in using token, it might've expired",
  logoutFailed: "Unable to logout",
  permDriverFailed: "ERROR FOR NOW",
  /** A page whose data the tracking service did not give and that has no copy of it (503). */
  pageUnavailable: "The tracking service is not answering; try again in a moment.",
  /** A save the tracking service did not take: the form keeps what was typed. */
  saveUnavailable:
    "The tracking service did not answer, so nothing was saved. Try again in a moment.",
} as const;

export class UpstreamError extends Error {
  readonly name = "UpstreamError";
  constructor(
    message: string,
    readonly status: number,
    readonly kind: UpstreamErrorKind,
    /** The response body as received (parsed JSON or text), when there was one. */
    readonly body: unknown = null,
    readonly call: string = "",
  ) {
    super(message);
  }
}

export function isUpstreamError(e: unknown): e is UpstreamError {
  return e instanceof UpstreamError;
}

/**
 * The service's own fault (no answer, a 5xx, a body off the contract), not a refusal of what was
 * asked: what opens the circuit and what a page says as "not answering". Told by name, not class,
 * so it holds for the error of another copy of this module (the server build's, in tests).
 */
export function isUpstreamFault(e: unknown): boolean {
  const x = e as { name?: unknown; kind?: unknown; status?: unknown } | null;
  if (x?.name !== "UpstreamError") return false;
  return x.kind !== "http" || (typeof x.status === "number" && x.status >= 500);
}

/**
 * A `.catch` for a read a page can do without when the upstream refuses it: `fallback` then, but
 * the service not answering is rethrown for the page's outage handling (last good copy or 503).
 */
export const unlessFault =
  <T>(fallback: T) =>
  (e: unknown): T => {
    if (isUpstreamFault(e)) throw e;
    return fallback;
  };

/**
 * SPEC §8: a failed call rejects with the response body's message, or 'Something went wrong'
 * when there is none.
 */
export function messageFromBody(body: unknown): string {
  if (typeof body === "string") return body.trim() ? body.trim().slice(0, 500) : MESSAGES.generic;
  if (body && typeof body === "object") {
    const m =
      (body as { message?: unknown; error?: unknown }).message ??
      (body as { error?: unknown }).error;
    if (typeof m === "string" && m.trim()) return m;
  }
  return MESSAGES.generic;
}
