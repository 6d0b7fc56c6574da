import { escapeHtml, partsHtml, type PageLanguage } from '../core/page-words';
import { KEY_META } from './browser-session';

/**
 * The two small pages browser mode serves outside the app: the one a visit without the launch
 * cookie gets (how to open Rollbook, no secret in it), and the one a spent launch link gets (the
 * launch link itself answers with the app, `withLaunchKey`).
 * Plain HTML with no script (the renderer's CSP forbids inline script); their stylesheet is the
 * one file served without the launch cookie, and holds nothing but the look of the start screen.
 */
export const OWNER_CSS_PATH = '/__rollbook/owner.css';

export const OWNER_CSS = `:root { color-scheme: light dark; --bg: #fbfbfa; --fg: #1d1d1f; --muted: #5f6368; --card: #ffffff; --border: #d9d9de; --accent: #1f5fbf;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; font-size: 16px; line-height: 1.5; background: var(--bg); color: var(--fg); }
@media (prefers-color-scheme: dark) { :root { --bg: #161618; --fg: #ececf0; --muted: #a4a4ad; --card: #202024; --border: #3a3a40; --accent: #8ab4f8; } }
body { margin: 0; padding: 2rem 1rem; }
main { max-width: 40rem; margin: 0 auto; background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 1rem 1.5rem; }
h1 { font-size: 1.35rem; line-height: 1.3; }
code { font-size: 0.95em; background: var(--bg); border: 1px solid var(--border); border-radius: 4px; padding: 0 0.25rem; overflow-wrap: anywhere; }
a { color: var(--accent); }
`;

const page = ({ lang, dir }: PageLanguage, title: string, body: string): string =>
  `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${OWNER_CSS_PATH}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;

/** The commands the pages name (never translated: they are typed as they are). */
const COMMANDS = { start: 'npm start', build: 'npm run build:renderer', path: '/launch?code=' };

/** For a browser that has not opened Rollbook from its launch link (or whose host restarted), in its language. */
export function howToOpenPage(language: PageLanguage): string {
  const { t } = language;
  return page(
    language,
    t('host.launch.howToOpen.tabTitle'),
    `<h1>${escapeHtml(t('host.launch.howToOpen.title'))}</h1>
<p>${partsHtml(t.parts('host.launch.howToOpen.why', COMMANDS))}</p>
<ul>
<li>${partsHtml(t.parts('host.launch.howToOpen.useLink', COMMANDS))}</li>
<li>${partsHtml(t.parts('host.launch.howToOpen.runAgain', COMMANDS))}</li>
</ul>
<p>${escapeHtml(t('host.launch.howToOpen.restarted'))}</p>`,
  );
}

/**
 * The answer to a good launch link: the app page itself, with the cookie and the session's key in
 * a `<meta>` (the page keeps the key and takes the tag and the link's code off at once). No second
 * page to move on to (a meta refresh cost a navigation and a wait, a redirect from another site's
 * page would come without the SameSite=Strict cookie): the app's files and calls come from this
 * page, which is Rollbook's own origin, so the cookie goes with them whatever opened the link.
 */
export function withLaunchKey(appPage: string, key: string): string {
  if (!/^[\w-]+$/.test(key)) throw new Error('a launch key is base64url');
  // Right after <head> (or the doctype): the parser puts it in the head either way.
  const at = /<head[^>]*>|<!doctype html>/i.exec(appPage);
  const end = at ? at.index + at[0].length : 0;
  return `${appPage.slice(0, end)}\n    <meta name="${KEY_META}" content="${key}">${appPage.slice(end)}`;
}

/** Instead of the app when the renderer is not built (a developer's checkout): the launch still hands over the session. */
export function notBuiltPage(language: PageLanguage): string {
  const { t } = language;
  return page(
    language,
    t('host.launch.notBuilt.tabTitle'),
    `<h1>${escapeHtml(t('host.launch.notBuilt.title'))}</h1>
<p>${partsHtml(t.parts('host.launch.notBuilt.message', COMMANDS))}</p>`,
  );
}

/** For a launch link that was already used, expired, or belongs to an earlier run. */
export function spentLinkPage(language: PageLanguage): string {
  const { t } = language;
  return page(
    language,
    t('host.launch.spent.tabTitle'),
    `<h1>${escapeHtml(t('host.launch.spent.title'))}</h1>
<p>${partsHtml(t.parts('host.launch.spent.message', COMMANDS))}</p>`,
  );
}
