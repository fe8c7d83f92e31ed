/**
 * The forms builder end to end through the route modules (issue 25, forms part): build a form with
 * a repeating group and a condition, publish v1, fill it (422 with messages next to the fields and
 * the answers kept, a photo checked for type), publish v2 while the v1 answers still read as v1,
 * review (send back needs a comment; approve), the PDF with its photo, who may fill a form, and
 * the flagged answers tickets will use.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import { action as newFormAction } from "~/routes/_shell.forms.buildform._index";
import {
  action as builderAction,
  loader as builderLoader,
} from "~/routes/_shell.forms.buildform.$formid";
import { action as fillAction, loader as fillLoader } from "~/routes/_shell.forms.fill.$formid";
import { loader as selectionLoader } from "~/routes/_shell.forms.selection";
import { action as adminAction } from "~/routes/_shell.forms.admin";
import { loader as reviewLoader } from "~/routes/_shell.forms.review";
import {
  action as submissionAction,
  loader as submissionLoader,
} from "~/routes/_shell.forms.completed.$id";
import { loader as pdfLoader } from "~/routes/forms.completed.$id.pdf";
import { loader as completedLoader } from "~/routes/_shell.forms.completed._index";
import { loader as uploadLoader } from "~/routes/forms.upload.$id";
import { flaggedAnswers } from "~/modules/forms/index.server";
import { getForm, getSubmission } from "~/modules/forms/upstream.server";
import { upstream } from "~/services/api.server";
import { pdfText } from "../support/pdf";
import { APP, call, cookieFrom, formPost, get } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";
import { useTestDatabase } from "../support/db";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const cookies: Record<string, string> = {};
const adminToken = async () => (await upstreamAuth("admin", "admin123")).token;

async function signIn(username: string, password: string) {
  const res = await call(loginAction, formPost("/login", { username, password }));
  expect(res.status, `sign-in ${username}`).toBe(302);
  return cookieFrom(res);
}

const post = (path: string, who: string, fields: Record<string, string>) =>
  formPost(path, fields, { cookie: cookies[who]! });

function multipart(path: string, who: string, fields: [string, string | Blob][]) {
  const fd = new FormData();
  for (const [k, v] of fields) fd.append(k, v);
  return new Request(APP + path, {
    method: "POST",
    body: fd,
    headers: { cookie: cookies[who]!, origin: APP },
  });
}

let formId = 0;
const edit = async (fields: Record<string, string>) =>
  call(builderAction, post(`/forms/buildform/${formId}`, "admin", { intent: "edit", ...fields }), {
    params: { formid: String(formId) },
  });
const draftOf = async () => {
  const res = await call(builderLoader, get(`/forms/buildform/${formId}`, cookies.admin), {
    params: { formid: String(formId) },
  });
  return (
    (await res.json()) as {
      form: { draft: { fields: DraftField[] } };
    }
  ).form.draft;
};

type DraftField = {
  id: string;
  type: string;
  label?: string;
  options?: string[];
  fields?: DraftField[];
};
/** The builder's post of a saved draft, as its page would send it. */
function postOf(d: { fields: DraftField[] }): Record<string, string> {
  const out: Record<string, string> = {
    title: "Truck inspection",
    order: d.fields.map((f) => f.id).join(","),
  };
  const put = (f: DraftField) => {
    out[`f.${f.id}.type`] = f.type;
    out[`f.${f.id}.label`] = f.label ?? "x";
    if (f.options) out[`f.${f.id}.options`] = f.options.join("\n");
    if (f.fields) {
      out[`f.${f.id}.children`] = f.fields.map((c) => c.id).join(",");
      f.fields.forEach(put);
    }
  };
  d.fields.forEach(put);
  return out;
}

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  for (const [u, p] of [
    ["admin", "admin123"],
    ["driver", "driver123"],
    ["other", "other123"],
  ] as const)
    cookies[u] = await signIn(u, p);
});

