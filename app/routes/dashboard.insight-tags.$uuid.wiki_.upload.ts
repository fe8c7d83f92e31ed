import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { uploadAction } from "~/modules/insight-tags/wiki.server";
import { requireModule } from "~/services/guard.server";

/** A GET (a reload after an upload) goes back to the wiki. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireModule(request, "insight-tags");
  return redirect(`/dashboard/insight-tags/${encodeURIComponent(params.uuid ?? "")}/wiki`);
}

/** The multipart body is streamed by the module (the guard does not read it: "*" rule only). */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "insight-tags");
  return uploadAction(ctx, params.uuid ?? "", request);
}
