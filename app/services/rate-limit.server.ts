import crypto from "node:crypto";
import { RateLimiterPrisma } from "rate-limiter-flexible";
import { prisma } from "~/services/db.server";
import { appSecrets, getEnv } from "~/services/env.server";
import { singleton } from "~/services/singleton.server";

/**
 * Failed sign-ins and recovery-token guesses, counted by rate-limiter-flexible in PostgreSQL (the
 * RateLimit table, through the app's Prisma client) so the limits hold across server processes.
 *
 * - Per account and address: the typed identifier and, once the app has seen the account sign in,
 *   the account itself (its username and e-mail address map to one key), so switching between
 *   username and e-mail gains nothing. Keyed with the address, so nobody can lock a user out from
 *   elsewhere. A failure for an unknown identifier counts on that identifier.
 * - Per address and day: stops one address guessing many accounts (recovery guesses count too).
 * - Recovery tokens per address.
 * Windows are fixed (they start at the first failure), so no lock lasts forever.
 */
export function limits() {
  const env = getEnv();
  return {
    perAccountAddress: { max: env.LOGIN_MAX_FAILURES, windowMs: 15 * 60_000 },
    perAddress: { max: env.LOGIN_MAX_FAILURES_PER_ADDRESS_DAY, windowMs: 24 * 3_600_000 },
    recoveryPerAddress: { max: env.RECOVERY_MAX_FAILURES, windowMs: 15 * 60_000 },
  };
}

export const RATE_LIMIT_MESSAGE =
  "Too many failed sign-in attempts. Please wait 15 minutes and try again.";
export const RECOVERY_RATE_LIMIT_MESSAGE =
  "Too many failed recovery attempts from your network. Please wait 15 minutes and try again.";

type Limiters = {
  account: RateLimiterPrisma;
  address: RateLimiterPrisma;
  recovery: RateLimiterPrisma;
};
const state = singleton("login-limiters", (): { sig?: string; limiters?: Limiters } => ({}));

type Limit = { max: number; windowMs: number };

/** `max` events per `windowMs` under `keyPrefix`, counted in the RateLimit table. */
const make = (keyPrefix: string, { max, windowMs }: Limit) =>
  new RateLimiterPrisma({
    storeClient: prisma,
    tableName: "rateLimit",
    keyPrefix,
    points: max,
    duration: windowMs / 1000,
    clearExpiredByTimeout: false, // the clean-up job prunes (pruneLoginAttempts)
  });

function limiters(): Limiters {
  const l = limits();
  const sig = JSON.stringify(l);
  if (state.sig !== sig || !state.limiters) {
    state.limiters = {
      account: make("login", l.perAccountAddress),
      address: make("address", l.perAddress),
      recovery: make("recovery", l.recoveryPerAddress),
    };
    state.sig = sig;
  }
  return state.limiters;
}

/** Keys are keyed hashes: what people type (a mistyped password, say) is never stored. */
function hashed(kind: string, value: string): string {
  return crypto
    .createHmac("sha256", `rate-limit:${appSecrets()[0]!}`)
    .update(`${kind}\0${value}`)
    .digest("base64url")
    .slice(0, 32);
}

const normalise = (identifier: string) => identifier.trim().toLowerCase();
export const identifierKey = (identifier: string) => hashed("id", normalise(identifier));
const accountKey = (userId: number) => `acct:${userId}`;

async function isOver(limiter: RateLimiterPrisma, key: string): Promise<boolean> {
  const res = await limiter.get(key);
  return res !== null && res.consumedPoints >= limiter.points;
}

async function consume(limiter: RateLimiterPrisma, key: string) {
  // Past the limit consume() rejects with the counter; the failure is counted all the same.
  await limiter.consume(key).catch((e: unknown) => {
    if (e instanceof Error) throw e;
  });
}

/**
 * The limiter keys of one typed identifier from one address: the identifier's own, and the
 * account's when the app knows which account it names (else a second key of the identifier, so
 * known and unknown identifiers cost the same work).
 */
async function keysFor(identifier: string, address: string): Promise<string[]> {
  const id = identifierKey(identifier);
  const known = await prisma.loginAccount.findUnique({ where: { identifierKey: id } });
  const addr = hashed("addr", address);
  return [`${id}|${addr}`, `${known ? accountKey(known.userId) : `acct?${id}`}|${addr}`];
}

export async function isLoginBlocked(identifier: string, address: string): Promise<boolean> {
  const { account, address: perAddress } = limiters();
  const keys = await keysFor(identifier, address);
  const over = await Promise.all([
    ...keys.map((k) => isOver(account, k)),
    isOver(perAddress, hashed("addr", address)),
  ]);
  return over.some(Boolean);
}

