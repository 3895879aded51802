/** Maps a registration failure to the text SPEC-1 §8 shows for it. */
import { uiMessages } from '@caravan/shared';

export function registrationErrorText(message: string | undefined): string {
  if (!message) return uiMessages.login.registrationFailed;
  const lower = message.toLowerCase();
  if (message.includes('Email already in use')) return uiMessages.login.emailAlreadyRegistered;
  if (lower.includes('display name')) return uiMessages.login.invalidDisplayName;
  if (lower.includes('display') || lower.includes('name')) return uiMessages.login.checkDisplayName(message);
  return message;
}
