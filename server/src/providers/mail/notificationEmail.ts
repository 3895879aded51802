/**
 * The e-mail a member receives for a notification they chose to have mailed: what happened on which trip, and a
 * link to the trip. Values typed by users are escaped in the HTML part.
 */
import { BRAND_COLOURS as colour, notificationSentence, type NotificationKind } from '@caravan/shared';
import { escapeHtml as e } from './invitationEmail.ts';
import type { MailMessage } from './mailer.ts';

export interface NotificationEmailInput {
  kind: NotificationKind;
  actorName: string;
  tripTitle: string;
  data: Record<string, unknown>;
  /** {origin}/trips/{tripId} */
  link: string;
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();
const quoted = (value: unknown) => `"${typeof value === 'string' ? value : ''}"`;

/** The one sentence that says what happened: the bell's and the push's words, as a sentence. */
export const emailSentence = (input: Omit<NotificationEmailInput, 'link'>): string => `${notificationSentence(input)}.`;

/** The subject of a notification's own e-mail. */
function subjectOf({ kind, actorName, tripTitle }: Pick<NotificationEmailInput, 'kind' | 'actorName' | 'tripTitle'>): string {
  const trip = oneLine(quoted(tripTitle));
  switch (kind) {
    case 'suggestion_waiting':
      return `A suggestion waits for your review on ${trip}`;
    case 'suggestion_reviewed':
      return `${oneLine(actorName)} reviewed your suggestion on ${trip}`;
    case 'stop_commented':
      return `${oneLine(actorName)} commented on a stop on ${trip}`;
    case 'mentioned':
      return `${oneLine(actorName)} mentioned you on ${trip}`;
    case 'poll_closed':
      return `A poll closed on ${trip}`;
    case 'expense_added':
      return `${oneLine(actorName)} added an expense split with you on ${trip}`;
    case 'poll_opened':
      return `${oneLine(actorName)} started a poll on ${trip}`;
    case 'poll_closing':
      return `A poll closes soon on ${trip}`;
    case 'item_due':
      return `A checklist item is due tomorrow on ${trip}`;
    case 'trip_starting':
      return `${trip} starts tomorrow`;
    case 'settle_up':
      return `You owe money on ${trip}`;
    case 'item_assigned':
      return `${oneLine(actorName)} assigned you an item on ${trip}`;
    default:
      return `${oneLine(actorName)} updated ${trip}`;
  }
}

export function notificationEmail(input: NotificationEmailInput): Omit<MailMessage, 'to'> {
  const sentence = emailSentence(input);
  const subject = subjectOf(input);
  const text = [sentence, '', 'Open the trip:', input.link, '', 'You can choose what Caravan e-mails you on your account page.', ''].join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:${colour.background};font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:${colour.text}">
<div style="max-width:520px;margin:0 auto;background:${colour.surface};border-radius:12px;padding:32px">
<p style="margin:0 0 24px;line-height:1.5">${e(sentence)}</p>
<p style="margin:0 0 24px"><a href="${e(input.link)}" style="display:inline-block;background:${colour.accent};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">Open the trip</a></p>
<p style="margin:0;line-height:1.5;font-size:14px;color:${colour.muted}">You can choose what Caravan e-mails you on your account page.</p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}
