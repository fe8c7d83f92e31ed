/**
 * Markdown to HTML for text people write (the built-in docs, insight-tag wiki pages): raw HTML in
 * the Markdown is escaped, not passed through, and links and images keep only safe schemes, so a
 * page can never inject script (a <script> or an <img onerror> shows as text).
 */
import { Marked, type Tokens } from "marked";

function escapeHtml(s: string) {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function safeHref(href: string) {
  return /^(https?:|mailto:|\/|#)/i.test(href.trim()) ? href : "#";
}

const marked = new Marked({
  gfm: true,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(this: { parser: { parseInline: (t: Tokens.Generic[]) => string } }, token: Tokens.Link) {
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
      return `<a href="${escapeHtml(safeHref(token.href))}"${title}>${this.parser.parseInline(token.tokens)}</a>`;
    },
    image(token: Tokens.Image) {
      return `<img src="${escapeHtml(safeHref(token.href))}" alt="${escapeHtml(token.text)}">`;
    },
  },
});

/** The one renderer: GitHub-flavoured Markdown, raw HTML escaped. */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false }) as string;
}
