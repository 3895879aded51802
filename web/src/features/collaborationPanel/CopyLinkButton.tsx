/** Copies an invitation link; shows 'Copied!' for 2 seconds. A failed copy is only logged (docs/product.md#members). */
import { useEffect, useState } from 'react';
import { collabPanelMessages } from './messages.ts';

export const COPIED_STATE_MS = 2000;
const text = collabPanelMessages;

export function CopyLinkButton({ link, email }: { link: string; email: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_STATE_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch (error) {
      console.error('Could not copy the invitation link', error);
    }
  }

  return (
    <>
      <button type="button" className={`button small${copied ? ' copied' : ''}`} onClick={() => void copy()}>
        {copied ? text.copiedLink : text.copyLink}
        <span className="visually-hidden"> ({email})</span>
      </button>
      <span role="status" className="visually-hidden">
        {copied ? text.copiedLink : ''}
      </span>
    </>
  );
}
