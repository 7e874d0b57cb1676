import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import type { EndpointDef } from '@skyvault/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../core/session/permissions';
import { PageHeader } from '../PageHeader';
import { HistoryLink, type HistoryTarget } from './HistoryLink';
import { LoadFailed } from './LoadFailed';
import {
  failedWithoutData,
  type ItemLoad,
  type LeaveForListWhen,
  leaveForList,
  type RetryableLoad,
  refetchAll,
} from './missingItem';

export interface DetailsScreenProps<T> {
  /** The item's load: the title and the header's buttons wait for it. */
  query: ItemLoad<T>;
  /** The screen's other loads (a role's permissions): they follow the same failure policy. */
  alsoLoads?: readonly RetryableLoad[];
  /** When a failed load sends the screen back to its list (SPEC.md §8; see LeaveForListWhen). */
  leaveWhen: LeaveForListWhen;
  list: string;
  /** 'User': the title until the item has loaded, then 'User: {name}'. */
  noun: string;
  name: (item: T) => string;
  /** The header's way back to the list, e.g. 'Back to Users'. */
  backLabel: string;
  /** The item's Actions menu or Delete, before Edit. */
  actions?: (item: T) => ReactNode;
  /** The item in the audit trail: the header links to its History (administrators' screens). */
  history?: HistoryTarget;
  /** Edit: the edit screen's address, or what opens the edit dialog. */
  edit: string | (() => void);
  /** The call Edit saves with: Edit is shown only to whom it is open (its access and permission). */
  editEndpoint: EndpointDef;
  /** The cards (with skeletons until the item has loaded) and the screen's dialogs. */
  children: ReactNode;
}

/**
 * A details screen (SPEC.md §2): the title with the item's name, the way back to the list, the item's
 * actions and Edit, then its cards. A failed load goes back to the list or stays with a retry, as the
 * screen's policy says; an error the shared handler acts on is left to it.
 */
export function DetailsScreen<T>({
  query,
  alsoLoads = [],
  leaveWhen,
  list,
  noun,
  name,
  backLabel,
  actions,
  history,
  edit,
  editEndpoint,
  children,
}: DetailsScreenProps<T>) {
  const can = useCan();
  const loads = [query, ...alsoLoads];
  const leaving = leaveForList(list, leaveWhen, loads);
  if (leaving) return leaving;
  const item = query.data;
  const editButton = !can(editEndpoint) ? null : typeof edit === 'string' ? (
    <Button component={Link} to={edit} variant="contained" startIcon={<EditIcon />}>
      Edit
    </Button>
  ) : (
    <Button variant="contained" startIcon={<EditIcon />} onClick={edit}>
      Edit
    </Button>
  );

  return (
    <>
      <PageHeader
        title={item === undefined ? noun : `${noun}: ${name(item)}`}
        back={list}
        backLabel={backLabel}
        actions={
          item !== undefined && (
            <>
              {history && <HistoryLink {...history} />}
              {actions?.(item)}
              {editButton}
            </>
          )
        }
      />
      {/* A screen that leaves on any failure keeps its skeletons while the shared handler takes over. */}
      {leaveWhen === 'missing' && failedWithoutData(loads) ? (
        <LoadFailed what={noun.toLowerCase()} onRetry={refetchAll(loads)} />
      ) : (
        children
      )}
    </>
  );
}
