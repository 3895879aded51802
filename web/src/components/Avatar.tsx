/** A member's avatar: their picture when they have one, else their initials. */
import { initials } from '../lib/initials.ts';

export function Avatar({ name, url, size = 'medium' }: { name: string; url?: string | null; size?: 'small' | 'medium' }) {
  return (
    <span className={`collab-avatar collab-avatar-${size}`} aria-hidden="true">
      {url ? <img src={url} alt="" referrerPolicy="no-referrer" /> : initials(name)}
    </span>
  );
}
