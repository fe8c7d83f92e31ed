import PgBoss from "pg-boss";
import { getEnv } from "./env.server";
import { singleton } from "./singleton.server";

/**
 * Sending jobs from request handlers. In the server process the worker's own pg-boss instance is
 * used (server/jobs/push-fanout.ts publishes it here); elsewhere (tests, a CLI) a send-only
 * instance is started on first use. Either way the job is in PostgreSQL once `send` returns.
 */
const g = singleton(
  "jobQueue",
  (): { worker?: PgBoss; sender?: { url: string; boss: Promise<PgBoss> } } => ({}),
);

export function publishWorkerBoss(boss: PgBoss | undefined) {
  g.worker = boss;
}

export async function getBoss(): Promise<PgBoss> {
  if (g.worker) return g.worker;
  const url = getEnv().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  if (!g.sender || g.sender.url !== url) {
    const boss = new PgBoss({
      connectionString: url,
      schema: "pgboss",
      max: 2,
      supervise: false,
      schedule: false,
    });
    boss.on("error", () => undefined);
    g.sender = { url, boss: boss.start() };
  }
  return g.sender.boss;
}

/** Stops the send-only instance (tests). */
export async function stopSender() {
  const s = g.sender;
  g.sender = undefined;
  if (s)
    await (
      await s.boss
    )
      .stop({ graceful: false, wait: true, timeout: 2000 })
      .catch(() => undefined);
}

/** Creates the queue if needed, then sends. */
export async function sendJob(
  name: string,
  data: object,
  options: PgBoss.SendOptions = {},
): Promise<string | null> {
  const boss = await getBoss();
  await ensureQueue(boss, name);
  return boss.send(name, data, options);
}

const known = new WeakMap<PgBoss, Set<string>>();
export async function ensureQueue(boss: PgBoss, name: string) {
  let set = known.get(boss);
  if (!set) known.set(boss, (set = new Set()));
  if (set.has(name)) return;
  // Two processes starting together may both create it: one wins, the other's create fails, and
  // the queue is only there once the winner commits. Wait for it rather than fail the start.
  for (let attempt = 0; ; attempt++) {
    if (await boss.getQueue(name)) break;
    const error = await boss.createQueue(name).then(
      () => null,
      (e: unknown) => e,
    );
    if (!error) break;
    if (attempt >= 20) throw error;
    await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
  }
  set.add(name);
}
