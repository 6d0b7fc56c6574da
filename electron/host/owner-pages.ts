import { KEY_FRAGMENT } from './browser-session';

/**
 * The two small pages browser mode serves outside the app: the one a visit without the launch
 * cookie gets (how to open Rollbook, no secret in it), and the one the launch link answers with.
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

const page = (title: string, head: string, body: string): string =>
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="${OWNER_CSS_PATH}">
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;

/** For a browser that has not opened Rollbook from its launch link (or whose host restarted). */
export function howToOpenPage(): string {
  return page(
    'Rollbook: open it from its launch link',
    '',
    `<h1>Rollbook is running, but this window was not opened from its launch link</h1>
<p>Browser mode opens only from the link that <code>npm start</code> prints in its terminal, so that nobody else on this computer can use your Rollbook.</p>
<ul>
<li>Use the link <code>npm start</code> printed (it starts with this address and contains <code>/launch?code=</code>).</li>
<li>Or run <code>npm start</code> again: while Rollbook runs it prints a fresh link.</li>
</ul>
<p>If Rollbook was restarted, the old link no longer works; use the new one.</p>`,
  );
}

/**
 * The answer to a good launch link: the cookie comes with it, and the page moves on to the app at
 * once, handing the key over in the fragment. A meta refresh (not a redirect) so the move starts
 * from this origin, and the SameSite=Strict cookie is sent with it whatever opened the link.
 */
export function launchPage(key: string): string {
  const target = `/#${KEY_FRAGMENT}=${key}`;
  return page('Opening Rollbook…', `<meta http-equiv="refresh" content="0; url=${target}">`, `<p>Opening Rollbook… <a href="${target}">Continue</a></p>`);
}

/** For a launch link that was already used, expired, or belongs to an earlier run. */
export function spentLinkPage(): string {
  return page(
    'Rollbook: this launch link has been used',
    '',
    `<h1>This launch link can no longer be used</h1>
<p>Each link opens Rollbook once, and only while the Rollbook that printed it is running. Run <code>npm start</code> again to get a fresh link.</p>`,
  );
}
