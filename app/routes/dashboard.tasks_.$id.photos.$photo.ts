import type { LoaderFunctionArgs } from "@remix-run/node";
import { photoLoader } from "~/modules/maintenance/photos.server";
import { requireModule } from "~/services/guard.server";

/** A task photo, streamed after checking it is one of the company's task's. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "maintenance");
  return photoLoader(ctx, params.id ?? "", params.photo ?? "");
}
