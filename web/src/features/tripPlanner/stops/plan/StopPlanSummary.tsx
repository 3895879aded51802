/** A stop's plan in one line under its name, for everyone: its own stay, fixed time and overnight lodging. Nothing when unplanned. */
import { formatDuration, type DocStop } from '@caravan/shared';
import { stopPlanMessages } from './stopPlanMessages.ts';
import './stopPlan.css';

const text = stopPlanMessages;

export function StopPlanSummary({ stop }: { stop: Pick<DocStop, 'stayMinutes' | 'fixedTime' | 'overnight' | 'lodging'> }) {
  const parts = [
    stop.stayMinutes !== null && text.summaryStay(formatDuration(stop.stayMinutes)),
    stop.fixedTime && text.summaryAt(stop.fixedTime),
    stop.overnight && text.summaryOvernight(stop.lodging?.name ?? null),
  ].filter((part): part is string => typeof part === 'string');
  return parts.length ? <span className="stop-plan-summary">{parts.join(' · ')}</span> : null;
}
