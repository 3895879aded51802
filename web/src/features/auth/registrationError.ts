/** Maps a registration failure to the text the page shows for it. */
import { loginMessages } from './messages.ts';

export function registrationErrorText(message: string | undefined): string {
  if (!message) return loginMessages.registrationFailed;
  const lower = message.toLowerCase();
  if (message.includes('Email already in use')) return loginMessages.emailAlreadyRegistered;
  if (lower.includes('display name')) return loginMessages.invalidDisplayName;
  if (lower.includes('display') || lower.includes('name')) return loginMessages.checkDisplayName(message);
  return message;
}
