/**
 * The daily digest: one e-mail listing a member's unread notifications not yet e-mailed, each as the sentence its
 * own e-mail would say, with a link to its trip. Values typed by users are escaped in the HTML part.
 */
import { BRAND_COLOURS as colour } from '@caravan/shared';
import { escapeHtml as e } from './invitationEmail.ts';
import type { MailMessage } from './mailer.ts';
import { emailSentence, type NotificationEmailInput } from './notificationEmail.ts';

export function notificationDigestEmail(items: readonly NotificationEmailInput[]): Omit<MailMessage, 'to'> {
  const subject = items.length === 1 ? 'Your Caravan digest: 1 notification' : `Your Caravan digest: ${items.length} notifications`;
  const lines = items.map((item) => ({ sentence: emailSentence(item), link: item.link }));
  const footer = 'You chose a daily digest on your account page; you can change what Caravan e-mails you there.';
  const text = [subject, '', ...lines.flatMap(({ sentence, link }) => [`- ${sentence}`, `  ${link}`]), '', footer, ''].join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:${colour.background};font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:${colour.text}">
<div style="max-width:520px;margin:0 auto;background:${colour.surface};border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">${e(subject)}</h1>
<ul style="margin:0 0 24px;padding-left:20px;line-height:1.5">
${lines.map(({ sentence, link }) => `<li style="margin-bottom:8px">${e(sentence)} <a href="${e(link)}" style="color:${colour.accent}">Open the trip</a></li>`).join('\n')}
</ul>
<p style="margin:0;line-height:1.5;font-size:14px;color:${colour.muted}">${e(footer)}</p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}
