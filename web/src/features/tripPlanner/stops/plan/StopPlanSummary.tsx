/** A stop's plan in one line under its name, for everyone: its own stay, fixed time, overnight lodging and refuelling. Nothing when unplanned. */
import { formatDuration, type DocStop } from '@caravan/shared';
import { stopPlanMessages } from './stopPlanMessages.ts';
import './stopPlan.css';

const text = stopPlanMessages;

export function StopPlanSummary({ stop }: { stop: Pick<DocStop, 'stayMinutes' | 'fixedTime' | 'overnight' | 'lodging'> & { refuels?: DocStop['refuels'] } }) {
  const parts = [
    stop.stayMinutes !== null && text.summaryStay(formatDuration(stop.stayMinutes)),
    stop.fixedTime && text.summaryAt(stop.fixedTime),
    stop.overnight && text.summaryOvernight(stop.lodging?.name ?? null),
    // Only as the stop says it: by its kind is the usual, and says nothing new.
    typeof stop.refuels === 'boolean' && text.summaryRefuels(stop.refuels),
  ].filter((part): part is string => typeof part === 'string');
  return parts.length ? <span className="stop-plan-summary">{parts.join(' · ')}</span> : null;
}
