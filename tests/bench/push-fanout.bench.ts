import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import PgBoss from "pg-boss";
import webpush from "web-push";
import { disconnectPrisma, prisma } from "../../app/services/db.server";
import { resetEnvCache } from "../../app/services/env.server";
import { publishWorkerBoss } from "../../app/services/job-queue.server";
import { queuePush } from "../../app/modules/notifications/push.server";
import { startEmbeddedPostgres } from "../../server/db/embedded-postgres";
import { applyMigrations } from "../../server/db/schema-engine";
import { registerPushJobs } from "../../app/modules/notifications/push-fanout.server";

/** The stub runs in its own process, like a remote push service; only its counters are read here. */
async function startRemoteStub() {
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["tests/support/push-stub-cli.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`push stub exited with ${code}`)));
  });
  const info = JSON.parse(line) as { url: string; keys: { p256dh: string; auth: string } };
  return {
    ...info,
    stats: async () =>
      (await (await fetch(`${info.url}/__stats`)).json()) as {
        delivered: number;
        paths: number;
        twice: number;
        requests: number;
      },
    close: async () => void child.kill("SIGTERM"),
  };
}

/**
 * Fan-out of one event to 10,000 subscriptions (target: under 60 s) with one worker process, as
 * in production, against the local push service stub in its own process: real web-push
 * encryption and VAPID, the stub decrypting a sample; 1 in 50 answers 410, 1 in 100 answers 429 with Retry-After: 1,
 * 1 in 100 is slow (1.5 s). Every live subscription must get exactly one push.
 */
const N = 10_000;

export default async function run() {
  const dir = `.data/bench-push-${process.pid}`;
  await fs.rm(dir, { recursive: true, force: true });
  const db = await startEmbeddedPostgres(dir);
  const stub = await startRemoteStub();
  let boss: PgBoss | undefined;
  try {
    await applyMigrations(db.url);
    process.env.DATABASE_URL = db.url;
    const keys = webpush.generateVAPIDKeys();
    process.env.VAPID_PUBLIC_KEY = keys.publicKey;
    process.env.VAPID_PRIVATE_KEY = keys.privateKey;
    process.env.NODE_ENV = "test";
    // The push service stub is on 127.0.0.1 over http: opt out of the outbound guard's checks.
    process.env.OUTBOUND_ALLOW_HTTP = "1";
    process.env.OUTBOUND_ALLOW_PRIVATE = "1";
    resetEnvCache();
    await disconnectPrisma();

    const kindOf = (i: number) =>
      i % 50 === 7 ? "gone" : i % 100 === 3 ? "busy" : i % 100 === 11 ? "slow" : "ok";
    const rows = Array.from({ length: N }, (_, i) => ({
      userId: 1 + (i % 40),
      companyId: 1,
      endpoint: `${stub.url}/${kindOf(i)}/${i}`,
      p256dh: stub.keys.p256dh,
      auth: stub.keys.auth,
    }));
    for (let i = 0; i < N; i += 5000)
      await prisma.pushSubscription.createMany({ data: rows.slice(i, i + 5000) });

    boss = new PgBoss({ connectionString: db.url, schema: "pgboss", max: 5 });
    boss.on("error", () => undefined);
    await boss.start();
    await registerPushJobs(boss);
    publishWorkerBoss(boss);

    const started = performance.now();
    await queuePush(
      "ev:bench",
      Array.from({ length: 40 }, (_, i) => i + 1),
      {
        title: "Overspeed: Truck 1",
        body: "Truck 1 drove at 91 km/h in a 60 km/h zone.",
        kind: "overspeed",
      },
    );
    const gone = rows.filter((_, i) => kindOf(i) === "gone").length;
    let firstPassAt = 0;
    for (;;) {
      const [sent, goneRows, open] = await Promise.all([
        prisma.pushDelivery.count({ where: { status: "sent" } }),
        prisma.pushDelivery.count({ where: { status: "gone" } }),
        prisma.pushDelivery.count({ where: { status: { in: ["sending", "retry"] } } }),
      ]);
      if (!firstPassAt && sent + goneRows + open >= N) firstPassAt = performance.now();
      if (sent === N - gone && goneRows === gone && open === 0) break;
      if (performance.now() - started > 180_000)
        throw new Error(`bench timed out: sent ${sent}, gone ${goneRows}, open ${open}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const { twice, delivered: received } = await stub.stats();
    console.log(
      `push fan-out: ${N} subscriptions (${gone} gone, ${N / 100} rate-limited, ${N / 100} slow) in ${seconds.toFixed(1)} s`,
    );
    console.log(
      `  every subscription claimed after ${((firstPassAt - started) / 1000).toFixed(1)} s; ${(N / seconds).toFixed(0)} pushes/s overall`,
    );
    console.log(
      `  received by the stub: ${received} (expected ${N - gone}), notified twice: ${twice}; subscriptions left: ${await prisma.pushSubscription.count()}`,
    );
    console.log(
      `  target < 60 s: ${seconds < 60 ? "met" : "MISSED"} (load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${os.cpus().length} cores)`,
    );
    if (twice || received !== N - gone) throw new Error("duplicate or missing deliveries");
  } finally {
    await boss?.stop({ graceful: false, wait: true, timeout: 3000 }).catch(() => undefined);
    await disconnectPrisma();
    await stub.close();
    await db.stop();
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rm(`${dir}.password`, { force: true });
  }
}
