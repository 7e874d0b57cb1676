import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A signed-in screen's page as the console's build lists them (console/vite.config.ts signedInPages). */
interface ScreenPage {
  path: string;
  page: string;
}

const segmentsOf = (pathname: string) => pathname.split('/').filter(Boolean);

/** How many of a route's segments are fixed words: `/roles/create` goes before `/roles/:roleId`. */
const fixedSegments = (pattern: string) => segmentsOf(pattern).filter((part) => !part.startsWith(':')).length;

const matches = (pattern: string, pathname: string) => {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  return (
    wanted.length === given.length && wanted.every((part, i) => part.startsWith(':') || part === given[i])
  );
};

/**
 * Which page to send a browser that has a session, for the address it asks: the page that announces
 * the code of that signed-in screen and of the shell (`screens/<route>.html`), so that the browser
 * fetches it all while the first-load code runs; for an address of no screen, the page with the shell's
 * code only (`index.signed-in.html`); `index.html` for a build without them.
 */
export function signedInPageFinder(root: string): (url: string) => string {
  const shellPage = existsSync(path.join(root, 'index.signed-in.html'))
    ? 'index.signed-in.html'
    : 'index.html';
  const listed = path.join(root, 'screens.json');
  const screens = existsSync(listed)
    ? (JSON.parse(readFileSync(listed, 'utf8')) as ScreenPage[]).sort(
        (a, b) => fixedSegments(b.path) - fixedSegments(a.path),
      )
    : [];
  return (url) => {
    const pathname = url.split('?')[0] ?? '';
    return screens.find((screen) => matches(screen.path, pathname))?.page ?? shellPage;
  };
}

/**
 * The signed-in page with the session call's answer in it (`<script type="application/json"
 * id="session">`, which the console reads instead of calling: core/session/session.queries.ts), so a
 * cold open's session check waits for no request. The JSON is escaped so that nothing in it can end the
 * element or start markup: `<`, `>` and `&` as \u escapes, which JSON.parse reads back as they were.
 */
export function withSession(page: string, sessionJson: string): string {
  const escaped = sessionJson.replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  // A function, so that a `$` in the JSON is not read as a replacement pattern.
  return page.replace(
    '</head>',
    () => `<script type="application/json" id="session">${escaped}</script></head>`,
  );
}
