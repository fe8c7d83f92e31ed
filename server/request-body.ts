import type http from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
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

/** The body of a request that passed the gate; server/http.ts hands it to Remix. */
export function gatedBody(res: Response): Buffer | undefined {
  return res.locals.body as Buffer | undefined;
}

function refuse(res: Response, status: 400 | 413 | 415, message: string, close = false) {
  // A refused body is not read on: closing spares reading (and discarding) the rest of it.
  if (close) res.setHeader("Connection", "close");
  res.status(status).type("text/plain").send(message);
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
 */
export function bodyGate(ruleFor: (pathname: string) => BodyRule): RequestHandler {
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
    readLimited(req, rule.limit).then(async (body) => {
      if (body === null) return refuse(res, 413, tooLarge, true);
      if (body.length > 0 && !ACCEPTS[rule.kind].includes(type)) return unsupported();
      if (body.length > 0 && !(await wellFormed(rule.kind, type, header, body)))
        return refuse(res, 400, `Malformed request body: send ${WHAT[rule.kind]}.`);
      res.locals.body = body;
      next();
    }, next);
  };
}
