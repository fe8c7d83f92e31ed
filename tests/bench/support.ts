import { spawn } from "node:child_process";
import path from "node:path";

/** Signs in as the demo admin through the login form; returns the session cookie pair. */
export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ username: "admin", password: "admin123" }),
  });
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

/** The simulator in its own process, as a real upstream would be: its work is not the server's. */
export function startSimulatorProcess(devices: number): Promise<{ url: string; stop: () => void }> {
  const child = spawn(
    path.resolve("node_modules/.bin/tsx"),
    ["server/sim/cli.ts", "--port", "0", "--devices", String(devices)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const url = out.match(/listening on (\S+)/)?.[1];
      if (url) resolve({ url, stop: () => child.kill("SIGTERM") });
    });
    child.once("exit", (code) => reject(new Error(`simulator exited with ${code}: ${out}`)));
  });
}
