/** A stop's or a day's schedule warnings, each a sentence with a warning sign that screen readers skip. */
export function ScheduleWarnings({ texts }: { texts: string[] }) {
  if (texts.length === 0) return null;
  return (
    <ul className="schedule-warnings">
      {texts.map((text) => (
        <li key={text}>
          <span aria-hidden="true">⚠ </span>
          {text}
        </li>
      ))}
    </ul>
  );
}
