import { startPushStub } from "./push-stub";

/** The push service stub as its own process (benchmarks: its timing must not share the sender's CPU queue). Prints {url, keys}. */
const stub = await startPushStub({ slowMs: Number(process.env.SLOW_MS ?? 1500), keepPayloads: 20 });
console.log(JSON.stringify({ url: stub.url, keys: stub.keys }));
process.on("SIGTERM", () => void stub.close().then(() => process.exit(0)));
