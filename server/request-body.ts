import type http from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { BodyAdmission as Admission } from "../app/services/body-admission.server.js";
import type { BodyKind, BodyRule } from "../app/services/request-bodies.server.js";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const ACCEPTS: Record<BodyKind, string[]> = {
  form: FORM_TYPES,
  upload: FORM_TYPES,
  json: ["application/json"],
};
const WHAT: Record<BodyKind, string> = {
  form: "a form (application/x-www-form-urlencoded or multipart/form-data)",
  upload: "a form (multipart/form-data)",
  json: "JSON (application/json)",
};

/** What the app says of a body's sender before a byte is read (app/services/body-admission.server.ts). */
export type Admit = (pathname: string, search: string, cookie: string | null) => Promise<Admission>;

export type GateOptions = {
  /** Asked before a multipart or large body is read; without it every body is read. */
  admit?: Admit;
  /** Large bodies (over LARGE_BODY_BYTES, or streamed to a route allowing more) read at once. */
  largeSlots?: number;
  /** How long a large body waits for a slot before 503. */
  largeWaitMs?: number;
};

/** A body up to this size is read without asking who sends it (a sign-in form, a small save). */
export const SMALL_BODY_BYTES = 64 * 1024;
/** A body over this size takes one of the few large-body slots while it is read. */
export const LARGE_BODY_BYTES = 1024 * 1024;
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** The body of a request that passed the gate; server/http.ts hands it to Remix. */
export function gatedBody(res: Response): Buffer | undefined {
  return res.locals.body as Buffer | undefined;
}

function refuse(res: Response, status: 400 | 413 | 415, message: string, close = false) {
  // A refused body is not read on: closing spares reading (and discarding) the rest of it.
  if (close) res.setHeader("Connection", "close");
  res.status(status).type("text/plain").send(message);
}

/**
 * At most `size` holders at once; a taker waits up to `waitMs` (at most `size * 4` waiting), else
 * gets null. Ten 25 MB uploads read side by side cost a quarter of a gigabyte of memory.
 */
export function slots(size: number, waitMs: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  };
  return {
    take(): Promise<(() => void) | null> {
      if (busy < size) return (busy++, Promise.resolve(once(release)));
      if (waiting.length >= size * 4) return Promise.resolve(null);
      return new Promise((resolve) => {
        const turn = () => (clearTimeout(timer), resolve(once(release)));
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(turn), 1);
          resolve(null);
        }, waitMs);
        waiting.push(turn);
      });
    },
    get busy() {
      return busy;
    },
  };
}

function once(f: () => void) {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    f();
  };
}

/** The guard's answer, given before the body: a redirect to /login (as Remix sends one) or 401. */
function notAdmitted(req: Request, res: Response, a: Exclude<Admission, { admit: true }>) {
  res.setHeader("Connection", "close");
  if (a.status === 401) return void res.status(401).type("text/plain").send("Unauthorized");
  // A fetch from the page (?_data=) takes Remix's form of a redirect.
  if (req.query._data !== undefined)
    return void res
      .status(204)
      .set({ "X-Remix-Redirect": a.location, "X-Remix-Status": "302" })
      .end();
  res.redirect(302, a.location);
}

function mediaType(header: string | undefined) {
  return (header ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Reads the body up to `limit` bytes; `null` once it is longer (the rest is left unread). */
function readLimited(req: http.IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", onData).off("end", onEnd).off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      done();
      req.pause();
      resolve(null);
    };
    const onEnd = () => (done(), resolve(Buffer.concat(chunks, size)));
    const onError = (e: Error) => (done(), reject(Object.assign(e, { status: 400 })));
    req.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

/** Whether a body of an accepted type is well-formed (what Remix's request.formData() will parse). */
async function wellFormed(kind: BodyKind, type: string, header: string, body: Buffer) {
  try {
    if (kind === "json") JSON.parse(body.toString("utf8"));
    else if (type === "multipart/form-data")
      await new Response(body as Uint8Array<ArrayBuffer>, {
        headers: { "content-type": header },
      }).formData();
    return true;
  } catch {
    return false;
  }
}

/**
 * The gate every request passes before Remix: a declared length over the route's limit is refused
 * at once (413, nothing read), a streamed (chunked) body is counted as it arrives and refused the
 * moment it passes the limit; a body of a kind the route does not take is 415 and a malformed one
 * 400. What passes is read whole (it is within the limit) and kept for the Remix request.
 * Before a multipart or larger body is read, `admit` says whether its sender may post to the path
 * at all (a path needing a session gets the guard's /login redirect or 401, nothing read), and a
 * large body waits for one of a few slots (503 with Retry-After when none frees in time).
 */
export function bodyGate(
  ruleFor: (pathname: string) => BodyRule,
  options: GateOptions = {},
): RequestHandler {
  const large = slots(options.largeSlots ?? 4, options.largeWaitMs ?? 3000);
  return (req: Request, res: Response, next: NextFunction) => {
    const rule = ruleFor(req.path);
    const tooLarge = `Request body too large: at most ${rule.limit} bytes here.`;
    const declared = req.headers["content-length"];
    const length = declared === undefined ? null : Number(declared);
    if (length !== null && !(length <= rule.limit)) return refuse(res, 413, tooLarge, true);
    // GET and HEAD bodies are never read (Node discards them); no route takes one.
    if (req.method === "GET" || req.method === "HEAD") return next();
    const header = req.headers["content-type"] ?? "";
    const type = mediaType(header);
    const unsupported = () =>
      refuse(
        res,
        415,
        `Unsupported content type ${JSON.stringify(type)}: send ${WHAT[rule.kind]}.`,
      );
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if ((length ?? 0) > 0 && !ACCEPTS[rule.kind].includes(type)) return unsupported();
    if (!chunked && !length) {
      res.locals.body = Buffer.alloc(0);
      return next();
    }
    const expected = chunked ? rule.limit : (length ?? 0);
    const ask =
      options.admit &&
      (type === "multipart/form-data" || rule.kind === "upload" || expected > SMALL_BODY_BYTES);
    const isLarge = expected > LARGE_BODY_BYTES;
    void (async () => {
      if (ask) {
        const search = new URLSearchParams(req.url.split("?")[1] ?? "");
        search.delete("_data");
        const q = search.toString();
        const a = await options.admit!(req.path, q ? `?${q}` : "", req.headers.cookie ?? null);
        if (!a.admit) return notAdmitted(req, res, a);
      }
      const release = isLarge ? await large.take() : () => {};
      if (!release) {
        res.setHeader("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
        res.setHeader("Connection", "close");
        return void res
          .status(503)
          .type("text/plain")
          .send("Too many uploads at once: try again in a moment.");
      }
      // Held until the answer is sent: the parsed copies of the body live as long as its request.
      // A client gone while it waited has had its "close" already: the slot goes straight back.
      if (res.closed) return release();
      res.once("close", release);
      const body = await readLimited(req, rule.limit);
      if (body === null) return refuse(res, 413, tooLarge, true);
      if (body.length > 0 && !ACCEPTS[rule.kind].includes(type)) return unsupported();
      if (body.length > 0 && !(await wellFormed(rule.kind, type, header, body)))
        return refuse(res, 400, `Malformed request body: send ${WHAT[rule.kind]}.`);
      res.locals.body = body;
      next();
    })().catch(next);
  };
}
