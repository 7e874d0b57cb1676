import { and, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { licenses } from '../../db/schema/index.js';

/** The reminders of a licence's end: 14, 7 and 1 day before it, and at the end. */
export type LicenseNotice = 'expiring-14' | 'expiring-7' | 'expiring-1' | 'expired';

export interface LicenseNearEnd {
  tenantId: string;
  id: string;
  product: string;
  edition: string;
  endsAt: Date;
  /** The latest reminder the licence has reached (the database's clock). */
  notice: LicenseNotice;
  /** Whole days left, rounded up; 0 once it has ended. */
  daysLeft: number;
}

/**
 * Licences of every tenant that end within 14 days or ended within the last `endedWithinDays` (older
 * ends were told about long ago, or before reminders existed). Read across tenants: the caller is the
 * housekeeping, on the owner connection.
 */
export async function findLicensesNearEnd(db: Executor, endedWithinDays = 7): Promise<LicenseNearEnd[]> {
  const left = sql`${licenses.endsAt} - now()`;
  const rows = await db
    .select({
      tenantId: licenses.tenantId,
      id: licenses.id,
      product: licenses.product,
      edition: licenses.edition,
      endsAt: licenses.endsAt,
      notice: sql<LicenseNotice>`CASE
        WHEN ${licenses.endsAt} <= now() THEN 'expired'
        WHEN ${left} <= interval '1 day' THEN 'expiring-1'
        WHEN ${left} <= interval '7 days' THEN 'expiring-7'
        ELSE 'expiring-14' END`,
      daysLeft: sql<number>`greatest(0, ceil(extract(epoch FROM ${left}) / 86400))::int`,
    })
    .from(licenses)
    .where(
      and(
        lte(licenses.endsAt, sql`now() + interval '14 days'`),
        gt(licenses.endsAt, sql`now() - make_interval(days => ${endedWithinDays}::int)`),
      ),
    );
  return rows.map((row) => ({ ...row, daysLeft: Number(row.daysLeft) }));
}
