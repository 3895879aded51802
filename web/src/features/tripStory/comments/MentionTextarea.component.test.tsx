/**
 * The comment box's '@' picker on its own (jsdom): '@' lists the members matching the word after it, the arrow
 * keys move the active option (named by aria-activedescendant), Enter puts the picked name in the text, Escape
 * closes the list and keeps the text. Posting the mention for real is the browser test's.
 */
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CommentText } from './CommentText.tsx';
import { MentionTextarea } from './MentionTextarea.tsx';
import type { MentionCandidate } from './mentionText.ts';

const members: MentionCandidate[] = [
  { userId: 1, displayName: 'Olive Owner' },
  { userId: 2, displayName: 'Eddie Editor' },
  { userId: 3, displayName: 'Vera Viewer' },
  { userId: 4, displayName: 'Ellen Vale' },
];

function Box({ onMention }: { onMention: (member: MentionCandidate) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="box">Add a comment</label>
      <MentionTextarea id="box" rows={2} placeholder="Add a comment..." value={value} onChange={setValue} members={members} onMention={onMention} />
    </>
  );
}

function setUp() {
  const onMention = vi.fn();
  render(<Box onMention={onMention} />);
  return { onMention, box: screen.getByRole('textbox', { name: 'Add a comment' }) as HTMLTextAreaElement, user: userEvent.setup() };
}

describe('the mention picker', () => {
  it('lists the members a word after @ matches, moves by arrow keys and picks with Enter', async () => {
    const { onMention, box, user } = setUp();
    await user.type(box, 'Ask @v');
    const list = screen.getByRole('listbox', { name: 'Members to mention' });
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    // Any word of the name: Vera Viewer and Ellen Vale.
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Vera Viewer', 'Ellen Vale']);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0].id);
    expect(options[0].getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1].id);
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0].id);
    await user.keyboard('{ArrowUp}{Enter}');

    expect(box.value).toBe('Ask @Ellen Vale ');
    expect(onMention).toHaveBeenCalledWith({ userId: 4, displayName: 'Ellen Vale' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('a bare @ lists everyone; Escape closes the list and keeps the text; Enter without a list is a new line', async () => {
    const { onMention, box, user } = setUp();
    await user.type(box, '@');
    expect(screen.getAllByRole('option')).toHaveLength(4);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.value).toBe('@');
    await user.keyboard('{Enter}');
    expect(box.value).toBe('@\n');
    expect(onMention).not.toHaveBeenCalled();
  });

  it('opens no list for an @ inside a word or a word no member has', async () => {
    const { box, user } = setUp();
    await user.type(box, 'mail me@v');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.clear(box);
    await user.type(box, '@zed');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a click picks a member too', async () => {
    const { onMention, box, user } = setUp();
    await user.type(box, 'Hi @ed');
    await user.click(screen.getByRole('option', { name: 'Eddie Editor' }));
    expect(box.value).toBe('Hi @Eddie Editor ');
    expect(onMention).toHaveBeenCalledWith({ userId: 2, displayName: 'Eddie Editor' });
  });
});

describe('a comment with mentions', () => {
  it('shows each mention, the longest name first, and plain text when it mentions nobody', () => {
    const { container, rerender } = render(
      <CommentText content="@Ann Lee and @Ann: see you" mentions={[{ userId: 1, name: 'Ann' }, { userId: 2, name: 'Ann Lee' }]} />,
    );
    expect([...container.querySelectorAll('.mention')].map((mention) => mention.textContent)).toEqual(['@Ann Lee', '@Ann']);
    expect(container.textContent).toBe('@Ann Lee and @Ann: see you');
    rerender(<CommentText content="@Ann hi" mentions={undefined} />);
    expect(container.querySelectorAll('.mention')).toHaveLength(0);
    expect(container.textContent).toBe('@Ann hi');
  });
});
