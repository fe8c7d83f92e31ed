import { TypographyStylesProvider } from "@mantine/core";

/** A rendered documentation page. The HTML comes from docs.server.ts, which escapes raw HTML. */
export function DocArticle({ html }: { html: string }) {
  return (
    <TypographyStylesProvider maw={820}>
      <article data-testid="doc-article" dangerouslySetInnerHTML={{ __html: html }} />
    </TypographyStylesProvider>
  );
}
