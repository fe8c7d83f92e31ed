/** /dashboard/*: the authenticated layout (top bar, side menu, settings drawer). */
export { shellLoader as loader } from "~/services/shell.server";
export {
  ShellLayoutRoute as default,
  ShellErrorBoundary as ErrorBoundary,
} from "~/components/shell/shell-layout-route";
