/** Any other path under this prefix: a 404 inside the console's shell (services/shell.server.ts). */
import { GeneralErrorBoundary } from "~/components/error-boundary";

export { shellNotFoundLoader as loader } from "~/services/shell.server";

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
