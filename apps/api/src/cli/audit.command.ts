import type { Database } from '../db/client.js';
import { verifyChain } from '../modules/audit/index.js';
import { createOperatorService } from '../modules/operator/index.js';

export const AUDIT_USAGE = `  audit verify <tenant>                     check the tenant's audit trail: every event's hash, the links
                                            between them and their order; exits 1 at the first broken event
  audit retention <tenant> <days>           keep the tenant's audit events this many days (365 by default)`;

/** The longest retention a tenant may be given: ten years. */
const MAX_RETENTION_DAYS = 3650;

/**
 * `audit verify|retention`. Answers null for an unknown subcommand or missing arguments, so that the
 * caller prints the usage.
 */
export async function runAudit(
  args: (string | undefined)[],
  deps: { database: Database },
  print: (line: string) => void,
): Promise<number | null> {
  const [subcommand, tenantRef, value] = args;
  if (!tenantRef) return null;
  const operator = createOperatorService(deps.database);
  switch (subcommand) {
    case 'verify': {
      const tenant = await operator.findTenant(tenantRef);
      const report = await verifyChain(deps.database, tenant.id);
      if (report.ok) {
        print(
          report.events === 0
            ? `OK: ${tenant.name} has no audit events${report.headSeq ? ` (retention deleted up to seq ${report.headSeq})` : ''}.`
            : `OK: ${tenant.name}: ${report.events} audit events verified, up to seq ${report.headSeq} (hash ${report.headHash}).`,
        );
        return 0;
      }
      const { seq, id, problem } = report.broken;
      const verified = `${report.events} event${report.events === 1 ? '' : 's'} before it verified`;
      print(
        `BROKEN: ${tenant.name}: audit event seq ${seq}${id ? ` (id ${id})` : ''}: ${problem}. ${verified}.`,
      );
      return 1;
    }
    case 'retention': {
      const days = Number(value);
      if (!value || !Number.isInteger(days) || days < 1 || days > MAX_RETENTION_DAYS) {
        print(
          `The retention must be a whole number of days from 1 to ${MAX_RETENTION_DAYS}, not "${value ?? ''}".`,
        );
        return 2;
      }
      const tenant = await operator.setAuditRetention(tenantRef, days);
      print(`${tenant.name}: audit events are kept ${days} days.`);
      return 0;
    }
    default:
      return null;
  }
}
