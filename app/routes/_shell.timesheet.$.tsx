/** A path its module declares but has not built yet: the shared placeholder (services/shell.server.ts). */
export { plannedLoader as loader } from "~/services/shell.server";
export {
  moduleMeta as meta,
  ModuleUnavailable as default,
  ModuleErrorBoundary as ErrorBoundary,
} from "~/components/shell/module-unavailable";