describe("building a form", () => {
  it("makes a draft, adds questions, refuses to publish it empty, publishes v1", async () => {
    const made = await call(
      newFormAction,
      post("/forms/buildform", "admin", { intent: "create", title: "" }),
    );
    expect(made.status).toBe(400);
    const ok = await call(
      newFormAction,
      post("/forms/buildform", "admin", { intent: "create", title: "Truck inspection" }),
    );
    expect(ok.status).toBe(302);
    formId = Number(ok.headers.get("location")!.split("/").pop());
    const empty = await edit({ op: "publish", title: "Truck inspection", order: "" });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain(
      "A form with no fields cannot be published.",
    );

    for (const type of ["select", "textarea", "group", "vehicle"])
      expect((await edit({ ...postOf(await draftOf()), op: "add", addType: type })).status).toBe(
        302,
      );
    const d = await draftOf();
    expect(d.fields.map((f) => f.type)).toEqual(["select", "textarea", "group", "vehicle"]);
    const [brakes, why, damage, truck] = d.fields.map((f) => f.id);
    const child = d.fields[2]!.fields![0]!.id;
    const full = {
      title: "Truck inspection",
      order: [truck, brakes, why, damage].join(","),
      [`f.${truck}.type`]: "vehicle",
      [`f.${truck}.label`]: "Truck",
      [`f.${truck}.required`]: "on",
      [`f.${brakes}.type`]: "select",
      [`f.${brakes}.label`]: "Brakes",
      [`f.${brakes}.required`]: "on",
      [`f.${brakes}.options`]: "Pass\nFail",
      [`f.${brakes}.flags`]: "Fail",
      [`f.${why}.type`]: "textarea",
      [`f.${why}.label`]: "What is wrong with the brakes?",
      [`f.${why}.required`]: "on",
      [`f.${why}.cond.field`]: brakes!,
      [`f.${why}.cond.op`]: "equals",
      [`f.${why}.cond.value`]: "Fail",
      [`f.${damage}.type`]: "group",
      [`f.${damage}.label`]: "Damage",
      [`f.${damage}.children`]: `${child}`,
      [`f.${child}.type`]: "text",
      [`f.${child}.label`]: "Where",
      [`f.${child}.required`]: "on",
    };
    // A question left without a label is answered next to it, nothing saved.
    const bad = await edit({ ...full, op: "save", [`f.${brakes}.label`]: "" });
    expect(bad.status).toBe(400);
    expect((await bad.json()) as object).toMatchObject({
      errors: { [`f.${brakes}.label`]: "Give the question a label." },
    });
    // Add a photo to the group, then move the truck question back down and up (keyboard-free path).
    expect((await edit({ ...full, op: "add", addType: "photo", addTo: damage! })).status).toBe(302);
    const withPhoto = await draftOf();
    const photo = withPhoto.fields.find((f) => f.id === damage)!.fields![1]!.id;
    const full2 = {
      ...full,
      [`f.${damage}.children`]: `${child},${photo}`,
      [`f.${photo}.type`]: "photo",
      [`f.${photo}.label`]: "Photo",
    };
    expect((await edit({ ...full2, op: `down:${truck}` })).status).toBe(302);
    expect((await draftOf()).fields.map((f) => f.id)).toEqual([brakes, truck, why, damage]);
    const full3 = { ...full2, order: [brakes, truck, why, damage].join(",") };
    expect((await edit({ ...full3, op: `up:${truck}` })).status).toBe(302);
    const published = await edit({
      ...full,
      order: [truck, brakes, why, damage].join(","),
      [`f.${damage}.children`]: `${child},${photo}`,
      [`f.${photo}.type`]: "photo",
      [`f.${photo}.label`]: "Photo",
      op: "publish",
    });
    expect(published.status).toBe(302);
    const f = await getForm(upstream((await upstreamAuth("admin", "admin123")).token), formId);
    expect(f.version).toBe(1);
    expect(f.published[0]!.fields.map((x) => x.label)).toEqual([
      "Truck",
      "Brakes",
      "What is wrong with the brakes?",
      "Damage",
    ]);
    ids = { brakes: brakes!, why: why!, damage: damage!, truck: truck!, child, photo };
  });
});

let ids: Record<string, string> = {};
let v1Submission = "";

