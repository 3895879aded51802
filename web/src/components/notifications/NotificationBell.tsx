/**
 * The header's bell (docs/product.md#notifications): the unread count in its name and badge; it opens the list
 * (loaded only when first opened, to keep the first page small). Escape or a click outside closes it, and the
 * focus goes back to the bell.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { notificationMessages as text } from '../../lib/messages/notificationMessages.ts';
import { useUnreadCount } from './notificationsApi.ts';

const NotificationPanel = lazy(() => import('./NotificationPanel.tsx'));

export function NotificationBell() {
  const unread = useUnreadCount().data?.unread ?? 0;
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOn = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !box.current?.contains(event.target as Node)) {
        setOpen(false);
        if (event instanceof KeyboardEvent) bell.current?.focus();
      }
    };
    document.addEventListener('keydown', closeOn);
    document.addEventListener('pointerdown', closeOn);
    return () => {
      document.removeEventListener('keydown', closeOn);
      document.removeEventListener('pointerdown', closeOn);
    };
  }, [open]);

  return (
    <div className="notification-bell" ref={box}>
      <button
        type="button"
        ref={bell}
        className="button ghost bell-button"
        aria-label={text.bell(unread)}
        aria-expanded={open}
        aria-controls={open ? 'notification-panel' : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {unread > 0 && (
          <span className="bell-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={<div className="notification-panel" id="notification-panel" aria-busy="true" />}>
          <NotificationPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
