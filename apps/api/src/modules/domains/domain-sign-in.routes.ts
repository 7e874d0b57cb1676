import { ssoEnforcementEndpoints as endpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { DomainSignInService } from './domain-sign-in.service.js';

/** Security → Authentication policy's single sign-on card, and the login's home-realm discovery. */
export async function domainSignInRoutes(
  app: FastifyInstance,
  { domainSignIn }: { domainSignIn: DomainSignInService },
) {
  route(app, endpoints.listDomains, ({ actor }) => domainSignIn.listDomains(actor));
  route(app, endpoints.updateDomain, ({ actor, params, body, request }) =>
    domainSignIn.updateDomain(actor, requestMeta(request), params.domainId, body),
  );
  route(app, endpoints.listBreakGlass, ({ actor }) => domainSignIn.listBreakGlass(actor));
  route(app, endpoints.addBreakGlass, ({ actor, body, request }) =>
    domainSignIn.addBreakGlass(actor, requestMeta(request), body.userId),
  );
  route(app, endpoints.removeBreakGlass, ({ actor, params, request }) =>
    domainSignIn.removeBreakGlass(actor, requestMeta(request), params.userId),
  );
  route(app, endpoints.homeRealm, ({ body, request }) => domainSignIn.homeRealm(body, requestMeta(request)));
}
