import type http from "node:http";
import type { ErrorRequestHandler } from "express";
import { logError, logInfo } from "../app/services/log.server.js";
import { baseSecurityHeaders } from "../app/services/security-headers.server.js";

const PAGES: Record<number, [title: string, text: string]> = {
  400: ["Bad request", "The address or the request could not be read."],
  500: ["Something went wrong", "Please try again in a moment."],
  503: [
    "Busy right now",
    "Tracksmith is busy or briefly unavailable. Please try again in a moment.",
  ],
};

/**
 * A plain page for an error the server answers itself (outside Remix's error boundaries): a fixed
 * text, no script, no stack, no detail of the request.
 */
export function sendPlainError(
  res: http.ServerResponse,
  status: number,
  extra: Record<string, string> = {},
) {
  const [title, text] = PAGES[status] ?? PAGES[status < 500 ? 400 : 500]!;
  const body =
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title} · Tracksmith</title>` +
    `</head><body><h1>${title}</h1><p>${text}</p><p><a href="/">Back to Tracksmith</a></p></body></html>`;
  res.writeHead(status, {
    ...baseSecurityHeaders(),
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    "Cache-Control": "no-store",
    ...extra,
  });
  res.end(body);
}

/** The status an error stands for: a client's mistake (Express's 4xx, a bad URI) or ours (500). */
function statusOf(error: unknown): number {
  const e = error as { status?: unknown; statusCode?: unknown } | null;
  const status = Number(e?.status ?? e?.statusCode);
  if (status >= 400 && status < 500) return status;
  return error instanceof URIError ? 400 : 500;
}

/**
 * The one error handler behind Express (a path that is not valid percent-encoding, an unreadable
 * body, anything thrown before or around Remix): logged here, a plain page to the client.
 */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const status = statusOf(error);
  const where = { method: req.method, path: req.originalUrl.slice(0, 200) };
  if (status >= 500) logError("http", error, where);
  else logInfo("http", `${status} ${(error as Error)?.message ?? "bad request"}`, where);
  if (res.headersSent) return void res.destroy();
  sendPlainError(res, status);
};
