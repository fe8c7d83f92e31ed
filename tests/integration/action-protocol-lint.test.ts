import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Issue 35, one action protocol: the project's own lint configuration refuses the second ways of
 * showing a field's errors, reading an action's answer and serving a form's intents, anywhere in
 * app/ (`npm run lint` holds app/ to it).
 */
const eslint = new ESLint();
const RULE = "tracksmith/action-protocol";
const problems = async (code: string, filePath = "app/routes/dashboard.example.tsx") =>
  (await eslint.lintText(code, { filePath }))[0]!.messages
    .filter((m) => m.ruleId === RULE)
    .map((m) => m.line);

describe("the action-protocol lint rule", () => {
  it("refuses errors joined in place, cast action data and if-chains on the intent", async () => {
    const code = [
      'import { useActionData } from "@remix-run/react";',
      "declare const f: { name: { errors?: string[] } };",
      "declare const r: { errors: string[] };",
      "declare function action(): { ok: boolean };",
      "declare const form: FormData;",
      "declare const intent: string;",
      'export const a = f.name.errors?.join(" ");',
      'export const b = r.errors.join(" ");',
      "export const c = () => useActionData<typeof action>() as { ok?: boolean } | undefined;",
      "export function d() {",
      '  if (intent === "save") return 1;',
      '  if (form.get("intent") === "reset") return 2;',
      "}",
      "export function e(list: boolean) {",
      '  if (list || intent === "refresh") return 1;',
      '  else if (intent !== "save") return 2;',
      "  return 3;",
      "}",
    ].join("\n");
    expect(await problems(code)).toEqual([7, 8, 9, 11, 15]);
  });

  it("lets the protocol's own ways through, and other joins and comparisons", async () => {
    const code = [
      'import { useActionResult } from "~/lib/action-result";',
      'import { fieldMessage } from "~/components/forms/field";',
      "declare function action(): { ok: boolean };",
      "declare const errors: string[];",
      "declare const intent: string;",
      'export const a = errors.join("; ");',
      'export const b = fieldMessage(["x"]);',
      "export const c = () => useActionResult<typeof action>();",
      'export const d = intent === "create" ? "Send invitation" : "Save";',
      // One button beside the default (a reset), and a reply read for its own form.
      'export function e() { if (form.get("intent") === "reset") return 1; return 2; }',
      "declare const form: FormData;",
      "declare const result: { intent?: string };",
      "export function g() { if (result.intent !== intent) return null; return 1; }",
    ].join("\n");
    expect(await problems(code)).toEqual([]);
  });

  it("holds in modules and libs, not in tests or in action-result itself", async () => {
    const code = 'declare const f: { errors?: string[] };\nexport const a = f.errors?.join(" ");';
    expect(await problems(code, "app/modules/example/components/form.tsx")).toEqual([2]);
    expect(await problems(code, "app/lib/example.ts")).toEqual([2]);
    expect(await problems(code, "app/lib/action-result.ts")).toEqual([]);
    expect(await problems(code, "app/modules/example/form.test.tsx")).toEqual([]);
  });
});

/**
 * Issue 35 part 6: an action converted to Conform's submission.reply() (eslint.config.js,
 * CONFORM_REPLY_FILES) may not slide back to a hand-made `{ errors, values }` answer.
 */
describe("the conform-reply lint rule", () => {
  const REPLY = "tracksmith/conform-reply";
  const replyProblems = async (code: string, filePath: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages
      .filter((m) => m.ruleId === REPLY)
      .map((m) => m.line);
  // The groups action as it was before its conversion, and as it is now.
  const handMade = [
    'import { json } from "@remix-run/node";',
    'import { firstErrors, parseForm } from "~/lib/parse-form";',
    'import { refused } from "~/modules/admin/form-reply.server";',
    'import { GroupSchema } from "~/modules/admin/people-form";',
    "export function create(form: FormData) {",
    "  const s = parseForm(form, GroupSchema);",
    "  if (s.status !== 'success') return refused(form, firstErrors(s));",
    "  return json({ errors: { nickname: 'Taken' }, values: { nickname: 'x' } }, { status: 409 });",
    "}",
  ].join("\n");
  const conform = [
    'import { json } from "@remix-run/node";',
    'import { parseForm, refusalReply } from "~/lib/parse-form";',
    'import { GroupSchema } from "~/modules/admin/people-form";',
    "export function create(form: FormData) {",
    "  const s = parseForm(form, GroupSchema);",
    "  if (s.status !== 'success') return json({ result: s.reply() }, { status: 400 });",
    "  return json({ result: refusalReply(s, 'nickname', 'Taken') }, { status: 409 });",
    "}",
  ].join("\n");

  it("refuses firstErrors, refused() and a hand-made errors/values answer in a converted route", async () => {
    const file = "app/routes/_shell.admin.groups.tsx";
    expect(await replyProblems(handMade, file)).toEqual([7, 7, 8, 8]);
    expect(await replyProblems(conform, file)).toEqual([]);
  });

  it("holds only the files already converted (the list the next conversion extends)", async () => {
    expect(await replyProblems(handMade, "app/routes/dashboard.dashcam-events._index.tsx")).toEqual(
      [],
    );
  });

  it("every converted route answers with Conform's reply: no hand-made refusal left in it", async () => {
    const { CONFORM_REPLY_FILES } = await import("../../eslint.config.js");
    const results = await eslint.lintFiles(CONFORM_REPLY_FILES);
    const left = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === REPLY).map((m) => `${r.filePath}:${m.line}`),
    );
    expect(left).toEqual([]);
  });
});
