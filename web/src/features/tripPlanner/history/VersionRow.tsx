/** One version in the list: its title (a member's name for it, else its kind in words), when, who edited, the summary line, and its actions. */
import type { TTripVersion } from '@caravan/shared';
import { historyMessages as text, versionTime } from './messages.ts';

interface Props {
  version: TTripVersion;
  onView: (version: TTripVersion) => void;
  onChangesSince: (version: TTripVersion) => void;
}

export function VersionRow({ version, onView, onChangesSince }: Props) {
  const title = text.versionTitle(version.kind, version.name);
  const time = versionTime(version.takenAt);
  return (
    <li className="history-version">
      <div className="history-version-text">
        <strong>{title}</strong>
        <span className="muted">
          <time dateTime={version.takenAt}>{time}</time>
          {version.name && ` · ${text.kind(version.kind)}`}
        </span>
        <span>{text.editedBy(version.editors.map((editor) => editor.displayName))}</span>
        {version.summary && <span className="muted">{version.summary}</span>}
      </div>
      <div className="history-version-actions">
        <button type="button" className="button small" aria-label={text.viewLabel(title, time)} onClick={() => onView(version)}>
          {text.view}
        </button>
        <button type="button" className="button small ghost" aria-label={text.changesSinceLabel(title, time)} onClick={() => onChangesSince(version)}>
          {text.changesSince}
        </button>
      </div>
    </li>
  );
}
