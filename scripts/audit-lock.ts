/**
 * `npm run audit:lock`: checks every package version in package-lock.json against the advisories
 * kept in scripts/advisories.json, offline. (`npm audit` needs the registry's bulk advisory
 * endpoint, which this workplace cannot reach: it answers 405.) Fails (exit 1) when a locked
 * version falls in an advisory's vulnerable range, unless that advisory is accepted for that
 * package with a reason and a review date that has not passed.
 *
 *   npm run audit:lock [-- --lock <package-lock.json>] [--advisories <advisories.json>]
 *
 * The list is a floor, not a full audit: add an advisory when one is published for a package we
 * lock (its id, the package, the vulnerable semver range, a line on what it is).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";

export type Advisory = {
  id: string;
  package: string;
  /** semver range of the vulnerable versions, e.g. "<6.14.1" or ">=7.0.0 <7.5.10" */
  vulnerable: string;
  severity?: string;
  summary: string;
};
export type Accepted = { id: string; package: string; reason: string; review: string };
export type AdvisoryFile = { updated: string; advisories: Advisory[]; accepted?: Accepted[] };
type Lock = {
  packages?: Record<string, { version?: string; name?: string; dev?: boolean; link?: boolean }>;
};

export type Finding = Advisory & { version: string; at: string; dev: boolean };

/** The package name of a lock entry: its own `name` (an alias) or the last node_modules segment. */
function nameOf(at: string, entry: { name?: string }): string {
  const i = at.lastIndexOf("node_modules/");
  return entry.name ?? at.slice(i + "node_modules/".length);
}

export function auditLock(
  lock: Lock,
  list: AdvisoryFile,
  today = new Date(),
): { failing: Finding[]; accepted: (Finding & { reason: string })[]; checked: number } {
  const failing: Finding[] = [];
  const accepted: (Finding & { reason: string })[] = [];
  let checked = 0;
  for (const [at, entry] of Object.entries(lock.packages ?? {})) {
    if (!at || entry.link || !entry.version || !at.includes("node_modules/")) continue;
    checked++;
    const name = nameOf(at, entry);
    for (const a of list.advisories) {
      if (a.package !== name) continue;
      if (!semver.satisfies(entry.version, a.vulnerable, { includePrerelease: true })) continue;
      const finding = { ...a, version: entry.version, at, dev: Boolean(entry.dev) };
      const ok = list.accepted?.find(
        (x) => x.id === a.id && x.package === name && new Date(x.review) >= today,
      );
      if (ok) accepted.push({ ...finding, reason: ok.reason });
      else failing.push(finding);
    }
  }
  return { failing, accepted, checked };
}

function main(argv: string[]) {
  const arg = (flag: string, fallback: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 && argv[i + 1] ? argv[i + 1]! : fallback;
  };
  const here = path.dirname(fileURLToPath(import.meta.url));
  const lockPath = arg("--lock", path.join(here, "..", "package-lock.json"));
  const listPath = arg("--advisories", path.join(here, "advisories.json"));
  const lock = JSON.parse(fs.readFileSync(lockPath, "utf8")) as Lock;
  const list = JSON.parse(fs.readFileSync(listPath, "utf8")) as AdvisoryFile;
  for (const a of list.advisories)
    if (!semver.validRange(a.vulnerable)) throw new Error(`${a.id}: bad range ${a.vulnerable}`);
  const { failing, accepted, checked } = auditLock(lock, list);
  const line = (f: Finding) =>
    `${f.id} ${f.package}@${f.version}${f.dev ? " (dev)" : ""} [${f.severity ?? "?"}] ${f.summary} — at ${f.at}, vulnerable ${f.vulnerable}`;
  for (const f of accepted) console.log(`accepted: ${line(f)}\n          because ${f.reason}`);
  for (const f of failing) console.error(`VULNERABLE: ${line(f)}`);
  console.log(
    `${checked} locked packages checked against ${list.advisories.length} advisories (list updated ${list.updated}): ${failing.length} vulnerable, ${accepted.length} accepted`,
  );
  return failing.length ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = main(process.argv.slice(2));
