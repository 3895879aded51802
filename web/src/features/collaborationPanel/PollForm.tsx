/**
 * Starting a poll (owner and editors): a question, 2 to 10 options, one choice or several, an optional closing
 * time. Checked with the same field table the server holds it to (shared/src/contracts/decisionFields.ts), then
 * written into the live document, so it works offline too.
 */
import { useId, useState } from 'react';
import type * as Y from 'yjs';
import { POLL_MAX_OPTIONS, POLL_MIN_OPTIONS, messages } from '@caravan/shared';
import { useToast } from '../../lib/toastStore.ts';
import { decisionMessages as text } from './decisionMessages.ts';
import { startPoll } from './useDecisions.ts';

const emptyForm = () => ({ question: '', options: ['', ''], multiple: false, closesAt: '' });

export function PollForm({ doc, userId }: { doc: Y.Doc; userId: number }) {
  const id = useId();
  const toast = useToast();
  const [form, setForm] = useState(emptyForm);
  const [error, setError] = useState<string | null>(null);

  const setOption = (index: number, value: string) => setForm({ ...form, options: form.options.map((option, i) => (i === index ? value : option)) });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const closesAt = form.closesAt ? new Date(form.closesAt) : null;
    if (closesAt && closesAt.getTime() <= Date.now()) return setError(messages.decisions.closesInPast);
    const fields = {
      question: form.question.trim(),
      options: form.options.map((option) => option.trim()),
      multiple: form.multiple,
      closesAt: closesAt && !Number.isNaN(closesAt.getTime()) ? closesAt.toISOString() : null,
    };
    const refused = startPoll(doc, userId, fields);
    if (refused) return setError(refused);
    setError(null);
    toast.success(text.pollStarted(fields.question));
    setForm(emptyForm());
  };

  return (
    <details className="poll-start">
      <summary>{text.startTitle}</summary>
      <form className="form" onSubmit={submit} noValidate aria-describedby={error ? `${id}-error` : undefined}>
        <label>
          {text.question}
          <input value={form.question} onChange={(event) => setForm({ ...form, question: event.target.value })} />
        </label>
        {form.options.map((option, index) => (
          <div key={index} className="poll-option-field">
            <label>
              {text.option(index + 1)}
              <input value={option} onChange={(event) => setOption(index, event.target.value)} />
            </label>
            {form.options.length > POLL_MIN_OPTIONS && (
              <button
                type="button"
                className="button small"
                aria-label={text.removeOption(index + 1)}
                onClick={() => setForm({ ...form, options: form.options.filter((_, i) => i !== index) })}
              >
                ✕
              </button>
            )}
          </div>
        ))}
        {form.options.length < POLL_MAX_OPTIONS && (
          <button type="button" className="button small" onClick={() => setForm({ ...form, options: [...form.options, ''] })}>
            {text.addOption}
          </button>
        )}
        <div className="checkbox-field">
          <label>
            <input type="checkbox" checked={form.multiple} onChange={(event) => setForm({ ...form, multiple: event.target.checked })} />
            {text.multiple}
          </label>
        </div>
        <label>
          {text.closesAt}
          <input type="datetime-local" value={form.closesAt} onChange={(event) => setForm({ ...form, closesAt: event.target.value })} />
        </label>
        {error && (
          <p id={`${id}-error`} className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary">
          {text.startPoll}
        </button>
      </form>
    </details>
  );
}
