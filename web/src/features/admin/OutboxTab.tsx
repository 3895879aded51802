/**
 * Outbox tab (docs/product.md#admin): without SMTP the e-mails Caravan would send (invitations, password resets)
 * are written to the outbox folder; this lists the newest, each with its recipient, subject, time and text, so
 * an administrator of a laptop install can pass the link on.
 */
import { useQuery } from '@tanstack/react-query';
import { SkeletonRows } from '../../components/SkeletonRows.tsx';
import { ADMIN_OUTBOX_KEY, adminApi } from './adminApi.ts';
import { adminMessages } from './messages.ts';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function OutboxTab() {
  const text = adminMessages.outbox;
  const outbox = useQuery({ queryKey: ADMIN_OUTBOX_KEY, queryFn: adminApi.outbox });
  return (
    <section aria-labelledby="outbox-title">
      <h2 id="outbox-title">{text.title}</h2>
      {outbox.isPending && <SkeletonRows count={3} label={text.loading} />}
      {outbox.isError && (
        <p role="alert" className="error-text">
          {text.errorLoading(outbox.error.message)}
        </p>
      )}
      {outbox.data && (
        <>
          <p className="muted">{outbox.data.smtp ? text.smtp(outbox.data.folder) : text.notSent(outbox.data.folder)}</p>
          {outbox.data.messages.length === 0 ? (
            <p>{text.empty}</p>
          ) : (
            <ul className="outbox-list">
              {outbox.data.messages.map((message) => (
                <li key={message.id} className="card outbox-message">
                  <p className="outbox-subject">{message.subject}</p>
                  <p className="muted small">
                    {message.to} · {message.sentAt ? timeFormat.format(message.sentAt) : text.notAvailable}
                  </p>
                  <details>
                    <summary>{text.show}</summary>
                    <pre className="outbox-text">{message.text}</pre>
                  </details>
                </li>
              ))}
            </ul>
          )}
          {outbox.data.more > 0 && <p className="muted small">{text.more(outbox.data.more)}</p>}
        </>
      )}
    </section>
  );
}
