import type { LoaderFunctionArgs } from "@remix-run/node";
import { attachmentFile } from "~/modules/tickets/attachments.server";
import { contentDisposition } from "~/services/file-transfer.server";
import { requireModule } from "~/services/guard.server";

/** A ticket's attachment, for the company's own people only; pictures open inline, PDFs download. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "tickets");
  const file = await attachmentFile(ctx, params.id ?? "");
  const inline = file.content_type.startsWith("image/");
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.content_type,
      "Content-Disposition": contentDisposition(file.name, inline ? "inline" : "attachment"),
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
