import { startEmbeddedPostgres } from "../../server/db/embedded-postgres.js";
const t=Date.now();
const db = await startEmbeddedPostgres("/work/main/.data/postgres", ()=>{});
console.log(db.url, Date.now()-t);
await db.stop();
console.log("stopped");