describe("filling it in", () => {
  it("offers the form to the driver, answers 422 with messages next to the fields and keeps the answers", async () => {
    const sel = await call(selectionLoader, get("/forms/selection", cookies.driver));
    expect(((await sel.json()) as { forms: { id: number }[] }).forms.map((x) => x.id)).toContain(
      formId,
    );
    const page = await call(fillLoader, get(`/forms/fill/${formId}`, cookies.driver), {
      params: { formid: String(formId) },
    });
    const { form } = (await page.json()) as {
      form: { version: number; vehicles: { imei: string }[] };
    };
    expect(form.version).toBe(1);
    const imei = form.vehicles[0]!.imei;
    const path = `/forms/fill/${formId}`;
    const res = await call(
      fillAction,
      multipart(path, "driver", [
        ["intent", "submit"],
        ["version", "1"],
        [`a.${ids.truck}`, imei],
        [`a.${ids.brakes}`, "Fail"],
        [`n.${ids.damage}`, "1"],
        [`a.${ids.damage}.0.${ids.child}`, "Left mirror"],
        [`a.${ids.damage}.0.${ids.photo}.file`, new Blob(["GIF89a"], { type: "image/gif" })],
      ]),
      { params: { formid: String(formId) } },
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as {
      errors: Record<string, string>;
      values: [string, string][];
    };
    expect(body.errors).toEqual({
      [`a.${ids.why}`]: "Please answer this question.",
      [`a.${ids.damage}.0.${ids.photo}`]: "Please use a JPEG, PNG or WebP picture.",
    });
    expect(body.values).toContainEqual([`a.${ids.damage}.0.${ids.child}`, "Left mirror"]);

    const sent = await call(
      fillAction,
      multipart(path, "driver", [
        ["intent", "submit"],
        ["version", "1"],
        ["reference", "integration-ref-0001"],
        [`a.${ids.truck}`, imei],
        [`a.${ids.brakes}`, "Fail"],
        [`a.${ids.why}`, "Pedal goes to the floor"],
        [`n.${ids.damage}`, "2"],
        [`a.${ids.damage}.0.${ids.child}`, "Left mirror"],
        [`a.${ids.damage}.0.${ids.photo}.file`, new Blob([PNG], { type: "image/png" })],
      ]),
      { params: { formid: String(formId) } },
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/forms/selection");
    const review = await call(
      reviewLoader,
      get(`/forms/review?form=${formId}&flagged=1`, cookies.admin),
    );
    const rows = (
      (await review.json()) as {
        rows: { id: string; version: number; flags: number; person: string }[];
      }
    ).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version: 1, flags: 1, person: "Dan Driver" });
    v1Submission = rows[0]!.id;
  });

  it("publishes v2 while the v1 answers still read with v1's questions", async () => {
    const admin = upstream((await upstreamAuth("admin", "admin123")).token);
    const v1 = await getForm(admin, formId);
    const res = await edit({
      title: "Truck inspection",
      order: [ids.truck, ids.brakes, ids.why, ids.damage, "q99"].join(","),
      [`f.${ids.truck}.type`]: "vehicle",
      [`f.${ids.truck}.label`]: "Truck",
      [`f.${ids.brakes}.type`]: "select",
      [`f.${ids.brakes}.label`]: "Brake test (v2)",
      [`f.${ids.brakes}.options`]: "Pass\nFail",
      [`f.${ids.why}.type`]: "textarea",
      [`f.${ids.why}.label`]: "Why?",
      [`f.${ids.damage}.type`]: "group",
      [`f.${ids.damage}.label`]: "Damage",
      [`f.${ids.damage}.children`]: ids.child!,
      [`f.${ids.child}.type`]: "text",
      [`f.${ids.child}.label`]: "Where",
      "f.q99.type": "number",
      "f.q99.label": "Odometer",
      op: "publish",
    });
    expect(res.status).toBe(302);
    expect((await getForm(admin, formId)).published[0]).toEqual(v1.published[0]);
    const page = await call(
      submissionLoader,
      get(`/forms/completed/${v1Submission}`, cookies.admin),
      { params: { id: v1Submission } },
    );
    const data = (await page.json()) as {
      row: { version: number };
      latest: number;
      answers: { label: string }[];
    };
    expect(data.row.version).toBe(1);
    expect(data.latest).toBe(2);
    expect(data.answers.map((a) => a.label)).toContain("Brakes");
    expect(data.answers.map((a) => a.label)).not.toContain("Brake test (v2)");
    const s = await getSubmission(admin, v1Submission);
    expect(flaggedAnswers(s, v1.published[0]!)).toEqual([
      { id: ids.brakes, label: "Brakes", value: "Fail" },
    ]);
  });

  it("renders the PDF with the answers and the photo, and serves the photo to the company only", async () => {
    const res = await call(pdfLoader, get(`/forms/completed/${v1Submission}/pdf`, cookies.admin), {
      params: { id: v1Submission },
    });
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    const { text } = await pdfText(bytes);
    expect(text).toContain("Truck inspection");
    expect(text).toContain("Pedal goes to the floor");
    expect(text).toContain("Left mirror");
    expect(Buffer.from(bytes).toString("latin1")).toContain("/Subtype /Image");
    const page = (await (
      await call(submissionLoader, get(`/forms/completed/${v1Submission}`, cookies.admin), {
        params: { id: v1Submission },
      })
    ).json()) as { answers: { kind: string; items?: { upload?: string }[][] }[] };
    const upload = page.answers
      .find((a) => a.kind === "group")!
      .items![0]!.find((a) => a.upload)!.upload!;
    const img = await call(uploadLoader, get(`/forms/upload/${upload}`, cookies.admin), {
      params: { id: upload },
    });
    expect(img.status).toBe(200);
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    const foreign = await call(uploadLoader, get(`/forms/upload/${upload}`, cookies.other), {
      params: { id: upload },
    });
    expect(foreign.status).toBe(404);
  });
});

