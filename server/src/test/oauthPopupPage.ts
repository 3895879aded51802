/** Runs an OAuth popup page's one script the way the popup would, under its own CSP nonce, against a fake window.opener. */
import vm from 'node:vm';
import { expect } from 'vitest';
import type { TOAuthPopupMessage } from '@caravan/shared';

export interface PopupPage {
  message: TOAuthPopupMessage;
  targetOrigin: string;
  closed: boolean;
  html: string;
  response: Response;
}

export async function readPopupPage(response: Response): Promise<PopupPage> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await response.text();
  const scripts = [...html.matchAll(/<script nonce="([^"]+)">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  const [, nonce, script] = scripts[0];
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain(`script-src 'nonce-${nonce}'`);
  expect(csp).not.toContain('unsafe-inline');

  const posted: Array<{ message: TOAuthPopupMessage; targetOrigin: string }> = [];
  let closed = false;
  const window = {
    opener: { postMessage: (message: TOAuthPopupMessage, targetOrigin: string) => posted.push({ message, targetOrigin }) },
    close: () => {
      closed = true;
    },
  };
  vm.runInNewContext(script, { window });
  expect(posted).toHaveLength(1);
  // The message was built in another realm; compare it as plain data.
  return { message: JSON.parse(JSON.stringify(posted[0].message)), targetOrigin: posted[0].targetOrigin, closed, html, response };
}
