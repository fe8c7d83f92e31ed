/**
 * The upstream API: one typed function per call (SPEC §7, plus the designed calls for sync, trips
 * and events), each taking the client (`createUpstream(...).withToken(token)`) first.
 */
export { createUpstream, type Upstream, type UpstreamOptions } from "./client.server";
export {
  UpstreamError,
  MESSAGES,
  isUpstreamError,
  isUpstreamFault,
  unlessFault,
  type UpstreamErrorKind,
} from "./errors";
export * from "./account-calls.server";
export * from "./device-calls.server";
export * from "./trip-calls.server";
export * from "./event-calls.server";
export * from "./schemas";
