import { useContext, useEffect } from 'react';
import { type Location, UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { DiscardChangesDialog } from './DiscardChangesDialog';

/** The navigation state of a page that leaves because it saved: no changes are dropped, nothing to ask. */
export const AFTER_SAVE = { afterSave: true } as const;
const isAfterSave = (location: Location) =>
  (location.state as Partial<typeof AFTER_SAVE> | null)?.afterSave === true;

/**
 * A page form's guard, rendered in the form: while `when` (unsaved changes) holds, leaving for another
 * screen (a link, Cancel, the browser's Back) asks 'Discard unsaved changes?' first, and a reload or a
 * closed tab gets the browser's own question (beforeunload). A change of the query alone (a product
 * tab) stays on the form and is not asked about, nor is the page's own move after a save (AFTER_SAVE,
 * which useLeaveWithToast sends). Every page form uses this one component.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  // Holding a navigation needs a data router (the console's is one); a screen rendered in a plain
  // router, as some tests do, keeps the reload guard only.
  const dataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  return dataRouter ? <NavigationPrompt when={when} /> : null;
}

function NavigationPrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname && !isAfterSave(nextLocation),
  );
  return (
    <DiscardChangesDialog
      open={blocker.state === 'blocked'}
      onDiscard={() => blocker.proceed?.()}
      onKeepEditing={() => blocker.reset?.()}
    />
  );
}
