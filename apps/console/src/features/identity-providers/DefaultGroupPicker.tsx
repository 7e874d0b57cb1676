import type { Ref } from 'react';
import { GroupPicker } from '../../components/GroupPicker';
import { useDefaultGroup } from './identity-providers.queries';

export interface DefaultGroupPickerProps {
  /** The chosen group's id, or null for none. */
  value: string | null;
  onChange: (groupId: string | null) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error?: string;
}

/**
 * The group that users joining through the provider are put in (SPEC.md §6). The stored group is
 * fetched by id so that its name shows before the picker's options load.
 */
export function DefaultGroupPicker(props: DefaultGroupPickerProps) {
  const current = useDefaultGroup(props.value);
  return (
    <GroupPicker
      {...props}
      current={current.data ? { id: current.data.id, name: current.data.name } : null}
      label="Default group"
      hint="Users who first sign in through this provider join this group"
    />
  );
}
