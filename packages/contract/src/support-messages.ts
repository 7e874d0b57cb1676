/**
 * What the console and the API say when something only the platform operator can fix stands in the way
 * (Salesforce not set up, a licence ended), and whom to contact: the operator's SUPPORT_CONTACT (an
 * e-mail address or a web address) when it is set, sensible words otherwise. Never a variable name: the
 * reader is an administrator of an organization, not the operator.
 */
export const SUPPORT_MESSAGES = {
  salesforceUnavailable:
    'Salesforce connections are not available yet: the platform operator has not set up the Salesforce integration.',
  /** After the contact's link: what they will do. */
  salesforceContact: 'to have it set up.',
  salesforceNoContact: 'Contact your success manager or the support team of this service to have it set up.',
  /** Before the contact's link in the expired-licence modal. */
  licenseContact: 'You can reach them at',
  licenseNoContact:
    'If you do not know who your success manager is, ask the person who signed your organization up for the service.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a SUPPORT_CONTACT value is an e-mail address (otherwise it is a web address). */
export const isEmailContact = (contact: string) => EMAIL.test(contact);

/** Where a link to the contact goes: a new mail to the address, or the page. */
export const supportContactHref = (contact: string) =>
  isEmailContact(contact) ? `mailto:${contact}` : contact;

/** The whole Salesforce notice as plain text (the API's refusal says the same as the console). */
export const salesforceUnavailableText = (contact: string | null) =>
  `${SUPPORT_MESSAGES.salesforceUnavailable} ${
    contact
      ? `Contact ${contact} ${SUPPORT_MESSAGES.salesforceContact}`
      : SUPPORT_MESSAGES.salesforceNoContact
  }`;
