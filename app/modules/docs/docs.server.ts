import fs from "node:fs";
import path from "node:path";
import { getEnv } from "~/services/env.server";
import { renderMarkdown } from "~/services/markdown.server";

export { renderMarkdown };

/**
 * The built-in documentation (SPEC §2.1 docs/*): Markdown files in app/docs/<section>/<slug>.md,
 * rendered on the server. Raw HTML in the Markdown is escaped and only safe link schemes are kept,
 * so a page can never inject script.
 */
const DOCS_DIR = path.join(process.cwd(), "app", "docs");

/** Section order and labels of the sidebar; unknown folders follow, titled from their name. */
const SECTIONS: { id: string; title: string }[] = [
  { id: "overview", title: "Overview" },
  { id: "getting-started", title: "Getting started" },
  { id: "map", title: "The map" },
  { id: "trips", title: "Trips and logbook" },
  { id: "notifications", title: "Notifications" },
  { id: "reports", title: "Reports" },
  { id: "forms", title: "Forms" },
  { id: "settings", title: "Settings" },
];

export type DocPage = {
  section: string;
  slug: string;
  path: string;
  title: string;
  order: number;
  markdown: string;
  text: string;
};
export type DocNav = { id: string; title: string; pages: { path: string; title: string }[] }[];

const SLUG = /^[a-z0-9-]+$/;

/** Plain text of a Markdown page, for search and excerpts. */
function plainText(markdown: string) {
  return markdown
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/[#>*_`|[\]()-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function readPages(): DocPage[] {
  if (!fs.existsSync(DOCS_DIR)) return [];
  const pages: DocPage[] = [];
  for (const section of fs.readdirSync(DOCS_DIR)) {
    if (!SLUG.test(section)) continue;
    const dir = path.join(DOCS_DIR, section);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir)) {
      const slug = file.replace(/\.md$/, "");
      if (!file.endsWith(".md") || !SLUG.test(slug)) continue;
      const markdown = fs.readFileSync(path.join(dir, file), "utf8");
      // First line "# Title"; an optional "<!-- order: N -->" orders pages within a section.
      const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? slug;
      const order = Number(/<!--\s*order:\s*(\d+)\s*-->/.exec(markdown)?.[1] ?? 100);
      pages.push({
        section,
        slug,
        path: `${section}/${slug}`,
        title,
        order,
        // The order line is for us, not the reader: neither the page nor search shows it.
        markdown: markdown.replace(/<!--\s*order:\s*\d+\s*-->\n?/, ""),
        text: plainText(markdown),
      });
    }
  }
  return pages;
}

let cache: DocPage[] | undefined;

/** All pages; cached except in development, where edits show on reload. */
export function allDocs(): DocPage[] {
  if (getEnv().NODE_ENV === "development") return readPages();
  cache ??= readPages();
  return cache;
}

export function docsNav(pages = allDocs()): DocNav {
  const ids = [
    ...SECTIONS.map((s) => s.id),
    ...new Set(pages.map((p) => p.section).filter((id) => !SECTIONS.some((s) => s.id === id))),
  ];
  return ids
    .map((id) => ({
      id,
      title: SECTIONS.find((s) => s.id === id)?.title ?? id.replace(/-/g, " "),
      pages: pages
        .filter((p) => p.section === id)
        .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title))
        .map((p) => ({ path: p.path, title: p.title })),
    }))
    .filter((s) => s.pages.length > 0);
}

/** A page by its path ("section/slug"), rendered; null for anything else (the route answers 404). */
export function getDoc(
  docPath: string,
): { path: string; title: string; section: string; html: string } | null {
  const [section, slug, ...rest] = docPath.replace(/\/+$/, "").split("/");
  if (rest.length || !section || !slug || !SLUG.test(section) || !SLUG.test(slug)) return null;
  const page = allDocs().find((p) => p.section === section && p.slug === slug);
  if (!page) return null;
  const sectionTitle = docsNav().find((s) => s.id === section)?.title ?? section;
  return {
    path: page.path,
    title: page.title,
    section: sectionTitle,
    html: renderMarkdown(page.markdown),
  };
}

export type DocHit = { path: string; title: string; excerpt: string };

/** Case-insensitive search over titles and text; every word must occur; title hits rank first. */
export function searchDocs(query: string, pages = allDocs()): DocHit[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length) return [];
  return pages
    .map((p) => {
      const title = p.title.toLowerCase();
      const text = p.text.toLowerCase();
      if (!words.every((w) => title.includes(w) || text.includes(w))) return null;
      const score = words.reduce(
        (n, w) => n + (title.includes(w) ? 10 : 0) + text.split(w).length - 1,
        0,
      );
      const at = Math.max(0, text.indexOf(words[0]!) - 60);
      const excerpt = `${at > 0 ? "…" : ""}${p.text.slice(at, at + 180)}${at + 180 < p.text.length ? "…" : ""}`;
      return { hit: { path: p.path, title: p.title, excerpt }, score };
    })
    .filter((x): x is { hit: DocHit; score: number } => x !== null)
    .sort((a, b) => b.score - a.score)
    .map((x) => x.hit);
}