export async function recordLoginFailure(identifier: string, address: string) {
  const { account, address: perAddress } = limiters();
  const keys = await keysFor(identifier, address);
  await Promise.all([
    ...keys.map((k) => consume(account, k)),
    consume(perAddress, hashed("addr", address)),
  ]);
}

export type SignedInAccount = { userId: number; username: string; email?: string | null };

/** Every key that names this account from this address: its identifiers and the account itself. */
function accountKeys(typed: string, who: SignedInAccount, address: string): string[] {
  const addr = hashed("addr", address);
  const ids = new Set([typed, who.username, who.email ?? ""].filter(Boolean).map(identifierKey));
  return [...[...ids].map((id) => `${id}|${addr}`), `${accountKey(who.userId)}|${addr}`];
}

/**
 * After the upstream accepted the password: is the account itself over its limit from this address
 * (failures through its other identifier, before the app knew they were one account)?
 */
export async function isAccountBlocked(
  typed: string,
  who: SignedInAccount,
  address: string,
): Promise<boolean> {
  const { account } = limiters();
  const over = await Promise.all(accountKeys(typed, who, address).map((k) => isOver(account, k)));
  return over.some(Boolean);
}

/** A successful sign-in: the account's failures from that address are cleared, its identifiers learnt. */
export async function recordLoginSuccess(typed: string, who: SignedInAccount, address: string) {
  const { account } = limiters();
  await Promise.all(accountKeys(typed, who, address).map((k) => account.delete(k)));
  const ids = new Set([typed, who.username, who.email ?? ""].filter(Boolean).map(identifierKey));
  for (const identifierKey of ids)
    await prisma.loginAccount.upsert({
      where: { identifierKey },
      create: { identifierKey, userId: who.userId },
      update: { userId: who.userId },
    });
}

export async function isRecoveryBlocked(address: string): Promise<boolean> {
  const { recovery, address: perAddress } = limiters();
  const key = hashed("addr", address);
  const over = await Promise.all([isOver(recovery, key), isOver(perAddress, key)]);
  return over.some(Boolean);
}

/** A failed recovery-token sign-in counts per address and toward the address's daily limit. */
export async function recordRecoveryFailure(address: string) {
  const { recovery, address: perAddress } = limiters();
  const key = hashed("addr", address);
  await Promise.all([consume(recovery, key), consume(perAddress, key)]);
}

/**
 * One more event from `address` under a limit of its own (`keyPrefix`, e.g. public certificate
 * checks): true when that is over the limit. The address is kept as a keyed hash like the others.
 */
export async function consumeOverLimit(
  keyPrefix: string,
  limit: Limit,
  address: string,
): Promise<boolean> {
  const limiter = singleton(`rate-limit:${keyPrefix}`, () => make(keyPrefix, limit));
  return limiter.consume(hashed("addr", address)).then(
    () => false,
    (e: unknown) => {
      if (e instanceof Error) throw e; // the database, not the limit
      return true;
    },
  );
}

/** Expired counters are dropped by the clean-up job. */
export async function pruneLoginAttempts(now = new Date()) {
  await prisma.rateLimit.deleteMany({ where: { expire: { lt: now } } });
}

// ------------------------------------------------------------------ fill-in links

/**
 * Answers through one fill-in link from one address. A depot's drivers may share one address
 * (a QR code on the yard's wall, one Wi-Fi), so the limit is generous per hour, and a flood from
 * one address stops there without closing the link for anyone else.
 */
export const FORM_SUBMISSION_LIMIT = { max: 30, windowMs: 60 * 60_000 };
export const FORM_RATE_LIMIT_MESSAGE =
  "Too many answers were sent through this link from your network in the last hour. Please try again later.";

/** The limit needs only to recognise an address again; a keyed hash does that without keeping the address next to the answers. */
export function addressKey(address: string): string {
  return crypto
    .createHmac("sha256", `form-address:${appSecrets()[0]!}`)
    .update(address)
    .digest("base64url")
    .slice(0, 32);
}

export async function isFormSubmissionLimited(
  linkId: string,
  key: string,
  now = new Date(),
): Promise<boolean> {
  const recent = await prisma.formSubmission.count({
    where: {
      linkId,
      addressKey: key,
      createdAt: { gt: new Date(now.getTime() - FORM_SUBMISSION_LIMIT.windowMs) },
    },
  });
  return recent >= FORM_SUBMISSION_LIMIT.max;
}
