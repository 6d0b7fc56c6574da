import { escapeHtml, type PageLanguage } from '../page-words';

/**
 * The small pages the loopback listener shows in the user's browser. They say what happened and
 * that the tab can be closed, in the browser's language; they carry no scripts, no external
 * resources and nothing secret.
 */
export interface LoopbackPage {
  status: number;
  /** Its words in the catalogue: `host.page.<name>.title` and `.message`. */
  name: 'received' | 'denied' | 'failed' | 'unexpected' | 'finished' | 'notFound';
}

export const PAGES = {
  received: { status: 200, name: 'received' },
  denied: { status: 200, name: 'denied' },
  failed: { status: 200, name: 'failed' },
  unexpected: { status: 400, name: 'unexpected' },
  finished: { status: 409, name: 'finished' },
  notFound: { status: 404, name: 'notFound' },
} as const satisfies Record<string, LoopbackPage>;

export function renderPage(page: LoopbackPage, { t, lang, dir }: PageLanguage): string {
  const title = t(`host.page.${page.name}.title`);
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('host.page.tabTitle', { title }))}</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t(`host.page.${page.name}.message`))}</p>
</main>
</body>
</html>
`;
}

/** Headers of every listener answer: nothing cached, nothing loaded, the connection not kept. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  Connection: 'close',
};
