/** The session cookie's name and reading its token from a Cookie header, for both doors' sign-in checks. */
export const SESSION_COOKIE = 'caravan_session';

export function readSessionToken(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}
