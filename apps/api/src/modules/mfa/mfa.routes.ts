import { mfaEndpoints, recoveryCodeEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { UserService } from '../users/index.js';
import type { MfaService } from './mfa.service.js';

export async function mfaRoutes(
  app: FastifyInstance,
  { mfa, users }: { mfa: MfaService; users: UserService },
) {
  route(app, mfaEndpoints.list, ({ actor, query }) => mfa.list(actor, query));
  route(app, mfaEndpoints.get, ({ actor, params }) => mfa.get(actor, params.id));
  route(app, mfaEndpoints.create, async ({ actor, body, request }) => {
    const user = await users.get(actor.tenantId, actor.userId);
    return mfa.create(actor, requestMeta(request), body, user.email);
  });
  route(app, mfaEndpoints.rename, ({ actor, params, body, request }) =>
    mfa.rename(actor, requestMeta(request), params.id, body.name),
  );
  route(app, mfaEndpoints.remove, ({ actor, params, body, request }) =>
    mfa.remove(actor, requestMeta(request), params.id, body),
  );
  route(app, mfaEndpoints.verify, ({ actor, params, body, request }) =>
    mfa.verify(actor, requestMeta(request), params.id, body.code),
  );
  route(app, mfaEndpoints.reset, async ({ actor, params, body, request }) => {
    const user = await users.get(actor.tenantId, actor.userId);
    return mfa.reset(actor, requestMeta(request), params.id, user.email, body);
  });
  route(app, mfaEndpoints.enable, ({ actor, params, request }) =>
    mfa.enable(actor, requestMeta(request), params.id),
  );
  route(app, mfaEndpoints.disable, ({ actor, params, body, request }) =>
    mfa.disable(actor, requestMeta(request), params.id, body),
  );
  route(app, recoveryCodeEndpoints.status, ({ actor }) => mfa.recoveryCodesStatus(actor));
  route(app, recoveryCodeEndpoints.regenerate, ({ actor, body, request }) =>
    mfa.regenerateRecoveryCodes(actor, requestMeta(request), body),
  );
}
