import type { ConnectionDetail } from '@skyvault/contract';
import { DetailsCard, type DetailsField } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';

const NONE = '—';
const yesNo = (value: boolean | null) => (value === null ? NONE : value ? 'Yes' : 'No');

const FIELDS: DetailsField<ConnectionDetail>[] = [
  { label: 'Salesforce username', value: (connection) => connection.userName || NONE },
  { label: 'Org ID (pinned)', value: ({ org }) => org.orgId ?? NONE },
  { label: 'Instance URL', value: ({ org }) => org.instanceUrl ?? NONE },
  { label: 'Sandbox', value: ({ org }) => yesNo(org.isSandbox) },
  { label: 'API version', value: ({ org }) => org.apiVersion ?? NONE },
];

/** The org id the last check saw instead of the pinned one (a refreshed sandbox). */
const OBSERVED: DetailsField<ConnectionDetail> = {
  label: 'Org ID now answering',
  value: ({ org }) => org.observedOrgId ?? NONE,
};

/** Org ids the connection was pinned to before a rebind, each with when it was replaced. */
const EARLIER: DetailsField<ConnectionDetail> = {
  label: 'Earlier org IDs',
  value: ({ org }) => (
    <ul style={{ margin: 0, paddingLeft: '1.25em' }}>
      {org.earlierOrgIds.map((earlier) => (
        <li key={`${earlier.orgId}-${earlier.until}`}>
          {earlier.orgId} (until {formatDate(earlier.until)})
        </li>
      ))}
    </ul>
  ),
};

/** The Salesforce org the connection is pinned to, as the last check saw it. */
export function ConnectionOrgCard({ connection }: { connection: ConnectionDetail | undefined }) {
  const fields = [
    ...FIELDS,
    ...(connection?.org.observedOrgId ? [OBSERVED] : []),
    ...(connection?.org.earlierOrgIds.length ? [EARLIER] : []),
  ];
  return <DetailsCard title="Org" item={connection} fields={fields} />;
}
