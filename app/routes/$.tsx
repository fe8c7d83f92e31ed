import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Every unknown path answers 404 with the error page. */
export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
