import Link from '@mui/material/Link';
import { isEmailContact, supportContactHref } from '@skyvault/contract';

/**
 * The platform operator's contact (SUPPORT_CONTACT, from GET /v1/capabilities) as a link: a new mail to
 * an address, or the page of a web address (opened beside the console, which stays where it was).
 */
export function SupportContactLink({ contact }: { contact: string }) {
  const page = !isEmailContact(contact);
  return (
    <Link
      href={supportContactHref(contact)}
      {...(page ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      sx={{ overflowWrap: 'anywhere' }}
    >
      {contact}
    </Link>
  );
}
