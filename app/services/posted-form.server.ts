/**
 * The posted form of a request, read once from a copy (so the action can still read the body) and
 * shared by everything before the action that needs it: the route promises' control-character
 * check and the guard's intent rule. Null for a body that is not a form or cannot be read.
 */
const read = new WeakMap<Request, Promise<FormData | null>>();

export const isFormPost = (request: Request) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(
    request.headers.get("content-type") ?? "",
  );

export function postedFormData(request: Request): Promise<FormData | null> {
  let form = read.get(request);
  if (!form) {
    form = isFormPost(request)
      ? request
          .clone()
          .formData()
          // Not an upstream read: a body that is no form is refused by the route like any other.
          // eslint-disable-next-line no-restricted-syntax
          .catch(() => null)
      : Promise.resolve(null);
    read.set(request, form);
  }
  return form;
}

/** The form's `intent`: "" without one, or when the body is not a readable form. */
export async function postedIntentOf(request: Request): Promise<string> {
  const intent = (await postedFormData(request))?.get("intent");
  return typeof intent === "string" ? intent : "";
}
