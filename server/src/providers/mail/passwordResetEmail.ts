/**
 * The e-mail a "Forgot password?" request sends: the single-use link and when it stops working. The token
 * rides in the link's fragment (/reset-password#token=…), which browsers never send to a server nor in a
 * Referer, so it stays out of logs.
 */
import { BRAND_COLOURS as colour } from '@caravan/shared';
import { escapeHtml } from './invitationEmail.ts';
import type { MailMessage } from './mailer.ts';

export function passwordResetLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/reset-password#token=${encodeURIComponent(token)}`;
}

export function passwordResetEmail({ link, minutes }: { link: string; minutes: number }): Omit<MailMessage, 'to'> {
  const subject = 'Choose a new Caravan password';
  const text = [
    'Someone asked to choose a new password for the Caravan account of this e-mail address.',
    '',
    'Choose a new password:',
    link,
    '',
    `The link works once, for ${minutes} minutes. Using it signs every device out.`,
    'If you did not ask for it, ignore this e-mail: your password stays as it is.',
    '',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;color:${colour.text};background:${colour.background};padding:24px">
<p>Someone asked to choose a new password for the Caravan account of this e-mail address.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:${colour.accent};color:#ffffff;text-decoration:none">Choose a new password</a></p>
<p style="color:${colour.muted}">The link works once, for ${minutes} minutes. Using it signs every device out. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>
</body></html>`;
  return { subject, text, html };
}
