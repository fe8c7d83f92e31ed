/** The same shell for /concrete, /forms, /tickets, /timesheet, /admin, /courier and /installation (a pathless layout). */
export { shellLoader as loader } from "~/services/shell.server";
export {
  ShellLayoutRoute as default,
  ShellErrorBoundary as ErrorBoundary,
} from "~/components/shell/shell-layout-route";
