import fs from "node:fs/promises";
import { startEmbeddedPostgres } from "../../server/db/embedded-postgres.js";
import { diffSchemas } from "../../server/db/schema-engine.js";
const db = await startEmbeddedPostgres(".data/postgres");
try {
  const sql = await diffSchemas(db.url, null, await fs.readFile("prisma/schema.prisma","utf8"));
  console.log(sql.slice(0,800));
} catch (e) { console.error("ERR", e); }
await db.stop();
