import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";
import { getEnv } from "./env.server";
import { singleton } from "./singleton.server";

/**
 * One client per process, shared because `remix dev` loads a fresh build on every change and
 * server/boot.ts (secrets, shutdown) imports this module outside the build.
 */
const state = singleton("prisma", (): { client?: PrismaClient; url?: string } => ({}));

export function getPrisma(): PrismaClient {
  const url = getEnv().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: the server sets it before serving requests");
  // A changed DATABASE_URL (tests give each file its own database) needs a client of its own.
  if (!state.client || state.url !== url) {
    state.client = new PrismaClient({
      adapter: new PrismaPg({ connectionString: url, max: 10 }),
    });
    state.url = url;
  }
  return state.client;
}

export const prisma = new Proxy({} as PrismaClient, {
  get: (_t, prop) => Reflect.get(getPrisma(), prop),
});

export async function disconnectPrisma() {
  await state.client?.$disconnect();
  state.client = undefined;
}
