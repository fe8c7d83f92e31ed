import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { photoPage, uploadPhotoAction } from "~/modules/maintenance/photos.server";
import { companyTask } from "~/modules/maintenance/tasks.server";
import { requireModule } from "~/services/guard.server";

/** A GET (a reload after an upload) goes back to the task's edit form (one of the company's, else 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const task = await companyTask(await requireModule(request, "maintenance"), params.id ?? "");
  return redirect(photoPage(task.id));
}

/** The multipart body is streamed by the module (the guard does not read it: "*" rule only). */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "maintenance");
  return uploadPhotoAction(ctx, params.id ?? "", request);
}
