/**
 * Server-sent events, as remix-utils' eventStream (same call shape) plus the `id:` field: the
 * browser sends the last one back as Last-Event-ID when it reconnects, so a stream can resume
 * where it left off. Multi-line data is split into several `data:` lines as the format requires.
 */
export type SseMessage = { event?: string; data: string; id?: string | null };
export type SendFunction = (message: SseMessage) => void;
type Cleanup = () => void;

export function eventStream(
  signal: AbortSignal,
  init: (send: SendFunction, close: () => void) => Cleanup,
  options: { headers?: HeadersInit } = {},
): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      let closed = false;
      const send: SendFunction = ({ event = "message", data, id }) => {
        if (closed) return;
        let text = `event: ${event}\n`;
        if (id !== undefined && id !== null) text += `id: ${id.replace(/[\r\n]/g, "")}\n`;
        for (const line of data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
        try {
          controller.enqueue(encoder.encode(`${text}\n`));
        } catch {
          // The reader went away before the abort signal said so: nothing to send to.
        }
      };
      const close = () => {
        if (closed) return;
        closed = true;
        cleanup();
        signal.removeEventListener("abort", close);
        controller.close();
      };
      const cleanup = init(send, close);
      signal.addEventListener("abort", close);
      if (signal.aborted) close();
    },
  });
  const headers = new Headers(options.headers);
  headers.set("Content-Type", "text/event-stream");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-cache, no-transform");
  headers.set("Connection", "keep-alive");
  return new Response(stream, { headers });
}

/** Where a reconnecting stream resumes: the Last-Event-ID header, or `?lastEventId=` (a new EventSource cannot set headers). */
export function lastEventId(request: Request): string | null {
  return (
    request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get("lastEventId")
  );
}
