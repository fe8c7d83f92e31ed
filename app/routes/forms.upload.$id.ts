import type { LoaderFunctionArgs } from "@remix-run/node";
import { uploadBytes } from "~/modules/forms/submissions.server";
import { requireModule } from "~/services/guard.server";

/** A photo or signature of a form answer, for the company's own people only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "forms");
  const file = await uploadBytes(ctx, params.id ?? "");
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.content_type,
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
