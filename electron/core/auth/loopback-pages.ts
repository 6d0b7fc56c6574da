/**
 * The small pages the loopback listener shows in the user's browser. They say what happened and
 * that the tab can be closed; they carry no scripts, no external resources and nothing secret.
 */
export interface LoopbackPage {
  status: number;
  title: string;
  message: string;
}

export const PAGES = {
  received: { status: 200, title: 'Rollbook received your sign-in', message: 'You can close this tab and go back to Rollbook.' },
  denied: {
    status: 200,
    title: 'Rollbook was not given access',
    message: 'You can close this tab. To use Rollbook with Learn, go back to Rollbook and sign in again.',
  },
  failed: {
    status: 200,
    title: 'Learn could not complete the sign-in',
    message: 'You can close this tab. Go back to Rollbook to see what happened and sign in again.',
  },
  unexpected: {
    status: 400,
    title: 'This sign-in answer was not expected',
    message: 'It does not match the sign-in Rollbook started, so Rollbook ignored it. Close this tab and sign in again from Rollbook.',
  },
  finished: { status: 409, title: 'This sign-in has already finished', message: 'You can close this tab.' },
  notFound: { status: 404, title: 'Not found', message: 'There is nothing here.' },
} as const satisfies Record<string, LoopbackPage>;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function renderPage(page: LoopbackPage): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} – Rollbook</title>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.message)}</p>
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
