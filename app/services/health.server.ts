import { prisma } from "./db.server";

const TIMEOUT_MS = 2000;

/** The load balancer's question: can this process reach PostgreSQL within two seconds? */
export async function healthy(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), TIMEOUT_MS);
  });
  try {
    return await Promise.race([prisma.$queryRaw`select 1`.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
