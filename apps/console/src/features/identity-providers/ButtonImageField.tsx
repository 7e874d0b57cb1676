import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FILE_INPUT_DEBOUNCE_MS, iconUrl } from '@skyvault/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { apiErrorOf } from '../../core/errors/apiErrors';
import { useErrorHandler } from '../../core/errors/ErrorHandlerContext';
import { isHandledByErrorHandler } from '../../core/errors/formErrors';
import { ICON_ACCEPT, iconFileProblem } from './iconFile';
import { iconKeys, useIconInfo, useUploadIcon } from './icons.queries';

const HINT = 'An SVG image shown on the login button; without one the button shows its text only';

/** A refusal of the upload that belongs next to the field (a wrong file), rather than in a toast. */
function fileRefusal(error: unknown): string | undefined {
  const refusal = apiErrorOf(error);
  if (!refusal || refusal.status < 400 || refusal.status >= 500 || refusal.status === 401) return undefined;
  return refusal.fields?.file ?? refusal.fields?.fileName ?? refusal.message;
}

export interface ButtonImageFieldProps {
  /** The chosen icon's id, or null for none. */
  value: string | null;
  onChange: (iconId: string | null) => void;
  /** The form's own message for the field (e.g. from the server). */
  error?: string;
  /** A read-only form (no sign-in:write): the image is shown, nothing is uploaded or removed. */
  disabled?: boolean;
}

/**
 * The login button's image: an SVG file, uploaded as soon as it is chosen (after FILE_INPUT_DEBOUNCE_MS,
 * SPEC.md §9) and previewed from where the login page will show it. A file uploaded on this visit is
 * replaced in place when another is chosen; the provider's saved image is not, so Cancel leaves the
 * login page's button as it was.
 */
export function ButtonImageField({ value, onChange, error, disabled = false }: ButtonImageFieldProps) {
  const inputId = useId();
  const helperId = useId();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const uploadedHere = useRef<string | null>(null);
  const [problem, setProblem] = useState<string>();
  const [version, setVersion] = useState(0);
  const upload = useUploadIcon();
  const info = useIconInfo(value);
  const queryClient = useQueryClient();
  const handleError = useErrorHandler();

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (file: File) => {
    const refused = iconFileProblem(file);
    setProblem(refused);
    if (refused) return;
    const iconId = value && value === uploadedHere.current ? value : undefined;
    upload.mutate(
      { file, iconId },
      {
        onSuccess: ({ id }) => {
          uploadedHere.current = id;
          queryClient.setQueryData(iconKeys.info(id), { fileName: file.name });
          setVersion((current) => current + 1);
          onChange(id);
        },
        onError: (failure) => {
          const message = fileRefusal(failure);
          if (message) setProblem(message);
          else if (!isHandledByErrorHandler(failure)) handleError(failure);
        },
      },
    );
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again is a change too.
    event.target.value = '';
    clearTimeout(timer.current);
    if (file) timer.current = setTimeout(() => send(file), FILE_INPUT_DEBOUNCE_MS);
  };

  const remove = () => {
    setProblem(undefined);
    onChange(null);
  };

  const message = problem ?? error;
  // The same id after a replacement: a new query string makes the browser fetch the new image.
  const src = value ? `${iconUrl(value)}${version ? `?v=${version}` : ''}` : undefined;

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={helperId}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Button image
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 48,
            height: 48,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            flexShrink: 0,
          }}
        >
          {src && (
            <Box component="img" src={src} alt="Button image preview" sx={{ maxWidth: 32, maxHeight: 32 }} />
          )}
        </Box>
        <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere', flexGrow: 1 }}>
          {value ? (info.data?.fileName ?? 'SVG image') : 'No image'}
        </Typography>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ICON_ACCEPT}
          hidden
          aria-label="Button image file"
          onChange={choose}
        />
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          loading={upload.isPending}
          disabled={disabled}
          aria-controls={inputId}
          onClick={() => input.current?.click()}
        >
          {value ? 'Replace image' : 'Upload SVG'}
        </Button>
        {value && (
          <Button
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={remove}
            disabled={disabled || upload.isPending}
          >
            Remove image
          </Button>
        )}
      </Stack>
      <FormHelperText id={helperId} error={Boolean(message)} role={message ? 'alert' : undefined}>
        {message ?? HINT}
      </FormHelperText>
    </Box>
  );
}
