/**
 * The comment box with '@' mentions: typing '@' (at the start or after a space) lists the trip's members that
 * match the word typed after it; ArrowDown/ArrowUp move through them, Enter or Tab picks one (its name replaces
 * the word), Escape closes the list and leaves the text. A textarea may carry no role of its own, so it stays a
 * textbox that names its list (aria-controls, aria-autocomplete) and its active option (aria-activedescendant).
 */
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useCloseAfterBlur } from '../../../lib/useCloseAfterBlur.ts';
import { tripViewMessages } from '../messages.ts';
import { mentionAt, membersMatching, withMention, type MentionCandidate, type MentionQuery } from './mentionText.ts';

const text = tripViewMessages.comments;

interface Props {
  id: string;
  rows: number;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  members: readonly MentionCandidate[];
  /** A member picked from the list, whose name is now in the text. */
  onMention: (member: MentionCandidate) => void;
}

export function MentionTextarea({ id, rows, placeholder, value, onChange, members, onMention }: Props) {
  const listId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [at, setAt] = useState<MentionQuery | null>(null);
  const closeAfterBlur = useCloseAfterBlur(() => setAt(null));
  const [active, setActive] = useState(0);
  /** Where the caret goes once a picked name is in the text. */
  const caretAfterPick = useRef<number | null>(null);
  const options = at ? membersMatching(members, at.query) : [];
  const open = at !== null && options.length > 0;

  function follow(next: string, caret: number) {
    const found = mentionAt(next, caret);
    setAt(found);
    if (found?.query !== at?.query) setActive(0);
  }

  function pick(member: MentionCandidate) {
    const textarea = box.current;
    if (!at || !textarea) return;
    const next = withMention(value, at, textarea.selectionStart, member.displayName);
    onChange(next.text);
    onMention(member);
    setAt(null);
    caretAfterPick.current = next.caret;
  }

  // After the name, as soon as React has put the new text in and before the next key is read: a key typed at once
  // after Enter (a fast typist, a test) must land after the name, not where the caret stood before the pick.
  useLayoutEffect(() => {
    if (caretAfterPick.current === null) return;
    box.current?.setSelectionRange(caretAfterPick.current, caretAfterPick.current);
    caretAfterPick.current = null;
  }, [value]);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open) return;
    if (event.key === 'ArrowDown') setActive((index) => (index + 1) % options.length);
    else if (event.key === 'ArrowUp') setActive((index) => (index - 1 + options.length) % options.length);
    else if (event.key === 'Enter' || event.key === 'Tab') pick(options[Math.min(active, options.length - 1)]);
    else if (event.key === 'Escape') setAt(null);
    else return;
    event.preventDefault();
    // Escape closes the list only, not a dialog the thread is in.
    event.stopPropagation();
  }

  const activeIndex = Math.min(active, options.length - 1);
  return (
    <div className="mention-box">
      <textarea
        ref={box}
        id={id}
        rows={rows}
        placeholder={placeholder}
        value={value}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${activeIndex}` : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          follow(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onSelect={(event) => follow(event.currentTarget.value, event.currentTarget.selectionStart)}
        onFocus={closeAfterBlur.cancel}
        onBlur={closeAfterBlur.onBlur}
      />
      {open && (
        <ul id={listId} role="listbox" className="typeahead-list mention-list" aria-label={text.mentionList}>
          {options.map((member, index) => (
            <li
              key={member.userId}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={index === activeIndex ? 'active' : undefined}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(member);
              }}
            >
              {member.displayName}
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" aria-live="polite">
        {open ? text.mentionOptions(options.length) : ''}
      </p>
    </div>
  );
}
