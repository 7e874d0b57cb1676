import { API_TOKEN_TEXTS, type CreatedApiToken } from '@skyvault/contract';
import { ShownOnceSecretDialog } from '../ShownOnceSecretDialog';

const T = API_TOKEN_TEXTS;

/** A new API token in full, this once, after CreateApiTokenDialog; closing it drops the token. */
export function ShownOnceApiTokenDialog({ token, onClose }: { token: CreatedApiToken; onClose: () => void }) {
  return (
    <ShownOnceSecretDialog
      title={T.shownOnceTitle}
      warning={T.shownOnce}
      label={T.token}
      value={token.token}
      copyLabel={T.copy}
      doneLabel={T.done}
      onClose={onClose}
    />
  );
}
