import multipart from '@fastify/multipart';
import {
  ICON_MAX_BYTES,
  ICON_MIME_TYPE,
  iconEndpoints,
  iconUploadFieldsSchema,
  MESSAGES,
  NOT_FOUND,
  REFUSALS,
} from '@skyvault/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestMeta } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import type { IconService, IconUpload } from './icons.service.js';

const MAX_KB = Math.round(ICON_MAX_BYTES / 1024);
const TOO_LARGE = REFUSALS.icon.tooLarge(MAX_KB);
const FILE_REQUIRED = MESSAGES.required('File');

/** What a served image may do: draw, with its inline styles; no script, no loads, no navigation. */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/** Short: an icon replaced under the same id shows on the login page within minutes. */
const IMAGE_CACHE = 'public, max-age=300';

const imageParamsSchema = z.object({ iconId: z.uuid() });

/** The parts of the upload: the text fields and the one file (`file`); other files are drained unread. */
async function readUpload(request: FastifyRequest): Promise<IconUpload> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', REFUSALS.icon.notMultipart);
  const fields: Record<string, string> = {};
  let content: Buffer | undefined;
  let partFileName: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === 'file' && !content) {
        content = await part.toBuffer();
        partFileName = part.filename;
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) {
      throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE, { fields: { file: TOO_LARGE } });
    }
    throw error;
  }
  // The form's fileName field, or else the name the browser gave the file part.
  const parsed = iconUploadFieldsSchema.safeParse({
    fileName: fields.fileName ?? partFileName,
    iconId: fields.iconId || undefined,
  });
  const problems: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
  if (!content || content.length === 0) problems.file = FILE_REQUIRED;
  const first = Object.values(problems)[0];
  if (first || !parsed.success) throw new AppError('VALIDATION_ERROR', first, { fields: problems });
  return { ...parsed.data, content: content! };
}

/**
 * Button images: the upload and file-name calls are for administrators; the image itself is public,
 * since the login page shows it. Multipart parsing is registered in this plugin's scope only.
 */
export async function iconRoutes(app: FastifyInstance, { icons }: { icons: IconService }) {
  await app.register(multipart, {
    limits: { fileSize: ICON_MAX_BYTES, files: 2, fields: 5, fieldSize: 4096, parts: 8, headerPairs: 100 },
  });

  route(app, iconEndpoints.upload, async ({ actor, request }) =>
    icons.upload(actor, requestMeta(request), await readUpload(request)),
  );
  route(app, iconEndpoints.info, ({ actor, params }) => icons.info(actor, params.id));

  app.get('/api/v1/icons/:iconId', { schema: { hide: true } }, async (request, reply) => {
    const params = imageParamsSchema.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND', NOT_FOUND.icon);
    const { svg, etag } = await icons.image(params.data.iconId);
    reply
      .header('content-security-policy', IMAGE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', IMAGE_CACHE)
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(`${ICON_MIME_TYPE}; charset=utf-8`).send(svg);
  });
}
