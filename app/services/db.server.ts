import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";
import { asUnavailable } from "./db-unavailable.server";
import { getEnv } from "./env.server";
import { logDatabaseBack } from "./log.server";
import { closeListener } from "./pg-listen.server";
import { singleton } from "./singleton.server";

/**
 * One client per process, shared because `remix dev` loads a fresh build on every change and
 * server/boot.ts (secrets, shutdown) imports this module outside the build.
 */
const state = singleton("prisma", (): { client?: PrismaClient; url?: string } => ({}));

/**
 * The pool's bounds: nothing waits for PostgreSQL unbounded. A connection is given up after
 * DB_CONNECT_TIMEOUT_MS (down, or frozen: the kernel accepts, the server never answers), a statement
 * is cancelled by the server after DB_STATEMENT_TIMEOUT_MS and abandoned by the client a second
 * later (a frozen server cancels nothing).
 */
export function poolOptions(url: string) {
  const env = getEnv();
  return {
    connectionString: url,
    max: env.DB_POOL_MAX,
    connectionTimeoutMillis: env.DB_CONNECT_TIMEOUT_MS,
    statement_timeout: env.DB_STATEMENT_TIMEOUT_MS,
    query_timeout: env.DB_STATEMENT_TIMEOUT_MS + 1000,
    keepAlive: true,
  };
}

function createClient(url: string): PrismaClient {
  const base = new PrismaClient({ adapter: new PrismaPg(poolOptions(url)) });
  // Every query: PostgreSQL unreachable or too slow becomes one 503 (db-unavailable.server.ts).
  return base.$extends({
    query: {
      async $allOperations({ args, query }) {
        try {
          const result = await query(args);
          logDatabaseBack();
          return result;
        } catch (e) {
          throw asUnavailable(e);
        }
      },
    },
  }) as unknown as PrismaClient;
}

export function getPrisma(): PrismaClient {
  const url = getEnv().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: the server sets it before serving requests");
  // A changed DATABASE_URL (tests give each file its own database) needs a client of its own.
  if (!state.client || state.url !== url) {
    state.client = createClient(url);
    state.url = url;
  }
  return state.client;
}

export const prisma = new Proxy({} as PrismaClient, {
  get: (_t, prop) => {
    const value = Reflect.get(getPrisma(), prop);
    // A transaction that cannot start (no connection) fails outside the per-query mapping above.
    if (prop === "$transaction" && typeof value === "function")
      return (...args: unknown[]) =>
        (value as (...a: unknown[]) => Promise<unknown>)
          .apply(getPrisma(), args)
          .catch((e: unknown) => {
            throw asUnavailable(e);
          });
    return value;
  },
});

/** Closes the pool and the LISTEN session (shutdown; tests before they drop their database). */
export async function disconnectPrisma() {
  closeListener();
  await state.client?.$disconnect();
  state.client = undefined;
}
