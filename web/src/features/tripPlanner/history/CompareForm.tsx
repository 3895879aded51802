/**
 * Compare two versions, or a version with the trip now (among the versions loaded so far), and "Since I last looked":
 * from the newest version taken at or before the member's last look on this device.
 */
import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TTripVersion } from '@caravan/shared';
import { errorMessage } from '../../../lib/api.ts';
import { versionAtOrBefore } from './lastLook.ts';
import { historyMessages as text, versionTime } from './messages.ts';

const NOW = 'now';

export interface Comparison {
  from: TTripVersion;
  /** null: the trip now. */
  to: TTripVersion | null;
}

interface Props {
  tripId: string;
  versions: TTripVersion[];
  lastLook: string | null;
  onCompare: (comparison: Comparison) => void;
}

export const versionLabel = (version: TTripVersion) => `${text.versionTitle(version.kind, version.name)}, ${versionTime(version.takenAt)}`;

function VersionOptions({ versions }: { versions: TTripVersion[] }) {
  return versions.map((version) => (
    <option key={version.id} value={version.id}>
      {versionLabel(version)}
    </option>
  ));
}

export function CompareForm({ tripId, versions, lastLook, onCompare }: Props) {
  const id = useId();
  const [fromId, setFromId] = useState('');
  const [toId, setToId] = useState(NOW);
  const since = useMutation({
    mutationFn: (time: string) => versionAtOrBefore(tripId, time),
    onSuccess: (version) => version && onCompare({ from: version, to: null }),
  });
  const from = versions.find((version) => version.id === (fromId || versions[0]?.id)) ?? null;
  const to = toId === NOW ? null : (versions.find((version) => version.id === toId) ?? null);

  return (
    <form
      className="history-compare"
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        if (from) onCompare({ from, to });
      }}
    >
      <h3 id={`${id}-heading`}>{text.compareHeading}</h3>
      <div className="history-compare-fields">
        <label>
          {text.compareFrom}
          <select value={from?.id ?? ''} onChange={(event) => setFromId(event.target.value)} disabled={versions.length === 0}>
            <VersionOptions versions={versions} />
          </select>
        </label>
        <label>
          {text.compareTo}
          <select value={toId} onChange={(event) => setToId(event.target.value)}>
            <option value={NOW}>{text.now}</option>
            <VersionOptions versions={versions} />
          </select>
        </label>
      </div>
      <div className="history-compare-actions">
        <button type="submit" className="button small" disabled={!from}>
          {text.compare}
        </button>
        {lastLook && (
          <button
            type="button"
            className="button small ghost"
            aria-describedby={`${id}-last-look`}
            disabled={since.isPending}
            onClick={() => since.mutate(lastLook)}
          >
            {text.sinceLastLook}
          </button>
        )}
      </div>
      {lastLook && (
        <small id={`${id}-last-look`} className="muted">
          {text.sinceLastLookHint(versionTime(lastLook))}
        </small>
      )}
      <div role="status" aria-live="polite">
        {since.data === null && <p>{text.noVersionBeforeLastLook}</p>}
      </div>
      {since.isError && (
        <p role="alert" className="form-error">
          {text.loadFailed}: {errorMessage(since.error)}
        </p>
      )}
    </form>
  );
}
