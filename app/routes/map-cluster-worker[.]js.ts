import fs from "node:fs";
import path from "node:path";
import { WORKER_BODY } from "~/modules/fleet/cluster-protocol";

let source: string | null = null;

/**
 * The fleet map's cluster worker: supercluster's self-contained UMD build plus the protocol of
 * app/lib/cluster-protocol.ts, as one same-origin script (the CSP allows `worker-src 'self'`).
 */
export function loader() {
  // The server runs from the repository root (server/http.ts serves public/ the same way).
  source ??= `${fs.readFileSync(path.resolve("node_modules/supercluster/dist/supercluster.min.js"), "utf8")}\n${WORKER_BODY}`;
  return new Response(source, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
