/** The banner over a version being browsed: when it was, that it is read-only, "Back to the live trip" and (owner, editor) "Restore this version". */
import { useEffect, useId, useRef } from 'react';
import { VERSION_BANNER_HEADING } from './bannerHeading.ts';
import { historyMessages as text } from './messages.ts';

interface Props {
  takenAt: string;
  title: string;
  onBack: () => void;
  /** Owners and editors only. */
  onRestore?: () => void;
  restoring: boolean;
}

export function VersionBanner({ takenAt, title, onBack, onRestore, restoring }: Props) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the reader: take them to the banner that says so (the history dialog, closing, does too).
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="history-banner" aria-labelledby={`${id}-heading`}>
      <div>
        <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} {...{ [VERSION_BANNER_HEADING]: '' }}>
          {text.viewingBanner(new Date(takenAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }))}
        </h2>
        <p className="muted">
          {title} · {text.readOnly}
        </p>
      </div>
      <div className="history-banner-actions">
        <button type="button" className="button" onClick={onBack}>
          {text.backToLive}
        </button>
        {onRestore && (
          <button type="button" className="button primary" title={text.restoreVersionHint} disabled={restoring} onClick={onRestore}>
            {restoring ? text.restoring : text.restoreVersion}
          </button>
        )}
      </div>
    </section>
  );
}
