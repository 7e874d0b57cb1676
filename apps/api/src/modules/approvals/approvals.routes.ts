import { approvalEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { ApprovalService } from './approvals.service.js';

export async function approvalRoutes(app: FastifyInstance, { approvals }: { approvals: ApprovalService }) {
  route(app, approvalEndpoints.getPolicy, ({ actor }) => approvals.getPolicy(actor));
  route(app, approvalEndpoints.updatePolicy, ({ actor, body, request }) =>
    approvals.updatePolicy(actor, requestMeta(request), body),
  );
  route(app, approvalEndpoints.list, ({ actor, query }) => approvals.list(actor, query));
  route(app, approvalEndpoints.count, ({ actor }) => approvals.count(actor));
  route(app, approvalEndpoints.get, ({ actor, params }) => approvals.get(actor, params.id));
  route(app, approvalEndpoints.approve, ({ actor, params, body, request }) =>
    approvals.approve(actor, requestMeta(request), params.id, body.comment),
  );
  route(app, approvalEndpoints.deny, ({ actor, params, body, request }) =>
    approvals.deny(actor, requestMeta(request), params.id, body.comment),
  );
  route(app, approvalEndpoints.requestElevation, ({ actor, body, request }) =>
    approvals.ask(actor, requestMeta(request), 'elevation.request', body),
  );
  route(app, approvalEndpoints.cancel, ({ actor, params, request }) =>
    approvals.cancel(actor, requestMeta(request), params.id),
  );
}
