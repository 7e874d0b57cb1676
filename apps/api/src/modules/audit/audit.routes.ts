import { auditEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { AuditService } from './audit.service.js';

/** The audit trail: administrators only (the endpoints declare it). */
export async function auditRoutes(app: FastifyInstance, { audit }: { audit: AuditService }) {
  route(app, auditEndpoints.list, ({ actor, query }) => audit.list(actor, query));
  route(app, auditEndpoints.export, async ({ actor, query, reply }) => {
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-events-${day}.csv"`)
      .header('cache-control', 'no-store');
    return audit.exportCsv(actor, query);
  });
  route(app, auditEndpoints.signIns, ({ actor, params }) => audit.signIns(actor, params.id));
}
