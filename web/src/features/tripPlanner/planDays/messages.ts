/** "Plan my days" texts (docs/product.md#plan-my-days). */
import { formatDuration, type UnmetKind } from '@caravan/shared';

/** "Mon 7 Jun" of a 'YYYY-MM-DD' date, read as that calendar day wherever the browser is. */
const dayDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

export const planDaysMessages = {
  open: 'Plan my days',
  openHint: 'Propose the stop order and where each day ends, within the daily driving window and limit',
  title: 'Plan my days',
  description:
    'Split the trip into days within the daily driving limit and window, keeping opening hours and fixed times where it can. The first stop stays first; visited stops, stops without a location and stops you pin keep their places.',
  stopsLabel: 'Stops and pins',
  endAtLast: 'End at the last stop',
  endAtLastHelp: 'Keep the current last stop at the end of the trip.',
  preview: 'Preview',
  previewing: 'Planning the days…',
  previewFailed: 'Failed to plan the days',
  resultHeading: 'Proposed days',
  beforeHeading: 'Now',
  afterHeading: 'Planned',
  dayTitle: (index: number, date: string) => `Day ${index} · ${dayDate(date)}`,
  dayRoute: (from: string, to: string) => `${from} → ${to}`,
  /** `distance` as the person reads it ('563.3 km', '350.0 mi'). */
  dayDrive: (minutes: number, distance: string) => `${formatDuration(minutes)} driving, ${distance}`,
  sleepsAt: (name: string) => `Night at ${name}`,
  restDay: (name: string) => `Rest day at ${name}`,
  ready: (days: number, unmet: number) =>
    `Plan ready: ${days === 1 ? '1 day' : `${days} days`}${unmet ? `, ${unmet === 1 ? '1 constraint' : `${unmet} constraints`} not met` : ''}.`,
  movesHeading: 'What moves',
  moved: (name: string, from: number, to: number) => `${name}: ${from} → ${to}`,
  noMoves: 'The order stays as it is.',
  unmetHeading: 'What the plan cannot meet',
  /** `range`: where the car runs out, in words ('Range runs out 40 km after Eureka'), for that kind. */
  unmet: (kind: UnmetKind, name: string, day: number, minutes: number | null, range = ''): string => {
    const by = minutes === null ? '' : ` by ${formatDuration(minutes)}`;
    switch (kind) {
      case 'closed':
        return `${name} is closed when you arrive on day ${day}.`;
      case 'closesDuringStay':
        return `${name} closes during the stay on day ${day}${by} before it ends.`;
      case 'fixedTimeMissed':
        return `${name} is reached after its fixed time on day ${day}${by}.`;
      case 'pastWindow':
        return `${name} is reached after the day's latest arrival on day ${day}${by}.`;
      case 'overDailyLimit':
        return `Day ${day} drives over the daily limit${by}.`;
      case 'longLeg':
        return `The drive to ${name} alone is over the daily limit${by}: it gets day ${day} to itself.`;
      case 'lateForPlannedDate':
        return `${name} is reached after its planned date${by}.`;
      case 'rangeRunsOut':
        return `${range} on day ${day}, before reaching ${name}: add a fuel or charging stop before it.`;
    }
  },
  allMet: 'Every day keeps within the limit and the window.',
  lodgingHeading: (name: string) => `Places to sleep near ${name}`,
  lodgingPlace: (category: string, distance: string) => `${category}, ${distance} away`,
  noLodgingFound: 'No places to sleep found nearby.',
  lodgingUnavailable: 'Places to sleep could not be looked up just now; the plan stands without them.',
  add: 'Add',
  addLabel: (name: string, after: string) => `Add ${name} after ${after}`,
  added: (name: string) => `${name} added as a stop.`,
  measuredBy: (source: 'osrm' | 'great-circle') => (source === 'osrm' ? 'Drive times from the road network.' : 'Drive times are estimates.'),
  stale: 'The stops changed since the preview, so it was run again. Check the new plan, then apply it.',
  apply: 'Apply',
  cancel: 'Cancel',
  applied: 'Days planned. Undo restores the previous order.',
} as const;