describe("reviewing", () => {
  it("sends back only with a comment, approves, and refuses the driver (403)", async () => {
    const path = `/forms/completed/${v1Submission}`;
    const opts = { params: { id: v1Submission } };
    const noComment = await call(
      submissionAction,
      post(path, "admin", { intent: "send-back", comment: " " }),
      opts,
    );
    expect(noComment.status).toBe(400);
    expect(await noComment.json()).toMatchObject({
      errors: { comment: "Say what needs to change before sending it back." },
    });
    expect(
      (
        await call(
          submissionAction,
          post(path, "admin", { intent: "send-back", comment: "Photo of the pedal" }),
          opts,
        )
      ).status,
    ).toBe(302);
    const back = (await (
      await call(reviewLoader, get(`/forms/review?status=sent_back`, cookies.admin))
    ).json()) as { rows: { id: string }[] };
    expect(back.rows.map((r) => r.id)).toContain(v1Submission);
    expect(
      (await call(submissionAction, post(path, "admin", { intent: "approve" }), opts)).status,
    ).toBe(302);
    const page = (await (await call(submissionLoader, get(path, cookies.admin), opts)).json()) as {
      row: { status: string };
      review: { comment: string };
    };
    expect(page.row.status).toBe("approved");
    expect(
      (await call(submissionAction, post(path, "driver", { intent: "approve" }), opts)).status,
    ).toBe(403);
  });
});

describe("reviewing: approved is final, and nobody reviews their own form (issue 38.3)", () => {
  it("refuses approving or sending back an approved form, with a message, and changes nothing", async () => {
    const path = `/forms/completed/${v1Submission}`;
    const opts = { params: { id: v1Submission } };
    const before = await getSubmission(upstream(await adminToken()), v1Submission);
    expect(before.status).toBe("approved");
    for (const [intent, comment] of [
      ["approve", ""],
      ["send-back", "Please redo it"],
    ] as const) {
      const res = await call(submissionAction, post(path, "admin", { intent, comment }), opts);
      expect(res.status, intent).toBe(400);
      expect(await res.json()).toMatchObject({
        errors: {
          form: "This form is already approved. An approved form is final: it cannot be approved again or sent back.",
        },
        comment,
      });
    }
    const after = await getSubmission(upstream(await adminToken()), v1Submission);
    expect(after.status).toBe("approved");
    expect(after.review).toEqual(before.review);
    const page = (await (await call(submissionLoader, get(path, cookies.admin), opts)).json()) as {
      canReview: boolean;
    };
    expect(page.canReview).toBe(false);
  });

  it("refuses a reviewer their own submission; someone else may review it", async () => {
    const page = await call(fillLoader, get(`/forms/fill/${formId}`, cookies.admin), {
      params: { formid: String(formId) },
    });
    const { form } = (await page.json()) as { form: { vehicles: { imei: string }[] } };
    const sent = await call(
      fillAction,
      multipart(`/forms/fill/${formId}`, "admin", [
        ["intent", "submit"],
        ["version", "2"],
        ["reference", "integration-own-0001"],
        [`a.${ids.truck}`, form.vehicles[0]!.imei],
        [`a.${ids.brakes}`, "Pass"],
        [`n.${ids.damage}`, "0"],
      ]),
      { params: { formid: String(formId) } },
    );
    if (sent.status !== 302) expect(await sent.json()).toBeUndefined();
    const mine = (await (
      await call(reviewLoader, get(`/forms/review?form=${formId}`, cookies.admin))
    ).json()) as { rows: { id: string; person: string }[] };
    const own = mine.rows.find((r) => r.person === "Alex Morgan")!;
    expect(own).toBeDefined();
    const path = `/forms/completed/${own.id}`;
    const opts = { params: { id: own.id } };
    const res = await call(submissionAction, post(path, "admin", { intent: "approve" }), opts);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errors: { form: "You sent this form in yourself, so someone else must review it." },
    });
    expect((await getSubmission(upstream(await adminToken()), own.id)).status).toBe("submitted");
    cookies.demo ??= await signIn("demo", "demo123");
    expect(
      (await call(submissionAction, post(path, "demo", { intent: "approve" }), opts)).status,
    ).toBe(302);
  });
});

