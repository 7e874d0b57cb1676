import type { Brand } from '@skyvault/contract';

/** Plain text and HTML of one branded message; every link is absolute (PUBLIC_URL). */
export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const BRAND_NAMES: Record<Brand, string> = { skyvault: 'Skyvault', flosum: 'Flosum' };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

interface Block {
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  code?: string;
  footer: string;
}

/** What an unusual sign-in's messages tell. */
export interface UnusualSignInMail {
  tenantName: string;
  /** Why it is unusual, in words ("from a new browser", "from an unusual network"). */
  why: string;
  method: string;
  device: string;
  when: string;
  address: string;
}

const signInFacts = (p: UnusualSignInMail) => [
  `How: ${p.method}. Browser: ${p.device}.`,
  `When: ${p.when}. From: ${p.address}.`,
];

function render(brand: Brand, subject: string, block: Block): Rendered {
  const name = BRAND_NAMES[brand];
  const text = [
    block.greeting,
    '',
    ...block.paragraphs.flatMap((p) => [p, '']),
    ...(block.code ? [block.code, ''] : []),
    ...(block.action ? [`${block.action.label}: ${block.action.url}`, ''] : []),
    block.footer,
    '',
    `— ${name}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f5f6fa;font-family:Arial,Helvetica,sans-serif;color:#1b2440">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px">
<tr><td style="font-size:22px;font-weight:bold;color:#e91e63;padding-bottom:24px">${escapeHtml(name)}</td></tr>
<tr><td style="font-size:15px;line-height:1.5">
<p>${escapeHtml(block.greeting)}</p>
${block.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${block.code ? `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;text-align:center">${escapeHtml(block.code)}</p>` : ''}
${block.action ? `<p style="text-align:center;padding:16px 0"><a href="${escapeHtml(block.action.url)}" style="background:#e91e63;color:#fff;text-decoration:none;padding:12px 24px;border-radius:4px;display:inline-block">${escapeHtml(block.action.label)}</a></p><p style="font-size:12px;color:#5b6478">Or open this link: ${escapeHtml(block.action.url)}</p>` : ''}
<p style="font-size:12px;color:#5b6478">${escapeHtml(block.footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}

export const templates = {
  /**
   * A sign-in from a browser the user never signed in with, or from outside the tenant's usual networks:
   * what, when and from where, and the link that ends that one session.
   */
  unusualSignIn: (brand: Brand, p: UnusualSignInMail & { firstName: string; url: string; days: number }) =>
    render(brand, `New sign-in to your ${BRAND_NAMES[brand]} account`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `Your account in the organization "${p.tenantName}" was signed in to ${p.why}.`,
        ...signInFacts(p),
        `If this was you, there is nothing to do. If it was not, end that session with the link below (it works once, for ${p.days} days) and change your password.`,
      ],
      action: { label: 'End this session', url: p.url },
      footer: 'You receive this message because your organization asks to be told of unusual sign-ins.',
    }),
  /** The Security administrators' copy of an administrator's unusual sign-in (no link: theirs is the console). */
  unusualAdminSignIn: (brand: Brand, p: UnusualSignInMail & { firstName: string; who: string }) =>
    render(brand, `Unusual administrator sign-in to ${BRAND_NAMES[brand]}`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `The administrator ${p.who} of the organization "${p.tenantName}" signed in ${p.why}.`,
        ...signInFacts(p),
        "If it was not them, end their sessions from the user's page in the console.",
      ],
      footer:
        'You receive this message as a Security administrator: your organization asks for these copies.',
    }),
  verifySignUp: (brand: Brand, p: { firstName: string; url: string; tenantName: string }) =>
    render(brand, `Verify your email for ${BRAND_NAMES[brand]}`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `Thank you for signing up. Please verify your email address to activate your organization "${p.tenantName}".`,
        'The link expires in 48 hours.',
      ],
      action: { label: 'Verify email', url: p.url },
      footer: 'If you did not sign up, you can ignore this message.',
    }),
  loginCode: (brand: Brand, p: { code: string; minutes: number }) =>
    render(brand, `Your ${BRAND_NAMES[brand]} verification code: ${p.code}`, {
      greeting: 'Hello,',
      paragraphs: [`Use this code to continue signing in. It expires in ${p.minutes} minutes.`],
      code: p.code,
      footer: 'If you did not try to sign in, you can ignore this message.',
    }),
  resetPassword: (brand: Brand, p: { firstName: string; url: string; tenantName: string; hours: number }) =>
    render(brand, `Reset your ${BRAND_NAMES[brand]} password`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `We received a request to reset your password for the organization "${p.tenantName}".`,
        `The link expires in ${p.hours} hours and can be used once.`,
      ],
      action: { label: 'Reset password', url: p.url },
      footer: 'If you did not ask for this, you can ignore this message: your password stays the same.',
    }),
  /**
   * An administrator's Reset password: unlike a reset the user asked for, the old password was erased
   * at once, so the message says that it no longer works and that this link is the way back in.
   */
  passwordResetByAdministrator: (
    brand: Brand,
    p: { firstName: string; url: string; tenantName: string; hours: number; resetBy: string },
  ) =>
    render(brand, `Your ${BRAND_NAMES[brand]} password was reset`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `${p.resetBy} reset your password for the organization "${p.tenantName}". Your old password no longer works: set a new one with the link below to log in again.`,
        `The link expires in ${p.hours} hours and can be used once.`,
      ],
      action: { label: 'Set a new password', url: p.url },
      footer: 'If you did not expect this, ask an administrator of your organization why.',
    }),
  invitation: (
    brand: Brand,
    p: { firstName: string; url: string; tenantName: string; hours: number; invitedBy: string },
  ) =>
    render(brand, `You are invited to ${BRAND_NAMES[brand]}`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `${p.invitedBy} added you to the organization "${p.tenantName}". Set your password to sign in.`,
        `The link expires in ${p.hours} hours and can be used once.`,
      ],
      action: { label: 'Set password', url: p.url },
      footer: 'If you did not expect this, you can ignore this message.',
    }),
  /** Sent to the old address when the account's address changes; the new one shows partly hidden. */
  emailChanged: (
    brand: Brand,
    p: { firstName: string; tenantName: string; changedBy: string; at: string; newEmail: string },
  ) =>
    render(brand, `The email address of your ${BRAND_NAMES[brand]} account was changed`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `${p.changedBy} changed the email address of your account in the organization "${p.tenantName}" to ${p.newEmail} on ${p.at}.`,
        'You were signed out everywhere, and connected apps lost their access. No password reset or login code goes to the new address until it is confirmed with the link we sent there.',
      ],
      footer:
        'If you did not expect this change, tell an administrator of your organization at once: they can set your address back.',
    }),
  /** The link that proves a changed address; until it is used, nothing else is sent to the address. */
  proveEmail: (brand: Brand, p: { firstName: string; tenantName: string; url: string; days: number }) =>
    render(brand, `Confirm your new ${BRAND_NAMES[brand]} email address`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `The email address of your account in the organization "${p.tenantName}" was changed to this one. Confirm it to receive password resets and login codes here.`,
        `The link expires in ${p.days} days and can be used once.`,
      ],
      action: { label: 'Confirm email', url: p.url },
      footer:
        'If you did not expect this, you can ignore this message: nothing else is sent here until it is confirmed.',
    }),
  /** One of the user's recovery codes signed them in: if it was not them, they should act now. */
  recoveryCodeUsed: (
    brand: Brand,
    p: { firstName: string; tenantName: string; remaining: number; url: string },
  ) =>
    render(brand, `A recovery code was used to sign in to ${BRAND_NAMES[brand]}`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `One of your recovery codes was just used to sign in to the organization "${p.tenantName}". Each code works once: ${p.remaining} ${p.remaining === 1 ? 'code is' : 'codes are'} left.`,
        'If you have lost your authenticator or passkey, add a new one and regenerate your recovery codes.',
      ],
      action: { label: 'Open MFA devices', url: p.url },
      footer: 'If this was not you, change your password and tell your administrator at once.',
    }),
  /** An administrator removed all of the user's second factors. */
  mfaReset: (brand: Brand, p: { firstName: string; tenantName: string; resetBy: string; url: string }) =>
    render(brand, `Your ${BRAND_NAMES[brand]} multi-factor authentication was reset`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `${p.resetBy} removed your authenticator apps, passkeys and recovery codes in the organization "${p.tenantName}".`,
        'You sign in with your password alone until you add a new second factor; your organization may ask you to add one at your next sign-in.',
      ],
      action: { label: 'Open MFA devices', url: p.url },
      footer: 'If you did not expect this, tell your administrator.',
    }),
  /**
   * A second factor was added to the user's account or removed from it (by the user or an
   * administrator): `change` says which, in a sentence.
   */
  factorChanged: (
    brand: Brand,
    p: {
      firstName: string;
      tenantName: string;
      kind: 'added' | 'removed' | 'changed';
      change: string;
      url: string;
    },
  ) =>
    render(
      brand,
      {
        added: `A second factor was added to your ${BRAND_NAMES[brand]} account`,
        removed: `A second factor was removed from your ${BRAND_NAMES[brand]} account`,
        changed: `The second factors of your ${BRAND_NAMES[brand]} account changed`,
      }[p.kind],
      {
        greeting: `Hello ${p.firstName},`,
        paragraphs: [`${p.change} (organization "${p.tenantName}").`],
        action: { label: 'Open MFA devices', url: p.url },
        footer:
          'If this was not you, change your password, remove what you do not recognise on the MFA devices page and tell your administrator at once.',
      },
    ),
  /** A webhook endpoint failed for 24 hours and was disabled: its administrators are told once. */
  /** A support session started inside the support access an Owner granted: every Owner is told. */
  supportSessionStarted: (
    brand: Brand,
    p: {
      firstName: string;
      tenantName: string;
      operator: string;
      ticket: string;
      mode: string;
      until: string;
      url: string;
    },
  ) =>
    render(brand, `A ${BRAND_NAMES[brand]} support session started in ${p.tenantName}`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `${p.operator} of the ${BRAND_NAMES[brand]} support team signed in to the organization "${p.tenantName}" for ticket ${p.ticket}, inside the support access your organization granted (${p.mode}, until ${p.until}).`,
        'Every change made in the session is in the audit log under their name. Revoke the support access to end the session at once.',
      ],
      action: { label: 'Open support access', url: p.url },
      footer: 'You receive this message as an Owner of the organization.',
    }),
  webhookDisabled: (
    brand: Brand,
    p: { firstName: string; tenantName: string; endpointUrl: string; url: string },
  ) =>
    render(brand, `A ${BRAND_NAMES[brand]} webhook endpoint was disabled`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `Deliveries to the webhook endpoint ${p.endpointUrl} of the organization "${p.tenantName}" have failed for 24 hours, so it was disabled. Events are no longer sent to it.`,
        'Check that the endpoint answers with a 2xx status, then enable it again; its delivery log shows each attempt.',
      ],
      action: { label: 'Open webhooks', url: p.url },
      footer: 'You receive this message as an administrator of the organization.',
    }),
  /** A log stream failed for 24 hours and was suspended: its administrators are told, once. */
  logStreamSuspended: (
    brand: Brand,
    p: { firstName: string; tenantName: string; streamName: string; lastError: string; url: string },
  ) =>
    render(brand, `A ${BRAND_NAMES[brand]} log stream was suspended`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `Deliveries of the log stream "${p.streamName}" of the organization "${p.tenantName}" have failed for 24 hours, so it was suspended. The last error: ${p.lastError}`,
        'No audit event is lost: once the receiver works again, resume the stream and it sends everything since, in order.',
      ],
      action: { label: 'Open log streams', url: p.url },
      footer: 'You receive this message as an administrator of the organization.',
    }),
  /**
   * A break-glass administrator signed in with a password while single sign-on is enforced: the other
   * administrators are told, since it is either an identity provider outage or a stolen password.
   */
  breakGlassSignIn: (
    brand: Brand,
    p: { firstName: string; tenantName: string; who: string; ip: string; at: string; url: string },
  ) =>
    render(brand, `Break-glass sign-in to ${BRAND_NAMES[brand]}`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `${p.who} signed in to the organization "${p.tenantName}" with a password and a second factor at ${p.at} from ${p.ip}, as a break-glass administrator: single sign-on is enforced for the other users of their domain.`,
        'If the identity provider is down, this is what break-glass is for. If you did not expect it, check the audit log and end the sessions of this administrator.',
      ],
      action: { label: 'Open the audit log', url: p.url },
      footer: 'You receive this message as an administrator of the organization.',
    }),
  /** A Salesforce connection turned unhealthy (once per change of its state, never per check). */
  connectionUnhealthy: (
    brand: Brand,
    p: {
      firstName: string;
      tenantName: string;
      connectionName: string;
      status: string;
      summary: string;
      action: string;
      url: string;
    },
  ) =>
    render(brand, `Salesforce connection "${p.connectionName}" needs attention`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `The Salesforce connection "${p.connectionName}"${p.tenantName ? ` of the organization "${p.tenantName}"` : ''} is now: ${p.status}.`,
        p.summary,
        `What to do: ${p.action}`,
      ],
      action: { label: 'Open the connection', url: p.url },
      footer:
        'You receive this message as an administrator of the organization or the creator of the connection.',
    }),
  /** A storage failed its check after it worked, or works again after it failed (once per change). */
  storageHealthChanged: (
    brand: Brand,
    p: {
      firstName: string;
      tenantName: string;
      storageName: string;
      healthy: boolean;
      problem: string;
      url: string;
    },
  ) =>
    render(
      brand,
      p.healthy ? `Storage "${p.storageName}" works again` : `Storage "${p.storageName}" needs attention`,
      {
        greeting: `Hello ${p.firstName},`,
        paragraphs: p.healthy
          ? [
              `The storage "${p.storageName}"${p.tenantName ? ` of the organization "${p.tenantName}"` : ''} passed its check: backups can be written to it again.`,
            ]
          : [
              `The storage "${p.storageName}"${p.tenantName ? ` of the organization "${p.tenantName}"` : ''} failed its check: backups to it will fail until it is fixed.`,
              p.problem,
            ],
        action: { label: 'Open the storage', url: p.url },
        footer:
          'You receive this message as an administrator of the organization or the creator of the storage.',
      },
    ),
  /** A change needs the reader's approval (an administrator holding its permission, not the requester). */
  approvalRequested: (
    brand: Brand,
    p: {
      firstName: string;
      tenantName: string;
      requesterName: string;
      actionLabel: string;
      targetName: string;
      reason: string;
      expiresAt: string;
      url: string;
    },
  ) =>
    render(brand, `Approval requested: ${p.actionLabel}`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `${p.requesterName} asks for approval to: ${p.actionLabel}${p.targetName ? ` ("${p.targetName}")` : ''}${p.tenantName ? `, in the organization "${p.tenantName}"` : ''}.`,
        `Reason: ${p.reason}`,
        `The request can be approved until ${p.expiresAt}. Nothing changes unless another administrator approves it.`,
      ],
      action: { label: 'Open the approvals', url: p.url },
      footer: 'You receive this message as an administrator who may approve this change.',
    }),
  /** The requester's request was decided, carried out, or could not be carried out. */
  approvalDecided: (
    brand: Brand,
    p: {
      firstName: string;
      actionLabel: string;
      targetName: string;
      outcome: string;
      comment: string;
      url: string;
    },
  ) =>
    render(brand, `Your request: ${p.actionLabel} — ${p.outcome}`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `Your request to ${p.actionLabel.charAt(0).toLowerCase()}${p.actionLabel.slice(1)}${p.targetName ? ` ("${p.targetName}")` : ''}: ${p.outcome}.`,
        ...(p.comment ? [p.comment] : []),
      ],
      action: { label: 'Open the approvals', url: p.url },
      footer: 'You receive this message because you asked for this change.',
    }),
  /** An identity provider's client secret or certificate ends in 30, 7 or 1 days (once each). */
  credentialsExpiring: (
    brand: Brand,
    p: {
      firstName: string;
      tenantName: string;
      providerName: string;
      daysLeft: number;
      endsOn: string;
      url: string;
    },
  ) =>
    render(
      brand,
      `Identity provider "${p.providerName}": credentials expire in ${p.daysLeft === 1 ? '1 day' : `${p.daysLeft} days`}`,
      {
        greeting: `Hello ${p.firstName},`,
        paragraphs: [
          `The client secret or signing certificate of the identity provider "${p.providerName}"${p.tenantName ? ` of the organization "${p.tenantName}"` : ''} expires on ${p.endsOn} (UTC).`,
          'After that, nobody can sign in through it. Create a new secret or certificate at the provider, then enter it and its new end date on the identity provider page.',
        ],
        action: { label: 'Open the identity provider', url: p.url },
        footer: 'You receive this message as an administrator of the organization.',
      },
    ),
  /** A verified domain's TXT record is gone: the administrators have until `lapsesOn` to publish it again. */
  domainRecordMissing: (
    brand: Brand,
    p: {
      firstName: string;
      tenantName: string;
      domain: string;
      txtName: string;
      lapsesOn: string;
      url: string;
    },
  ) =>
    render(brand, `The verification record of ${p.domain} is missing`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `The daily check no longer finds the DNS TXT record ${p.txtName} that proves${p.tenantName ? ` the organization "${p.tenantName}"` : ' your organization'} owns ${p.domain}.`,
        `Publish it again before ${p.lapsesOn}: after that the domain lapses, and its addresses are no longer recognized as your organization's.`,
      ],
      action: { label: 'Open Domains', url: p.url },
      footer: 'You receive this message as an administrator of the organization.',
    }),
  /** The record stayed missing through the grace period. */
  domainLapsed: (brand: Brand, p: { firstName: string; tenantName: string; domain: string; url: string }) =>
    render(brand, `${p.domain} is no longer a verified domain`, {
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `The DNS TXT record that proved${p.tenantName ? ` the organization "${p.tenantName}"` : ' your organization'} owns ${p.domain} stayed missing through the grace period: the domain has lapsed.`,
        'Publish the record again and use Verify on the Domains page to verify it anew.',
      ],
      action: { label: 'Open Domains', url: p.url },
      footer: 'You receive this message as an administrator of the organization.',
    }),
};
