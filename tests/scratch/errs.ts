import net from "node:net";
process.env.DATABASE_URL = "postgresql://x:y@127.0.0.1:1/db";
process.env.DB_CONNECT_TIMEOUT_MS = "700";
process.env.DB_STATEMENT_TIMEOUT_MS = "500";
const { prisma } = await import("~/services/db.server");
const { isDatabaseUnavailable } = await import("~/services/db-unavailable.server");
try { await prisma.session.findUnique({ where: { id: "x" } }); } catch (e) {
  console.log("refused:", (e as object).constructor.name, String(e), isDatabaseUnavailable((e as any).cause));
}
// a server that accepts and never answers
const srv = net.createServer(() => {}).listen(0);
await new Promise((r) => srv.once("listening", r));
const port = (srv.address() as net.AddressInfo).port;
process.env.DATABASE_URL = `postgresql://x:y@127.0.0.1:${port}/db`;
const { resetEnvCache } = await import("~/services/env.server");
resetEnvCache();
const t = Date.now();
try { await prisma.session.findUnique({ where: { id: "x" } }); } catch (e) {
  console.log("frozen:", Date.now() - t, String(e), (e as any).cause?.constructor?.name, (e as any).cause?.message, (e as any).cause?.code);
}
try { await prisma.$queryRaw`select 1`; } catch (e) { console.log("raw:", String(e)); }
try { await prisma.$transaction(async (tx) => tx.$executeRaw`select 1`); } catch (e) { console.log("tx:", String(e)); }
process.exit(0);
