import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireInsightTag } from "~/modules/insight-tags/tags.server";
import { uploadAction } from "~/modules/insight-tags/wiki-files.server";
import { requireModule } from "~/services/guard.server";

/** A GET (a reload after an upload) goes back to the wiki of one of the company's tags (else 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const tag = await requireInsightTag(
    await requireModule(request, "insight-tags"),
    params.uuid ?? "",
  );
  return redirect(`/dashboard/insight-tags/${tag.uuid}/wiki`);
}

/** The multipart body is streamed by the module (the guard does not read it: "*" rule only). */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "insight-tags");
  return uploadAction(ctx, params.uuid ?? "", request);
}
