import { samlEndpoints, ssoStartParamsSchema } from '@skyvault/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { escapeHtml, page } from '../oauth/index.js';
import { setSessionCookie } from '../sessions/index.js';
import { knownBrowserCheck, rememberBrowser } from '../sign-in-alerts/index.js';
import type { SsoService } from './sso.service.js';
import { samlBrowserKeyOf } from './sso-browser.js';
import { loginPageWith } from './sso-outcome.js';

const FORM = 'application/x-www-form-urlencoded';
/** A SAMLResponse with an encrypted assertion and a few certificates stays well under this. */
const ACS_BODY_LIMIT = 1024 * 1024;
const AUTOPOST_SCRIPT_PATH = '/api/v1/sso/saml/autopost.js';

/**
 * The HTTP-POST binding's page: the AuthnRequest in a form to the identity provider, sent by a script
 * of ours (the console's policy allows no inline script) or by the button where scripts do not run.
 * Its policy lets the form go to that one origin.
 */
export function sendPostBindingPage(
  reply: FastifyReply,
  post: { action: string; fields: Record<string, string> },
) {
  const inputs = Object.entries(post.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const html = page(
    'Signing in',
    `<form id="saml-post" method="post" action="${escapeHtml(post.action)}">${inputs}` +
      '<p>Continue to your identity provider to sign in.</p><button class="primary" type="submit">Continue</button></form>' +
      `<script src="${AUTOPOST_SCRIPT_PATH}"></script>`,
  );
  return reply
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; form-action ${new URL(post.action).origin}; frame-ancestors 'none'`,
    )
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * SAML's own addresses: our SP metadata (public XML), the ACS (a cross-site form POST, answered with a
 * redirect like the OpenID callback), and a test sign-in's result.
 */
export async function samlRoutes(
  app: FastifyInstance,
  { config, sso, secrets }: { config: Config; sso: SsoService; secrets: SecretBox },
) {
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: ACS_BODY_LIMIT }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get('/api/v1/sso/saml/:providerId/metadata', { schema: { hide: true } }, async (request, reply) => {
    const params = ssoStartParamsSchema.safeParse(request.params);
    const xml = params.success ? await sso.samlMetadata(params.data.providerId) : null;
    if (!xml) return reply.code(404).type('text/plain').send('Not found');
    return reply
      .type('application/samlmetadata+xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="skyvault-sp-${params.data!.providerId}.xml"`)
      .send(xml);
  });

  app.post(
    '/api/v1/sso/saml/:providerId/acs',
    { schema: { hide: true }, config: { crossSiteForm: true } },
    async (request, reply) => {
      const params = ssoStartParamsSchema.safeParse(request.params);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const form = Object.fromEntries(
        Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      const { location, session, email } = params.success
        ? await sso.samlAcs(
            params.data.providerId,
            form,
            samlBrowserKeyOf(request, config),
            { ...requestMeta(request), knownBrowserFor: knownBrowserCheck(request, config, secrets) },
            request.actor,
          )
        : { location: loginPageWith({ ssoError: 'SSO_FAILED' }), session: undefined, email: undefined };
      if (session) setSessionCookie(reply, config, session.token, session.expiresAt);
      if (session && email) rememberBrowser(reply, config, secrets, email);
      // 303: the browser follows with a GET.
      return reply.header('cache-control', 'no-store').redirect(location, 303);
    },
  );

  app.get(AUTOPOST_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send("document.getElementById('saml-post').submit();\n"),
  );

  route(app, samlEndpoints.testResult, ({ actor, params }) =>
    sso.samlTestResult(actor, params.id, params.resultId),
  );
}
