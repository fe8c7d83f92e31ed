import type { LoaderFunctionArgs } from "@remix-run/node";
import { touchCompany } from "~/services/devices.server";
import { encodedResponse, mapAuth, mapPayload } from "~/services/map-data.server";

/**
 * The map's data (app/lib/map-data.ts): `?part=static&v=` is immutable per version and cached by
 * the browser; the live part is small and revalidated with its ETag.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await mapAuth(request);
  const url = new URL(request.url);
  await touchCompany(auth);
  const payload = await mapPayload(auth.companyId);
  if (url.searchParams.get("part") === "static") {
    const wanted = url.searchParams.get("v");
    const immutable = wanted === payload.staticPart.v;
    return encodedResponse(request, payload.staticPart, immutable ? "private, max-age=31536000, immutable" : "private, no-cache");
  }
  return encodedResponse(request, payload.live, "private, no-cache");
}
