import { iconEndpoints } from '@skyvault/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi, callApiWithForm } from '../../core/api/client';

export const iconKeys = {
  info: (id: string) => ['icons', 'info', id] as const,
};

export interface IconUpload {
  file: File;
  /** The icon to replace; without it a new one is made. */
  iconId?: string;
}

/** POST /v1/icons/upload as multipart: the file, its name, and the icon it replaces. */
export function uploadIcon({ file, iconId }: IconUpload) {
  const form = new FormData();
  form.append('fileName', file.name);
  if (iconId) form.append('iconId', iconId);
  // The file goes last: the server reads the text fields before the file's stream.
  form.append('file', file, file.name);
  return callApiWithForm(iconEndpoints.upload, form);
}

/** The button image field shows its refusals itself, next to the field. */
export const useUploadIcon = () => useMutation({ mutationFn: uploadIcon, meta: { errorToast: false } });

/** The uploaded file's name, shown beside the preview; not worth a toast when it fails. */
export const useIconInfo = (id: string | null) =>
  useQuery({
    queryKey: iconKeys.info(id ?? ''),
    queryFn: ({ signal }) => callApi(iconEndpoints.info, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });
