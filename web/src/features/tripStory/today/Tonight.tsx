/** Where the group sleeps tonight: the overnight stop the day ends at, with its lodging's check-in and confirmation. */
import type { ScheduledLodging, TTripStop } from '@caravan/shared';
import { todayMessages as text } from './messages.ts';

export function Tonight({ sleep, stop }: { sleep: ScheduledLodging; stop: TTripStop | undefined }) {
  const lodging = stop?.overnight ? stop.lodging : null;
  return (
    <section className="today-tonight" aria-labelledby="today-tonight-title">
      <h3 id="today-tonight-title">{text.tonight}</h3>
      <p className="today-lodging-name">{lodging?.name ?? text.sleepAt(stop?.name ?? '')}</p>
      {lodging?.address && <p className="hint">{lodging.address}</p>}
      <ul className="today-facts">
        {lodging?.checkIn && <li>{text.checkIn(lodging.checkIn)}</li>}
        {lodging?.confirmation && <li>{text.confirmation(lodging.confirmation)}</li>}
        {sleep.nights > 1 && <li>{`${sleep.nights} nights`}</li>}
      </ul>
    </section>
  );
}
