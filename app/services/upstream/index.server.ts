export { createUpstream, type Upstream, type UpstreamOptions } from "./client.server";
export { UpstreamError, MESSAGES, isUpstreamError, type UpstreamErrorKind } from "./errors";
export * from "./calls.server";
export * from "./schemas";
