import { spawn } from "node:child_process";

/**
 * PostgreSQL does not notice that the process that started it died: after a SIGKILL of the
 * server it would keep the data folder (until the next start stops it). A small detached node
 * process watches both: when the server is gone it stops PostgreSQL (fast shutdown, SIGINT);
 * when PostgreSQL is gone (a normal stop) it simply ends.
 */
const WATCH = `
const [server, postgres] = process.argv.slice(1).map(Number);
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const timer = setInterval(() => {
  if (!alive(postgres)) return clearInterval(timer);
  if (process.ppid !== server || !alive(server)) {
    try { process.kill(postgres, "SIGINT"); } catch {}
    clearInterval(timer);
  }
}, 500);
`;

export function watchPostgres(postgresPid: number) {
  const child = spawn(process.execPath, ["-e", WATCH, String(process.pid), String(postgresPid)], {
    detached: true,
    stdio: "ignore",
  });
  child.unref();
}
