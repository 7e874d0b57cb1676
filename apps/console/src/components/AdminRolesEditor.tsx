import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminRole } from '@skyvault/contract';
import { useEffect, useState } from 'react';
import { useErrorHandler } from '../core/errors/ErrorHandlerContext';
import { isHandledByErrorHandler } from '../core/errors/formErrors';
import { notify } from '../core/toasts/notify';
import { AdminRoleCheckboxes } from './AdminRoleCheckboxes';

/**
 * Roles ticked and saved (a user's own, a group's): Save is open once the ticks differ from what is
 * saved; a refused save puts the saved roles back.
 */
export function AdminRolesEditor({
  saved,
  save,
  texts,
}: {
  saved: readonly AdminRole[];
  save: {
    mutate: (
      roles: AdminRole[],
      callbacks: { onSuccess: () => void; onError: (error: Error) => void },
    ) => void;
    isPending: boolean;
  };
  texts: { help: string; save: string; saved: string };
}) {
  const handleError = useErrorHandler();
  const [chosen, setChosen] = useState<AdminRole[]>([...saved]);
  useEffect(() => setChosen([...saved]), [saved]);
  const changed = chosen.join() !== saved.join();
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {texts.help}
      </Typography>
      <AdminRoleCheckboxes chosen={chosen} onChange={setChosen} />
      <div>
        <Button
          variant="contained"
          disabled={!changed || save.isPending}
          onClick={() =>
            save.mutate(chosen, {
              onSuccess: () => notify(texts.saved, 'success'),
              onError: (error) => {
                setChosen([...saved]);
                if (!isHandledByErrorHandler(error)) handleError(error);
              },
            })
          }
        >
          {texts.save}
        </Button>
      </div>
    </Stack>
  );
}
