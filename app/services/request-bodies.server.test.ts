import { describe, expect, it } from "vitest";
import { DOCUMENT_MAX_BYTES } from "~/lib/documents";
import { PHOTO_MAX_BYTES } from "~/modules/maintenance/photos.server";
import { bodyRuleFor } from "./request-bodies.server";

describe("upload routes take bodies up to their files' own limits", () => {
  // Each path's file limit as its page states it; the body gate must let such a file through.
  const routes: [string, number][] = [
    ["/admin/jobsite/101/files", DOCUMENT_MAX_BYTES],
    ["/dashboard/suppliers/7/documents", DOCUMENT_MAX_BYTES],
    ["/dashboard/tasks/3/photos", PHOTO_MAX_BYTES],
  ];
  it.each(routes)("%s", (path, fileLimit) => {
    const rule = bodyRuleFor(path);
    expect(rule.kind).toBe("upload");
    expect(rule.limit).toBeGreaterThan(fileLimit);
  });
});
