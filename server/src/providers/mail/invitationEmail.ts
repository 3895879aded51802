/**
 * The e-mail an invited person receives: who invites them to which trip, in which role, the link
 * that accepts it (/invitation/{token}, docs/product.md#invitation) and when it stops working. Every value in the
 * HTML part is escaped: trip titles and display names are typed by users. Its colours are the app's
 * (BRAND_COLOURS), so the button looks like the app's own.
 */
import { BRAND_COLOURS as colour } from '@caravan/shared';
import type { MailMessage } from './mailer.ts';

export interface InvitationEmailInput {
  inviterName: string;
  tripTitle: string;
  role: 'editor' | 'viewer';
  /** {origin}/invitation/{token}, see invitationLink. */
  link: string;
  expiresAt: Date;
}

const ROLE_TEXT = {
  editor: { asRole: 'an editor', canDo: 'add and change stops, review suggestions and invite others' },
  viewer: { asRole: 'a viewer', canDo: 'follow the trip, comment and suggest stops' },
} as const;

/** Written in UTC with the zone named: the server cannot know the recipient's time zone. */
const expiryFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

export function invitationLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/invitation/${encodeURIComponent(token)}`;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A header is one line: a title pasted with a line break must not split the subject. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

export function invitationEmail(input: InvitationEmailInput): Omit<MailMessage, 'to'> {
  const { inviterName, tripTitle, link } = input;
  const { asRole, canDo } = ROLE_TEXT[input.role];
  const expires = expiryFormat.format(input.expiresAt);

  const subject = `${oneLine(inviterName)} invited you to plan "${oneLine(tripTitle)}" on Caravan`;

  const text = [
    `${inviterName} invited you to plan "${tripTitle}" on Caravan as ${asRole}: you can ${canDo}.`,
    '',
    'Accept the invitation:',
    link,
    '',
    `The invitation expires on ${expires}. If you were not expecting it, you can ignore this e-mail.`,
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:${colour.background};font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:${colour.text}">
<div style="max-width:520px;margin:0 auto;background:${colour.surface};border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:22px">You're invited!</h1>
<p style="margin:0 0 16px;line-height:1.5"><strong>${e(inviterName)}</strong> invited you to plan <strong>&ldquo;${e(tripTitle)}&rdquo;</strong> on Caravan as ${e(asRole)}: you can ${e(canDo)}.</p>
<p style="margin:0 0 24px"><a href="${e(link)}" style="display:inline-block;background:${colour.accent};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">Accept Invitation</a></p>
<p style="margin:0 0 16px;line-height:1.5;font-size:14px">Or open this link: <a href="${e(link)}" style="color:${colour.accent}">${e(link)}</a></p>
<p style="margin:0;line-height:1.5;font-size:14px;color:${colour.muted}">The invitation expires on ${e(expires)}. If you were not expecting it, you can ignore this e-mail.</p>
</div>
</body>
</html>
`;

  return { subject, text, html };
}
