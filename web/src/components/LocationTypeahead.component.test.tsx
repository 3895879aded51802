/**
 * The address type-ahead's list opening and closing (jsdom; typed coordinates, so no search is asked): leaving the
 * box closes the list a moment later, coming straight back and typing keeps it open for good (the delayed close once
 * shut it under the typing hand), and picking an option with the pointer picks it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TLocationResult } from '@caravan/shared';
import { LocationTypeahead } from './LocationTypeahead.tsx';

function Form({ onSelect }: { onSelect: (location: TLocationResult) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <LocationTypeahead label="Address" value={value} onChange={setValue} onSelect={onSelect} />
      <input aria-label="Notes" />
    </>
  );
}

function renderForm(onSelect = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Form onSelect={onSelect} />
    </QueryClientProvider>,
  );
  return onSelect;
}

const PITTOCK = "45°31'30\"N 122°42'58\"W";
const option = () => screen.queryByRole('option', { name: /45\.525, -122\.716111/ });

describe('LocationTypeahead', () => {
  it('closes its list when the box is left, and keeps it open when typed into again at once', async () => {
    const user = userEvent.setup();
    renderForm();
    const box = screen.getByRole('combobox', { name: 'Address' });
    await user.type(box, PITTOCK);
    await user.click(screen.getByLabelText('Notes'));
    await waitFor(() => expect(option()).toBeNull());

    await user.type(box, ' ');
    await user.click(screen.getByLabelText('Notes'));
    await user.type(box, '{Backspace}');
    expect(option()).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(option()).not.toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('true');
  });

  it('picks the option clicked, the box keeping its focus', async () => {
    const user = userEvent.setup();
    const onSelect = renderForm();
    const box = screen.getByRole('combobox', { name: 'Address' });
    await user.type(box, PITTOCK);
    await user.click(option()!);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ latitude: 45.525, longitude: -122.716111 }));
    expect(document.activeElement).toBe(box);
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
