import { SERVER_PAGES } from '@skyvault/contract';

/**
 * The few pages the authorization server shows itself: errors it must not send back to an
 * unverified redirect URI, and the sign-out confirmation. Plain HTML, every value escaped, no script.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STYLE =
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f6f8;color:#1c2024;margin:0;padding:48px 16px}' +
  'main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15);padding:24px}' +
  'h1{font-size:1.25rem;margin:0 0 12px}p{line-height:1.5;margin:0 0 12px}code{word-break:break-all}' +
  'button{font:inherit;padding:8px 16px;margin:8px 8px 0 0;border-radius:4px;border:1px solid #1565c0;cursor:pointer}' +
  'button.primary{background:#1565c0;color:#fff}button.secondary{background:#fff;color:#1565c0}';

export function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const { error: ERROR, signOut: SIGN_OUT, consent: CONSENT } = SERVER_PAGES;

/** What a person is told when the request cannot go back to the application. */
export function errorPage(error: { error?: unknown; error_description?: unknown }): string {
  const description = error.error_description ?? ERROR.unknown;
  return page(
    ERROR.title,
    `<p>${escapeHtml(description)}</p><p>${escapeHtml(ERROR.codeLabel)} <code>${escapeHtml(error.error ?? 'server_error')}</code></p>` +
      `<p>${escapeHtml(ERROR.advice)}</p>`,
  );
}

/** The sign-out question; `form` is oidc-provider's hidden form (its action and XSRF token). */
export function logoutPage(form: string, appName: string | undefined): string {
  return page(
    SIGN_OUT.title,
    `${form}<p>${escapeHtml(SIGN_OUT.question(appName))}</p>` +
      `<button class="primary" autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(SIGN_OUT.yes)}</button>` +
      `<button class="secondary" type="submit" form="op.logoutForm">${escapeHtml(SIGN_OUT.no)}</button>`,
  );
}

export function logoutSuccessPage(): string {
  return page(SIGN_OUT.doneTitle, `<p>${escapeHtml(SIGN_OUT.done)}</p>`);
}

export interface ConsentQuestion {
  appName: string;
  appTenant: string;
  email: string;
  tenant: string;
  scopes: readonly string[];
  /** Where Allow and Deny post to: the interaction's own path. */
  action: string;
}

/**
 * The question a user of one tenant is asked before an app registered by another tenant (a
 * multi-tenant Connected App) may sign them in. Two forms without fields: the decision is the path.
 */
export function consentPage(question: ConsentQuestion): string {
  const items = question.scopes
    .filter((scope) => scope in CONSENT.scopes)
    .map((scope) => `<li>${escapeHtml(CONSENT.scopes[scope])}</li>`)
    .join('');
  const action = escapeHtml(question.action);
  const strong = (value: string) => `<strong>${escapeHtml(value)}</strong>`;
  const who = {
    app: strong(question.appName),
    appTenant: strong(question.appTenant),
    email: strong(question.email),
    tenant: strong(question.tenant),
  };
  return page(
    CONSENT.title(question.appName),
    `<p>${CONSENT.question(who)}</p><ul>${items}</ul><p>${escapeHtml(CONSENT.warning)}</p>` +
      `<form method="post" action="${action}/allow" style="display:inline"><button class="primary" autofocus type="submit">${escapeHtml(CONSENT.allow)}</button></form>` +
      `<form method="post" action="${action}/deny" style="display:inline"><button class="secondary" type="submit">${escapeHtml(CONSENT.deny)}</button></form>`,
  );
}
