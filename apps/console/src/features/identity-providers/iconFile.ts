import { ICON_MAX_BYTES, ICON_MIME_TYPE, iconUploadFieldsSchema, MESSAGES } from '@skyvault/contract';

/** Ours: the contract caps icons at ICON_MAX_BYTES; the spec has no words for it. */
export const ICON_TOO_LARGE = `Button image should be at most ${ICON_MAX_BYTES / 1024} KB`;

/** What the file input offers: SVG files only (SPEC.md §5). */
export const ICON_ACCEPT = `.svg,${ICON_MIME_TYPE}`;

/**
 * Why a chosen file cannot be a button image, or undefined when it can: the contract's file name rule
 * (an .svg name), an SVG content type where the browser knows one, and the size cap. The server checks
 * all of it again and sanitizes the image.
 */
export function iconFileProblem(file: File): string | undefined {
  const name = iconUploadFieldsSchema.shape.fileName.safeParse(file.name);
  if (!name.success) return name.error.issues[0]?.message ?? MESSAGES.iconMustBeSvg;
  if (file.type && file.type !== ICON_MIME_TYPE) return MESSAGES.iconMustBeSvg;
  if (file.size > ICON_MAX_BYTES) return ICON_TOO_LARGE;
  return undefined;
}
