/**
 * The places a file holds, each with a checkbox (labelled by its name, so keyboards and screen readers use it
 * as any other), its address and folder, "Already in the trip" where the trip seems to have it and "Track start" /
 * "Track end" on a GPX track's ends; a folder filter when the file has folders, Select all / none over the places
 * shown, the count, how many stops the trip still has room for, where the places go, and the places that could
 * not be found by name.
 */
import { COLLAB_LIMITS } from '@caravan/shared';
import { tripPageMessages } from '../messages.ts';
import { PlacementChoice } from '../placement/PlacementChoice.tsx';
import type { useImportPlaces } from './useImportPlaces.ts';

const text = tripPageMessages.importPlaces;

interface Props {
  importer: ReturnType<typeof useImportPlaces>;
  headingId: string;
}

export function ImportPreviewList({ importer, headingId }: Props) {
  const { answer, rows, ticked, placements } = importer;
  if (!answer) return null;
  // The choice is offered only when some place would go elsewhere than the end.
  const bestDiffers = placements.best.indexes.some((index, at) => index !== placements.end.indexes[at]);
  return (
    <section className="import-preview" aria-labelledby={headingId}>
      <h3 id={headingId}>{text.placesHeading}</h3>
      <div className="import-toolbar">
        {answer.folders.length > 0 && (
          <label className="import-folder">
            {text.folder}
            <select value={importer.folder} onChange={(event) => importer.setFolder(event.target.value)}>
              <option value="">{text.allFolders}</option>
              {answer.folders.map((folder) => (
                <option key={folder} value={folder}>
                  {folder}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" className="button small ghost" onClick={() => importer.tickShown(true)}>
          {text.selectAll}
        </button>
        <button type="button" className="button small ghost" onClick={() => importer.tickShown(false)}>
          {text.selectNone}
        </button>
        <p className="import-count" aria-live="polite">
          {text.count(importer.chosenCount, rows.length)}
        </p>
      </div>
      <p className={importer.chosenCount > importer.room ? 'import-room form-error' : 'import-room muted'} aria-live="polite">
        {text.room(COLLAB_LIMITS.maxStopsPerTrip, importer.stopCount, importer.room)}
      </p>
      <ul className="import-places-list" aria-labelledby={headingId}>
        {rows.map(({ index, place, duplicateOf }) => (
          <li key={index} className="import-place">
            <label>
              <input type="checkbox" checked={ticked.has(index)} onChange={() => importer.toggle(index)} />
              <span className="import-place-text">
                <span className="import-place-name">{place.name}</span>
                {(place.address || place.folder) && (
                  <small className="muted">{[place.address, place.folder].filter(Boolean).join(' · ')}</small>
                )}
              </span>
              {duplicateOf && <span className="badge">{text.duplicate}</span>}
              {place.trackEnd && <span className="badge">{text.trackEnd[place.trackEnd]}</span>}
            </label>
          </li>
        ))}
      </ul>
      {bestDiffers && (
        <PlacementChoice
          many
          value={importer.placement}
          onChange={importer.setPlacement}
          placements={{
            end: { after: importer.lastStopName, addedMinutes: placements.end.addedMinutes },
            best: { after: null, before: null, addedMinutes: placements.best.addedMinutes },
          }}
        />
      )}
      {answer.notFound.length > 0 && (
        <details className="import-not-found">
          <summary>{text.notFoundHeading(answer.notFound.length)}</summary>
          <p className="muted">{text.notFoundHelp}</p>
          <ul>
            {answer.notFound.map((place, index) => (
              <li key={index}>{place.address ? `${place.name} (${place.address})` : place.name}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
