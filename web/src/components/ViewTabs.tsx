/**
 * A row of Radix tabs and their panels from one list, for the screens that switch between views (Log In /
 * Create Account, the admin tabs, Story / Itinerary, the Pending views). Controlled when `value` is given,
 * else it starts at `defaultValue`. Class names stay the caller's, since each row is styled where it sits.
 */
import type { ReactNode } from 'react';
import * as Tabs from '@radix-ui/react-tabs';

export interface ViewTab<V extends string> {
  value: V;
  label: ReactNode;
  content: ReactNode;
}

interface Props<V extends string> {
  tabs: ReadonlyArray<ViewTab<V>>;
  /** The tab list's accessible name. */
  label: string;
  value?: V;
  defaultValue?: V;
  onValueChange?: (value: V) => void;
  className?: string;
  listClassName?: string;
  panelClassName?: string;
}

export function ViewTabs<V extends string>(props: Props<V>) {
  const { tabs, label, value, defaultValue, onValueChange, className = 'tabs', listClassName = 'tab-list', panelClassName } = props;
  return (
    <Tabs.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange && ((next) => onValueChange(next as V))}
      className={className}
    >
      <Tabs.List className={listClassName} aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} className="tab">
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className={panelClassName}>
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
