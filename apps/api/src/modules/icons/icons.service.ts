import { createHash } from 'node:crypto';
import { type IconInfo, MESSAGES, NOT_FOUND } from '@skyvault/contract';
import type { Database } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import * as repo from './icons.repository.js';
import { NotSvgError, sanitizeSvg } from './svg-sanitizer.js';

export const ICON_NOT_FOUND = NOT_FOUND.icon;

export interface IconUpload {
  fileName: string;
  iconId?: string;
  content: Buffer;
}

/** An upload whose bytes are no SVG document, whatever its name or declared type say. */
export const notSvg = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.iconMustBeSvg, {
    fields: { file: MESSAGES.iconMustBeSvg },
  });

/**
 * Login button images. Uploads are sanitized before they are stored (svg-sanitizer.ts), so what is
 * served is what was checked; an upload with iconId replaces one of the tenant's own images.
 */
export function createIconService(deps: { database: Database }) {
  const { database } = deps;

  return {
    async upload(actor: Actor, meta: RequestMeta, upload: IconUpload): Promise<{ id: string }> {
      let svg: string;
      try {
        svg = sanitizeSvg(upload.content);
      } catch (error) {
        if (error instanceof NotSvgError) throw notSvg();
        throw error;
      }
      const { tenantId } = actor;
      const values = { fileName: upload.fileName, svg };
      return database.tenant(tenantId, async (tx) => {
        const before = upload.iconId ? await repo.findIcon(tenantId, tx, upload.iconId) : null;
        if (upload.iconId && !before) throw notFound(ICON_NOT_FOUND);
        const id = before ? before.id : (await repo.insertIcon(tenantId, tx, values)).id;
        if (before) await repo.updateIcon(tenantId, tx, id, values);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: before ? 'update' : 'create',
          targetType: 'icon',
          targetId: id,
          targetName: upload.fileName,
          before: before ? { fileName: before.fileName } : null,
          // The image itself is not copied into the trail; its size and digest identify it.
          after: { fileName: upload.fileName, bytes: Buffer.byteLength(svg), sha256: digest(svg) },
        });
        return { id };
      });
    },

    async info(actor: Actor, id: string): Promise<IconInfo> {
      const row = await database.tenant(actor.tenantId, (tx) => repo.findIcon(actor.tenantId, tx, id));
      if (!row) throw notFound(ICON_NOT_FOUND);
      return { fileName: row.fileName };
    },

    /** The image for the login page: public, by id alone. */
    async image(id: string) {
      const row = await database.system((tx) => repo.findImage(tx, id));
      if (!row) throw notFound(ICON_NOT_FOUND);
      return { svg: row.svg, etag: `"${digest(row.svg).slice(0, 32)}"` };
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

export type IconService = ReturnType<typeof createIconService>;
