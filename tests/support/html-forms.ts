import { Parser } from "htmlparser2";

/** A form of a rendered page: where it posts, its intent(s) and its fields as a browser would send them. */
export type PageForm = {
  action: string | null;
  enctype: string;
  /** Hidden and visible fields with their rendered values ("" when none). */
  fields: Array<{ name: string; type: string; value: string }>;
  /** Each submit button's intent (a form may have several); [""] when none names one. */
  intents: string[];
};

/** Every form that posts (method=post) in `html`, in document order. */
export function postForms(html: string): PageForm[] {
  const forms: PageForm[] = [];
  let current: PageForm | null = null;
  let select: string | null = null;
  let firstOption = true;
  const parser = new Parser(
    {
      onopentag(tag, a) {
        if (tag === "form") {
          current =
            (a.method ?? "get").toLowerCase() === "post"
              ? {
                  action: a.action ?? null,
                  enctype: a.enctype ?? "application/x-www-form-urlencoded",
                  fields: [],
                  intents: [],
                }
              : null;
          return;
        }
        if (!current) return;
        const form: PageForm = current;
        const type = (a.type ?? (tag === "button" ? "submit" : "text")).toLowerCase();
        if ((tag === "button" || (tag === "input" && type === "submit")) && type === "submit") {
          if (a.name === "intent") form.intents.push(a.value ?? "");
          return;
        }
        if (tag === "select" && a.name) {
          select = a.name;
          firstOption = true;
          form.fields.push({ name: a.name, type: "select", value: "" });
        } else if (tag === "option" && select && (firstOption || "selected" in a)) {
          const field = form.fields.findLast((f) => f.name === select);
          if (field) field.value = a.value ?? "";
          firstOption = false;
        } else if ((tag === "input" || tag === "textarea") && a.name) {
          if ((type === "checkbox" || type === "radio") && !("checked" in a)) return;
          form.fields.push({ name: a.name, type, value: a.value ?? "" });
        }
      },
      onclosetag(tag) {
        if (tag === "select") select = null;
        if (tag === "form" && current) {
          const form: PageForm = current;
          const hidden = form.fields.find((f) => f.name === "intent");
          if (!form.intents.length) form.intents.push(hidden?.value ?? "");
          forms.push(form);
          current = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return forms;
}

/** Every in-app link (`href` starting with "/") in `html`, decoded as the browser reads it. */
export function pageLinks(html: string): string[] {
  const hrefs: string[] = [];
  const parser = new Parser(
    {
      onopentag(_tag, a) {
        if (a.href?.startsWith("/")) hrefs.push(a.href);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return hrefs;
}
