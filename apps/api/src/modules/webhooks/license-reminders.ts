import type { Database } from '../../db/client.js';
import { licenseNotices } from '../../db/schema/index.js';
import { enqueueLicenseNotice } from '../../platform/webhook-outbox/index.js';
import { findLicensesNearEnd } from '../licenses/index.js';

/**
 * The housekeeping's licence reminders: `license.expiring` 14, 7 and 1 day before a licence ends and
 * `license.expired` at its end, each once. The license_notices row decides (INSERT … ON CONFLICT DO
 * NOTHING RETURNING): whichever process or pass writes it queues the event, in the same transaction.
 * Only the latest reminder reached is sent: a licence given 5 days is told 7, never 14. A licence whose
 * end moves (renewed) is reminded again for its new end.
 */
export async function sendLicenseReminders(database: Database): Promise<number> {
  const near = await database.system((tx) => findLicensesNearEnd(tx));
  let sent = 0;
  for (const license of near) {
    const queued = await database.tenant(license.tenantId, async (tx) => {
      const [noted] = await tx
        .insert(licenseNotices)
        .values({
          tenantId: license.tenantId,
          licenseId: license.id,
          notice: license.notice,
          endsAt: license.endsAt,
        })
        .onConflictDoNothing({
          target: [
            licenseNotices.tenantId,
            licenseNotices.licenseId,
            licenseNotices.notice,
            licenseNotices.endsAt,
          ],
        })
        .returning({ id: licenseNotices.id });
      if (!noted) return false;
      await enqueueLicenseNotice(tx, license.tenantId, {
        license: {
          id: license.id,
          product: license.product,
          edition: license.edition,
          endsAt: license.endsAt.toISOString(),
        },
        daysLeft: license.notice === 'expired' ? 0 : Number(license.notice.split('-')[1]),
      });
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}
