import Alert from '@mui/material/Alert';
import { SUPPORT_MESSAGES } from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { SupportContactLink } from '../../components/SupportContactLink';
import { capabilitiesQuery } from '../../core/system.queries';

/** Whether the platform can connect Salesforce orgs; undefined until known (or when it cannot be asked). */
export function useSalesforceAvailable(): boolean | undefined {
  return useQuery(capabilitiesQuery).data?.salesforceConnections;
}

/**
 * Said on the Connections screen and in the Create connection dialog when the platform operator has not
 * set up the Salesforce integration: before a form is filled that could only fail, in an administrator's
 * words, with whom to contact (the operator's SUPPORT_CONTACT, or who usually knows).
 */
export function SalesforceUnavailableNotice() {
  const capabilities = useQuery(capabilitiesQuery).data;
  if (!capabilities || capabilities.salesforceConnections) return null;
  const contact = capabilities.supportContact;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {SUPPORT_MESSAGES.salesforceUnavailable}{' '}
      {contact ? (
        <>
          Contact <SupportContactLink contact={contact} /> {SUPPORT_MESSAGES.salesforceContact}
        </>
      ) : (
        SUPPORT_MESSAGES.salesforceNoContact
      )}
    </Alert>
  );
}
