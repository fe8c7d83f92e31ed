/**
 * A minimal round-robin proxy (keep-alive to each backend), standing in for Caddy or nginx in the
 * `load` bench: `tsx tests/bench/round-robin.ts URL...` prints "listening on URL". It runs in its
 * own process, as a real proxy would: in the load generator's process the two would slow each other.
 */
import http from "node:http";

const backends = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;
const server = http.createServer((req, res) => {
  const target = new URL(req.url ?? "/", backends[next++ % backends.length]);
  const up = http.request(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host }, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  up.on("error", () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  req.pipe(up);
});
server.listen(0, "127.0.0.1", () =>
  console.log(`listening on http://127.0.0.1:${(server.address() as { port: number }).port}`),
);
process.on("SIGTERM", () => process.exit(0));