describe("the driver sees the forms they sent in, and only those (issue 38.6)", () => {
  it("lists and opens their own completed forms; another's is a 404", async () => {
    const list = await call(completedLoader, get("/forms/completed?scope=team", cookies.driver));
    expect(list.status).toBe(200);
    const { rows, ownOnly } = (await list.json()) as {
      rows: { id: string; person: string }[];
      ownOnly: boolean;
    };
    expect(ownOnly).toBe(true);
    expect(rows.map((r) => r.id)).toContain(v1Submission);
    expect(new Set(rows.map((r) => r.person))).toEqual(new Set(["Dan Driver"]));
    const open = (id: string) =>
      call(submissionLoader, get(`/forms/completed/${id}`, cookies.driver), { params: { id } });
    expect((await open(v1Submission)).status).toBe(200);
    const all = (await (
      await call(completedLoader, get("/forms/completed", cookies.admin))
    ).json()) as {
      rows: { id: string; person: string }[];
    };
    const others = all.rows.filter((r) => r.person !== "Dan Driver");
    expect(others.length).toBeGreaterThan(0);
    expect((await open(others[0]!.id)).status).toBe(404);
    const pdf = await call(
      pdfLoader,
      get(`/forms/completed/${others[0]!.id}/pdf`, cookies.driver),
      {
        params: { id: others[0]!.id },
      },
    );
    expect(pdf.status).toBe(404);
  });
});

describe("who may fill a form", () => {
  it("hides a form restricted to other groups from the driver (404 on its page)", async () => {
    const groups = (await (
      await call(
        adminAction,
        post("/forms/admin", "admin", { intent: "fillers", id: String(formId), everyone: "no" }),
      )
    ).json()) as { message: string };
    expect(groups.message).toBe("Choose the groups who may fill it in, or everyone.");
    const admin = upstream((await upstreamAuth("admin", "admin123")).token);
    const { compGroups } = await import("~/services/upstream/index.server");
    const mgmt = (await compGroups(admin)).find((g) => g.nickname === "management")!;
    const set = await call(
      adminAction,
      post("/forms/admin", "admin", {
        intent: "fillers",
        id: String(formId),
        everyone: "no",
        group: String(mgmt.id),
      }),
    );
    expect(set.status).toBe(302);
    const sel = (await (
      await call(selectionLoader, get("/forms/selection", cookies.driver))
    ).json()) as { forms: { id: number }[] };
    expect(sel.forms.map((x) => x.id)).not.toContain(formId);
    expect(
      (
        await call(fillLoader, get(`/forms/fill/${formId}`, cookies.driver), {
          params: { formid: String(formId) },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          adminAction,
          post("/forms/admin", "admin", { intent: "archive", id: String(formId) }),
        )
      ).status,
    ).toBe(302);
    expect(
      (
        await call(
          adminAction,
          post("/forms/admin", "admin", { intent: "duplicate", id: String(formId) }),
        )
      ).status,
    ).toBe(302);
  });
});
