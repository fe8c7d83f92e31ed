import {
  ModuleErrorBoundary,
  moduleMeta,
  ModuleUnavailable,
} from "~/components/shell/module-unavailable";
import { moduleLoader } from "~/services/shell.server";

export const loader = moduleLoader;
export const meta = moduleMeta;
export { ModuleErrorBoundary as ErrorBoundary };
export default ModuleUnavailable;
