import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { CONNECTION_STORAGE_WORDS } from '@skyvault/contract';
import { type Ref, useId } from 'react';

/**
 * The storage field of an organization without any storage: what a storage is for and the button
 * that adds the first one (the storage dialog, over this one), instead of a picker with nothing in it.
 * The form's "Storage is required" still shows under it, and focusing the field focuses the button.
 */
export function NoStorageYet({
  onAdd,
  buttonRef,
  error,
}: {
  onAdd: () => void;
  buttonRef: Ref<HTMLInputElement>;
  error?: string;
}) {
  const labelId = useId();
  const helpId = useId();
  return (
    <FormControl component="fieldset" required error={Boolean(error)} aria-labelledby={labelId}>
      <FormLabel id={labelId} component="legend">
        Storage
      </FormLabel>
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ my: 0.5 }}>
        {CONNECTION_STORAGE_WORDS.none}
      </Typography>
      <Button
        ref={buttonRef as unknown as Ref<HTMLButtonElement>}
        variant="outlined"
        startIcon={<AddIcon />}
        onClick={onAdd}
        aria-describedby={helpId}
        sx={{ alignSelf: 'flex-start' }}
      >
        {CONNECTION_STORAGE_WORDS.add}
      </Button>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
