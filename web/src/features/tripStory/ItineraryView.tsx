/**
 * The itinerary view (docs/product.md#itinerary): completed and scheduled counts, the Stats toggle, Bulk Schedule and
 * "Use these dates" for the owner, the print-view toggle, 'Open route in Google Maps', and the trip by the day: each
 * day's header over its stops, numbered in trip order, with their local times.
 * Above the stops, the trip's road settings (docs/product.md#itinerary) for everyone to read, and for the owner
 * Road Settings to change them.
 */
import { useMemo, useState } from 'react';
import { datedStopCount, type ScheduleStopInput, type TTripStop } from '@caravan/shared';
import { useDistanceUnit } from '../../lib/distanceUnit.ts';
import { datedStopDays } from '../../lib/weather/datedStopDays.ts';
import { GoogleMapsRoute } from './directions/GoogleMapsRoute.tsx';
import { ItineraryDays } from './itinerary/ItineraryDays.tsx';
import { UseTheseDates } from './itinerary/UseTheseDates.tsx';
import { ScheduleContext, useTripSchedule } from './itinerary/useTripSchedule.ts';
import { tripViewMessages } from './messages.ts';
import { BulkScheduleDialog } from './schedule/BulkScheduleDialog.tsx';
import { RoadSettingsDialog } from './schedule/RoadSettingsDialog.tsx';
import { roadSummary } from './schedule/roadSettingsForm.ts';
import { vehicleSummary } from './schedule/vehicleForm.ts';
import { ItineraryStats } from './stats/ItineraryStats.tsx';
import { useTripViewContext } from './tripViewContext.ts';
import { useTripWeather } from '../../lib/weather/useTripWeather.ts';
import { WeatherContext } from './weather/weatherContext.ts';
import { WeatherNote } from './weather/WeatherNote.tsx';

const text = tripViewMessages;

interface Props {
  title: string;
  stops: TTripStop[];
  isOwner: boolean;
  printView: boolean;
  onPrintViewChange: (printView: boolean) => void;
}

export function ItineraryView({ title, stops, isOwner, printView, onPrintViewChange }: Props) {
  const [showStats, setShowStats] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [editingRoad, setEditingRoad] = useState(false);
  const { roadSettings, tripId, shareToken } = useTripViewContext();
  const unit = useDistanceUnit();
  const schedule = useTripSchedule(stops);
  // Only dated days have a weather; the map asks for the same days (one ask).
  const stopDays = useMemo(() => datedStopDays(roadSettings, schedule, stops as readonly ScheduleStopInput[]), [roadSettings, schedule, stops]);
  const weather = useTripWeather(tripId, shareToken, stopDays);
  const weatherContext = useMemo(() => ({ ...weather, stopsById: new Map(stops.map((stop) => [stop.id, stop])) }), [weather, stops]);
  const completed = stops.filter((stop) => stop.visited).length;
  // What the days show: on dated days every stop has its date, not only those with a planned date of their own.
  const scheduled = datedStopCount(roadSettings, stops);

  return (
    <div className={`itinerary-view${printView ? ' print-view' : ''}`}>
      {printView && (
        <h3 className="print-header">
          {text.printHeader(stops.length, completed)}
          <button type="button" className="button small no-print" onClick={() => window.print()}>
            {text.print}
          </button>
        </h3>
      )}
      <div className="itinerary-toolbar no-print">
        <span className="badge">{text.completed(completed, stops.length)}</span>
        <span className="badge">{text.scheduled(scheduled, stops.length)}</span>
        <span className="spacer" />
        <button type="button" className="button small" aria-pressed={showStats} onClick={() => setShowStats(!showStats)}>
          {text.stats}
        </button>
        {isOwner && (
          <button type="button" className="button small" onClick={() => setScheduling(true)}>
            {text.bulkSchedule}
          </button>
        )}
        {isOwner && <UseTheseDates schedule={schedule} />}
        {isOwner && (
          <button type="button" className="button small" onClick={() => setEditingRoad(true)}>
            {text.roadSettings}
          </button>
        )}
        <button type="button" className="button small" aria-pressed={printView} onClick={() => onPrintViewChange(!printView)}>
          {text.printView}
        </button>
      </div>
      <p className="hint road-summary">{[roadSummary(roadSettings), vehicleSummary(roadSettings.vehicle, unit)].filter(Boolean).join(' · ')}</p>
      <WeatherNote weather={weather} hasDays={stopDays.length > 0} />
      <GoogleMapsRoute stops={stops} />
      {showStats && <ItineraryStats title={title} stops={stops} schedule={schedule} />}
      <ScheduleContext.Provider value={schedule}>
        <WeatherContext.Provider value={weatherContext}>
          <ItineraryDays schedule={schedule} stops={stops} />
        </WeatherContext.Provider>
      </ScheduleContext.Provider>
      {isOwner && scheduling && <BulkScheduleDialog open onOpenChange={setScheduling} />}
      {isOwner && editingRoad && <RoadSettingsDialog open onOpenChange={setEditingRoad} />}
    </div>
  );
}
