/**
 * The page an OAuth popup ends on: it posts one message to the opener at the app's exact origin (never
 * '*', so no other page that opened the popup can read a credential) and closes itself. It carries its
 * own CSP whose nonce admits exactly its one inline script.
 */
import { randomBytes } from 'node:crypto';
import { OAUTH_ERROR, OAUTH_TOKEN_SUCCESS, messages, type TOAuthPopupMessage } from '@caravan/shared';
import type { OAuthRefusalCode } from '../auth/oauthRefusal.ts';

export type OAuthPopupErrorCode =
  | 'provider_not_configured'
  | 'access_denied'
  | 'invalid_state'
  | 'oauth_failed'
  | OAuthRefusalCode;

export interface OAuthPopupError {
  code: OAuthPopupErrorCode;
  message: string;
  details: string;
}

export interface OAuthPopupPage {
  html: string;
  contentSecurityPolicy: string;
}

export function oauthSuccessMessage(token: string): TOAuthPopupMessage {
  return { type: OAUTH_TOKEN_SUCCESS, token };
}

export function oauthErrorMessage(error: OAuthPopupError): TOAuthPopupMessage {
  return { type: OAUTH_ERROR, code: error.code, message: error.message, details: error.details };
}

export function presentOAuthPopupPage(message: TOAuthPopupMessage, targetOrigin: string): OAuthPopupPage {
  const nonce = randomBytes(16).toString('base64');
  const text = message.type === OAUTH_TOKEN_SUCCESS ? messages.auth.oauthPopupSucceeded : message.message;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caravan sign-in</title>
</head>
<body>
<p>${escapeHtml(text)}</p>
<script nonce="${nonce}">
(function () {
  var message = ${scriptJson(message)};
  if (window.opener) window.opener.postMessage(message, ${scriptJson(targetOrigin)});
  window.close();
})();
</script>
</body>
</html>
`;
  const contentSecurityPolicy = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, contentSecurityPolicy };
}

/** JSON that cannot end the script element or open a comment inside it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
