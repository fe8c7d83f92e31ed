import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";

/**
 * One client per process. It lives on globalThis because `remix dev` loads a fresh build on every
 * change and server/boot.ts (secrets, shutdown) imports this module outside the build.
 */
const g = globalThis as unknown as {
  __tracksmithPrisma?: PrismaClient;
  __tracksmithPrismaUrl?: string;
};

export function getPrisma(): PrismaClient {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: the server sets it before serving requests");
  if (!g.__tracksmithPrisma || g.__tracksmithPrismaUrl !== url) {
    g.__tracksmithPrisma = new PrismaClient({
      adapter: new PrismaPg({ connectionString: url, max: 10 }),
    });
    g.__tracksmithPrismaUrl = url;
  }
  return g.__tracksmithPrisma;
}

export const prisma = new Proxy({} as PrismaClient, {
  get: (_t, prop) => Reflect.get(getPrisma(), prop),
});

export async function disconnectPrisma() {
  await g.__tracksmithPrisma?.$disconnect();
  g.__tracksmithPrisma = undefined;
}
